/**
 * GET /usage/sdk-sessions on a table of 1,030,000 SDK sessions: 30,000 in the caller's
 * 30-day window, 1,000,000 of other windows (older than 90 days) and other organisations.
 * Side by side, in the same run: the same query text (control-plane/src/queries/usage.ts)
 * run directly with the `postgres` driver from this process, and a bare route of the same
 * server answering the same report (scripts/bench/lib/bench-server.ts).
 *
 *   node --import tsx scripts/bench/usage.ts [--backend postgres|pglite|both] [--requests 500]
 *        [--budget 60] [--others 1000000] [--window 30000]
 *
 * Default: real PostgreSQL only (about 85 s). `--backend both` adds embedded PGlite with the
 * same million rows, whose seeding alone takes 45-50 s there,: about 4 minutes in all
 * (docs/benchmarks.md).
 * --requests is per variant; the measuring of one backend stops after --budget seconds.
 *
 * Target (usage issue): p50 under 50 ms on real PostgreSQL, both with and without apiKeyId=.
 */

import type { Db, Sql } from '../../control-plane/src/db/index.js';
import { openPostgres } from '../../control-plane/src/db/postgres.js';
import { MAX_COUNTED_SESSIONS, usageByTestId } from '../../control-plane/src/queries/usage.js';
import { type Backend, backendsFlag, runOnBackends } from './lib/backends.js';
import { type CpuProbe, cpuDelta, cpuSnapshot } from './lib/cpu.js';
import { keepAliveAgent, send, sendJson } from './lib/http.js';
import { describeMachine, type Machine, machineLine } from './lib/machine.js';
import { flag, printTable, writeRunResult } from './lib/report.js';
import { type ChildServer, createOrganisation } from './lib/server.js';
import { round, type Summary, summarise } from './lib/stats.js';
import { usageSeedStatements } from './lib/usage-data.js';

const TARGET_P50_MS = 50;
const DAYS = 30;
const DAY_MS = 86_400_000;
const REQUESTS = Number(flag('requests', '500'));
const BUDGET_S = Number(flag('budget', '60'));
const OTHERS = Number(flag('others', '1000000'));
const WINDOW = Number(flag('window', String(MAX_COUNTED_SESSIONS)));
const OTHER_ORGS = 24;
const WARMUP = 30;
const BLOCK = 25; // requests per variant per round: the variants alternate, so drift hits all alike

const backends = backendsFlag('postgres');
// A third of the million are the caller's own old sessions, the rest other organisations' (some in the window).
const OLDER_OWN = Math.round(OTHERS * 0.3);
const OTHER_ORG_SESSIONS = OTHERS - OLDER_OWN;

type Variant = 'httpAll' | 'httpKey' | 'bare' | 'sqlAll' | 'sqlKey';
const LABELS: Record<Variant, string> = {
  httpAll: `GET /usage/sdk-sessions?days=${DAYS}`,
  httpKey: `GET /usage/sdk-sessions?days=${DAYS}&apiKeyId=<own key>`,
  bare: 'GET /bench/bare, same report (baseline)',
  sqlAll: 'raw SQL, same query, no key filter (baseline)',
  sqlKey: 'raw SQL, same query, key filter (baseline)',
};
const VARIANTS: Variant[] = ['httpAll', 'httpKey', 'bare', 'sqlAll', 'sqlKey'];

interface Latency extends Summary {
  responseBytes: number;
  cpuMsPerRequest: Record<string, number>;
}

interface PlanSummary {
  /** The query's scan node on sdk_sessions, e.g. "Index Only Scan using sdk_sessions_usage on sdk_sessions". */
  scan: string;
  indexOnly: boolean;
  heapFetches: number | null;
  rowsFromIndex: number | null;
  buffers: string | null;
  executionMs: number | null;
}

interface BackendResult {
  backend: Backend;
  seedSeconds: number;
  vacuumSeconds: number;
  /** sdk_sessions' storage parameters as the migrations left them (the early-autovacuum settings). */
  reloptions: string[] | null;
  rows: number;
  report: { runs: number; testIds: number; truncated: boolean; keyRuns: number; bytes: number };
  latency: Partial<Record<Variant, Latency>>;
  /** Where the raw SQL baseline ran: this process through the postgres driver, or inside the server (PGlite lives there). */
  sqlFrom: string;
  explain: Record<string, { plan: string[]; summary: PlanSummary }>;
}

const machine: Machine = describeMachine();
console.log(
  `usage benchmark: ${WINDOW} sessions in the window + ${OTHERS} others (${OLDER_OWN} own older than 90 days, ` +
    `${OTHER_ORG_SESSIONS} of ${OTHER_ORGS} other organisations), ${REQUESTS} requests per variant, backends: ${backends.join(', ')}`,
);
console.log(`machine: ${machineLine(machine)}`);

const started = performance.now();
const results = await runOnBackends(backends, { entry: 'bench' }, ({ backend, server, pg, probe, onCleanup }) => {
  // The raw SQL baseline: the product's own driver wrapper (postgres.js, prepared statements, pool of 10), in this process.
  const direct = pg ? openPostgres(pg.url) : null;
  if (direct) onCleanup(() => direct.close());
  return benchBackend(backend, server, direct, probe);
});

report(results);

async function benchBackend(backend: Backend, server: ChildServer, direct: Db | null, probe: CpuProbe): Promise<BackendResult> {
  const agent = keepAliveAgent(1);
  const admin = { authorization: `Bearer ${server.adminToken}` };
  const org = await createOrganisation(server, 'Usage bench org');
  const apiKeyId = /^dl_live_([A-Za-z0-9]{11})_/.exec(org.apiKey)?.[1];
  if (!apiKeyId) throw new Error(`unexpected API key format: ${org.apiKey.slice(0, 12)}…`);
  const auth = { authorization: `Bearer ${org.apiKey}` };
  const otherOrgIds: string[] = [];
  for (let i = 0; i < OTHER_ORGS; i++) otherOrgIds.push((await createOrganisation(server, `Other org ${i + 1}`)).organisationId);

  // Seed with generate_series on the database server itself, then VACUUM ANALYZE: the visibility map the
  // index-only scan needs, and statistics (autovacuum does both on a real server after a bulk insert).
  const statements = usageSeedStatements({
    orgId: org.organisationId,
    apiKeyId,
    otherOrgIds,
    window: WINDOW,
    olderOwn: OLDER_OWN,
    others: OTHER_ORG_SESSIONS,
  });
  const seedStart = performance.now();
  let rows: number;
  if (direct) {
    const last = await direct.transaction(async (tx) => {
      let out: Array<{ n: number }> = [];
      for (const s of statements) out = await tx.query<{ n: number }>(s);
      return out;
    });
    rows = last[0]!.n;
  } else {
    const r = await serverSql<{ n: number }>(server, agent, { statements });
    rows = r.rows[0]!.n;
  }
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const vacuumStart = performance.now();
  if (direct) await direct.query('VACUUM ANALYZE sdk_sessions');
  else await serverSql(server, agent, { text: 'VACUUM ANALYZE sdk_sessions' });
  const vacuumSeconds = (performance.now() - vacuumStart) / 1000;
  console.log(`[${backend}] seeded ${rows} sessions in ${seedSeconds.toFixed(1)} s, VACUUM ANALYZE ${vacuumSeconds.toFixed(1)} s`);
  const relText = `SELECT reloptions FROM pg_class WHERE relname = 'sdk_sessions'`;
  const rel = direct
    ? await direct.query<{ reloptions: string[] | null }>(relText)
    : (await serverSql<{ reloptions: string[] | null }>(server, agent, { text: relText })).rows;
  const reloptions = rel[0]?.reloptions ?? null;
  console.log(`[${backend}] sdk_sessions storage parameters: ${reloptions?.join(', ') ?? 'none (autovacuum defaults)'}`);

  // The report must count exactly the window's sessions.
  const expected = await countInWindow(backend, server, agent, direct, org.organisationId, apiKeyId);
  const all = await sendJson<{ truncated: boolean; totals: { runs: number }; byTestId: unknown[] }>(server.url, agent, {
    method: 'GET',
    path: `/usage/sdk-sessions?days=${DAYS}`,
    headers: auth,
  });
  const key = await sendJson<{ totals: { runs: number } }>(server.url, agent, {
    method: 'GET',
    path: `/usage/sdk-sessions?days=${DAYS}&apiKeyId=${apiKeyId}`,
    headers: auth,
  });
  if (all.status !== 200 || key.status !== 200) throw new Error(`usage report: ${all.status} ${JSON.stringify(all.body).slice(0, 300)}`);
  if (
    all.body.totals.runs !== Math.min(expected.all, MAX_COUNTED_SESSIONS) ||
    key.body.totals.runs !== Math.min(expected.key, MAX_COUNTED_SESSIONS)
  ) {
    throw new Error(
      `the report counted ${all.body.totals.runs} / ${key.body.totals.runs} runs, the table holds ${expected.all} / ${expected.key}`,
    );
  }
  const reportBody = Buffer.from(JSON.stringify(all.body));
  console.log(
    `[${backend}] report: ${all.body.totals.runs} runs in ${all.body.byTestId.length} test ids (${reportBody.length} bytes), ` +
      `${key.body.totals.runs} with apiKeyId=${apiKeyId}, truncated ${all.body.truncated}`,
  );
  const put = await send(server.url, agent, {
    method: 'PUT',
    path: '/bench/bare-payload',
    headers: { ...admin, 'content-type': 'application/json' },
    body: reportBody,
  });
  if (put.status !== 200) throw new Error(`set bare payload: ${put.status}`);

  // The statement the route runs, captured from the query module itself (text and parameters).
  const seen: Partial<Record<'all' | 'key', { text: string; params: unknown[] }>> = {};
  for (const [name, keyFilter] of [
    ['all', undefined],
    ['key', apiKeyId],
  ] as const) {
    const spy: Sql = {
      query: async <T>(text: string, params: readonly unknown[] = []) => {
        seen[name] = { text, params: [...params] };
        return [] as T[];
      },
    };
    const end = new Date();
    await usageByTestId(spy, { orgId: org.organisationId, start: new Date(end.getTime() - DAYS * DAY_MS), end, apiKeyId: keyFilter });
  }
  if (!seen.all || !seen.key) throw new Error('the usage query module ran no statement');
  const captured = { all: seen.all, key: seen.key };
  const filter = (keyFilter: string | undefined) => {
    const end = new Date();
    return { orgId: org.organisationId, start: new Date(end.getTime() - DAYS * DAY_MS), end, apiKeyId: keyFilter };
  };

  const variants = VARIANTS;
  const samples = Object.fromEntries(variants.map((v) => [v, [] as number[]])) as Record<Variant, number[]>;
  const cpu = Object.fromEntries(variants.map((v) => [v, {} as Record<string, number>])) as Record<Variant, Record<string, number>>;
  const bytes: Partial<Record<Variant, number>> = {};
  const httpPath: Partial<Record<Variant, string>> = {
    httpAll: `/usage/sdk-sessions?days=${DAYS}`,
    httpKey: `/usage/sdk-sessions?days=${DAYS}&apiKeyId=${apiKeyId}`,
    bare: '/bench/bare',
  };
  const run = async (v: Variant, count: number, record: boolean) => {
    const before = cpuSnapshot(probe);
    const times: number[] = [];
    if (v === 'sqlAll' || v === 'sqlKey') {
      const keyFilter = v === 'sqlKey' ? apiKeyId : undefined;
      if (direct) {
        for (let i = 0; i < count; i++) {
          const t0 = process.hrtime.bigint();
          const r = await usageByTestId(direct, filter(keyFilter));
          times.push(Number(process.hrtime.bigint() - t0) / 1e6);
          if (r.groups.length === 0) throw new Error('raw SQL found no sessions');
        }
      } else {
        // PGlite lives in the server process: the same text and parameters, timed there.
        const q = captured[v === 'sqlKey' ? 'key' : 'all'];
        const end = new Date();
        const params = [...q.params];
        params[1] = new Date(end.getTime() - DAYS * DAY_MS).toISOString();
        params[2] = end.toISOString();
        const r = await serverSql(server, agent, { text: q.text, params, iterations: count });
        times.push(...r.samples!);
      }
    } else {
      for (let i = 0; i < count; i++) {
        const reply = await send(server.url, agent, { method: 'GET', path: httpPath[v]!, headers: auth });
        if (reply.status !== 200) throw new Error(`${LABELS[v]}: ${reply.status} ${reply.body.toString('utf8').slice(0, 300)}`);
        times.push(reply.ms);
        bytes[v] = Math.max(bytes[v] ?? 0, reply.bytes);
      }
    }
    if (record) {
      samples[v].push(...times);
      const d = cpuDelta(before, cpuSnapshot(probe));
      for (const [k, ms] of Object.entries(d)) cpu[v][k] = (cpu[v][k] ?? 0) + ms;
    }
  };
  for (const v of variants) await run(v, WARMUP, false);
  const deadline = performance.now() + BUDGET_S * 1000;
  for (let done = 0; done < REQUESTS && performance.now() < deadline; done += BLOCK) {
    for (const v of variants) await run(v, Math.min(BLOCK, REQUESTS - done), true);
  }
  if (samples.bare.length < REQUESTS) console.log(`[${backend}] measuring stopped after ${BUDGET_S} s: ${samples.bare.length} per variant`);
  const latency: BackendResult['latency'] = {};
  for (const v of variants) {
    const n = samples[v].length;
    latency[v] = {
      ...summarise(samples[v]),
      responseBytes: bytes[v] ?? 0,
      cpuMsPerRequest: Object.fromEntries(Object.entries(cpu[v]).map(([k, ms]) => [k, round(ms / Math.max(1, n), 3)])),
    };
  }
  console.log(
    `[${backend}] p50: default ${latency.httpAll!.p50} ms, apiKeyId ${latency.httpKey!.p50} ms, bare ${latency.bare!.p50} ms, ` +
      `raw SQL ${latency.sqlAll!.p50} / ${latency.sqlKey!.p50} ms`,
  );

  // EXPLAIN (ANALYZE, BUFFERS) once per variant; on PostgreSQL also the generic plan, which a prepared
  // statement (the driver prepares every query) may switch to after its fifth execution.
  const explain: BackendResult['explain'] = {};
  for (const name of ['all', 'key'] as const) {
    const q = captured[name];
    const text = `EXPLAIN (ANALYZE, BUFFERS) ${q.text}`;
    const lines = direct
      ? (await direct.query<{ 'QUERY PLAN': string }>(text, q.params)).map((r) => r['QUERY PLAN'])
      : (
          await serverSql<{ 'QUERY PLAN': string }>(server, agent, {
            text,
            params: q.params.map((p) => (p instanceof Date ? p.toISOString() : p)),
          })
        ).rows.map((r) => r['QUERY PLAN']);
    explain[name] = { plan: lines, summary: summarisePlan(lines) };
    if (direct) {
      const generic = await genericPlan(direct, q.text, q.params);
      explain[`${name}Generic`] = { plan: generic, summary: summarisePlan(generic) };
    }
  }
  agent.destroy();
  return {
    backend,
    seedSeconds: round(seedSeconds, 1),
    vacuumSeconds: round(vacuumSeconds, 1),
    reloptions,
    rows,
    report: {
      runs: all.body.totals.runs,
      testIds: all.body.byTestId.length,
      truncated: all.body.truncated,
      keyRuns: key.body.totals.runs,
      bytes: reportBody.length,
    },
    latency,
    sqlFrom: direct ? 'benchmark process, postgres driver' : 'inside the server process (PGlite)',
    explain,
  };
}

async function serverSql<T = Record<string, unknown>>(
  server: ChildServer,
  agent: ReturnType<typeof keepAliveAgent>,
  body: { statements?: string[]; text?: string; params?: unknown[]; iterations?: number },
): Promise<{ rows: T[]; samples?: number[]; ms: number }> {
  const r = await sendJson<{ rows: T[]; samples?: number[]; ms: number }>(server.url, agent, {
    method: 'POST',
    path: '/bench/sql',
    headers: { authorization: `Bearer ${server.adminToken}` },
    json: body,
  });
  if (r.status !== 200) throw new Error(`/bench/sql: ${r.status} ${JSON.stringify(r.body).slice(0, 500)}`);
  return r.body;
}

async function countInWindow(
  backend: string,
  server: ChildServer,
  agent: ReturnType<typeof keepAliveAgent>,
  direct: Db | null,
  orgId: string,
  apiKeyId: string,
): Promise<{ all: number; key: number }> {
  const text = `SELECT count(*)::int AS "all", (count(*) FILTER (WHERE api_key_id = $2))::int AS key
                  FROM sdk_sessions WHERE org_id = $1 AND started_at >= now() - interval '${DAYS} days'`;
  const rows = direct
    ? await direct.query<{ all: number; key: number }>(text, [orgId, apiKeyId])
    : (await serverSql<{ all: number; key: number }>(server, agent, { text, params: [orgId, apiKeyId] })).rows;
  if (!rows[0]) throw new Error(`[${backend}] count failed`);
  return rows[0];
}

/** The plan PostgreSQL caches for the prepared statement when it goes generic (PREPARE + force_generic_plan). */
async function genericPlan(db: Db, text: string, params: readonly unknown[]): Promise<string[]> {
  const types = ['text', 'timestamptz', 'timestamptz', 'int', 'text'].slice(0, params.length);
  const literal = (p: unknown) => `'${(p instanceof Date ? p.toISOString() : String(p)).replace(/'/g, "''")}'`;
  return db.transaction(async (tx) => {
    await tx.query('SET LOCAL plan_cache_mode = force_generic_plan');
    await tx.query(`PREPARE usage_generic (${types.join(', ')}) AS ${text}`);
    try {
      const rows = await tx.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS) EXECUTE usage_generic (${params.map(literal).join(', ')})`,
      );
      return rows.map((r) => r['QUERY PLAN']);
    } finally {
      await tx.query('DEALLOCATE usage_generic');
    }
  });
}

function summarisePlan(lines: string[]): PlanSummary {
  const scanAt = lines.findIndex((l) => /Scan .*on sdk_sessions|Scan on sdk_sessions/.test(l));
  const scanLine = scanAt >= 0 ? lines[scanAt]! : '';
  const scan = scanLine.replace(/^[\s->]*/, '').replace(/\s+\(cost=.*$/, '');
  // Lines that belong to the scan node: until the next node ("->") at any depth.
  const own: string[] = [];
  for (let i = scanAt + 1; scanAt >= 0 && i < lines.length && !lines[i]!.includes('->'); i++) own.push(lines[i]!);
  const num = (re: RegExp, from: string[]) => {
    for (const l of from) {
      const m = re.exec(l);
      if (m) return Number(m[1]);
    }
    return null;
  };
  return {
    scan,
    indexOnly: /Index Only Scan/.test(scanLine),
    heapFetches: num(/Heap Fetches: (\d+)/, own),
    rowsFromIndex: (() => {
      const m = /actual time=[\d.]+\.\.[\d.]+ rows=(\d+)/.exec(scanLine);
      return m ? Number(m[1]) : null;
    })(),
    buffers: own.find((l) => l.includes('Buffers:'))?.trim() ?? null,
    executionMs: num(/Execution Time: ([\d.]+) ms/, lines),
  };
}

function report(results: BackendResult[]) {
  const rows: Array<Array<string | number>> = [];
  for (const r of results) {
    const bare = r.latency.bare!.p50;
    for (const v of VARIANTS) {
      const l = r.latency[v];
      if (!l) continue;
      rows.push([
        `${r.backend}: ${LABELS[v]}`,
        l.n,
        l.p50,
        l.p95,
        l.p99,
        l.max,
        l.responseBytes || '-',
        v === 'bare' ? '1.0x' : `${(l.p50 / bare).toFixed(1)}x`,
      ]);
    }
  }
  printTable(
    'Latency, sequential over one keep-alive connection / one driver connection (ms)',
    ['variant', 'n', 'p50', 'p95', 'p99', 'max', 'bytes', 'p50 vs bare'],
    rows,
  );

  const cpuRows: Array<Array<string | number>> = [];
  for (const r of results) {
    for (const v of VARIANTS) {
      const c = r.latency[v]?.cpuMsPerRequest;
      if (!c) continue;
      cpuRows.push([`${r.backend}: ${LABELS[v]}`, c.server!, r.backend === 'postgres' ? c.postgres! : '(in server)', c.client!]);
    }
  }
  printTable(
    'CPU time per request (ms; 10 ms ticks from /proc, averaged)',
    ['variant', 'control plane', 'PostgreSQL', 'benchmark process'],
    cpuRows,
  );

  for (const r of results) {
    for (const [name, e] of Object.entries(r.explain)) {
      const what = {
        all: 'no key filter',
        key: 'apiKeyId filter',
        allGeneric: 'no key filter, generic plan',
        keyGeneric: 'apiKeyId filter, generic plan',
      }[name];
      console.log(`\n[${r.backend}] EXPLAIN (ANALYZE, BUFFERS), ${what}:`);
      if (name === 'all' || name === 'key') for (const l of e.plan) console.log(`  ${l}`);
      const s = e.summary;
      console.log(
        `  => ${s.indexOnly ? 'INDEX-ONLY SCAN' : 'NOT an index-only scan'}: ${s.scan}; rows from the scan ${s.rowsFromIndex}, ` +
          `heap fetches ${s.heapFetches}, ${s.buffers ?? 'no buffer line'}, execution ${s.executionMs} ms`,
      );
    }
  }

  const targets = results
    .filter((r) => r.backend === 'postgres')
    .map((r) => ({
      target: `GET /usage/sdk-sessions p50 < ${TARGET_P50_MS} ms on real PostgreSQL (${WINDOW} sessions in the window, ${OTHERS} others)`,
      p50: r.latency.httpAll!.p50,
      p50ApiKeyId: r.latency.httpKey!.p50,
      met: r.latency.httpAll!.p50 < TARGET_P50_MS && r.latency.httpKey!.p50 < TARGET_P50_MS,
    }));
  for (const t of targets)
    console.log(`\ntarget: ${t.target}: ${t.p50} ms, with apiKeyId ${t.p50ApiKeyId} ms -> ${t.met ? 'MET' : 'MISSED'}`);
  for (const r of results.filter((x) => x.backend === 'pglite')) {
    console.log(`pglite (no target): ${r.latency.httpAll!.p50} ms, with apiKeyId ${r.latency.httpKey!.p50} ms`);
  }
  writeRunResult('usage', {
    machine,
    started,
    params: {
      window: WINDOW,
      others: OTHERS,
      olderOwn: OLDER_OWN,
      otherOrganisations: OTHER_ORGS,
      otherOrgSessions: OTHER_ORG_SESSIONS,
      days: DAYS,
      requests: REQUESTS,
      budgetSeconds: BUDGET_S,
      warmup: WARMUP,
      backends,
    },
    results,
    targets,
  });
}
