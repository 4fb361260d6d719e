/**
 * The reaper, every SWEEP_MS: renews this replica's lease and retires dead
 * replicas' agents (and tunnels); attempts of agents silent for AGENT_LOST_SECONDS are lost
 * (retried elsewhere, then blocked); offers nobody answered go back to the queue;
 * attempts that waited longer than RUN_DEVICE_WAIT_SECONDS are blocked; runs whose last
 * verdict committed without completing them (a crash in between, finish.ts) are completed. The
 * dispatcher follows each sweep with a claim pass, which is also the polling
 * fallback for a lost wake-up.
 */
import { listSilentAgents } from '../queries/agents.js';
import { reapDeadReplicas, renewReplica } from '../queries/replicas.js';
import { activeAttemptsOfAgent } from '../runs/attempts.js';
import { blockOverdueAttempts } from '../runs/transitions/block-overdue.js';
import { completeFinishedRuns } from '../runs/transitions/complete.js';
import { loseAttempt } from '../runs/transitions/lose.js';
import { requeueStaleOffers } from '../runs/transitions/requeue-stale-offers.js';
import type { AgentContext } from './context.js';
import { tearDownGivenUp } from './verdicts.js';

/**
 * One sweep; answers whether this replica had been declared dead during a stall (its row
 * deleted by another replica's reaper, its tunnels' rows with it, and its agents marked
 * disconnected with their devices offline, although their sockets are still here).
 */
export async function sweep(ctx: AgentContext, connectedHere: ReadonlySet<string>): Promise<{ declaredDead: boolean }> {
  const { db, config } = ctx;
  // Declared dead during a stall: this replica's tunnels are claimed again (its agents are asked to reconnect by the dispatcher).
  const declaredDead = await renewReplica(db, ctx.replicaId, config.replicaUrl);
  if (declaredDead) await ctx.tunnels.reclaim();
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
  await completeFinishedRuns(db);
  if (requeued) ctx.publishWork();
  return { declaredDead };
}
