import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/index.js';
import { analyzeOwnTables, openPglite } from '../src/db/pglite.js';
import { seedDataDir } from '../src/db/pglite-template.js';
import { prepareTemplates } from '../src/db/prepare-template.js';
import { backend } from './harness.js';

/**
 * The embedded default's footprint (issue 14, part 6): PostgreSQL settings that bound
 * PGlite's memory, and new data directories copied from a template made once in a child
 * process instead of an initdb in the server's own process. Only about PGlite.
 */
describe.skipIf(backend === 'postgres')('embedded database', () => {
  let root: string;
  let templateDir: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'embedded-db-'));
    templateDir = join(root, 'cache', 'template'); // its own template, not the installation's
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const systemId = async (db: { query: <T extends object>(q: string) => Promise<T[]> }) =>
    (await db.query<{ id: string }>('SELECT system_identifier::text AS id FROM pg_control_system()'))[0]!.id;

  it('bounds shared_buffers and maintenance_work_mem (library defaults: 128MB and 64MB)', async () => {
    const db = await openDatabase({});
    try {
      expect(await db.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
      expect(await db.query('SHOW maintenance_work_mem')).toEqual([{ maintenance_work_mem: '16MB' }]);
    } finally {
      await db.close();
    }
  }, 240_000); // an in-memory database runs initdb: 3-4 s on a quiet machine, 30 s seen under load

  it('analyses our own tables (at start and every minute), not the system catalogs', async () => {
    const db = await openDatabase({});
    const reltuples = async (table: string) =>
      Number((await db.query<{ n: number }>(`SELECT reltuples AS n FROM pg_class WHERE oid = '${table}'::regclass`))[0]!.n);
    try {
      expect(await reltuples('public.tests')).toBe(0); // analysed at start: -1 means never
      await db.query('CREATE TABLE public.probe (x int)');
      await db.query('INSERT INTO public.probe SELECT generate_series(1, 500)');
      await db.query('CREATE SCHEMA other');
      await db.query('CREATE TABLE other.probe (x int)');
      await db.query('INSERT INTO other.probe SELECT generate_series(1, 500)');
      await analyzeOwnTables(db);
      expect(await reltuples('public.probe')).toBe(500);
      expect(await reltuples('other.probe')).toBe(-1);
    } finally {
      await db.close();
    }
  }, 240_000);

  it('makes new data directories copies of one template, then keeps each its own data', async () => {
    expect(existsSync(templateDir)).toBe(false);
    const first = await openDatabase({ pgliteDir: join(root, 'a', 'pglite'), pgliteTemplateDir: templateDir });
    const second = await openDatabase({ pgliteDir: join(root, 'b', 'pglite'), pgliteTemplateDir: templateDir });
    try {
      expect(existsSync(join(templateDir, 'PG_VERSION'))).toBe(true);
      // One initdb: every initdb draws a new system identifier.
      const template = await openPglite(join(root, 'template-copy'), { templateDir });
      const ids = [await systemId(first), await systemId(second), await systemId(template)];
      await template.close();
      expect(new Set(ids).size).toBe(1);
      // Migrated, and apart: a row in one is not in the other.
      await first.query("INSERT INTO organisations (id, name, type, org_key_hash) VALUES ('org_a', 'A', 'platform', 'hash_a')");
      expect(await second.query("SELECT id FROM organisations WHERE id = 'org_a'")).toEqual([]);
    } finally {
      await first.close();
      await second.close();
    }
    // A restart opens the directory as it is.
    const again = await openDatabase({ pgliteDir: join(root, 'a', 'pglite'), pgliteTemplateDir: templateDir });
    try {
      expect(await again.query("SELECT name FROM organisations WHERE id = 'org_a'")).toEqual([{ name: 'A' }]);
    } finally {
      await again.close();
    }
  }, 180_000);

  it('copies a template already migrated for these migration files, so that a first start migrates nothing', async () => {
    const migratedDir = join(root, 'cache', 'migrated');
    expect(await prepareTemplates({ bare: templateDir, migrated: migratedDir })).toEqual({ dir: migratedDir, made: true });
    expect(await prepareTemplates({ bare: templateDir, migrated: migratedDir })).toEqual({ dir: migratedDir, made: false });
    const before = new Date();
    const db = await openDatabase({ pgliteDir: join(root, 'e', 'pglite'), pgliteTemplateDir: migratedDir });
    try {
      const rows = await db.query<{ name: string; applied_at: Date }>('SELECT name, applied_at FROM schema_migrations');
      const files = readdirSync(new URL('../src/db/migrations/', import.meta.url)).filter((f) => f.endsWith('.sql'));
      expect(rows.map((r) => r.name).sort()).toEqual(files.sort());
      expect(rows.every((r) => r.applied_at < before)).toBe(true); // applied when the template was made
      // Analysed when the template was made, so this start skipped its ANALYZE: -1 would mean never.
      expect(await db.query("SELECT reltuples::int AS n FROM pg_class WHERE oid = 'public.tests'::regclass")).toEqual([{ n: 0 }]);
    } finally {
      await db.close();
    }
  }, 180_000);

  it('replaces a copy cut short by a kill, and leaves a directory with unknown files alone', async () => {
    const dataDir = join(root, 'c', 'pglite');
    mkdirSync(`${dataDir}.partial/base`, { recursive: true }); // what a kill -9 during the copy leaves
    writeFileSync(`${dataDir}.partial/base/half-copied`, 'x');
    const db = await openPglite(dataDir, { templateDir });
    try {
      expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      expect(existsSync(`${dataDir}.partial`)).toBe(false);
    } finally {
      await db.close();
    }
    const foreign = join(root, 'd', 'pglite');
    mkdirSync(foreign, { recursive: true });
    writeFileSync(join(foreign, 'notes.txt'), 'not a database');
    expect(await seedDataDir(foreign, templateDir)).toBe('left');
    expect(readdirSync(foreign)).toEqual(['notes.txt']);
  }, 240_000);
});
