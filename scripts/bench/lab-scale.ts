/**
 * A lab at scale: 3 control-plane replicas (the production entry, control-plane/src/main.ts,
 * as child processes) on one throw-away PostgreSQL, each with its own DATA_DIR, builds in one
 * S3 bucket (the fake S3 server of control-plane/test/fake-s3.ts); 100 protocol-level lab
 * agents (scripts/bench/lib/fleet-agent.ts) with 5 Android emulators each, spread over the
 * replicas; 20 organisations, each with 10 one-step tests ready on Android.
 *
 *   node --import tsx scripts/bench/lab-scale.ts [--agents 100] [--devices 5] [--orgs 20]
 *        [--tests 5000] [--device-ms 5000] [--kill-at 0.4] [--spread 0] [--statements]
 *
 * Two phases of --tests tests on the same lab, each submitted at once (every organisation
 * sends its runs of 10 tests to "its" replica, organisations spread over the replicas):
 *   baseline: all 3 replicas stay up;
 *   kill:     once --kill-at of the phase's verdicts are in, one replica is killed with
 *             SIGKILL; its agents connect to another one, report the jobs they still run and
 *             send the results nobody acknowledged (as the real agent does).
 * An agent runs a test by keeping its device busy for --device-ms (no step is decided: this
 * measures the lab's dispatching and verdicts, not the brain). Reported per phase:
 *   - the makespan (first execute → every test has its verdict) against the ideal, a scheduler
 *     with no overhead: ceil(tests / devices) × device-ms;
 *   - dispatch latency: from the moment a device is free with a test waiting for it to the
 *     job.offer's arrival at the agent, on this clock: the offer's arrival − the later of (the
 *     device freed: the agent sent its previous result) and (the test's run created: the
 *     execute response). Every device serves every test here (shared emulators, no caps);
 *   - its baseline from the same run: a raw claim on the same database, sampled every 100 ms
 *     during the phase from this process: one transaction that reads an idle device and the
 *     next pending test in the claim's orders, then rolls back (no row locks: a replica's
 *     claim must never skip a row because the benchmark held it);
 *   - each replica's CPU (% of one core over the phase) and peak RSS; PostgreSQL client
 *     connections (pg_stat_activity, sampled every second);
 *   - verdicts: every test must have exactly one, succeeded; lost = tests without it;
 *   - the longest statement seen running in PostgreSQL (sampled every second).
 * Idle figures (lab connected, no test) are measured first, in the same run.
 *
 * Goals (issue 23): makespan within 1.1× the ideal, dispatch p99 under 50 ms, 0 lost tests.
 */

import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Db } from '../../control-plane/src/db/index.js';
import { openPostgres } from '../../control-plane/src/db/postgres.js';
import { startFakeS3 } from '../../control-plane/test/fake-s3.js';
import { cpuMs, treeCpuMs } from './lib/cpu.js';
import { type FleetAgent, type OfferSeen, startFleetAgent } from './lib/fleet-agent.js';
import { keepAliveAgent, sendTimed } from './lib/http.js';
import { describeMachine, type Machine, machineLine } from './lib/machine.js';
import { startTempPostgres } from './lib/postgres.js';
import { flag, MiB, printTable, writeRunResult } from './lib/report.js';
import { createReadyTest, createSharedAgentToken, uploadSampleApk } from './lib/runs-setup.js';
import { type ChildServer, createOrganisation, processMemory, startServer } from './lib/server.js';
import { round, type Summary, summarise } from './lib/stats.js';

/** Ends the baseline's transaction (declared before the top-level code that uses it). */
class RolledBack extends Error {}

const REPLICAS = 3;
const AGENTS = Number(flag('agents', '100'));
const DEVICES = Number(flag('devices', '5'));
const ORGS = Number(flag('orgs', '20'));
const TESTS = Number(flag('tests', '5000'));
const DEVICE_MS = Number(flag('device-ms', '5000'));
const KILL_AT = Number(flag('kill-at', '0.4'));
/** Each test's time varies within device-ms × (1 ± spread): the default 0 makes the lab free its devices in waves of 500. */
const SPREAD = Number(flag('spread', '0'));
/** --statements: PostgreSQL's time per statement over the whole run (pg_stat_statements), the 20 costliest. */
const STATEMENTS = process.argv.includes('--statements');
const TESTS_PER_ORG = 10;
const RUN_SIZE = TESTS_PER_ORG;
const REPLICA_ENV = { AGENT_HEARTBEAT_MS: '5000', SWEEP_MS: '1000', REPLICA_LEASE_SECONDS: '10', AGENT_LOST_SECONDS: '20' };
if (TESTS % (ORGS * RUN_SIZE) !== 0) {
  console.error(`--tests must be a multiple of orgs × ${RUN_SIZE} (${ORGS * RUN_SIZE})`);
  process.exit(2);
}
const RUNS_PER_ORG = TESTS / (ORGS * RUN_SIZE);

/** An organisation of the lab: its key, its build and its ready tests. */
interface LabOrg {
  id: string;
  auth: Record<string, string>;
  buildId: string;
  testIds: string[];
}

interface Usage {
  cpuPct: number[];
  peakRssMiB: number[];
  pgConnections: { max: number; median: number };
  postgresCpuPct: number;
}

interface PhaseResult {
  name: 'baseline' | 'kill';
  tests: number;
  makespanSeconds: number;
  idealSeconds: number;
  ratioToIdeal: number;
  /** Device time used / device time available over the makespan. */
  deviceUtilisation: number;
  dispatch: Summary;
  /** The same split: a device's first test of the phase (from its run's creation), and a test after a verdict freed the device. */
  dispatchFirst: Summary;
  dispatchAfterVerdict: Summary;
  /** The baseline: a raw claim's round trip on the same database, during the phase. */
  rawClaim: Summary;
  /**
   * This process's own event-loop delay and CPU over the phase: the 100 agents share one event
   * loop here, where a real lab has a machine each, so an offer that waited here for the loop
   * counts in the dispatch latency above.
   */
  benchLoop: { delayP50: number; delayP99: number; delayMax: number; cpuPct: number };
  /** The longest-running statement seen in PostgreSQL during the phase (sampled every second). */
  longestStatement: { seconds: number; query: string };
  execute: Summary;
  usage: Usage;
  verdicts: { succeeded: number; other: number; retried: number; lost: number; offeredTwice: number };
  killed: { replica: number; atSeconds: number; agentsMoved: number } | null;
  agentReconnects: number;
  resultsResent: number;
}

const machine: Machine = describeMachine();
console.log(
  `lab-scale benchmark: ${REPLICAS} replicas, ${AGENTS} agents x ${DEVICES} devices, ${ORGS} organisations, ` +
    `${TESTS} one-step tests per phase, ${DEVICE_MS} ms on the device each, kill -9 of one replica at ${KILL_AT * 100}% of the kill phase`,
);
console.log(`machine: ${machineLine(machine)}`);
const started = performance.now();

const pg = startTempPostgres({ statements: STATEMENTS });
const s3 = await startFakeS3(['lab-scale']);
const replicas: ChildServer[] = [];
const agents: FleetAgent[] = [];
const dead = new Set<number>();
const db = openPostgres(pg.url, { max: 2 });
if (STATEMENTS) await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
try {
  const env = { ...REPLICA_ENV, ...s3.env('lab-scale', 'bench'), ADMIN_TOKEN: `bench-admin-${randomBytes(12).toString('hex')}` };
  for (let i = 0; i < REPLICAS; i += 1) replicas.push(await startServer({ entry: 'main', databaseUrl: pg.url, env }));
  console.log(`replicas: ${replicas.map((r) => `pid ${r.pid} ${r.url.href}`).join(', ')}; PostgreSQL ${pg.url}`);
  const urls = replicas.map((r) => r.url.href);

  // Organisations, builds and tests, through replica 0's API as customers would.
  const token = await createSharedAgentToken(replicas[0]!);
  // Four organisations at a time, each through its own replica: setup took a minute one by one.
  const orgs: LabOrg[] = [];
  for (let o = 0; o < ORGS; o += 4) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(4, ORGS - o) }, async (_, i) => {
        const n = o + i;
        const via = replicas[n % REPLICAS]!;
        const org = await createOrganisation(via, `Lab org ${n + 1}`);
        const buildId = await uploadSampleApk(via, org.apiKey);
        const testIds = await Promise.all(
          Array.from({ length: TESTS_PER_ORG }, (_, t) =>
            createReadyTest(via, org.apiKey, `Org ${n + 1} test ${t + 1}`, ['assertVisible: "Log in"']),
          ),
        );
        return { id: org.organisationId, auth: { authorization: `Bearer ${org.apiKey}` }, buildId, testIds };
      }),
    );
    orgs.push(...batch);
  }
  console.log(`${ORGS} organisations with a build and ${TESTS_PER_ORG} ready tests each`);

  for (let a = 0; a < AGENTS; a += 1) {
    agents.push(
      startFleetAgent({
        urls,
        firstReplica: a % REPLICAS,
        token,
        agentId: `bench-agent-${a}`,
        devices: DEVICES,
        deviceMs: DEVICE_MS,
        spread: SPREAD,
        isDead: (i) => dead.has(i),
      }),
    );
  }
  await Promise.all(agents.map((a) => a.welcomed));
  await until(async () => (await onlineDevices()) === AGENTS * DEVICES, 60_000, 'every device online');
  console.log(`${AGENTS} agents welcomed, ${AGENTS * DEVICES} devices online`);

  const idle = await sampleUsage(3000);
  const phases: PhaseResult[] = [];
  for (const name of ['baseline', 'kill'] as const) {
    phases.push(await phase(name, orgs));
    // Devices of agents that were moving between replicas come back online; the next phase does not wait for stragglers long.
    await until(async () => (await onlineDevices()) === AGENTS * DEVICES, 30_000, 'every device online again').catch(async () => {
      const states = await db.query<{ state: string; n: number }>('SELECT state, count(*)::int AS n FROM devices GROUP BY state');
      console.log(`[${name}] devices after the phase: ${states.map((r) => `${r.n} ${r.state}`).join(', ')}`);
    });
  }
  report(idle, phases);
  if (STATEMENTS) await reportStatements();
} finally {
  await Promise.all(agents.map((a) => a.close().catch(() => {})));
  await db.close().catch(() => {});
  for (const r of replicas) await r.stop().catch(() => {});
  await s3.close();
  pg.stop();
}

async function onlineDevices(): Promise<number> {
  return (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM devices WHERE state IN ('online', 'busy')`))[0]!.n;
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** CPU, RSS and PostgreSQL connections, sampled every second while `during` runs (or for `during` ms). */
function usageSampler() {
  const pids = replicas.map((r) => r.pid);
  const cpu0 = pids.map((p) => cpuMs(p));
  const pg0 = treeCpuMs(pg.pid);
  const t0 = performance.now();
  const peak = pids.map(() => 0);
  /** A killed replica's CPU is its last sample's (its /proc entry is gone). */
  const lastCpu = [...cpu0];
  const connections: number[] = [];
  const sample = async () => {
    pids.forEach((p, i) => {
      if (dead.has(i)) return;
      peak[i] = Math.max(peak[i]!, processMemory(p).rss / MiB);
      lastCpu[i] = cpuMs(p);
    });
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()`,
    );
    connections.push(row!.n);
  };
  void sample();
  const timer = setInterval(() => void sample().catch(() => {}), 1000);
  return {
    stop(): Usage {
      clearInterval(timer);
      const seconds = (performance.now() - t0) / 1000;
      const sorted = [...connections].sort((a, b) => a - b);
      return {
        cpuPct: pids.map((p, i) => round(((dead.has(i) ? lastCpu[i]! : cpuMs(p)) - cpu0[i]!) / 10 / seconds, 1)),
        peakRssMiB: peak.map((m) => round(m, 0)),
        pgConnections: { max: sorted[sorted.length - 1] ?? 0, median: sorted[Math.floor(sorted.length / 2)] ?? 0 },
        postgresCpuPct: round((treeCpuMs(pg.pid) - pg0) / 10 / seconds, 1),
      };
    },
  };
}

/**
 * The dispatch baseline: what a claim costs the database alone at this moment, from this
 * process (no replica, no WebSocket): an idle device and the next pending test, read in the
 * claim's orders (without locks) in one transaction, rolled back, every 100 ms (one at a time).
 */
function rawClaimSampler(sql: Db) {
  const samples: number[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const t = performance.now();
      await sql
        .transaction(async (tx) => {
          await tx.query(`SELECT id FROM devices WHERE state = 'online' ORDER BY last_seen_at LIMIT 1`);
          await tx.query(
            `SELECT id FROM attempts WHERE status = 'pending' ORDER BY expected_seconds DESC NULLS FIRST, queued_at, position LIMIT 1`,
          );
          throw new RolledBack();
        })
        .catch((e: unknown) => {
          // The benchmark's connection closed under a failed phase: stop sampling, let its error show.
          if (!(e instanceof RolledBack)) stopped = true;
        });
      samples.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    async stop(): Promise<Summary> {
      stopped = true;
      await loop;
      return summarise(samples);
    },
  };
}

/**
 * The longest statement running in PostgreSQL, sampled every second: what found a claim that a
 * plan from stale statistics kept on the CPU for 25 s on every replica (docs/benchmarks.md).
 */
function longStatementSampler(sql: Db) {
  let longest = { seconds: 0, query: '' };
  const timer = setInterval(async () => {
    const rows = await sql
      .query<{ seconds: number; query: string }>(
        `SELECT extract(epoch FROM clock_timestamp() - query_start)::float AS seconds, left(regexp_replace(query, '\\s+', ' ', 'g'), 80) AS query
           FROM pg_stat_activity
          WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() AND state = 'active'
          ORDER BY query_start LIMIT 1`,
      )
      .catch(() => []);
    if (rows[0] && rows[0].seconds > longest.seconds) longest = { seconds: round(rows[0].seconds, 2), query: rows[0].query };
  }, 1000);
  return {
    stop() {
      clearInterval(timer);
      return longest;
    },
  };
}

/** The statements that took PostgreSQL the most time over the run, lock waits included (--statements). */
async function reportStatements(): Promise<void> {
  const rows = await db.query<{ calls: number; total: number; mean: number; query: string }>(
    `SELECT calls::int, round(total_exec_time)::int AS total, round(mean_exec_time::numeric, 3)::float AS mean,
            left(regexp_replace(query, '\\s+', ' ', 'g'), 100) AS query
       FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 20`,
  );
  printTable(
    'PostgreSQL time per statement over the run (pg_stat_statements; lock waits included)',
    ['total ms', 'calls', 'mean ms', 'statement'],
    rows.map((r) => [r.total, r.calls, r.mean, r.query]),
  );
}

async function sampleUsage(ms: number): Promise<Usage> {
  const sampler = usageSampler();
  await new Promise((r) => setTimeout(r, ms));
  return sampler.stop();
}

async function phase(name: 'baseline' | 'kill', orgs: LabOrg[]): Promise<PhaseResult> {
  console.log(`\n[${name}] ${TESTS} tests in ${ORGS * RUNS_PER_ORG} runs`);
  const offersBefore = agents.map((a) => a.offers.length);
  const reconnectsBefore = agents.reduce((s, a) => s + a.reconnects, 0);
  const resentBefore = agents.reduce((s, a) => s + a.resultsSent, 0);
  const sampler = usageSampler();
  const rawClaims = rawClaimSampler(db);
  const longStatements = longStatementSampler(db);
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const benchCpu0 = process.cpuUsage();
  const runCreated = new Map<string, number>();
  const executeMs: number[] = [];
  // The makespan is read off the database's clock (the last verdict's finished_at), so the
  // count below can be polled gently: polling it every 50 ms was 6 % of PostgreSQL's time.
  const [{ dbStart }] = (await db.query<{ dbStart: string }>(`SELECT clock_timestamp()::text AS "dbStart"`)) as [{ dbStart: string }];
  const t0 = performance.now();
  // Every organisation submits its runs to its replica (the next live one if that one is dead), all at once.
  await Promise.all(
    orgs.map(async (org, o) => {
      let at = o % REPLICAS;
      while (dead.has(at)) at = (at + 1) % REPLICAS;
      const http = keepAliveAgent(1);
      for (let r = 0; r < RUNS_PER_ORG; r += 1) {
        const reply = await sendTimed(replicas[at]!.url, http, {
          method: 'POST',
          path: '/tests/execute',
          headers: { ...org.auth, 'content-type': 'application/json' },
          body: JSON.stringify({ organisationId: org.id, buildId: org.buildId, testIds: org.testIds }),
        });
        if (reply.status !== 200) throw new Error(`execute: ${reply.status} ${reply.body.toString('utf8').slice(0, 300)}`);
        runCreated.set((JSON.parse(reply.body.toString('utf8')) as { runId: string }).runId, reply.endAt);
        executeMs.push(reply.endAt - reply.startAt);
      }
      http.destroy();
    }),
  );
  const runIds = [...runCreated.keys()];
  console.log(`[${name}] submitted in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  let killed: PhaseResult['killed'] = null;
  const verdictCount = async () =>
    (
      await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM attempts WHERE run_id = ANY($1::text[]) AND status IN ('succeeded', 'failed', 'blocked')`,
        [runIds],
      )
    )[0]!.n;
  let done = 0;
  const deadline = Date.now() + Math.max(120_000, 10 * Math.ceil(TESTS / (AGENTS * DEVICES)) * DEVICE_MS);
  while (done < TESTS) {
    if (Date.now() > deadline) {
      for (const [i, r] of replicas.entries()) console.log(`--- replica ${i} output (last 3000 characters)\n${r.output().slice(-3000)}`);
      const states = await db.query<{ status: string; n: number }>(
        'SELECT status, count(*)::int AS n FROM attempts WHERE run_id = ANY($1::text[]) GROUP BY status',
        [runIds],
      );
      const devices = await db.query<{ state: string; n: number }>('SELECT state, count(*)::int AS n FROM devices GROUP BY state');
      throw new Error(
        `[${name}] only ${done} of ${TESTS} verdicts in time; tests ${JSON.stringify(states)}, devices ${JSON.stringify(devices)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
    done = await verdictCount();
    if (name === 'kill' && !killed && done >= KILL_AT * TESTS) {
      // The live replica holding the most agents (agents move between replicas when one is declared dead during a stall).
      const held = replicas.map((_, i) => (dead.has(i) ? -1 : agents.filter((a) => a.replicaIndex === i).length));
      const victim = held.indexOf(Math.max(...held));
      const agentsMoved = held[victim]!;
      dead.add(victim);
      process.kill(replicas[victim]!.pid, 'SIGKILL');
      killed = { replica: victim, atSeconds: round((performance.now() - t0) / 1000, 1), agentsMoved };
      console.log(
        `[${name}] kill -9 of replica ${victim} (pid ${replicas[victim]!.pid}, ${agentsMoved} agents) at ${killed.atSeconds} s, ${done} verdicts in`,
      );
    }
  }
  const usage = sampler.stop();
  const rawClaim = await rawClaims.stop();
  const longestStatement = longStatements.stop();
  loopDelay.disable();
  const benchCpu = process.cpuUsage(benchCpu0);
  const benchLoop = {
    delayP50: round(loopDelay.percentile(50) / 1e6, 1),
    delayP99: round(loopDelay.percentile(99) / 1e6, 1),
    delayMax: round(loopDelay.max / 1e6, 1),
    cpuPct: round((benchCpu.user + benchCpu.system) / 10 / (performance.now() - t0), 1),
  };
  const [{ lastVerdict }] = (await db.query<{ lastVerdict: number }>(
    `SELECT extract(epoch FROM max(finished_at) - $2::timestamptz)::float AS "lastVerdict" FROM attempts WHERE run_id = ANY($1::text[])`,
    [runIds, dbStart],
  )) as [{ lastVerdict: number }];
  const makespanSeconds = lastVerdict;
  const idealSeconds = (Math.ceil(TESTS / (AGENTS * DEVICES)) * DEVICE_MS) / 1000;

  const offers: OfferSeen[] = agents.flatMap((a, i) => a.offers.slice(offersBefore[i]));
  const timed = offers
    .filter((o) => runCreated.has(o.runId))
    .map((o) => {
      const freed = o.deviceFreeSince ?? t0;
      const created = runCreated.get(o.runId)!;
      return { ms: o.at - Math.max(freed, created), afterVerdict: freed > created };
    });
  const dispatch = timed.map((d) => d.ms);
  const perAttempt = new Map<string, number>();
  for (const o of offers) perAttempt.set(o.jobId, (perAttempt.get(o.jobId) ?? 0) + 1);
  const rows = await db.query<{ status: string; n: number; retried: number }>(
    `SELECT status, count(*)::int AS n, count(*) FILTER (WHERE try_number > 1)::int AS retried FROM attempts WHERE run_id = ANY($1::text[]) GROUP BY status`,
    [runIds],
  );
  const succeeded = rows.find((r) => r.status === 'succeeded')?.n ?? 0;
  const result: PhaseResult = {
    name,
    tests: TESTS,
    makespanSeconds: round(makespanSeconds, 2),
    idealSeconds,
    ratioToIdeal: round(makespanSeconds / idealSeconds, 3),
    deviceUtilisation: round((TESTS * DEVICE_MS) / 1000 / (AGENTS * DEVICES * makespanSeconds), 3),
    dispatch: summarise(dispatch),
    dispatchFirst: summarise(timed.filter((d) => !d.afterVerdict).map((d) => d.ms)),
    dispatchAfterVerdict: summarise(timed.filter((d) => d.afterVerdict).map((d) => d.ms)),
    rawClaim,
    benchLoop,
    longestStatement,
    execute: summarise(executeMs),
    usage,
    verdicts: {
      succeeded,
      other: rows.reduce((s, r) => s + (r.status === 'succeeded' ? 0 : r.n), 0),
      retried: rows.reduce((s, r) => s + r.retried, 0),
      lost: TESTS - succeeded,
      offeredTwice: [...perAttempt.values()].filter((n) => n > 1).length,
    },
    killed,
    agentReconnects: agents.reduce((s, a) => s + a.reconnects, 0) - reconnectsBefore,
    resultsResent: agents.reduce((s, a) => s + a.resultsSent, 0) - resentBefore - offers.length,
  };
  const problems = agents.flatMap((a) => a.problems);
  if (problems.length) console.log(`agent problems: ${[...new Set(problems)].slice(0, 5).join('; ')} (${problems.length})`);
  console.log(
    `[${name}] agent reconnects ${result.agentReconnects}, results re-sent ${result.resultsResent}, verdicts ${JSON.stringify(result.verdicts)}`,
  );
  console.log(
    `[${name}] makespan ${result.makespanSeconds} s (ideal ${idealSeconds} s, ${result.ratioToIdeal}x); dispatch p50 ${result.dispatch.p50} ms, p99 ${result.dispatch.p99} ms (raw claim p50 ${rawClaim.p50} ms, p99 ${rawClaim.p99} ms); lost ${result.verdicts.lost}`,
  );
  console.log(
    `[${name}] this process (the 100 agents): event-loop delay p50 ${benchLoop.delayP50} ms, p99 ${benchLoop.delayP99} ms, max ${benchLoop.delayMax} ms; CPU ${benchLoop.cpuPct}% of one core`,
  );
  console.log(`[${name}] longest statement seen in PostgreSQL: ${longestStatement.seconds} s ${longestStatement.query}`);
  return result;
}

function report(idle: Usage, phases: PhaseResult[]): void {
  const [base, kill] = phases as [PhaseResult, PhaseResult];
  const dispatchRow = (label: string, s: Summary) => [label, s.n, s.p50, s.p95, s.p99, s.max];
  printTable(
    'Dispatch latency (ms): job.offer at the agent − later of (device freed, run created); baseline: a raw claim on the same database',
    ['phase', 'n', 'p50', 'p95', 'p99', 'max'],
    [
      dispatchRow('baseline (3 replicas up)', base.dispatch),
      dispatchRow('  of which: device idle before the run existed', base.dispatchFirst),
      dispatchRow('  of which: device freed by a verdict', base.dispatchAfterVerdict),
      dispatchRow('  raw claim, same database, same time', base.rawClaim),
      dispatchRow('kill -9 of one replica', kill.dispatch),
      dispatchRow('  of which: device idle before the run existed', kill.dispatchFirst),
      dispatchRow('  of which: device freed by a verdict', kill.dispatchAfterVerdict),
      dispatchRow('  raw claim, same database, same time', kill.rawClaim),
    ],
  );
  printTable(
    'Makespan against the ideal (s)',
    ['phase', 'makespan', 'ideal', 'ratio', 'device utilisation', 'succeeded', 'lost', 'retried', 'offered twice'],
    phases.map((p) => [
      p.name,
      p.makespanSeconds,
      p.idealSeconds,
      p.ratioToIdeal,
      p.deviceUtilisation,
      p.verdicts.succeeded,
      p.verdicts.lost,
      p.verdicts.retried,
      p.verdicts.offeredTwice,
    ]),
  );
  const usageRow = (label: string, u: Usage) => [
    label,
    ...u.cpuPct.map((c) => `${c}%`),
    ...u.peakRssMiB,
    `${u.postgresCpuPct}%`,
    `${u.pgConnections.median} / ${u.pgConnections.max}`,
  ];
  printTable(
    'Replicas and PostgreSQL',
    [
      'phase',
      ...replicas.map((_, i) => `cpu r${i}`),
      ...replicas.map((_, i) => `peak RSS MiB r${i}`),
      'postgres cpu',
      'pg conns median / max',
    ],
    [usageRow('idle (lab connected)', idle), ...phases.map((p) => usageRow(p.name, p.usage))],
  );
  if (kill.killed)
    console.log(
      `\nkilled replica ${kill.killed.replica} at ${kill.killed.atSeconds} s with ${kill.killed.agentsMoved} agents on it; agent reconnects ${kill.agentReconnects}, results sent again ${kill.resultsResent}`,
    );
  const targets = phases.flatMap((p) => [
    { target: `makespan within 1.1x the ideal (${p.name})`, value: p.ratioToIdeal, met: p.ratioToIdeal <= 1.1 },
    {
      target: `dispatch p99 < 50 ms (${p.name}; raw claim p99 ${p.rawClaim.p99} ms)`,
      value: p.dispatch.p99,
      met: p.dispatch.p99 < 50,
    },
    { target: `0 lost tests, one verdict each (${p.name})`, value: p.verdicts.lost, met: p.verdicts.lost === 0 && p.verdicts.other === 0 },
  ]);
  for (const t of targets) console.log(`target: ${t.target}: ${t.value} -> ${t.met ? 'MET' : 'MISSED'}`);
  writeRunResult('lab-scale', {
    machine,
    started,
    params: {
      replicas: REPLICAS,
      agents: AGENTS,
      devices: DEVICES,
      orgs: ORGS,
      tests: TESTS,
      deviceMs: DEVICE_MS,
      spread: SPREAD,
      killAt: KILL_AT,
      replicaEnv: REPLICA_ENV,
    },
    results: [{ idle, phases }],
    targets,
  });
}
