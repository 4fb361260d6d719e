/**
 * A cached step of an SDK session: POST /sessions/{id}/execute with a ~200-node Android
 * hierarchy that the step cache already knows, side by side with a bare route of the same
 * server that parses the same JSON body (scripts/bench/lib/bench-server.ts), and inside the
 * server process, with the product's own modules only: parseHierarchy and fingerprint on the
 * same screen, engine.decideStep as the route calls it (with the SQL it runs), and the whole app's
 * fetch without Node's HTTP server. Real PostgreSQL and PGlite.
 *
 *   node --import tsx scripts/bench/execute.ts [--backend both|postgres|pglite] [--requests 2000]
 *        [--budget 30] [--breakdown 300] [--per-session 100] [--cpu-prof DIR]
 *
 * The cache is warmed with one AI step ("Tap Bluetooth Speaker"); the benchmark stops if the
 * next call is not answered from the cache. Every request sends `step_number: 0`, so all of
 * them hit the same cache key; a new session is started (untimed) every --per-session steps.
 * The model is the offline one (no AI_BASE_URL): only cached steps are measured.
 *
 * --cpu-prof writes the server process's V8 CPU profile to DIR/<backend> (where the time goes).
 *
 * Target (SDK sessions issue): a cached execute answered in under 5 ms p50 on a 200-node hierarchy.
 */
import { productGridXml } from './lib/android-screen.js';
import { type Backend, backendsFlag, runOnBackends } from './lib/backends.js';
import { type CpuProbe, cpuDelta, cpuSnapshot } from './lib/cpu.js';
import { keepAliveAgent, type Req, send, sendJson } from './lib/http.js';
import { describeMachine, type Machine, machineLine } from './lib/machine.js';
import { flag, printTable, writeRunResult } from './lib/report.js';
import { type ChildServer, createOrganisation } from './lib/server.js';
import { round, type Summary, summarise } from './lib/stats.js';

const TARGET_P50_MS = 5;
const COMMAND = 'Tap Bluetooth Speaker';
const TEST_ID = 'checkout-bluetooth-speaker';
const REQUESTS = Number(flag('requests', '2000'));
const BUDGET_S = Number(flag('budget', '30'));
const BREAKDOWN_ITERATIONS = Number(flag('breakdown', '300'));
const PER_SESSION = Number(flag('per-session', '100'));
const CPU_PROF = flag('cpu-prof', '');
const WARMUP = 200;
const BLOCK = 100; // requests per variant per round: the variants alternate, so drift hits both alike

const backends = backendsFlag('both');

const STAGES = ['hierarchy', 'fingerprint', 'engine', 'sql', 'statements', 'app'] as const;
type Stage = (typeof STAGES)[number];

interface Latency extends Summary {
  cpuMsPerRequest: Record<string, number>;
  /** Garbage-collection pauses in the server process per request (perf_hooks, GET /bench/gc). */
  gcPerRequest: { collections: number; ms: number };
}

interface BackendResult {
  backend: Backend;
  warm: { first: string; second: string; firstMs: number; action: unknown };
  http: { cached: Latency; bare: Latency };
  breakdown: { elements: number; stages: Record<Stage, Summary> };
  sessions: number;
  /** GET /sessions/{id} of every session: the cached and AI steps they counted, against the executes sent. */
  countedCheck: { sent: number; cachedSteps: number; aiSteps: number };
}

const screen = productGridXml();
const body = JSON.stringify({ command: COMMAND, page_source: screen.xml, step_number: 0 });
const bodyBuf = Buffer.from(body);
const machine: Machine = describeMachine();
console.log(
  `execute benchmark: cached "${COMMAND}" on a ${screen.nodes}-node Android hierarchy (${screen.xml.length} bytes of XML, ` +
    `${bodyBuf.length}-byte body), ${REQUESTS} sequential requests per variant, backends: ${backends.join(', ')}`,
);
console.log(`machine: ${machineLine(machine)}`);

const started = performance.now();
const results = await runOnBackends(
  backends,
  {
    entry: 'bench',
    nodeArgs: (backend) => (CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}/${backend}`] : []),
  },
  ({ backend, server, probe }) => benchBackend(backend, server, probe),
);

report(results);

async function benchBackend(backend: Backend, server: ChildServer, probe: CpuProbe): Promise<BackendResult> {
  const agent = keepAliveAgent(1);
  const org = await createOrganisation(server, 'Execute bench org');
  const auth = { authorization: `Bearer ${org.apiKey}` };
  let sessions = 0;
  const sent = new Map<string, number>(); // executes sent to each session, the breakdown's included
  const newSession = async (): Promise<string> => {
    const r = await sendJson<{ session_id: string }>(server.url, agent, {
      method: 'POST',
      path: '/sessions/create',
      headers: auth,
      json: { test_id: TEST_ID, platform: 'android' },
    });
    if (r.status !== 200) throw new Error(`create session: ${r.status} ${JSON.stringify(r.body)}`);
    sessions++;
    sent.set(r.body.session_id, 0);
    return r.body.session_id;
  };
  type StepReply = { step_type: string; cache_hit: boolean; actions: unknown[]; step_index: number };
  const execute = async (sessionId: string) => {
    const reply = await send(server.url, agent, {
      method: 'POST',
      path: `/sessions/${sessionId}/execute`,
      headers: { ...auth, 'content-type': 'application/json' },
      body: bodyBuf,
    });
    if (reply.status !== 200) throw new Error(`execute: ${reply.status} ${reply.body.toString('utf8').slice(0, 300)}`);
    sent.set(sessionId, (sent.get(sessionId) ?? 0) + 1);
    return { ms: reply.ms, body: JSON.parse(reply.body.toString('utf8')) as StepReply };
  };

  // Warm the cache with one AI step; the second call must be a cached one.
  let sessionId = await newSession();
  const first = await execute(sessionId);
  const second = await execute(sessionId);
  console.log(
    `[${backend}] first call: ${first.body.step_type} in ${first.ms.toFixed(1)} ms, second: ${second.body.step_type} ` +
      `(step_index ${second.body.step_index}), action ${JSON.stringify(second.body.actions[0])}`,
  );
  if (first.body.step_type !== 'ai')
    throw new Error(`the first execute was ${first.body.step_type}, expected ai (is the cache not empty?)`);
  if (second.body.step_type !== 'cached' || !second.body.cache_hit) {
    throw new Error(`the second execute was ${second.body.step_type}, not cached: the benchmark would not measure a cached step`);
  }

  let inSession = 2;
  const variants = {
    cached: { samples: [] as number[], cpu: {} as Record<string, number>, gc: { count: 0, ms: 0 } },
    bare: { samples: [] as number[], cpu: {} as Record<string, number>, gc: { count: 0, ms: 0 } },
  };
  const gcNow = async () => {
    const r = await sendJson<{ count: number; ms: number }>(server.url, agent, { method: 'GET', path: '/bench/gc' });
    if (r.status !== 200) throw new Error(`gc: ${r.status}`);
    return r.body;
  };
  const bareReq: Req = { method: 'POST', path: '/bench/bare', headers: { ...auth, 'content-type': 'application/json' }, body: bodyBuf };
  const run = async (name: keyof typeof variants, count: number, record: boolean) => {
    const v = variants[name];
    const times: number[] = [];
    let cpu: Record<string, number> = {};
    let gcBefore = { count: 0, ms: 0 };
    if (name === 'cached') {
      // The sessions this block needs are started first, outside the timing and the CPU count.
      const fresh: string[] = [];
      for (let left = count - (PER_SESSION - inSession); left > 0; left -= PER_SESSION) fresh.push(await newSession());
      gcBefore = await gcNow();
      const before = cpuSnapshot(probe);
      for (let i = 0; i < count; i++) {
        if (inSession >= PER_SESSION) {
          sessionId = fresh.shift()!;
          inSession = 0;
        }
        const r = await execute(sessionId);
        inSession++;
        if (r.body.step_type !== 'cached') throw new Error(`a measured execute was ${r.body.step_type}, not cached`);
        times.push(r.ms);
      }
      cpu = cpuDelta(before, cpuSnapshot(probe));
    } else {
      gcBefore = await gcNow();
      const before = cpuSnapshot(probe);
      for (let i = 0; i < count; i++) {
        const reply = await send(server.url, agent, bareReq);
        if (reply.status !== 200) throw new Error(`bare: ${reply.status}`);
        times.push(reply.ms);
      }
      cpu = cpuDelta(before, cpuSnapshot(probe));
    }
    const gcAfter = await gcNow();
    if (record) {
      v.gc.count += gcAfter.count - gcBefore.count;
      v.gc.ms += gcAfter.ms - gcBefore.ms;
      v.samples.push(...times);
      for (const [k, ms] of Object.entries(cpu)) v.cpu[k] = (v.cpu[k] ?? 0) + ms;
    }
  };
  for (const name of ['cached', 'bare'] as const) await run(name, WARMUP, false);
  const deadline = performance.now() + BUDGET_S * 1000;
  for (let done = 0; done < REQUESTS && performance.now() < deadline; done += BLOCK) {
    for (const name of ['cached', 'bare'] as const) await run(name, Math.min(BLOCK, REQUESTS - done), true);
  }
  if (variants.bare.samples.length < REQUESTS)
    console.log(`[${backend}] measuring stopped after ${BUDGET_S} s: ${variants.bare.samples.length} per variant`);
  const latency = (name: keyof typeof variants): Latency => ({
    ...summarise(variants[name].samples),
    cpuMsPerRequest: Object.fromEntries(
      Object.entries(variants[name].cpu).map(([k, ms]) => [k, round(ms / Math.max(1, variants[name].samples.length), 3)]),
    ),
    gcPerRequest: {
      collections: round(variants[name].gc.count / Math.max(1, variants[name].samples.length), 3),
      ms: round(variants[name].gc.ms / Math.max(1, variants[name].samples.length), 3),
    },
  });
  const http = { cached: latency('cached'), bare: latency('bare') };
  console.log(`[${backend}] p50: cached execute ${http.cached.p50} ms, bare ${http.bare.p50} ms`);

  // Where the time goes, inside the server process, on a fresh session.
  const breakdownSession = await newSession();
  const b = await sendJson<{ elements: number; stages: Record<Stage, Summary> }>(server.url, agent, {
    method: 'POST',
    path: '/bench/execute-breakdown',
    headers: { authorization: `Bearer ${server.adminToken}` },
    json: { apiKey: org.apiKey, sessionId: breakdownSession, body, iterations: BREAKDOWN_ITERATIONS },
  });
  if (b.status !== 200) throw new Error(`breakdown: ${b.status} ${JSON.stringify(b.body).slice(0, 500)}`);
  // The breakdown ran BREAKDOWN_ITERATIONS cached steps in its session through engine.decideStep and as many through app.fetch.
  sent.set(breakdownSession, 2 * BREAKDOWN_ITERATIONS);

  // The sessions counted one AI step (the warm-up) and every other step as cached.
  const countedCheck = { sent: 0, cachedSteps: 0, aiSteps: 0 };
  for (const [id, n] of sent) {
    const r = await sendJson<{ cached_steps: number; ai_steps: number }>(server.url, agent, {
      method: 'GET',
      path: `/sessions/${id}`,
      headers: auth,
    });
    if (r.status !== 200) throw new Error(`GET /sessions/${id}: ${r.status}`);
    countedCheck.sent += n;
    countedCheck.cachedSteps += r.body.cached_steps;
    countedCheck.aiSteps += r.body.ai_steps;
  }
  if (countedCheck.aiSteps !== 1 || countedCheck.cachedSteps !== countedCheck.sent - 1) {
    throw new Error(
      `the sessions counted ${countedCheck.aiSteps} AI and ${countedCheck.cachedSteps} cached steps for ${countedCheck.sent} executes`,
    );
  }
  console.log(
    `[${backend}] ${sessions} sessions counted ${countedCheck.cachedSteps} cached steps and ${countedCheck.aiSteps} AI step for ${countedCheck.sent} executes`,
  );
  console.log(
    `[${backend}] in-process: hierarchy ${b.body.stages.hierarchy.p50} ms, fingerprint ${b.body.stages.fingerprint.p50} ms, ` +
      `engine.decideStep ${b.body.stages.engine.p50} ms (its SQL ${b.body.stages.sql.p50} ms in ${b.body.stages.statements.p50} statements), ` +
      `app.fetch ${b.body.stages.app.p50} ms`,
  );
  agent.destroy();
  return {
    backend,
    warm: { first: first.body.step_type, second: second.body.step_type, firstMs: round(first.ms, 2), action: second.body.actions[0] },
    http,
    breakdown: b.body,
    sessions,
    countedCheck,
  };
}

function report(results: BackendResult[]) {
  const rows: Array<Array<string | number>> = [];
  for (const r of results) {
    const bare = r.http.bare.p50;
    const s = r.breakdown.stages;
    rows.push([
      `${r.backend}: POST /sessions/{id}/execute (cached)`,
      r.http.cached.n,
      r.http.cached.p50,
      r.http.cached.p95,
      r.http.cached.p99,
      r.http.cached.max,
      `${(r.http.cached.p50 / bare).toFixed(1)}x`,
    ]);
    rows.push([
      `${r.backend}: POST /bench/bare, same body (baseline)`,
      r.http.bare.n,
      r.http.bare.p50,
      r.http.bare.p95,
      r.http.bare.p99,
      r.http.bare.max,
      '1.0x',
    ]);
    rows.push([`${r.backend}: in-process app.fetch, no Node HTTP server`, s.app.n, s.app.p50, s.app.p95, s.app.p99, s.app.max, '']);
    rows.push([
      `${r.backend}: in-process engine.decideStep (no HTTP, auth, validation)`,
      s.engine.n,
      s.engine.p50,
      s.engine.p95,
      s.engine.p99,
      s.engine.max,
      '',
    ]);
    rows.push([
      `${r.backend}: in-process, the SQL engine.decideStep runs (${s.statements.p50} statements)`,
      s.sql.n,
      s.sql.p50,
      s.sql.p95,
      s.sql.p99,
      s.sql.max,
      '',
    ]);
  }
  printTable(
    `Cached execute, ${screen.nodes}-node hierarchy, sequential over one keep-alive connection (ms)`,
    ['variant', 'n', 'p50', 'p95', 'p99', 'max', 'p50 vs bare'],
    rows,
  );

  const stageRows: Array<Array<string | number>> = results.flatMap((r) =>
    (['p50', 'mean'] as const).map((m) => {
      const s = r.breakdown.stages;
      return [`${r.backend}, ${m}`, s.hierarchy[m], s.fingerprint[m], s.sql[m], s.statements[m], s.engine[m], s.app[m]];
    }),
  );
  printTable(
    `Inside the server process, ${BREAKDOWN_ITERATIONS} iterations each, the product's own modules (ms)`,
    ['backend', 'parseHierarchy', 'fingerprint', 'engine.decideStep: its SQL', 'statements', 'engine.decideStep', 'app.fetch'],
    stageRows,
  );

  const cpuRows: Array<Array<string | number>> = [];
  for (const r of results) {
    for (const [label, c] of [
      ['cached execute', r.http.cached.cpuMsPerRequest],
      ['bare', r.http.bare.cpuMsPerRequest],
    ] as const) {
      const g = label === 'bare' ? r.http.bare.gcPerRequest : r.http.cached.gcPerRequest;
      cpuRows.push([
        `${r.backend}: ${label}`,
        c.server!,
        r.backend === 'postgres' ? c.postgres! : '(in server)',
        c.client!,
        g.ms,
        g.collections,
      ]);
    }
  }
  printTable(
    'CPU time and GC pauses per request (ms; CPU in 10 ms ticks from /proc, averaged)',
    ['variant', 'control plane', 'PostgreSQL', 'load generator', 'GC pause ms (server)', 'GCs (server)'],
    cpuRows,
  );

  const targets = results.map((r) => ({
    target: `cached POST /sessions/{id}/execute p50 < ${TARGET_P50_MS} ms, ${screen.nodes}-node hierarchy (${r.backend})`,
    p50: r.http.cached.p50,
    met: r.http.cached.p50 < TARGET_P50_MS,
  }));
  console.log('');
  for (const t of targets) console.log(`target: ${t.target}: ${t.p50} ms -> ${t.met ? 'MET' : 'MISSED'}`);
  writeRunResult('execute', {
    machine,
    started,
    params: {
      command: COMMAND,
      nodes: screen.nodes,
      xmlBytes: screen.xml.length,
      bodyBytes: bodyBuf.length,
      requests: REQUESTS,
      budgetSeconds: BUDGET_S,
      warmup: WARMUP,
      breakdownIterations: BREAKDOWN_ITERATIONS,
      perSession: PER_SESSION,
      backends,
    },
    results,
    targets,
  });
}
