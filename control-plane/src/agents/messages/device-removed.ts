/** device.removed: the device is offline, and an attempt it held is lost (retried elsewhere, or blocked). */
import type { AgentMessage } from '@devicelab/shared';
import { type AgentRecord, setDeviceOffline } from '../../queries/agents.js';
import { activeAttemptsOfAgent } from '../../runs/attempts.js';
import { loseAttempt } from '../../runs/transitions/lose.js';
import type { AgentContext } from '../context.js';
import { tearDownGivenUp } from '../verdicts.js';

export async function onDeviceRemoved(
  ctx: AgentContext,
  agent: AgentRecord,
  m: Extract<AgentMessage, { type: 'device.removed' }>,
): Promise<void> {
  await setDeviceOffline(ctx.db, agent.id, m.serial);
  for (const held of await activeAttemptsOfAgent(ctx.db, agent.id)) {
    if (held.serial !== m.serial) continue;
    if ((await loseAttempt(ctx.db, held, `device ${m.serial} disconnected`, tearDownGivenUp(ctx))) === 'retried') ctx.publishWork();
  }
  ctx.dispatch();
}
