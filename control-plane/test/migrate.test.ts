import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.js';
import { openPglite } from '../src/db/pglite.js';

/** Migrations apply one transaction each: a broken one leaves the ones before it applied, and itself not at all. */
describe('migrate', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const folder = (files: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return dir;
  };

  it('keeps the migrations before a failing one, and none of the failing one', async () => {
    const db = await openPglite();
    try {
      const dir = folder({
        '001_a.sql': 'CREATE TABLE a (x int);',
        '002_b.sql': 'CREATE TABLE b (x int);\nINSERT INTO b VALUES (1);\nSELECT no_such_function();',
      });
      await expect(migrate(db, dir)).rejects.toThrow(/no_such_function/);
      const names = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
      expect(names.map((r) => r.name)).toEqual(['001_a.sql']);
      expect(await db.query(`SELECT to_regclass('a') IS NOT NULL AS a, to_regclass('b') IS NOT NULL AS b`)).toEqual([
        { a: true, b: false },
      ]);
      // Fixed, it applies on the next start, and nothing twice.
      writeFileSync(join(dir, '002_b.sql'), 'CREATE TABLE b (x int);');
      expect(await migrate(db, dir)).toEqual(['002_b.sql']);
      expect(await migrate(db, dir)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
