/**
 * 500 lab agents with 10 Android emulators each on one control plane (the production entry,
 * control-plane/src/main.ts, as a child process). Every agent has its own agent id, uses the
 * shared-pool token, says hello with its 10 devices and then heartbeats as the real agent does
 * (a `heartbeat` frame and a WebSocket ping every heartbeatIntervalMs from the welcome; the
 * server sets AGENT_HEARTBEAT_MS=5000, the default).
 *
 *   node --import tsx scripts/bench/agents-scale.ts [--backend postgres|pglite|both] [--agents 500]
 *        [--devices 10] [--seconds 60]
 *
 * Phases, on one control-plane process:
 *   1. idle (baseline): no agent connected, --seconds long;
 *   2. connect: all agents open their sockets at once (a restart of the control plane, which
 *      every agent reconnects to); measured until every agent is welcomed and (PostgreSQL)
 *      every device is registered online;
 *   3. steady: --seconds of heartbeats from every agent;
 *   4. close: every socket is closed, and the server must mark every agent disconnected.
 * Every second: the control plane's CPU (user + system from /proc/<pid>/stat, in % of one
 * core), its RSS (/proc/<pid>/status), PostgreSQL's and this process's CPU, and the latency of
 * GET /healthz (which runs `SELECT 1`) as the event loop's responsiveness.
 *
 * Default: real PostgreSQL, about 2.5 minutes. PGlite (--backend pglite) takes as long again.
 */
import { readFileSync } from 'node:fs';
import type { Db } from '../../control-plane/src/db/index.js';
import { openPostgres } from '../../control-plane/src/db/postgres.js';
import { type Backend, backendsFlag, runOnBackends } from './lib/backends.js';
import { cpuMs, treeCpuMs } from './lib/cpu.js';
import { androidEmulator, type BenchAgent, connectBenchAgent } from './lib/fake-agent.js';
import { keepAliveAgent, send } from './lib/http.js';
import { describeMachine, type Machine, machineLine } from './lib/machine.js';
import { flag, MiB, printTable, writeRunResult } from './lib/report.js';
import { createSharedAgentToken } from './lib/runs-setup.js';
import { type ChildServer, processMemory, resetPeakMemory } from './lib/server.js';
import { median, round, type Summary, summarise } from './lib/stats.js';

const AGENTS = Number(flag('agents', '500'));
const DEVICES = Number(flag('devices', '10'));
const SECONDS = Number(flag('seconds', '60'));
const HEARTBEAT_MS = 5000;
/** The connection phase lasts a second or two: sampled every 200 ms. */
const CONNECT_SAMPLE_MS = 200;

const backends = backendsFlag('postgres');

type Phase = 'idle' | 'connect' | 'steady';

interface Sample {
  phase: Phase;
  /** Seconds since the start of the phase, at the end of the interval. */
  t: number;
  serverCpuPct: number;
  postgresCpuPct: number;
  clientCpuPct: number;
  rssMiB: number;
  healthzMs: number;
  /** GET of a path no route serves (404): the HTTP server and the event loop without the database pool. */
  noDbMs: number;
}

interface PhaseSummary {
  seconds: number;
  /** CPU over the whole phase, % of one core. */
  serverCpuPct: number;
  serverCpuPctMaxSample: number;
  postgresCpuPct: number;
  clientCpuPct: number;
  /**
   * V8 shrinks a fresh process's heap in steps during its first ~40 s (RSS drops by ~60 MiB), and
   * with heartbeats it collects only now and then, so RSS moves in steps: `settled` is the median of
   * the phase's last 10 samples, `min` the lowest sample (just after a collection).
   */
  rssMiB: { start: number; min: number; median: number; settled: number; max: number; end: number };
  healthz: Summary;
  noDb: Summary;
}

interface BackendResult {
  backend: Backend;
  fileLimits: { benchmark: number; server: number };
  phases: Record<Phase, PhaseSummary>;
  connect: {
    /** First connection attempt → last welcome, s. */
    allWelcomedSeconds: number;
    /** First connection attempt → every device online in the registry (PostgreSQL only), s. */
    allDevicesOnlineSeconds: number | null;
    /** Per agent: connection attempt → upgrade answered, and → welcome (ms). */
    upgrade: Summary;
    welcome: Summary;
    serverPeakRssMiB: number;
  };
  steady: { heartbeatsSent: number; pongs: number; heartbeatsPerSecond: number; staleAgentsAtEnd: number | null };
  close: { seconds: number; disconnectedInRegistry: number | null };
  /** Agents' sockets the server closed during the run (should be 0) and error frames received. */
  dropped: number;
  problems: string[];
  samples: Sample[];
}

const machine: Machine = describeMachine();
console.log(
  `agents-scale benchmark: ${AGENTS} agents x ${DEVICES} devices, ${SECONDS} s idle baseline and ${SECONDS} s of heartbeats every ` +
    `${HEARTBEAT_MS} ms, production entry (main.ts), backends: ${backends.join(', ')}`,
);
console.log(`machine: ${machineLine(machine)}`);

/** The soft limit on open files of a process (/proc/<pid>/limits). */
function openFilesLimit(pid: number | 'self'): number {
  const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const soft = line?.trim().split(/\s+/)[3];
  return soft === 'unlimited' ? Infinity : Number(soft);
}

// Each side holds one socket per agent, plus the HTTP clients, the database pool, log and module files.
const FD_NEEDED = AGENTS + 200;
const ownLimit = openFilesLimit('self');
if (ownLimit < FD_NEEDED) {
  console.error(
    `this process may open ${ownLimit} files, and ${AGENTS} agents need about ${FD_NEEDED}: raise it (ulimit -n ${FD_NEEDED * 2})`,
  );
  process.exit(2);
}

const started = performance.now();
const results = await runOnBackends(
  backends,
  { entry: 'main', env: { AGENT_HEARTBEAT_MS: String(HEARTBEAT_MS) } },
  ({ backend, server, pg, onCleanup }) => {
    const direct = pg ? openPostgres(pg.url, { max: 1 }) : null;
    const agents: BenchAgent[] = [];
    // Whatever happened: every socket closed, then the direct connection (the server and the database stop after these).
    if (direct) onCleanup(() => direct.close());
    onCleanup(() => Promise.all(agents.map((a) => a.close())));
    return benchBackend(backend, server, direct, pg?.pid ?? null, agents);
  },
);

report(results);

async function benchBackend(
  backend: Backend,
  server: ChildServer,
  direct: Db | null,
  postmaster: number | null,
  agents: BenchAgent[],
): Promise<BackendResult> {
  const serverLimit = openFilesLimit(server.pid);
  if (serverLimit < FD_NEEDED)
    throw new Error(`the control plane may open ${serverLimit} files, and ${AGENTS} agents need about ${FD_NEEDED}`);
  console.log(`[${backend}] open files allowed: benchmark ${ownLimit}, control plane ${serverLimit} (about ${FD_NEEDED} needed each)`);
  const token = await createSharedAgentToken(server);

  // The sampler: per phase, every `intervalMs` (1 s; 200 ms in the short connection phase), the CPU of
  // the three processes over that interval, the server's RSS and one GET /healthz. A new phase starts a
  // new interval, so no sample straddles two phases.
  const samples: Sample[] = [];
  const healthAgent = keepAliveAgent(1);
  const cpuTotals = () => ({
    at: performance.now(),
    server: cpuMs(server.pid),
    postgres: postmaster ? treeCpuMs(postmaster) : 0,
    client: cpuMs(process.pid),
  });
  const rssNow = () => round(processMemory(server.pid).rss / MiB, 1);
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  let sampling: { stop: () => Promise<void> } | null = null;
  const startSampling = (phase: Phase, intervalMs: number) => {
    let stopped = false;
    const phaseStart = performance.now();
    const loop = (async () => {
      let last = cpuTotals();
      let next = last.at + intervalMs;
      for (;;) {
        await sleep(Math.max(0, next - performance.now()));
        if (stopped) return;
        next += intervalMs;
        const h = await send(server.url, healthAgent, { method: 'GET', path: '/healthz' });
        if (h.status !== 200) throw new Error(`/healthz: ${h.status} ${h.body.toString('utf8')}`);
        const n = await send(server.url, healthAgent, { method: 'GET', path: '/bench-no-such-endpoint' });
        if (n.status !== 404) throw new Error(`GET /bench-no-such-endpoint: ${n.status}`);
        const now = cpuTotals();
        const wall = now.at - last.at;
        const pct = (k: 'server' | 'postgres' | 'client') => round(((now[k] - last[k]) / wall) * 100, 1);
        samples.push({
          phase,
          t: round((now.at - phaseStart) / 1000, 2),
          serverCpuPct: pct('server'),
          postgresCpuPct: pct('postgres'),
          clientCpuPct: pct('client'),
          rssMiB: rssNow(),
          healthzMs: round(h.ms, 3),
          noDbMs: round(n.ms, 3),
        });
        last = now;
      }
    })();
    sampling = {
      stop: async () => {
        stopped = true;
        await loop;
      },
    };
  };
  const stopSampling = async () => {
    const s = sampling;
    sampling = null;
    await s?.stop();
  };
  const phases = {} as Record<Phase, PhaseSummary>;
  const summarisePhase = (p: Phase, from: ReturnType<typeof cpuTotals>, rssStart: number): PhaseSummary => {
    const to = cpuTotals();
    const wall = to.at - from.at;
    const own = samples.filter((s) => s.phase === p);
    const rssEnd = rssNow();
    const rss = own.length ? own.map((s) => s.rssMiB) : [rssEnd];
    return {
      seconds: round(wall / 1000, 2),
      serverCpuPct: round(((to.server - from.server) / wall) * 100, 1),
      serverCpuPctMaxSample: Math.max(0, ...own.map((s) => s.serverCpuPct)),
      postgresCpuPct: round(((to.postgres - from.postgres) / wall) * 100, 1),
      clientCpuPct: round(((to.client - from.client) / wall) * 100, 1),
      rssMiB: {
        start: rssStart,
        min: Math.min(...rss),
        median: round(median(rss), 1),
        settled: round(median(rss.slice(-10)), 1),
        max: Math.max(rssStart, rssEnd, ...rss),
        end: rssEnd,
      },
      healthz: summarise(own.map((s) => s.healthzMs)),
      noDb: summarise(own.map((s) => s.noDbMs)),
    };
  };

  try {
    // 1. Idle baseline: the same process, nothing connected.
    console.log(`[${backend}] idle for ${SECONDS} s (baseline)`);
    let from = cpuTotals();
    let rssStart = rssNow();
    startSampling('idle', 1000);
    await sleep(SECONDS * 1000);
    await stopSampling();
    phases.idle = summarisePhase('idle', from, rssStart);

    // 2. Every agent connects at once.
    from = cpuTotals();
    rssStart = rssNow();
    startSampling('connect', CONNECT_SAMPLE_MS);
    // VmHWM from here on: the peak of the connection storm (falls back to the sampled maximum).
    const peakReset = resetPeakMemory(server.pid);
    console.log(`[${backend}] connecting ${AGENTS} agents with ${DEVICES} devices each`);
    const connectStart = performance.now();
    const welcomes: number[] = [];
    const upgrades: number[] = [];
    let lastWelcome = 0;
    await Promise.all(
      Array.from({ length: AGENTS }, async (_, i) => {
        const agentId = `bench-agent-${String(i).padStart(4, '0')}`;
        const devices = Array.from({ length: DEVICES }, (_, d) => androidEmulator(`emulator-${5554 + 2 * d}`));
        const a = await connectBenchAgent(server.url, token, { agentId, devices, hostname: `lab-host-${i}` });
        agents.push(a);
        upgrades.push(a.openedAt - a.startedAt);
        const w = await a.welcomed;
        welcomes.push(w.at - a.startedAt);
        lastWelcome = Math.max(lastWelcome, w.at);
        if (w.message.heartbeatIntervalMs !== HEARTBEAT_MS)
          throw new Error(`welcome says heartbeat every ${w.message.heartbeatIntervalMs} ms`);
        a.startHeartbeats(w.message.heartbeatIntervalMs);
      }),
    );
    const allWelcomedSeconds = (lastWelcome - connectStart) / 1000;
    console.log(`[${backend}] all ${AGENTS} welcomed after ${allWelcomedSeconds.toFixed(2)} s`);
    // The hello's devices are registered after the welcome (hub.ts): wait until the registry holds all of them.
    let allDevicesOnlineSeconds: number | null = null;
    if (direct) {
      for (;;) {
        const [row] = await direct.query<{ n: number; agents: number }>(
          `SELECT (SELECT count(*) FROM devices WHERE state = 'online')::int AS n, (SELECT count(*) FROM agents WHERE connected)::int AS agents`,
        );
        if (row!.n >= AGENTS * DEVICES && row!.agents >= AGENTS) break;
        if (performance.now() - connectStart > 60_000)
          throw new Error(`after 60 s only ${row!.n} devices online, ${row!.agents} agents connected`);
        await sleep(50);
      }
      allDevicesOnlineSeconds = (performance.now() - connectStart) / 1000;
      console.log(`[${backend}] all ${AGENTS * DEVICES} devices online after ${allDevicesOnlineSeconds.toFixed(2)} s`);
    }
    await stopSampling();
    phases.connect = summarisePhase('connect', from, rssStart);
    const hwm = processMemory(server.pid).hwm / MiB;
    const serverPeakRssMiB = round(peakReset ? hwm : phases.connect.rssMiB.max, 1);

    // 3. Steady: heartbeats only.
    console.log(`[${backend}] steady for ${SECONDS} s`);
    from = cpuTotals();
    rssStart = rssNow();
    startSampling('steady', 1000);
    const sentBefore = agents.reduce((s, a) => s + a.heartbeatsSent, 0);
    const pongsBefore = agents.reduce((s, a) => s + a.pongs, 0);
    await sleep(SECONDS * 1000);
    await stopSampling();
    phases.steady = summarisePhase('steady', from, rssStart);
    const heartbeatsSent = agents.reduce((s, a) => s + a.heartbeatsSent, 0) - sentBefore;
    const pongs = agents.reduce((s, a) => s + a.pongs, 0) - pongsBefore;
    let staleAgentsAtEnd: number | null = null;
    if (direct) {
      // Every agent's heartbeats reached the registry: none silent for longer than two intervals.
      const [row] = await direct.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM agents WHERE NOT connected OR last_seen_at < clock_timestamp() - make_interval(secs => $1)`,
        [(2 * HEARTBEAT_MS) / 1000],
      );
      staleAgentsAtEnd = row!.n;
    }
    healthAgent.destroy();

    const dropped = agents.filter((a) => a.ws.readyState !== a.ws.OPEN).length;
    const problems = agents.flatMap((a) => a.problems.map((p) => `${a.agentId}: ${p}`));

    // 4. Close every socket; the server marks the agents disconnected and their devices offline.
    const closeStart = performance.now();
    await Promise.all(agents.map((a) => a.close()));
    let disconnectedInRegistry: number | null = null;
    if (direct) {
      for (;;) {
        const [row] = await direct.query<{ n: number; online: number }>(
          `SELECT (SELECT count(*) FROM agents WHERE NOT connected)::int AS n, (SELECT count(*) FROM devices WHERE state <> 'offline')::int AS online`,
        );
        disconnectedInRegistry = row!.n;
        if (row!.n >= AGENTS && row!.online === 0) break;
        if (performance.now() - closeStart > 30_000) break;
        await sleep(50);
      }
    }
    const closeSeconds = (performance.now() - closeStart) / 1000;
    console.log(
      `[${backend}] closed ${AGENTS} sockets in ${closeSeconds.toFixed(2)} s` +
        (disconnectedInRegistry === null ? '' : `; ${disconnectedInRegistry} agents marked disconnected`),
    );

    const result: BackendResult = {
      backend,
      fileLimits: { benchmark: ownLimit, server: serverLimit },
      phases,
      connect: {
        allWelcomedSeconds: round(allWelcomedSeconds, 3),
        allDevicesOnlineSeconds: allDevicesOnlineSeconds === null ? null : round(allDevicesOnlineSeconds, 3),
        upgrade: summarise(upgrades),
        welcome: summarise(welcomes),
        serverPeakRssMiB,
      },
      steady: { heartbeatsSent, pongs, heartbeatsPerSecond: round(heartbeatsSent / phases.steady.seconds, 1), staleAgentsAtEnd },
      close: { seconds: round(closeSeconds, 2), disconnectedInRegistry },
      dropped,
      problems: problems.slice(0, 20),
      samples,
    };
    if (dropped > 0) throw new Error(`${dropped} agent sockets were closed during the run`);
    if (problems.length > 0) throw new Error(`the agents got ${problems.length} error frames, e.g. ${problems.slice(0, 3).join('; ')}`);
    if (staleAgentsAtEnd !== null && staleAgentsAtEnd > 0)
      throw new Error(`${staleAgentsAtEnd} agents were silent in the registry for more than two heartbeat intervals`);
    if (disconnectedInRegistry !== null && disconnectedInRegistry < AGENTS)
      throw new Error(`only ${disconnectedInRegistry} agents were marked disconnected`);
    return result;
  } finally {
    await stopSampling().catch(() => {});
    healthAgent.destroy();
  }
}

function report(results: BackendResult[]) {
  const rows: Array<Array<string | number>> = [];
  for (const r of results) {
    for (const p of ['idle', 'connect', 'steady'] as const) {
      const s = r.phases[p];
      rows.push([
        `${r.backend}: ${p === 'idle' ? 'idle, no agents (baseline)' : p === 'connect' ? `connect ${AGENTS} agents` : `steady, heartbeats`}`,
        s.seconds,
        s.serverCpuPct,
        s.serverCpuPctMaxSample,
        r.backend === 'postgres' ? s.postgresCpuPct : '(in server)',
        s.clientCpuPct,
        s.rssMiB.min,
        s.rssMiB.settled,
        s.rssMiB.max,
        s.healthz.n,
        s.healthz.p50,
        s.healthz.max,
        s.noDb.p50,
        s.noDb.max,
      ]);
    }
  }
  printTable(
    `${AGENTS} agents x ${DEVICES} devices on one control plane (CPU in % of one core; control-plane RSS in MiB; probes in ms, ` +
      `once a second, every ${CONNECT_SAMPLE_MS} ms while connecting: GET /healthz (SELECT 1) and a 404 path (no database))`,
    [
      'phase',
      's',
      'CP CPU %',
      'CP CPU % max sample',
      'PG CPU %',
      'bench CPU %',
      'RSS min',
      'RSS last 10 s',
      'RSS max',
      'probes',
      'healthz p50',
      'healthz max',
      '404 p50',
      '404 max',
    ],
    rows,
  );
  // Memory the agents hold: the lowest steady sample (just after a collection) against the settled idle
  // process; the highest steady sample adds the garbage V8 had not collected yet.
  printTable(
    'Connection storm and steady state (RSS growth over the settled idle process: lowest … highest steady sample)',
    [
      'backend',
      'all welcomed s',
      'all devices online s',
      'welcome p50 ms',
      'welcome max ms',
      'peak RSS MiB',
      'heartbeats/s',
      'RSS growth MiB',
      'KiB per agent',
      'close s',
    ],
    results.map((r) => {
      const idle = r.phases.idle.rssMiB.settled;
      const low = r.phases.steady.rssMiB.min - idle;
      const high = r.phases.steady.rssMiB.max - idle;
      const kib = (mib: number) => round((mib * 1024) / AGENTS, 0);
      return [
        r.backend,
        r.connect.allWelcomedSeconds,
        r.connect.allDevicesOnlineSeconds ?? '-',
        r.connect.welcome.p50,
        r.connect.welcome.max,
        r.connect.serverPeakRssMiB,
        r.steady.heartbeatsPerSecond,
        `${round(low, 1)} … ${round(high, 1)}`,
        `${kib(low)} … ${kib(high)}`,
        r.close.seconds,
      ];
    }),
  );
  writeRunResult('agents-scale', {
    machine,
    started,
    params: { agents: AGENTS, devicesPerAgent: DEVICES, seconds: SECONDS, heartbeatMs: HEARTBEAT_MS, entry: 'main', backends },
    results,
  });
}
