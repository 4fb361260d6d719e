import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { assertStorable } from './guard.js';
import type { Db, Sql } from './types.js';

const ANALYZE_EVERY_MS = 60_000; // autovacuum_naptime's default

/**
 * Embedded PostgreSQL (WASM). `dataDir` undefined means in memory (tests).
 * PGlite runs one statement at a time and holds every other caller while a
 * transaction is open, so transactions here are fully serialised.
 */
export async function openPglite(dataDir?: string): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir);
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
