import type { Sql } from '../db/index.js';

export async function getSetting(sql: Sql, key: string): Promise<string | null> {
  const rows = await sql.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [key]);
  return rows[0]?.value ?? null;
}

/** Inserts unless present; returns whether this call wrote it (first start wins). */
export async function initSetting(sql: Sql, key: string, value: string): Promise<boolean> {
  const rows = await sql.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING key', [
    key,
    value,
  ]);
  return rows.length > 0;
}

/** Inserts or replaces. */
export async function putSetting(sql: Sql, key: string, value: string): Promise<void> {
  await sql.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value', [key, value]);
}
