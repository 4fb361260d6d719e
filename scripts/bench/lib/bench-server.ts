/**
 * Bench-only entry point: the real control plane (createApp, same config, database and
 * storage as control-plane/src/main.ts) plus bare Hono routes under /bench/*, served by
 * ONE process, so the bare routes are a baseline measured through the same Node HTTP
 * server, sockets and machine as the real endpoints:
 *
 *   GET  /bench/bare          a JSON page of 100 tests (no auth, no database, no validation)
 *   POST /bench/bare          parses a JSON body, answers {"ok":true}
 *   POST /bench/upload-raw    streams the raw request body to a file under DATA_DIR, deletes it, answers
 *                             {"bytes"}: HTTP transport + disk write alone, without multipart, hashing or inspection
 *   PUT  /bench/bare-payload  replaces what GET /bench/bare serves (operator token)
 *   POST /bench/seed          inserts tests with the insertTest query module (operator token)
 *   POST /bench/breakdown     times the stages of GET /tests in-process (operator token)
 *   POST /bench/analyze       ANALYZE tests: what autovacuum does on a server; PGlite has no autovacuum (operator token)
 *   POST /bench/sql           runs SQL against the server's own database (operator token): {statements} in one
 *                             transaction (seeding), or {text, params, iterations} timed one after another; the
 *                             only way to reach embedded PGlite, which lives in this process (usage.ts)
 *   POST /bench/execute-breakdown
 *                             times a cached POST /sessions/{id}/execute in-process with the product's own modules:
 *                             parseHierarchy and fingerprint, engine.decideStep (and the SQL it runs), then the whole
 *                             app's fetch without Node's HTTP server (operator token; execute.ts)
 *   GET  /bench/gc            garbage collections of this process since it started: count and pause ms
 *                             (perf_hooks), read before and after a measured block (execute.ts)
 *
 * Started as a child process by scripts/bench/lib/server.ts; never part of the product.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { firstStart } from '../../../control-plane/src/admin/provision.js';
import { createApp } from '../../../control-plane/src/app.js';
import { callerFromKey } from '../../../control-plane/src/auth/caller.js';
import { fingerprint, parseHierarchy } from '../../../control-plane/src/brain/index.js';
import { loadConfig } from '../../../control-plane/src/config.js';
import { type Db, openDatabase } from '../../../control-plane/src/db/index.js';
import type { Sql } from '../../../control-plane/src/db/types.js';
import { modelFromConfig } from '../../../control-plane/src/engine/model.js';
import { createStepEngine } from '../../../control-plane/src/engine/step-engine.js';
import { newId } from '../../../control-plane/src/ids.js';
import { insertTest, listTests } from '../../../control-plane/src/queries/tests.js';
import { ExecuteStep } from '../../../control-plane/src/schemas/sessions.js';
import { createServices } from '../../../control-plane/src/services.js';
import { createFileStorage } from '../../../control-plane/src/storage/files.js';
import { initialAutomation, toTestView } from '../../../control-plane/src/tests/automation.js';
import { type Context, Hono, serve } from './hono.js';
import { summarise } from './stats.js';
import { type BenchTest, makeTest, rng } from './testdata.js';

const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') });
const storage = createFileStorage(join(config.dataDir, 'files'));
await firstStart(db, config);
const services = createServices({ db, config, storage });
const real = createApp(services);

// Until the benchmark replaces it with a real page, a page of 100 generated tests in the API's shape.
const random = rng(7);
let barePayload: unknown = {
  tests: Array.from({ length: 100 }, (_, i) => {
    const t = makeTest(random, ['fld_0000000000000000'], i);
    const now = new Date().toISOString();
    return {
      id: `tst_${String(i).padStart(16, '0')}`,
      ...t,
      folderId: t.folderId ?? null,
      platforms: { android: { runnable: false, status: 'none' }, ios: { runnable: false, status: 'none' } },
      createdAt: now,
      updatedAt: now,
    };
  }),
  nextCursor: 'czoxMDA',
};

// Every GC pause of this process, for GET /bench/gc.
const gc = { count: 0, ms: 0 };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gc.count++;
    gc.ms += e.duration;
  }
}).observe({ entryTypes: ['gc'] });

const operatorOnly = (c: Context) => c.req.header('authorization') === `Bearer ${config.adminToken}`;

const bench = new Hono();
bench.get('/bare', (c) => c.json(barePayload as object));
bench.post('/bare', async (c) => {
  await c.req.json();
  return c.json({ ok: true });
});
bench.post('/upload-raw', async (c) => {
  const dir = join(config.dataDir, 'bench-raw-upload');
  await mkdir(dir, { recursive: true });
  const path = join(dir, `upload-${Date.now()}`);
  try {
    await pipeline((c.env as { incoming: Readable }).incoming, createWriteStream(path));
    return c.json({ bytes: (await stat(path)).size });
  } finally {
    await rm(path, { force: true });
  }
});
bench.put('/bare-payload', async (c) => {
  if (!operatorOnly(c)) return c.json({ detail: 'operator token required' }, 401);
  barePayload = await c.req.json();
  return c.json({ ok: true, bytes: JSON.stringify(barePayload).length });
});
bench.post('/seed', async (c) => {
  if (!operatorOnly(c)) return c.json({ detail: 'operator token required' }, 401);
  const { orgId, tests } = await c.req.json<{ orgId: string; tests: BenchTest[] }>();
  await db.transaction(async (tx) => {
    for (const t of tests) {
      await insertTest(tx, {
        id: newId('tst'),
        orgId,
        folderId: t.folderId ?? null,
        title: t.title,
        commands: t.commands,
        tags: t.tags,
        preRequests: t.preRequests,
        teardownRequests: t.teardownRequests,
        launchParams: t.launchParams,
        testInputs: t.testInputs,
        autoGenerate: t.autoGenerate,
        automation: initialAutomation(t.autoGenerate),
      });
    }
  });
  return c.json({ inserted: tests.length });
});
bench.post('/analyze', async (c) => {
  if (!operatorOnly(c)) return c.json({ detail: 'operator token required' }, 401);
  const t0 = performance.now();
  await db.query('ANALYZE tests');
  return c.json({ ms: performance.now() - t0 });
});
bench.post('/breakdown', async (c) => {
  if (!operatorOnly(c)) return c.json({ detail: 'operator token required' }, 401);
  const { apiKey, iterations, walk } = await c.req.json<{ apiKey: string; iterations: number; walk: boolean }>();
  const stages = { auth: [] as number[], sql: [] as number[], view: [] as number[], stringify: [] as number[], total: [] as number[] };
  let afterSeq: string | undefined;
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    const caller = await callerFromKey(db, apiKey);
    const t1 = performance.now();
    const rows = await listTests(db, { orgId: caller.org.id, afterSeq: walk ? afterSeq : undefined, limit: 101 });
    const t2 = performance.now();
    const page = rows.slice(0, 100);
    const views = page.map(toTestView);
    const t3 = performance.now();
    const text = JSON.stringify({ tests: views, nextCursor: 'x' });
    const t4 = performance.now();
    afterSeq = rows.length > 100 ? page[page.length - 1]!.seq : undefined;
    if (text.length === 0) throw new Error('unreachable');
    stages.auth.push(t1 - t0);
    stages.sql.push(t2 - t1);
    stages.view.push(t3 - t2);
    stages.stringify.push(t4 - t3);
    stages.total.push(t4 - t0);
  }
  return c.json(Object.fromEntries(Object.entries(stages).map(([k, v]) => [k, summarise(v)])));
});

bench.get('/gc', (c) => c.json(gc));
bench.post('/sql', async (c) => {
  if (!operatorOnly(c)) return c.json({ detail: 'operator token required' }, 401);
  const body = await c.req.json<{ statements?: string[]; text?: string; params?: unknown[]; iterations?: number }>();
  if (body.statements) {
    const t0 = performance.now();
    const rows = await db.transaction(async (tx) => {
      let last: unknown[] = [];
      for (const statement of body.statements!) last = await tx.query(statement);
      return last;
    });
    return c.json({ ms: performance.now() - t0, rows });
  }
  const times: number[] = [];
  let rows: unknown[] = [];
  for (let i = 0; i < (body.iterations ?? 1); i++) {
    const t0 = performance.now();
    rows = await db.query(body.text!, body.params ?? []);
    times.push(performance.now() - t0);
  }
  return c.json({ ms: times.reduce((a, b) => a + b, 0), times: summarise(times), samples: times, rows });
});
// Where a cached execute's time goes, measured with the product's own modules only (no copy of
// the engine's steps here): the two pure functions the engine runs on every screen, the engine's
// decide as the route calls it (over a Db that times the engine's own statements), and the whole
// app's fetch without Node's HTTP server. Every iteration must be answered from the cache.
bench.post('/execute-breakdown', async (c) => {
  if (!operatorOnly(c)) return c.json({ detail: 'operator token required' }, 401);
  const { apiKey, sessionId, body, iterations } = await c.req.json<{
    apiKey: string;
    sessionId: string;
    body: string;
    iterations: number;
  }>();
  const req = ExecuteStep.parse(JSON.parse(body));
  const caller = await callerFromKey(db, apiKey);
  const stages = {
    hierarchy: [] as number[],
    fingerprint: [] as number[],
    engine: [] as number[],
    sql: [] as number[],
    statements: [] as number[],
    app: [] as number[],
  };
  let elements = 0;
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    const hierarchy = parseHierarchy(req.page_source, 'android');
    if (!hierarchy.ok) throw new Error(hierarchy.error);
    const t1 = performance.now();
    fingerprint(hierarchy.elements);
    stages.hierarchy.push(t1 - t0);
    stages.fingerprint.push(performance.now() - t1);
    elements = hierarchy.elements.length;
  }
  // engine.decideStep as routes/sessions.ts calls it (auth and validation done once, outside the timing).
  const timed = timedDb(db);
  const engine = createStepEngine({ db: timed.db, model: modelFromConfig(config), storage });
  for (let i = 0; i < iterations; i++) {
    timed.reset();
    const t0 = performance.now();
    const result = await engine.decideStep({
      session: { orgId: caller.org.id, id: sessionId },
      call: 'execute',
      command: req.command,
      values: req.values,
      pageSource: req.page_source,
      stepNumber: req.step_number,
    });
    stages.engine.push(performance.now() - t0);
    stages.sql.push(timed.ms());
    stages.statements.push(timed.count());
    if (result.kind !== 'cached') throw new Error(`engine.decideStep answered ${result.kind}, not cached: warm it with one execute first`);
  }
  // The whole control plane app (middleware, auth, validation, route, engine, response) without Node's HTTP
  // server: a Request handed to its fetch, the response body read.
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    const res = await real.fetch(
      new Request(`http://bench.local/sessions/${sessionId}/execute`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body,
      }),
      {},
    );
    const text = await res.text();
    stages.app.push(performance.now() - t0);
    if (res.status !== 200 || !text.includes('"step_type":"cached"'))
      throw new Error(`in-process app: ${res.status} ${text.slice(0, 300)}`);
  }
  return c.json({ elements, stages: Object.fromEntries(Object.entries(stages).map(([k, v]) => [k, summarise(v)])) });
});

/** The same database, with the time and number of the statements run through it since `reset()` (transactions included). */
function timedDb(inner: Db): { db: Db; reset(): void; ms(): number; count(): number } {
  let ms = 0;
  let count = 0;
  const timeQuery =
    (sql: Sql): Sql['query'] =>
    async (text, params) => {
      const t0 = performance.now();
      try {
        return await sql.query(text, params);
      } finally {
        ms += performance.now() - t0;
        count++;
      }
    };
  const db: Db = Object.assign(Object.create(inner) as Db, {
    query: timeQuery(inner),
    transaction: <T>(fn: (tx: Sql) => Promise<T>) => inner.transaction((tx) => fn({ query: timeQuery(tx) })),
  });
  return {
    db,
    reset: () => {
      ms = 0;
      count = 0;
    },
    ms: () => ms,
    count: () => count,
  };
}

const root = new Hono();
root.route('/bench', bench);
// Everything else goes to the real control plane, with the Node request (c.env.incoming) it streams uploads from.
root.all('*', (c) => real.fetch(c.req.raw, c.env));

const server = serve({ fetch: root.fetch, port: config.port, hostname: config.host }, (info) => {
  console.log(`bench server (real app + /bench/*) on port ${info.port}, database: ${db.kind}, pid ${process.pid}`);
});

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  server.close();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
