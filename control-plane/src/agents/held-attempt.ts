import { type AttemptWork, findHeldAttempt } from '../runs/attempts.js';
import type { AgentContext } from './context.js';
import { parseWireId } from './wire-id.js';

/** The attempt behind a job id, if this agent's device holds this very try of it now. */
export async function heldAttempt(ctx: AgentContext, agentId: string, wire: string): Promise<AttemptWork | null> {
  const ref = parseWireId(wire);
  return ref && findHeldAttempt(ctx.db, ref, agentId);
}
