import { PGlite } from '@electric-sql/pglite';
import { assertStorable } from './guard.js';
import { seedDataDir } from './pglite-template.js';
import type { Db, Sql } from './types.js';

const ANALYZE_EVERY_MS = 60_000; // autovacuum_naptime's default

/**
 * PostgreSQL settings that bound the embedded database's memory. PGlite's WASM heap grows
 * but never shrinks, and PostgreSQL touches all of shared_buffers at start, so the library's
 * 128 MB default alone was half the idle RSS. Pages that miss these buffers are still in the
 * operating system's file cache (PGlite reads its data directory through node:fs), so a
 * small pool costs a system call, not a disk read. maintenance_work_mem bounds what an index
 * build or ANALYZE may add to the heap for good.
 */
export const PGLITE_MEMORY_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '16MB',
  maintenance_work_mem: '16MB',
};

/** The library's start parameters plus ours (`-c name=value` each). */
export function pgliteStartParams(): string[] {
  const ours = Object.entries(PGLITE_MEMORY_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  return [...PGlite.defaultStartParams, ...ours];
}

/**
 * Refreshes the planner's statistics of our own tables. A bare ANALYZE also reads the
 * system catalogs (about 60 tables): 10x the time (0.6-2.7 s against 0.06-0.2 s on a new
 * database, docs/benchmarks.md `startup`), spent at every start and every minute on the
 * one thread that also serves requests. The catalogs change only with migrations.
 */
export async function analyzeOwnTables(sql: Sql): Promise<void> {
  const tables = await sql.query<{ name: string }>("SELECT format('%I', tablename) AS name FROM pg_tables WHERE schemaname = 'public'");
  if (tables.length > 0) await sql.query(`ANALYZE ${tables.map((t) => t.name).join(', ')}`);
}

/**
 * Embedded PostgreSQL (WASM). `dataDir` undefined means in memory (tests).
 * PGlite runs one statement at a time and holds every other caller while a
 * transaction is open, so transactions here are fully serialised.
 */
export async function openPglite(dataDir?: string, opts: { templateDir?: string } = {}): Promise<Db> {
  // A new database is a copy of the installation's initialised one: no initdb in this process.
  if (dataDir) await seedDataDir(dataDir, opts.templateDir);
  const pg = await PGlite.create(dataDir, { startParams: pgliteStartParams() });
  const wrap = (runner: { query: PGlite['query'] }): Sql => ({
    async query<T extends object>(text: string, params: readonly unknown[] = []) {
      assertStorable(params);
      const result = await runner.query<T>(text, params as unknown[]);
      return result.rows;
    },
  });
  // PGlite has no autovacuum, so without this the planner never gets statistics and
  // a page of GET /tests reads every test of the organisation: 14-19 ms instead of
  // 0.3 ms at 10,000 tests (docs/benchmarks.md). A real server's autovacuum checks as often.
  const sql = wrap(pg);
  const analyze = setInterval(() => void analyzeOwnTables(sql).catch(() => {}), ANALYZE_EVERY_MS);
  analyze.unref();
  return {
    kind: 'pglite',
    ...sql,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: async () => {
      clearInterval(analyze);
      await pg.close();
    },
  };
}
