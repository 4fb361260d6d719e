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
 * Embedded PostgreSQL (WASM). `dataDir` undefined means in memory (tests).
 * PGlite runs one statement at a time and holds every other caller while a
 * transaction is open, so transactions here are fully serialised.
 */
export async function openPglite(dataDir?: string, opts: { templateDir?: string } = {}): Promise<Db> {
  // A new database is a copy of the installation's initialised one: no initdb in this process.
  if (dataDir) await seedDataDir(dataDir, opts.templateDir);
  const pg = await PGlite.create(dataDir, { startParams: pgliteStartParams() });
  const wrap = (runner: { query: PGlite['query'] }): Sql => ({
    async query<T>(text: string, params: readonly unknown[] = []) {
      assertStorable(params);
      const result = await runner.query<T>(text, params as unknown[]);
      return result.rows;
    },
  });
  // PGlite has no autovacuum, so without this the planner never gets statistics and
  // a page of GET /tests reads every test of the organisation: 14-19 ms instead of
  // 0.3 ms at 10,000 tests (docs/benchmarks.md). A real server's autovacuum checks as often.
  const analyze = setInterval(() => void pg.query('ANALYZE').catch(() => {}), ANALYZE_EVERY_MS);
  analyze.unref();
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: async () => {
      clearInterval(analyze);
      await pg.close();
    },
  };
}
