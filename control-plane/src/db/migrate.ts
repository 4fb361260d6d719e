import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from './types.js';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * Applies numbered `NNN_name.sql` files in order, each in its own transaction,
 * recording them in schema_migrations. An advisory lock keeps two control planes
 * starting at once on one server from racing.
 */
export async function migrate(db: Db): Promise<string[]> {
  const files = readdirSync(migrationsDir).filter((f) => /^\d{3}_.+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7411001)');
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    for (const file of files) {
      if (done.has(file)) continue;
      const text = readFileSync(migrationsDir + file, 'utf8');
      for (const statement of splitStatements(text)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
  });
  return applied;
}

/** Our migrations are plain DDL separated by `;` at line ends (no functions with bodies). */
function splitStatements(sql: string): string[] {
  return sql
    .replace(/--.*$/gm, '')
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter(Boolean);
}
