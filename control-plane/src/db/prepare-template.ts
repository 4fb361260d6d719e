/**
 * Prepares the embedded database's templates ahead of a first start, outside the server's
 * process (scripts/build-control-plane.mjs imports the bundle of this module at every
 * `pnpm install` and `pnpm start`; it returns at once when they exist): the bare one by
 * initdb in a child process, then the migrated one for the current migration files, a copy
 * of the bare one migrated and analysed here. See pglite-template.ts.
 */
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { migrate } from './migrate.js';
import { openPglite } from './pglite.js';
import { buildAtomically, ensureTemplate, hasDatabase, migratedTemplateDir } from './pglite-template.js';

/** The migrated template's directory, and whether this call made it. Directories other than the installation's: tests. */
export async function prepareTemplates(dirs: { bare?: string; migrated?: string } = {}): Promise<{ dir: string; made: boolean }> {
  const target = dirs.migrated ?? migratedTemplateDir();
  if (hasDatabase(target)) return { dir: target, made: false };
  const bare = await ensureTemplate(dirs.bare);
  await buildAtomically(target, async (dir) => {
    cpSync(bare, dir, { recursive: true });
    const db = await openPglite(dir);
    try {
      await migrate(db);
      await db.query('ANALYZE');
    } finally {
      await db.close();
    }
  });
  if (!dirs.migrated) removeOtherMigratedTemplates(target);
  return { dir: target, made: true };
}

/** Templates of earlier migration files serve no new database: 40 MB each. */
function removeOtherMigratedTemplates(current: string): void {
  const prefix = basename(current).replace(/-[0-9a-f]+$/, '-');
  for (const name of readdirSync(dirname(current))) {
    if (name.startsWith(prefix) && name !== basename(current) && !name.includes('.partial-')) {
      rmSync(join(dirname(current), name), { recursive: true, force: true });
    }
  }
}
