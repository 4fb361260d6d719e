import { migrate } from './migrate.js';
import { analyzeOwnTables, openPglite } from './pglite.js';
import { seedDataDir } from './pglite-template.js';
import { openPostgres } from './postgres.js';
import type { Db } from './types.js';

export type { Db, Sql } from './types.js';

/**
 * A real server when a URL is given, otherwise embedded PGlite under dataDir (in memory when
 * undefined); a new PGlite directory is copied from pgliteTemplateDir (default: the installation's).
 */
export async function openDatabase(opts: { databaseUrl?: string; pgliteDir?: string; pgliteTemplateDir?: string }): Promise<Db> {
  if (opts.databaseUrl) {
    const db = openPostgres(opts.databaseUrl);
    await migrate(db);
    return db; // a real server's autovacuum keeps the statistics
  }
  const seeded = opts.pgliteDir ? await seedDataDir(opts.pgliteDir, opts.pgliteTemplateDir) : 'in memory';
  const db = await openPglite(opts.pgliteDir, { templateDir: opts.pgliteTemplateDir });
  const applied = await migrate(db);
  // PGlite has no autovacuum: the statistics come from here and every minute (pglite.ts). A
  // new copy of the migrated template needs none: it was analysed when it was made, and its
  // tables are empty. That ANALYZE took 60-90 ms of a first start.
  if (seeded !== 'seeded' || applied.length > 0) await analyzeOwnTables(db);
  return db;
}
