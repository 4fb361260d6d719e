import { analyzeOwnTables, openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';
import { migrate } from './migrate.js';
import type { Db } from './types.js';

export type { Db, Sql } from './types.js';

/**
 * A real server when a URL is given, otherwise embedded PGlite under dataDir (in memory when
 * undefined); a new PGlite directory is copied from pgliteTemplateDir (default: the installation's).
 */
export async function openDatabase(opts: { databaseUrl?: string; pgliteDir?: string; pgliteTemplateDir?: string }): Promise<Db> {
  const db = opts.databaseUrl
    ? openPostgres(opts.databaseUrl)
    : await openPglite(opts.pgliteDir, { templateDir: opts.pgliteTemplateDir });
  await migrate(db);
  // A real server's autovacuum keeps statistics; PGlite gets them here and every few minutes.
  if (db.kind === 'pglite') await analyzeOwnTables(db);
  return db;
}
