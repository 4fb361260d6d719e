import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './types.js';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * Applies numbered `NNN_name.sql` files in order, each in a transaction of its own
 * (docs/architecture.md#storage), recording it in schema_migrations in that same transaction:
 * a start killed half-way leaves every migration applied whole or not at all. Each
 * transaction takes an advisory lock and checks again, so control planes starting
 * at once on one server apply each migration exactly once.
 */
export async function migrate(db: Db, dir = migrationsDir): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => /^\d{3}_.+\.sql$/.test(f))
    .sort();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7411001)');
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  });
  const initial = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  const pending = files.filter((f) => !initial.has(f));
  for (const file of pending) {
    await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(7411001)');
      const already = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file]);
      if (already.length > 0) return; // another control plane applied it while we waited
      const text = readFileSync(join(dir, file), 'utf8');
      for (const statement of splitStatements(text)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    });
  }
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

/**
 * Migrations this build has that the database has not recorded (readiness, routes/health.ts):
 * a replica answering before they are applied would run queries the schema cannot answer.
 */
export async function pendingMigrations(db: Pick<Db, 'query'>, dir = migrationsDir): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => /^\d{3}_.+\.sql$/.test(f))
    .sort();
  const applied = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  return files.filter((f) => !applied.has(f));
}
