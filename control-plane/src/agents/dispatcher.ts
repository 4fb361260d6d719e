/**
 * The dispatcher puts the agent side together (docs/architecture.md#agents, #replicas): the
 * hub's frames go to one handler per message type (messages/), pending attempts
 * reach idle devices through the claim loop, and the reaper sweeps every SWEEP_MS.
 * Replicas wake each other on the dispatch channel (wake/channels.ts): new work for everyone,
 * a cancel for the replica holding the agent.
 */
import type { Config } from '../config.js';
import { groupCommit } from '../db/group-commit.js';
import type { Db } from '../db/index.js';
import type { StepEngine } from '../engine/step-engine.js';
import type { AgentTokenRecord } from '../queries/agent-tokens.js';
import { disconnectAgent, touchAgent, upsertAgent } from '../queries/agents.js';
import { acceptAttempts } from '../runs/transitions/accept.js';
import { CANCELLED_MESSAGE, type HeldAttempt } from '../runs/transitions/cancel.js';
import type { AttemptRef } from '../runs/transitions/ref.js';
import type { TunnelRegistry } from '../tunnels/registry.js';
import { type DispatchWake, dispatchWake } from '../wake/channels.js';
import { createClaimLoop } from './claim-loop.js';
import type { AgentContext } from './context.js';
import type { DispatcherApi } from './dispatcher-api.js';
import type { AgentHandlers, AgentHub } from './hub.js';
import { cancelUnwantedJobs } from './messages/hello.js';
import { handleAgentMessage } from './messages/index.js';
import { sweep } from './reaper.js';
import { createVerdictBatches } from './verdict-batches.js';
import { recordVerdict } from './verdicts.js';
import { parseWireId, toWireId } from './wire-id.js';

export interface Dispatcher extends DispatcherApi, AgentHandlers {
  readonly replicaId: string;
  /** Starts dispatching to the hub's agents and listening to the other replicas. */
  bind(hub: AgentHub): Promise<void>;
  /** One sweep now (tests call it instead of waiting for the timer). */
  sweep(): Promise<void>;
  /** No more claims; resolves once offers under way have gone out (before the hub closes). */
  stop(): Promise<void>;
}

export function createDispatcher(deps: {
  db: Db;
  config: Config;
  engine: StepEngine;
  tunnels: TunnelRegistry;
  replicaId: string;
}): Dispatcher {
  const { db, config, replicaId } = deps;
  let hub: AgentHub | null = null;
  let timer: NodeJS.Timeout | null = null;
  let sweeping: Promise<void> | null = null;
  let unsubscribe: (() => Promise<void>) | null = null;
  const publish = (event: DispatchWake) => dispatchWake.publish(db, event);
  const logged = (what: string) => (e: unknown) => console.error(`${what} failed:`, e);

  // The accepts of a wave of offers land together: one transaction for those arriving together.
  const accepts = groupCommit((batch: Array<{ ref: AttemptRef; sessionId: string }>) => acceptAttempts(db, batch), 256);
  const ctx: AgentContext = {
    db,
    config,
    engine: deps.engine,
    tunnels: deps.tunnels,
    replicaId,
    send: (agentId, message) => hub?.send(agentId, message) ?? false,
    dispatch: () => void loop.run().catch(logged('dispatch')),
    publishWork: () => publish({ kind: 'work' }),
    // Freed devices are offered their next test as soon as their verdicts commit.
    finishAttempt: createVerdictBatches(db, () => ctx.dispatch()),
    acceptAttempt: (ref, sessionId) => accepts({ ref, sessionId }),
  };
  const loop = createClaimLoop(ctx, () => hub?.connectedAgentIds() ?? []);

  /** Stops an attempt on its agent here; one whose agent is not here is blocked at once. */
  async function cancelHere(held: Pick<HeldAttempt, 'id' | 'tryNumber' | 'agentId'>, reason: string): Promise<void> {
    if (held.agentId === null || !ctx.send(held.agentId, { type: 'job.cancel', jobId: toWireId(held), reason })) {
      await recordVerdict(ctx, held, { status: 'blocked', statusMessage: CANCELLED_MESSAGE });
    }
  }

  function onWake(event: DispatchWake): void {
    if (event.kind === 'work') return ctx.dispatch();
    if (event.replicaId !== replicaId) return;
    const ref = parseWireId(event.jobId);
    if (ref) void cancelHere({ ...ref, agentId: event.agentId }, event.reason).catch(logged('cancel'));
  }

  /** The sweep alone: lease renewal, dead replicas, silent agents, overdue waits. */
  const sweepOnly = async () => {
    const { declaredDead } = await sweep(ctx, new Set(hub?.connectedAgentIds() ?? []));
    // Another replica's reaper disconnected this one's agents in the database (devices offline)
    // while their sockets stayed here: nothing would be offered to them again. Their next
    // hello, here or elsewhere, registers their devices and jobs afresh.
    if (declaredDead && hub) {
      const n = hub.askToReconnect('this control-plane replica was declared dead during a stall; say hello again');
      if (n > 0) console.log(`declared dead during a stall: asked ${n} agent(s) to reconnect`);
    }
  };
  // Resolves once the claim pass after the sweep is done too (tests call sweep() and then look).
  const runSweep = async () => {
    await sweepOnly();
    await loop.run();
  };

  return {
    replicaId,
    async bind(h) {
      hub = h;
      unsubscribe ??= await dispatchWake.subscribe(db, onWake);
      // One sweep at a time, and a stopping process waits for the one under way (it must not outlive the database).
      // The claim pass that follows is not waited for: a long pass (hundreds of devices freed at
      // once on a loaded machine) must not hold up the next lease renewal, or other replicas
      // declare this one dead while it works (scripts/bench/lab-scale.ts found passes of 10 s).
      timer = setInterval(() => {
        if (sweeping) return;
        sweeping = sweepOnly()
          .then(() => void loop.run().catch(logged('dispatch')), logged('dispatcher sweep'))
          .finally(() => (sweeping = null));
      }, config.sweepMs);
      timer.unref();
    },
    wake: () => publish({ kind: 'work' }),
    cancel(held, reason) {
      for (const h of held) {
        if (h.agentId !== null && h.replicaId !== null && h.replicaId !== replicaId) {
          publish({ kind: 'cancel', replicaId: h.replicaId, agentId: h.agentId, jobId: toWireId(h), reason });
        } else {
          void cancelHere(h, reason).catch(logged('cancel'));
        }
      }
    },
    sweep: runSweep,
    async stop() {
      if (timer) clearInterval(timer);
      await sweeping;
      await loop.stop();
      await unsubscribe?.();
      unsubscribe = null;
    },
    async hello(token: AgentTokenRecord, m) {
      const agent = await upsertAgent(db, {
        id: m.agentId,
        tokenId: token.id,
        orgId: token.orgId,
        hostname: m.hostname,
        version: m.agentVersion,
        capabilities: m.capabilities,
        replicaId,
      });
      return agent ?? { refuse: `agent id ${m.agentId} is registered with another agent token`, code: 4401 };
    },
    message: (agent, m) => handleAgentMessage(ctx, agent, m),
    welcomed(agent, hello) {
      void cancelUnwantedJobs(ctx, agent, hello).catch(logged('cancelling unwanted jobs'));
      ctx.dispatch();
    },
    alive: (agent) => touchAgent(db, agent.id),
    disconnected: (agent) => disconnectAgent(db, agent.id, replicaId),
    silenceLimitMs: config.agentLostSeconds * 1000,
  };
}
