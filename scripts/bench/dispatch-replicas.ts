/**
 * Dispatch latency across control-plane replicas: a run created on another replica than the
 * one holding the agent's socket, beside the same-replica figure. Two child processes of the
 * production entry (control-plane/src/main.ts) share one throw-away PostgreSQL server and one
 * DATA_DIR; the fake lab agent (scripts/bench/lib/fake-agent.ts) is connected to one of them,
 * "the agent's replica". Rounds alternate in blocks:
 *
 *   same:  POST /tests/execute on the agent's replica (the dispatcher's local wake-up);
 *   cross: POST /tests/execute on the other replica, which reaches the agent's replica only
 *          through NOTIFY on `devicelab_wake` (control-plane/src/wake/channels.ts).
 *
 * Each round is dispatch.ts's (scripts/bench/lib/dispatch-rounds.ts): offer arrival − execute
 * response, and offer − request start, on this process's clock. The reaper's sweep (the
 * polling fallback for a lost wake-up) runs every 30 s here instead of every second, so the
 * cross figure is the NOTIFY path's and not the poll's.
 *
 *   node --import tsx scripts/bench/dispatch-replicas.ts [--rounds 200] [--warmup 20] [--block 25]
 *
 * Baselines in the same run, in the same blocks: a WebSocket ping → pong on the agent's
 * connection, GET /runs/{id} on each replica, and a NOTIFY → notification between two
 * connections of the benchmark process to the same PostgreSQL (the driver the control plane
 * uses), the floor of the cross-replica path. The benchmark also LISTENs on `devicelab_wake`
 * itself, a third listener beside the two replicas: in a cross round, the moment it hears the
 * other replica's wake-up splits the round into "until the NOTIFY is out" and "from the
 * NOTIFY to the offer", and proves that the wake-up was sent.
 *
 * Target (issue 9): cross-replica p50 of (offer − response) under 20 ms. Real PostgreSQL only:
 * embedded PGlite is one process, so it has no replicas.
 */

import { openPostgres } from '../../control-plane/src/db/postgres.js';
import { dispatchWake } from '../../control-plane/src/wake/channels.js';
import { runOnBackends } from './lib/backends.js';
import { type CpuProbe, cpuMs } from './lib/cpu.js';
import {
  checkRunsSucceeded,
  DISPATCH_MEASURES,
  type DispatchSummary,
  dispatchRound,
  dispatchTarget,
  type Endpoint,
  inAlternatingBlocks,
  type RoundTimes,
  summariseRounds,
  timeGetRun,
} from './lib/dispatch-rounds.js';
import { androidEmulator, connectBenchAgent } from './lib/fake-agent.js';
import { keepAliveAgent } from './lib/http.js';
import { describeMachine, type Machine, machineLine } from './lib/machine.js';
import { flag, printTable, writeRunResult } from './lib/report.js';
import { prepareRunFixture } from './lib/runs-setup.js';
import { startServer } from './lib/server.js';
import { round, type Summary, summarise } from './lib/stats.js';

const ROUNDS = Number(flag('rounds', '200'));
const WARMUP = Number(flag('warmup', '20'));
const BLOCK = Number(flag('block', '25'));
/** Both replicas: the sweep slowed to 30 s; a lease must outlast 3 sweeps (config.ts refuses less). */
const REPLICA_ENV = { AGENT_HEARTBEAT_MS: '5000', SWEEP_MS: '30000', REPLICA_LEASE_SECONDS: '120' };
/** A channel of the benchmark's own, so that its probes wake no replica. */
const PROBE_CHANNEL = 'devicelab_bench_probe';

if (flag('backend', 'postgres') !== 'postgres')
  console.log('dispatch-replicas runs on real PostgreSQL only (replicas share one server); --backend is ignored');

interface ReplicasResult {
  /** Execute on the agent's replica, and on the other one. */
  same: DispatchSummary;
  cross: DispatchSummary;
  /** Cross rounds split at the other replica's wake-up, as heard by the benchmark's own LISTEN (ms). */
  crossWake: { heardAfterRequest: Summary; heardAfterResponse: Summary; offerAfterHeard: Summary; offerBeforeHeard: number };
  baseline: { wsPing: Summary; getRunAgentReplica: Summary; getRunOtherReplica: Summary; notify: Summary };
  /** CPU per round of each kind (execute, offer, accept, result, ack), ms. */
  cpuMsPerRound: { same: Record<string, number>; cross: Record<string, number> };
  replicasRegistered: number;
  check: { completedRuns: number; succeeded: number; expected: number };
}

const machine: Machine = describeMachine();
console.log(
  `dispatch-replicas benchmark: ${ROUNDS} rounds of each kind after ${WARMUP} warm-up, blocks of ${BLOCK}, ` +
    `two replicas of the production entry (main.ts) on one PostgreSQL, SWEEP_MS ${REPLICA_ENV.SWEEP_MS}`,
);
console.log(`machine: ${machineLine(machine)}`);

const started = performance.now();
const [result] = await runOnBackends(
  ['postgres'],
  { entry: 'main', env: REPLICA_ENV },
  async ({ server: agentReplica, pg, probe, onCleanup }) => {
    const other = await startServer({
      entry: 'main',
      databaseUrl: pg!.url,
      dataDir: agentReplica.dataDir,
      env: { ...REPLICA_ENV, ADMIN_TOKEN: agentReplica.adminToken },
    });
    onCleanup(other.stop);
    console.log(`[postgres] other replica pid ${other.pid} on ${other.url.href}, same database and DATA_DIR`);
    const onAgentReplica: Endpoint = { url: agentReplica.url, http: keepAliveAgent(1) };
    const onOtherReplica: Endpoint = { url: other.url, http: keepAliveAgent(1) };
    onCleanup(() => onAgentReplica.http.destroy());
    onCleanup(() => onOtherReplica.http.destroy());
    // The benchmark's own connections: the NOTIFY baseline's two ends, and the replica check.
    const notifier = openPostgres(pg!.url, { max: 1 });
    const listener = openPostgres(pg!.url, { max: 1 });
    onCleanup(() => notifier.close());
    onCleanup(() => listener.close());

    const fixture = await prepareRunFixture(agentReplica, 'Dispatch replicas bench org');
    const agent = await connectBenchAgent(agentReplica.url, fixture.agentToken, {
      agentId: 'bench-replicas-agent',
      devices: [androidEmulator('emulator-5554')],
    });
    onCleanup(() => agent.close());
    const welcome = await agent.welcomed;
    // Heartbeats as the real agent sends them: the other replica's sweep would otherwise take the agent for lost.
    agent.startHeartbeats(welcome.message.heartbeatIntervalMs);
    const { replicas } = (await notifier.query<{ replicas: number }>('SELECT count(*)::int AS replicas FROM replicas'))[0]!;
    if (replicas !== 2) throw new Error(`expected 2 replicas registered in the database, found ${replicas}`);
    const agentReplicaId = (await notifier.query<{ id: string }>('SELECT replica_id AS id FROM agents WHERE id = $1', [agent.agentId]))[0]
      ?.id;
    if (!agentReplicaId) throw new Error(`agent ${agent.agentId} is not registered as connected to a replica`);
    // The replicas' wake-ups as a third listener hears them: { kind, …, from: host/pid/random } (wake/wake.ts).
    const wakes: Array<{ pid: string | undefined; at: number }> = [];
    await listener.pubsub!.listen(dispatchWake.name, (payload) => {
      const at = performance.now();
      wakes.push({ pid: String((JSON.parse(payload) as { from: unknown }).from).split('/')[1], at });
    });
    console.log(
      `[postgres] ${replicas} replicas registered; agent welcomed by pid ${agentReplica.pid} (heartbeat every ${welcome.message.heartbeatIntervalMs} ms)`,
    );

    const runIds: string[] = [];
    const rounds = { same: [] as RoundTimes[], cross: [] as RoundTimes[] };
    const dispatchVia = async (via: Endpoint) => {
      const times = await dispatchRound(via, agent, fixture);
      runIds.push(times.runId);
      return times;
    };
    const lastRun = () => runIds[runIds.length - 1]!;
    const notifyRoundTrip = await notifyProbe(notifier, listener);
    const crossWake = { heardAfterRequest: [] as number[], heardAfterResponse: [] as number[], offerAfterHeard: [] as number[] };
    /**
     * A round through the other replica, and when its wake-up was heard. That may be after the
     * offer, even after the round: the agent's replica can find the run in a claim pass already
     * under way (the previous round's freed device), and this listener may be scheduled late.
     * The round waits for it, so that no wake-up of one round is taken for the next one's.
     */
    const crossRound = async (record: boolean) => {
      wakes.length = 0;
      const t = await dispatchVia(onOtherReplica);
      // The agent's replica also publishes (a freed device); the execute's wake-up is the other replica's.
      const fromOther = () => wakes.find((w) => w.pid !== String(agentReplica.pid) && w.at >= t.at.start);
      const deadline = performance.now() + 5000;
      while (!fromOther() && performance.now() < deadline) await new Promise((r) => setTimeout(r, 1));
      const heard = fromOther();
      if (!heard) throw new Error(`no wake-up from the other replica heard within 5 s of run ${t.runId}`);
      if (record) {
        crossWake.heardAfterRequest.push(heard.at - t.at.start);
        crossWake.heardAfterResponse.push(heard.at - t.at.response);
        crossWake.offerAfterHeard.push(t.at.offer - heard.at);
      }
      return t;
    };

    for (let i = 0; i < WARMUP; i++) {
      await dispatchVia(onAgentReplica);
      await crossRound(false);
    }
    for (let i = 0; i < Math.min(WARMUP, 50); i++) {
      await agent.ping();
      await timeGetRun(onAgentReplica, fixture.auth, lastRun());
      await timeGetRun(onOtherReplica, fixture.auth, lastRun());
      await notifyRoundTrip();
    }
    const samples = {
      wsPing: [] as number[],
      getRunAgentReplica: [] as number[],
      getRunOtherReplica: [] as number[],
      notify: [] as number[],
    };
    const cpuProbe: CpuProbe = {
      agentReplica: probe.server!,
      otherReplica: () => cpuMs(other.pid),
      postgres: probe.postgres!,
      client: probe.client!,
    };
    const cpu = await inAlternatingBlocks(
      { rounds: ROUNDS, block: BLOCK, probe: cpuProbe },
      {
        same: async () => rounds.same.push(await dispatchVia(onAgentReplica)),
        cross: async () => rounds.cross.push(await crossRound(true)),
        wsPing: async () => samples.wsPing.push(await agent.ping()),
        getRunAgentReplica: async () => samples.getRunAgentReplica.push(await timeGetRun(onAgentReplica, fixture.auth, lastRun())),
        getRunOtherReplica: async () => samples.getRunOtherReplica.push(await timeGetRun(onOtherReplica, fixture.auth, lastRun())),
        notify: async () => samples.notify.push(await notifyRoundTrip()),
      },
    );

    const check = await checkRunsSucceeded(onOtherReplica, fixture.auth, runIds.length);
    const perRound = (c: Record<string, number>) =>
      Object.fromEntries(Object.entries(c).map(([k, ms]) => [k, round(ms / Math.max(1, ROUNDS), 3)]));
    const r: ReplicasResult = {
      same: summariseRounds(rounds.same),
      cross: summariseRounds(rounds.cross),
      crossWake: {
        heardAfterRequest: summarise(crossWake.heardAfterRequest),
        heardAfterResponse: summarise(crossWake.heardAfterResponse),
        offerAfterHeard: summarise(crossWake.offerAfterHeard),
        offerBeforeHeard: crossWake.offerAfterHeard.filter((ms) => ms < 0).length,
      },
      baseline: {
        wsPing: summarise(samples.wsPing),
        getRunAgentReplica: summarise(samples.getRunAgentReplica),
        getRunOtherReplica: summarise(samples.getRunOtherReplica),
        notify: summarise(samples.notify),
      },
      cpuMsPerRound: { same: perRound(cpu.same!), cross: perRound(cpu.cross!) },
      replicasRegistered: replicas,
      check,
    };
    console.log(
      `[postgres] p50 offer − response: same replica ${r.same.offerAfterResponse.p50} ms, other replica ${r.cross.offerAfterResponse.p50} ms; ` +
        `NOTIFY ${r.baseline.notify.p50} ms, ws ping ${r.baseline.wsPing.p50} ms; ${check.completedRuns} runs completed`,
    );
    return r;
  },
);

report(result!);

/**
 * A NOTIFY from one connection heard on another's LISTEN, on a channel no replica listens to:
 * what PostgreSQL and the driver add between two replicas. Answers a function timing one, in ms.
 */
async function notifyProbe(
  notifier: ReturnType<typeof openPostgres>,
  listener: ReturnType<typeof openPostgres>,
): Promise<() => Promise<number>> {
  let heard: ((payload: string, at: number) => void) | null = null;
  await listener.pubsub!.listen(PROBE_CHANNEL, (payload) => heard?.(payload, performance.now()));
  let seq = 0;
  return () =>
    new Promise<number>((resolve, reject) => {
      const payload = String(++seq);
      const timer = setTimeout(() => reject(new Error(`NOTIFY ${payload} not heard within 5 s`)), 5000);
      const sentAt = performance.now();
      heard = (got, at) => {
        if (got !== payload) return;
        clearTimeout(timer);
        resolve(at - sentAt);
      };
      notifier.pubsub!.notify(PROBE_CHANNEL, payload).catch(reject);
    });
}

function report(r: ReplicasResult) {
  const rows: Array<Array<string | number>> = [];
  const line = (label: string, s: Summary) => rows.push([label, s.n, s.min, s.p50, s.p95, s.p99, s.max]);
  for (const [label, key] of DISPATCH_MEASURES) {
    line(`${label}, execute on the agent's replica`, r.same[key]);
    line(`${label}, execute on the other replica`, r.cross[key]);
  }
  line('other replica: wake-up NOTIFY heard (3rd listener) − execute request start', r.crossWake.heardAfterRequest);
  line('other replica: wake-up NOTIFY heard − execute response', r.crossWake.heardAfterResponse);
  line('other replica: offer − wake-up NOTIFY heard', r.crossWake.offerAfterHeard);
  line("WebSocket ping → pong, agent's connection (baseline)", r.baseline.wsPing);
  line("GET /runs/{id} on the agent's replica (baseline)", r.baseline.getRunAgentReplica);
  line('GET /runs/{id} on the other replica (baseline)', r.baseline.getRunOtherReplica);
  line('NOTIFY → LISTEN, two connections of this process (baseline)', r.baseline.notify);
  printTable(
    "Dispatch across two replicas on one PostgreSQL, one agent with one emulator, sequential rounds (ms, on the benchmark process's clock)",
    ['measure', 'n', 'min', 'p50', 'p95', 'p99', 'max'],
    rows,
  );
  printTable(
    'CPU time per dispatch round (ms; 10 ms ticks from /proc, averaged)',
    ['execute on', "agent's replica", 'other replica', 'PostgreSQL', 'benchmark process', 'offer before response'],
    (['same', 'cross'] as const).map((k) => {
      const c = r.cpuMsPerRound[k];
      return [
        k === 'same' ? "the agent's replica" : 'the other replica',
        c.agentReplica!,
        c.otherReplica!,
        c.postgres!,
        c.client!,
        `${r[k].offerFirst} of ${r[k].rounds}`,
      ];
    }),
  );

  console.log(
    `\ncross rounds in which the offer came before this process heard the other replica's wake-up: ${r.crossWake.offerBeforeHeard} of ${r.cross.rounds}`,
  );
  console.log('');
  const targets = [dispatchTarget("execute on the other replica than the agent's", r.cross)];
  writeRunResult('dispatch-replicas', {
    machine,
    started,
    params: { rounds: ROUNDS, warmup: WARMUP, block: BLOCK, entry: 'main', backend: 'postgres', replicaEnv: REPLICA_ENV },
    results: [r],
    targets,
  });
}
