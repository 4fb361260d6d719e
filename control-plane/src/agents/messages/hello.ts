/**
 * hello: the agent (re)connected. Attempts it no longer knows (it restarted) are
 * lost; the ones it still runs, or holds a result for, carry on. Its devices are
 * registered only after that, so each device's state derives from what still runs
 * on it: a restarted agent's devices come back online instead of staying `busy`
 * with nothing on them (that stalled runs until a control-plane restart).
 */
import type { Hello } from '@devicelab/shared';
import { markMissingDevicesOffline, upsertDevices, type AgentRecord } from '../../queries/agents.js';
import { activeAttemptsOfAgent } from '../../runs/attempts.js';
import { loseAttempt } from '../../runs/transitions/lose.js';
import type { AgentContext } from '../context.js';
import { toWireId } from '../wire-id.js';

export async function onHello(ctx: AgentContext, agent: AgentRecord, m: Hello): Promise<void> {
  const known = new Set(m.jobs.map((j) => j.jobId));
  let requeued = false;
  for (const held of await activeAttemptsOfAgent(ctx.db, agent.id)) {
    if (known.has(toWireId(held))) continue;
    requeued = (await loseAttempt(ctx.db, held, 'the agent restarted without it')) === 'retried' || requeued;
  }
  await upsertDevices(ctx.db, agent, m.devices);
  await markMissingDevicesOffline(ctx.db, agent.id, m.devices.map((d) => d.serial));
  if (requeued) ctx.publishWork();
  // This agent's own devices are offered work once it has its welcome (hub.ts).
}
