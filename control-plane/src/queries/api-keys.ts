import type { Sql } from '../db/index.js';
import type { Organisation } from './organisations.js';

/**
 * standard: the whole API; audit: reads only; tunnel: connects tunnels (GET /tunnel/connect)
 * and nothing else, for the tunnel client on a machine inside the user's network.
 */
export const KEY_KINDS = ['standard', 'audit', 'tunnel'] as const;
export type KeyKind = (typeof KEY_KINDS)[number];

export interface ApiKeyRecord {
  id: string;
  orgId: string;
  kind: KeyKind;
  secretHash: string;
  revoked: boolean;
  org: Organisation;
}

export async function insertApiKey(sql: Sql, key: { id: string; orgId: string; kind: KeyKind; secretHash: string }) {
  await sql.query('INSERT INTO api_keys (id, org_id, kind, secret_hash) VALUES ($1, $2, $3, $4)', [
    key.id,
    key.orgId,
    key.kind,
    key.secretHash,
  ]);
}

/** The key with its organisation, in one round trip: this runs on every request. */
export async function findApiKey(sql: Sql, id: string): Promise<ApiKeyRecord | null> {
  const rows = await sql.query<{
    id: string;
    orgId: string;
    kind: KeyKind;
    secretHash: string;
    revoked: boolean;
    orgName: string;
    orgType: Organisation['type'];
    bundleIdRuns: boolean;
    maxParallelTests: number | null;
  }>(
    `SELECT k.id, k.org_id AS "orgId", k.kind, k.secret_hash AS "secretHash", k.revoked_at IS NOT NULL AS revoked,
            o.name AS "orgName", o.type AS "orgType", o.bundle_id_runs AS "bundleIdRuns",
            o.max_parallel_tests AS "maxParallelTests"
       FROM api_keys k JOIN organisations o ON o.id = k.org_id
      WHERE k.id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    orgId: row.orgId,
    kind: row.kind,
    secretHash: row.secretHash,
    revoked: row.revoked,
    org: { id: row.orgId, name: row.orgName, type: row.orgType, bundleIdRuns: row.bundleIdRuns, maxParallelTests: row.maxParallelTests },
  };
}

/** Returns false when no such key exists; revoking twice is harmless. */
export async function revokeApiKey(sql: Sql, id: string): Promise<boolean> {
  const rows = await sql.query('UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}
