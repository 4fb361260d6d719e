/**
 * Dispatch latency: from POST /tests/execute's response to the lab agent receiving the test
 * (`job.offer`). The production entry (control-plane/src/main.ts) runs as a child process; one
 * fake lab agent (scripts/bench/lib/fake-agent.ts) with one Android emulator is connected over
 * the real WebSocket. Each round: the execute request is sent, the time its response arrives
 * and the time the offer frame arrives at the agent are taken on this process's clock
 * (performance.now()); then the agent answers job.accepted and job.result (succeeded, 0 s),
 * waits for job.result.ack (the device is free again) and the next round starts.
 *
 *   node --import tsx scripts/bench/dispatch.ts [--backend postgres|pglite|both] [--rounds 300]
 *        [--warmup 30] [--block 25] [--gap-ms 0] [--backlog N]
 *
 * `--backlog N` (PostgreSQL only: written with SQL from this process) first queues N pending
 * iOS tests, older than every round's, that the agent's Android emulator cannot run: what each
 * claim pays for a backlog on another platform.
 *
 * Baselines in the same run, alternating with the rounds in blocks of --block: a WebSocket
 * ping → pong on the agent's connection to the same server, and the HTTP round trip of an
 * authenticated GET /runs/{id} on the same keep-alive connection as the execute requests.
 *
 * Target (lab agents issue): p50 of (offer − response) under 20 ms. That difference can be
 * negative when the offer overtakes the response; it is reported as measured, beside
 * (offer − request start).
 */

import { openPostgres } from '../../control-plane/src/db/postgres.js';
import { type Backend, type BackendRun, backendsFlag, runOnBackends } from './lib/backends.js';
import type { CpuProbe } from './lib/cpu.js';
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
import { type ChildServer, createOrganisation } from './lib/server.js';
import { round, type Summary, summarise } from './lib/stats.js';

const ROUNDS = Number(flag('rounds', '300'));
const WARMUP = Number(flag('warmup', '30'));
const BLOCK = Number(flag('block', '25'));
const GAP_MS = Number(flag('gap-ms', '0'));
const BACKLOG = Number(flag('backlog', '0'));

const backends = backendsFlag('postgres');
if (BACKLOG > 0 && backends.includes('pglite')) {
  console.error('--backlog needs --backend postgres (the backlog is written with SQL from this process)');
  process.exit(2);
}

interface BackendResult extends DispatchSummary {
  backend: Backend;
  baseline: { wsPing: Summary; httpGetRun: Summary };
  /** CPU per dispatch round (execute, offer, accept, result, ack), ms. */
  cpuMsPerRound: Record<string, number>;
  check: { completedRuns: number; succeeded: number; expected: number };
}

const machine: Machine = describeMachine();
console.log(
  `dispatch benchmark: ${ROUNDS} rounds after ${WARMUP} warm-up, blocks of ${BLOCK}, gap ${GAP_MS} ms, ` +
    `production entry (main.ts), backends: ${backends.join(', ')}`,
);
console.log(`machine: ${machineLine(machine)}`);

const started = performance.now();
const results = await runOnBackends(
  backends,
  { entry: 'main', env: { AGENT_HEARTBEAT_MS: '5000' } },
  ({ backend, server, pg, probe, onCleanup }) => benchBackend(backend, server, probe, onCleanup, pg?.url ?? null),
);

report(results);

async function benchBackend(
  backend: Backend,
  server: ChildServer,
  probe: CpuProbe,
  onCleanup: BackendRun['onCleanup'],
  databaseUrl: string | null,
): Promise<BackendResult> {
  const via: Endpoint = { url: server.url, http: keepAliveAgent(1) };
  onCleanup(() => via.http.destroy());
  const fixture = await prepareRunFixture(server, 'Dispatch bench org');
  console.log(`[${backend}] organisation ${fixture.organisationId}, build ${fixture.buildId}, test ${fixture.testId} ready on Android`);
  // Another organisation's: the final check counts the bench organisation's runs. A shared-pool claim walks both.
  if (BACKLOG > 0) await queueIosBacklog(databaseUrl!, (await createOrganisation(server, 'Backlog org')).organisationId);

  const agent = await connectBenchAgent(server.url, fixture.agentToken, {
    agentId: 'bench-dispatch-agent',
    devices: [androidEmulator('emulator-5554')],
  });
  onCleanup(() => agent.close());
  const welcome = await agent.welcomed;
  console.log(
    `[${backend}] agent welcomed in ${(welcome.at - agent.startedAt).toFixed(1)} ms (heartbeat every ${welcome.message.heartbeatIntervalMs} ms)`,
  );

  const runIds: string[] = [];
  const rounds: RoundTimes[] = [];
  const dispatch = async () => {
    const times = await dispatchRound(via, agent, fixture);
    runIds.push(times.runId);
    if (GAP_MS > 0) await new Promise((r) => setTimeout(r, GAP_MS));
    return times;
  };
  const getRun = () => timeGetRun(via, fixture.auth, runIds[runIds.length - 1]!);

  for (let i = 0; i < WARMUP; i++) await dispatch();
  for (let i = 0; i < Math.min(WARMUP, 50); i++) {
    await agent.ping();
    await getRun();
  }
  const wsPing: number[] = [];
  const httpGet: number[] = [];
  const cpu = await inAlternatingBlocks(
    { rounds: ROUNDS, block: BLOCK, probe },
    {
      dispatch: async () => rounds.push(await dispatch()),
      wsPing: async () => wsPing.push(await agent.ping()),
      getRun: async () => httpGet.push(await getRun()),
    },
  );

  const check = await checkRunsSucceeded(via, fixture.auth, runIds.length);
  const result: BackendResult = {
    backend,
    ...summariseRounds(rounds),
    baseline: { wsPing: summarise(wsPing), httpGetRun: summarise(httpGet) },
    cpuMsPerRound: Object.fromEntries(Object.entries(cpu.dispatch!).map(([k, ms]) => [k, round(ms / Math.max(1, rounds.length), 3)])),
    check,
  };
  console.log(
    `[${backend}] p50: offer − response ${result.offerAfterResponse.p50} ms, offer − request ${result.offerAfterRequest.p50} ms, ` +
      `execute ${result.executeResponse.p50} ms, ws ping ${result.baseline.wsPing.p50} ms, GET /runs/{id} ${result.baseline.httpGetRun.p50} ms; ` +
      `${check.completedRuns} runs completed, ${result.offerFirst} of ${result.rounds} offers before the response`,
  );
  return result;
}

/** BACKLOG pending iOS tests in one running run, an hour old, that no device of the benchmark can run. */
async function queueIosBacklog(databaseUrl: string, organisationId: string): Promise<void> {
  const db = openPostgres(databaseUrl, { max: 1 });
  try {
    const runId = 'run_benchbacklog';
    await db.query(
      `INSERT INTO runs (id, org_id, status, platform, package_name, physical, trigger)
                    VALUES ($1, $2, 'running', 'ios', 'com.example.backlog', false, 'api')`,
      [runId, organisationId],
    );
    await db.query(
      `INSERT INTO attempts (id, run_id, org_id, test_id, position, title, platform, physical, status, snapshot, queued_at)
                    SELECT 'job_backlog' || g, $1, $2, 'tst_backlog' || g, g, 'Backlog', 'ios', false, 'pending',
                           '{"title":"Backlog","commands":["launchApp"],"launchParams":[],"testInputs":[],"preRequests":[],"teardownRequests":[]}'::jsonb,
                           clock_timestamp() - interval '1 hour'
                      FROM generate_series(1, $3) g`,
      [runId, organisationId, BACKLOG],
    );
    await db.query('ANALYZE attempts');
    console.log(`queued a backlog of ${BACKLOG} pending iOS tests`);
  } finally {
    await db.close();
  }
}

function report(results: BackendResult[]) {
  const rows: Array<Array<string | number>> = [];
  for (const r of results) {
    const line = (label: string, s: Summary) => rows.push([`${r.backend}: ${label}`, s.n, s.min, s.p50, s.p95, s.p99, s.max]);
    for (const [label, key] of DISPATCH_MEASURES) line(label, r[key]);
    line('WebSocket ping → pong, same connection (baseline)', r.baseline.wsPing);
    line('GET /runs/{id}, same HTTP connection (baseline)', r.baseline.httpGetRun);
  }
  printTable(
    "Dispatch, one agent with one emulator, sequential rounds (ms, on the benchmark process's clock)",
    ['measure', 'n', 'min', 'p50', 'p95', 'p99', 'max'],
    rows,
  );
  printTable(
    'CPU time per dispatch round (ms; 10 ms ticks from /proc, averaged)',
    ['backend', 'control plane', 'PostgreSQL', 'benchmark process', 'offer before response'],
    results.map((r) => [
      r.backend,
      r.cpuMsPerRound.server!,
      r.backend === 'postgres' ? r.cpuMsPerRound.postgres! : '(in server)',
      r.cpuMsPerRound.client!,
      `${r.offerFirst} of ${r.rounds}`,
    ]),
  );

  console.log('');
  const targets = results.map((r) => dispatchTarget(r.backend, r));
  writeRunResult('dispatch', {
    machine,
    started,
    params: { rounds: ROUNDS, warmup: WARMUP, block: BLOCK, gapMs: GAP_MS, backlog: BACKLOG, entry: 'main', backends },
    results,
    targets,
  });
}
