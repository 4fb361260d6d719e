import { findAttemptWork, type AttemptWork } from '../runs/attempts.js';
import { findDevice } from '../queries/agents.js';
import type { AgentContext } from './context.js';
import { parseWireId } from './wire-id.js';

/** The attempt behind a job id, if this agent's device holds this very try of it now. */
export async function heldAttempt(ctx: AgentContext, agentId: string, wire: string): Promise<AttemptWork | null> {
  const ref = parseWireId(wire);
  const attempt = ref && (await findAttemptWork(ctx.db, ref.id));
  if (!attempt || attempt.tryNumber !== ref.tryNumber || (attempt.status !== 'offered' && attempt.status !== 'running') || !attempt.deviceId) {
    return null;
  }
  const device = await findDevice(ctx.db, attempt.deviceId);
  return device?.agentId === agentId ? attempt : null;
}
