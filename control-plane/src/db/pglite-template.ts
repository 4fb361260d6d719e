import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A new embedded database starts as a copy of an initialised data directory (a template)
 * instead of running initdb itself. initdb in PGlite takes 3-4 s and leaves about 500 MiB of
 * WASM heaps in the process that ran it (they are never given back), so it runs once per
 * installation, in a child process. Copying a template takes a fraction of a second.
 *
 * Two templates: the bare one (initdb only), and a migrated one per set of migration files
 * (prepare-template.ts, run by `pnpm install` and `pnpm start` outside the server), which
 * also saves a first start its migrations. The server takes the migrated one when it exists
 * for the migrations it has, the bare one otherwise (made here when missing), and runs the
 * migrations either way: on the migrated copy they find nothing to do.
 */

/** The control-plane package directory: the nearest ancestor with a package.json (from src/db or from dist). */
function packageDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
  return dir;
}

function pgliteVersion(fromDir: string): string {
  const manifest = join(fromDir, 'node_modules', '@electric-sql', 'pglite', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** Where the template of the installed PGlite version lives: one per version, as its initdb output may differ. */
export function defaultTemplateDir(): string {
  const dir = packageDir();
  return join(dir, 'node_modules', '.cache', 'devicelab', `pglite-${pgliteVersion(dir)}-template`);
}

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url)); // as migrate.ts (also in dist/)

/** The migration files' names and contents, hashed: a migrated template serves only the files it applied. */
export function migrationsKey(dir = migrationsDir): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(dir, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** The migrated template for the migration files of this build. */
export function migratedTemplateDir(): string {
  return defaultTemplateDir().replace(/-template$/, `-migrated-${migrationsKey()}`);
}

export const hasDatabase = (dir: string) => existsSync(join(dir, 'PG_VERSION'));

/**
 * Fills `target` through a sibling directory renamed into place, so a process killed
 * half-way leaves no half template, and two processes making it at once both end with one.
 */
export async function buildAtomically(target: string, fill: (dir: string) => Promise<void>): Promise<void> {
  mkdirSync(dirname(target), { recursive: true });
  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  try {
    await fill(partial);
    renameSync(partial, target);
  } catch (err) {
    if (!hasDatabase(target)) throw err; // otherwise another process finished first
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}

// Plain JavaScript run by `node -e` in the package directory, so that it needs no TypeScript
// loader and resolves the same PGlite; closing shuts PostgreSQL down cleanly (checkpointed).
const INITDB_SCRIPT = `import { PGlite } from '@electric-sql/pglite';
const pg = await PGlite.create(process.env.DEVICELAB_INITDB_DIR);
await pg.close();`;

function initdbInChild(target: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', INITDB_SCRIPT], {
      cwd: packageDir(),
      env: { ...process.env, DEVICELAB_INITDB_DIR: target },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-4000)));
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 && hasDatabase(target) ? resolve() : reject(new Error(`PGlite initdb failed (${code ?? signal}): ${stderr}`)),
    );
  });
}

/** Makes the bare template unless it exists. */
export async function ensureTemplate(templateDir = defaultTemplateDir()): Promise<string> {
  if (!hasDatabase(templateDir)) await buildAtomically(templateDir, initdbInChild);
  return templateDir;
}

/**
 * Gives a data directory that has no database yet a copy of a template (`templateDir`, else
 * the migrated one when there is one for these migrations, else the bare one), through a sibling
 * directory renamed into place (a kill -9 during the copy leaves no half database). A
 * directory with files but no database is left alone for PGlite to deal with, as before.
 */
export async function seedDataDir(dataDir: string, templateDir?: string): Promise<'existing' | 'seeded' | 'left'> {
  if (hasDatabase(dataDir)) return 'existing';
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return 'left';
  const migrated = templateDir === undefined ? migratedTemplateDir() : undefined;
  const template = migrated && hasDatabase(migrated) ? migrated : await ensureTemplate(templateDir);
  const partial = `${dataDir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(dirname(dataDir), { recursive: true });
  cpSync(template, partial, { recursive: true });
  rmSync(dataDir, { recursive: true, force: true }); // empty, checked above
  renameSync(partial, dataDir);
  return 'seeded';
}
