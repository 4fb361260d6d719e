/**
 * GET /tests latency and POST /tests throughput on a 10,000-test library, each side by
 * side with a bare Hono route served by the same process (scripts/bench/lib/bench-server.ts),
 * on a throw-away PostgreSQL server and on embedded PGlite.
 *
 *   node --import tsx scripts/bench/tests-api.ts [--backend both|postgres|pglite] [--tests 10000]
 *        [--requests 2000] [--get-budget 40] [--seconds 10] [--concurrency 8] [--cpu-prof DIR]
 *
 * --requests is per GET variant; the GET phase of one backend stops early after
 * --get-budget seconds (embedded PGlite is slow enough to need it), and the table shows
 * the n actually measured. --cpu-prof writes the server process's CPU profile to DIR.
 *
 * Target (foundation issue): GET /tests (100 per page) p50 under 15 ms on real PostgreSQL.
 */
import { type Backend, backendsFlag, runOnBackends } from './lib/backends.js';
import { type CpuProbe, cpuDelta, cpuSnapshot } from './lib/cpu.js';
import { keepAliveAgent, type Req, send, sendJson, type ThroughputResult, throughput } from './lib/http.js';
import { describeMachine, type Machine, machineLine } from './lib/machine.js';
import { flag, printTable, writeRunResult } from './lib/report.js';
import { type ChildServer, createOrganisation, type Organisation } from './lib/server.js';
import { round, type Summary, summarise } from './lib/stats.js';
import { makeTest, rng } from './lib/testdata.js';

const TARGET_P50_MS = 15;
const TESTS = Number(flag('tests', '10000'));
const REQUESTS = Number(flag('requests', '2000'));
const SECONDS = Number(flag('seconds', '10'));
const CONCURRENCY = Number(flag('concurrency', '8'));
const GET_BUDGET_S = Number(flag('get-budget', '40'));
const CPU_PROF = flag('cpu-prof', '');
const WARMUP = 200;
const BREAKDOWN_ITERATIONS = 200;
const BLOCK = 100; // requests per variant per round: the variants alternate, so drift hits all alike

const backends = backendsFlag('both');

interface Latency extends Summary {
  responseBytes: number;
  cpuMsPerRequest: CpuPerRequest;
}

interface BackendResult {
  backend: Backend;
  seedSeconds: number;
  get: { firstPage: Latency; walk: Latency; bare: Latency };
  /** In-process timings of GET /tests' stages (same code the route runs), ms. */
  breakdown: {
    firstPage: Record<string, Summary>;
    walk: Record<string, Summary>;
    /** PGlite only: the same, after an ANALYZE the product never runs there. */
    firstPageAfterAnalyze?: Record<string, Summary>;
    walkAfterAnalyze?: Record<string, Summary>;
  };
  post: { tests: ThroughputSummary; bare: ThroughputSummary; testsCreated: number };
}

interface ThroughputSummary {
  seconds: number;
  ok: number;
  failed: number;
  requestsPerSecond: number;
  latency: Summary;
  cpuMsPerRequest: CpuPerRequest;
  firstFailure: string | null;
}

const machine: Machine = describeMachine();
console.log(`tests-api benchmark: ${TESTS} tests, ${REQUESTS} sequential GETs per variant, POST ${SECONDS}s at concurrency ${CONCURRENCY}`);
console.log(`machine: ${machineLine(machine)}`);

const started = performance.now();
const results = await runOnBackends(
  backends,
  {
    entry: 'bench',
    // The library is seeded to TESTS and then grows: above the default ORG_MAX_TESTS on purpose.
    env: { ORG_MAX_TESTS: String(TESTS * 10 + 1_000_000) },
    nodeArgs: (backend) => (CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}/${backend}`] : []),
  },
  ({ backend, server, probe }) => benchBackend(backend, server, probe),
);

report(results);

/** CPU time per request of each process (server, PostgreSQL server with its backends, this load generator), ms. */
type CpuPerRequest = Record<string, number>;
function perRequest(cpu: Record<string, number>, requests: number): CpuPerRequest {
  return Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, round(v / Math.max(1, requests), 3)]));
}
function addInto(acc: Record<string, number>, d: Record<string, number>) {
  for (const [k, v] of Object.entries(d)) acc[k] = (acc[k] ?? 0) + v;
}

async function benchBackend(backend: Backend, server: ChildServer, probe: CpuProbe): Promise<BackendResult> {
  const org = await createOrganisation(server);
  const auth = { authorization: `Bearer ${org.apiKey}` };
  const agent = keepAliveAgent(1);

  // A small folder tree through the real API, then the library through the insertTest query module.
  const folderIds: string[] = [];
  for (const [name, parent] of [
    ['Checkout', -1],
    ['Payments', 0],
    ['Cards', 1],
    ['Login', -1],
    ['Onboarding', -1],
    ['Search', -1],
    ['Filters', 5],
    ['Profile', -1],
    ['Settings', 7],
    ['Regression', -1],
  ] as const) {
    const r = await sendJson<{ folderId: string }>(server.url, agent, {
      method: 'POST',
      path: '/tests/folders',
      headers: auth,
      json: { name, ...(parent >= 0 ? { parentId: folderIds[parent] } : {}) },
    });
    if (r.status !== 200) throw new Error(`create folder: ${r.status} ${JSON.stringify(r.body)}`);
    folderIds.push(r.body.folderId);
  }
  const seedStart = performance.now();
  await seed(server, org, folderIds, agent);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  console.log(`[${backend}] seeded ${TESTS} tests in ${seedSeconds.toFixed(1)} s`);
  // On a server, autovacuum ANALYZEs a freshly filled table within a minute: do it now so the
  // figures do not depend on when it wakes. PGlite has no autovacuum, so there the library is
  // measured as the product leaves it (see the breakdown after ANALYZE below).
  if (backend === 'postgres') await analyze(server, agent);

  // The bare route serves the very page GET /tests answers, so both serialise the same object.
  const first = await send(server.url, agent, { method: 'GET', path: '/tests?limit=100', headers: auth });
  const firstBody = JSON.parse(first.body.toString('utf8')) as { tests: unknown[]; nextCursor: string | null };
  if (first.status !== 200 || firstBody.tests.length !== 100 || !firstBody.nextCursor) {
    throw new Error(`GET /tests did not answer a full page: ${first.status} ${first.body.toString('utf8').slice(0, 300)}`);
  }
  const put = await send(server.url, agent, {
    method: 'PUT',
    path: '/bench/bare-payload',
    headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
    body: first.body,
  });
  if (put.status !== 200) throw new Error(`set bare payload: ${put.status}`);

  // Sequential GETs over one keep-alive socket: first page, walking every page with the cursor, bare.
  let cursor: string | null = null;
  let pagesWalked = 0;
  const walkPath = () => (cursor ? `/tests?limit=100&cursor=${encodeURIComponent(cursor)}` : '/tests?limit=100');
  const variants = {
    firstPage: {
      samples: [] as number[],
      bytes: 0,
      cpu: {} as Record<string, number>,
      req: (): Req => ({ method: 'GET', path: '/tests?limit=100', headers: auth }),
    },
    walk: {
      samples: [] as number[],
      bytes: 0,
      cpu: {} as Record<string, number>,
      req: (): Req => ({ method: 'GET', path: walkPath(), headers: auth }),
    },
    bare: {
      samples: [] as number[],
      bytes: 0,
      cpu: {} as Record<string, number>,
      req: (): Req => ({ method: 'GET', path: '/bench/bare', headers: auth }),
    },
  };
  const run = async (name: keyof typeof variants, count: number, record: boolean) => {
    const v = variants[name];
    const cpuBefore = cpuSnapshot(probe);
    for (let i = 0; i < count; i++) {
      const reply = await send(server.url, agent, v.req());
      if (reply.status !== 200) throw new Error(`GET ${name}: ${reply.status} ${reply.body.toString('utf8').slice(0, 300)}`);
      if (name === 'walk') {
        cursor = (JSON.parse(reply.body.toString('utf8')) as { nextCursor: string | null }).nextCursor;
        pagesWalked++;
      }
      if (record) {
        v.samples.push(reply.ms);
        v.bytes = Math.max(v.bytes, reply.bytes);
      }
    }
    if (record) addInto(v.cpu, cpuDelta(cpuBefore, cpuSnapshot(probe)));
  };
  for (const name of ['firstPage', 'walk', 'bare'] as const) await run(name, WARMUP, false);
  const getDeadline = performance.now() + GET_BUDGET_S * 1000;
  for (let done = 0; done < REQUESTS && performance.now() < getDeadline; done += BLOCK) {
    for (const name of ['firstPage', 'walk', 'bare'] as const) await run(name, Math.min(BLOCK, REQUESTS - done), true);
  }
  if (variants.bare.samples.length < REQUESTS) {
    console.log(`[${backend}] GET phase stopped after ${GET_BUDGET_S} s: ${variants.bare.samples.length} requests per variant`);
  }
  const latency = (name: keyof typeof variants): Latency => ({
    ...summarise(variants[name].samples),
    responseBytes: variants[name].bytes,
    cpuMsPerRequest: perRequest(variants[name].cpu, variants[name].samples.length),
  });
  const get = { firstPage: latency('firstPage'), walk: latency('walk'), bare: latency('bare') };
  console.log(
    `[${backend}] GET p50: first page ${get.firstPage.p50} ms, walk ${get.walk.p50} ms (${pagesWalked} pages), bare ${get.bare.p50} ms`,
  );

  // Where the time of GET /tests goes, measured inside the server process with the route's own functions.
  const breakdown: BackendResult['breakdown'] = {
    firstPage: await stageTimes(server, org, agent, false),
    walk: await stageTimes(server, org, agent, true),
  };
  if (backend === 'pglite') {
    await analyze(server, agent);
    breakdown.firstPageAfterAnalyze = await stageTimes(server, org, agent, false);
    breakdown.walkAfterAnalyze = await stageTimes(server, org, agent, true);
  }

  // POST throughput, concurrency 8; the two targets alternate in halves so drift hits both alike.
  const random = rng(4242);
  const bodies = Array.from({ length: 1000 }, (_, i) => Buffer.from(JSON.stringify(makeTest(random, folderIds, TESTS + i))));
  const postReq =
    (path: string) =>
    (i: number): Req => ({
      method: 'POST',
      path,
      headers: { ...auth, 'content-type': 'application/json' },
      body: bodies[i % bodies.length]!,
    });
  const halves: Record<'tests' | 'bare', ThroughputResult[]> = { tests: [], bare: [] };
  const postCpu: Record<'tests' | 'bare', Record<string, number>> = { tests: {}, bare: {} };
  for (let half = 0; half < 2; half++) {
    for (const [name, path] of [
      ['tests', '/tests'],
      ['bare', '/bench/bare'],
    ] as const) {
      const before = cpuSnapshot(probe);
      halves[name].push(await throughput(server.url, { concurrency: CONCURRENCY, seconds: SECONDS / 2, next: postReq(path) }));
      addInto(postCpu[name], cpuDelta(before, cpuSnapshot(probe)));
    }
  }
  const combine = (rs: ThroughputResult[], cpu: Record<string, number>): ThroughputSummary => {
    const seconds = rs.reduce((a, r) => a + r.seconds, 0);
    const ok = rs.reduce((a, r) => a + r.ok, 0);
    return {
      seconds: round(seconds, 2),
      ok,
      failed: rs.reduce((a, r) => a + r.failed, 0),
      requestsPerSecond: round(ok / seconds, 1),
      latency: summarise(rs.flatMap((r) => r.latencies)),
      cpuMsPerRequest: perRequest(
        cpu,
        rs.reduce((a, r) => a + r.requests, 0),
      ),
      firstFailure: rs.find((r) => r.firstFailure)?.firstFailure ?? null,
    };
  };
  const post = { tests: combine(halves.tests, postCpu.tests), bare: combine(halves.bare, postCpu.bare), testsCreated: 0 };
  if (post.tests.failed > 0) console.warn(`[${backend}] POST /tests failures: ${post.tests.failed}, first: ${post.tests.firstFailure}`);

  // Every 200 really created a test: count the library by walking it with limit=1000.
  post.testsCreated = (await countTests(server, auth, agent)) - TESTS;
  if (post.testsCreated !== post.tests.ok) {
    throw new Error(`POST /tests answered 200 ${post.tests.ok} times but the library grew by ${post.testsCreated}`);
  }
  console.log(`[${backend}] POST /tests ${post.tests.requestsPerSecond} req/s, bare ${post.bare.requestsPerSecond} req/s`);
  agent.destroy();
  return { backend, seedSeconds: round(seedSeconds, 2), get, breakdown, post };
}

async function seed(server: ChildServer, org: Organisation, folderIds: string[], agent: ReturnType<typeof keepAliveAgent>) {
  const random = rng(42);
  const batch = 500;
  for (let n = 0; n < TESTS; n += batch) {
    const tests = Array.from({ length: Math.min(batch, TESTS - n) }, (_, i) => makeTest(random, folderIds, n + i));
    const r = await sendJson(server.url, agent, {
      method: 'POST',
      path: '/bench/seed',
      headers: { authorization: `Bearer ${server.adminToken}` },
      json: { orgId: org.organisationId, tests },
    });
    if (r.status !== 200) throw new Error(`seed: ${r.status} ${JSON.stringify(r.body)}`);
  }
}

async function analyze(server: ChildServer, agent: ReturnType<typeof keepAliveAgent>) {
  const r = await sendJson(server.url, agent, {
    method: 'POST',
    path: '/bench/analyze',
    headers: { authorization: `Bearer ${server.adminToken}` },
  });
  if (r.status !== 200) throw new Error(`analyze: ${r.status} ${JSON.stringify(r.body)}`);
}

async function stageTimes(server: ChildServer, org: Organisation, agent: ReturnType<typeof keepAliveAgent>, walk: boolean) {
  const r = await sendJson<Record<string, Summary>>(server.url, agent, {
    method: 'POST',
    path: '/bench/breakdown',
    headers: { authorization: `Bearer ${server.adminToken}` },
    json: { apiKey: org.apiKey, iterations: BREAKDOWN_ITERATIONS, walk },
  });
  if (r.status !== 200) throw new Error(`breakdown: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

async function countTests(server: ChildServer, auth: Record<string, string>, agent: ReturnType<typeof keepAliveAgent>): Promise<number> {
  let count = 0;
  let cursor: string | null = null;
  do {
    const path: string = `/tests?limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const r = await sendJson<{ tests: unknown[]; nextCursor: string | null }>(server.url, agent, { method: 'GET', path, headers: auth });
    if (r.status !== 200) throw new Error(`count: ${r.status}`);
    count += r.body.tests.length;
    cursor = r.body.nextCursor;
  } while (cursor);
  return count;
}

function report(results: BackendResult[]) {
  const rows: Array<Array<string | number>> = [];
  for (const r of results) {
    const bare = r.get.bare.p50;
    for (const [name, label] of [
      ['firstPage', 'GET /tests?limit=100 (first page)'],
      ['walk', 'GET /tests?limit=100&cursor= (walk)'],
      ['bare', 'GET /bench/bare (baseline)'],
    ] as const) {
      const l = r.get[name];
      rows.push([
        `${r.backend}: ${label}`,
        l.n,
        l.p50,
        l.p95,
        l.p99,
        l.max,
        l.responseBytes,
        name === 'bare' ? '1.0x' : `${(l.p50 / bare).toFixed(1)}x`,
      ]);
    }
  }
  printTable(
    'GET latency, sequential over one keep-alive connection (ms)',
    ['endpoint', 'n', 'p50', 'p95', 'p99', 'max', 'bytes', 'p50 vs bare'],
    rows,
  );

  const stageRows: Array<Array<string | number>> = [];
  for (const r of results) {
    for (const [name, b] of Object.entries(r.breakdown)) {
      if (!b) continue;
      stageRows.push([`${r.backend}: ${name}`, b.auth!.p50, b.sql!.p50, b.view!.p50, b.stringify!.p50, b.total!.p50]);
    }
  }
  printTable(
    'GET /tests stages inside the server process, p50 (ms)',
    ['page', 'auth query', 'list query', 'toTestView', 'JSON', 'total'],
    stageRows,
  );

  const postRows: Array<Array<string | number>> = [];
  for (const r of results) {
    for (const [name, label] of [
      ['tests', 'POST /tests'],
      ['bare', 'POST /bench/bare (baseline)'],
    ] as const) {
      const t = r.post[name];
      postRows.push([
        `${r.backend}: ${label}`,
        t.requestsPerSecond,
        t.latency.p50,
        t.latency.p99,
        t.ok,
        t.failed,
        name === 'bare' ? '1.00' : (t.requestsPerSecond / r.post.bare.requestsPerSecond).toFixed(2),
      ]);
    }
  }
  printTable(
    `POST throughput, concurrency ${CONCURRENCY}, ${SECONDS} s each`,
    ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'ok', 'errors', 'vs bare'],
    postRows,
  );

  const cpuRows: Array<Array<string | number>> = [];
  for (const r of results) {
    for (const [label, c] of [
      ['GET /tests first page', r.get.firstPage.cpuMsPerRequest],
      ['GET /tests walk', r.get.walk.cpuMsPerRequest],
      ['GET /bench/bare', r.get.bare.cpuMsPerRequest],
      ['POST /tests', r.post.tests.cpuMsPerRequest],
      ['POST /bench/bare', r.post.bare.cpuMsPerRequest],
    ] as const) {
      cpuRows.push([`${r.backend}: ${label}`, c.server!, r.backend === 'postgres' ? c.postgres! : '(in server)', c.client!]);
    }
  }
  printTable(
    'CPU time per request (ms; 10 ms ticks from /proc, averaged)',
    ['endpoint', 'control plane', 'PostgreSQL', 'load generator'],
    cpuRows,
  );

  const targets = results
    .filter((r) => r.backend === 'postgres')
    .map((r) => ({
      target: `GET /tests (100 per page) p50 < ${TARGET_P50_MS} ms on real PostgreSQL`,
      firstPageP50: r.get.firstPage.p50,
      walkP50: r.get.walk.p50,
      met: r.get.firstPage.p50 < TARGET_P50_MS && r.get.walk.p50 < TARGET_P50_MS,
    }));
  for (const t of targets) {
    console.log(`\ntarget: ${t.target}: first page ${t.firstPageP50} ms, walk ${t.walkP50} ms -> ${t.met ? 'MET' : 'MISSED'}`);
  }
  writeRunResult('tests-api', {
    machine,
    started,
    params: {
      tests: TESTS,
      requests: REQUESTS,
      getBudgetSeconds: GET_BUDGET_S,
      warmup: WARMUP,
      breakdownIterations: BREAKDOWN_ITERATIONS,
      postSeconds: SECONDS,
      concurrency: CONCURRENCY,
      backends,
    },
    results,
    targets,
  });
}
