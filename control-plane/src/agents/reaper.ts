/**
 * The reaper, every SWEEP_MS: renews this replica's lease and retires dead
 * replicas' agents (and tunnels); attempts of agents silent for AGENT_LOST_SECONDS are lost
 * (retried elsewhere, then blocked); offers nobody answered go back to the queue;
 * attempts that waited longer than RUN_DEVICE_WAIT_SECONDS are blocked. The
 * dispatcher follows each sweep with a claim pass, which is also the polling
 * fallback for a lost wake-up.
 */
import { listSilentAgents } from '../queries/agents.js';
import { reapDeadReplicas, renewReplica } from '../queries/replicas.js';
import { activeAttemptsOfAgent } from '../runs/attempts.js';
import { blockOverdueAttempts } from '../runs/transitions/block-overdue.js';
import { loseAttempt } from '../runs/transitions/lose.js';
import { requeueStaleOffers } from '../runs/transitions/requeue-stale-offers.js';
import type { AgentContext } from './context.js';
import { tearDownGivenUp } from './verdicts.js';

export async function sweep(ctx: AgentContext, connectedHere: ReadonlySet<string>): Promise<void> {
  const { db, config } = ctx;
  // Declared dead during a stall (row deleted, tunnels' rows with it): this replica's tunnels are claimed again.
  if (await renewReplica(db, ctx.replicaId, config.replicaUrl)) await ctx.tunnels.reclaim();
  await reapDeadReplicas(db, config.replicaLeaseSeconds);
  let requeued = false;
  for (const agentId of await listSilentAgents(db, config.agentLostSeconds)) {
    // A socket here: its last write may just lag. The hub drops a socket silent for
    // AGENT_LOST_SECONDS (hub.ts), and a later sweep loses its tests.
    if (connectedHere.has(agentId)) continue;
    for (const held of await activeAttemptsOfAgent(db, agentId)) {
      requeued = (await loseAttempt(db, held, `agent ${agentId} stopped answering`, tearDownGivenUp(ctx))) === 'retried' || requeued;
    }
  }
  requeued = (await requeueStaleOffers(db, Math.max(30, config.agentLostSeconds * 3), tearDownGivenUp(ctx))) > 0 || requeued;
  await blockOverdueAttempts(db, config.runDeviceWaitSeconds);
  if (requeued) ctx.publishWork();
}
