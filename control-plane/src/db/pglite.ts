import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { assertStorable } from './guard.js';
import type { Db, Sql } from './types.js';

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
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}
