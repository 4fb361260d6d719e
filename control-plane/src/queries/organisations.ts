import type { Sql } from '../db/index.js';
import type { KeyKind } from './api-keys.js';

export type OrganisationType = 'platform' | 'studio';

export interface Organisation {
  id: string;
  name: string;
  type: OrganisationType;
  bundleIdRuns: boolean;
  /** How many of its tests may run at once (admin set-org-limits); null: no cap. */
  maxParallelTests: number | null;
}

const columns = `id, name, type, bundle_id_runs AS "bundleIdRuns", max_parallel_tests AS "maxParallelTests"`;

export async function insertOrganisation(sql: Sql, org: Omit<Organisation, 'maxParallelTests'> & { orgKeyHash: string }): Promise<void> {
  await sql.query('INSERT INTO organisations (id, name, type, bundle_id_runs, org_key_hash) VALUES ($1, $2, $3, $4, $5)', [
    org.id,
    org.name,
    org.type,
    org.bundleIdRuns,
    org.orgKeyHash,
  ]);
}

export async function findOrganisation(sql: Sql, id: string): Promise<Organisation | null> {
  const rows = await sql.query<Organisation>(`SELECT ${columns} FROM organisations WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findOrganisationByKeyHash(sql: Sql, orgKeyHash: string): Promise<Organisation | null> {
  const rows = await sql.query<Organisation>(`SELECT ${columns} FROM organisations WHERE org_key_hash = $1`, [orgKeyHash]);
  return rows[0] ?? null;
}

/** Every organisation, oldest first, with its active (not revoked) API keys: what an operator needs to recover access. */
export async function listOrganisations(sql: Sql): Promise<Array<Organisation & { createdAt: Date; apiKeys: ActiveKey[] }>> {
  const orgs = await sql.query<Organisation & { createdAt: Date }>(
    `SELECT ${columns}, created_at AS "createdAt" FROM organisations ORDER BY created_at, id`,
  );
  const keys = await sql.query<ActiveKey & { orgId: string }>(
    `SELECT org_id AS "orgId", id AS "apiKeyId", kind, created_at AS "createdAt"
       FROM api_keys WHERE revoked_at IS NULL ORDER BY created_at, id`,
  );
  const byOrg = new Map<string, ActiveKey[]>();
  for (const { orgId, ...key } of keys) byOrg.set(orgId, [...(byOrg.get(orgId) ?? []), key]);
  return orgs.map((o) => ({ ...o, apiKeys: byOrg.get(o.id) ?? [] }));
}

interface ActiveKey {
  apiKeyId: string;
  kind: KeyKind;
  createdAt: Date;
}

export async function countOrganisations(sql: Sql): Promise<number> {
  const rows = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM organisations');
  return rows[0]!.n;
}

/**
 * Takes the organisation's row lock for the rest of the transaction. Folder tree
 * changes take it so that two concurrent moves can never combine into a cycle:
 * each checks ancestry with the other's change already committed; webhook creation so
 * that two cannot both pass the per-organisation count.
 * FOR NO KEY UPDATE, not FOR UPDATE: holders still queue behind one another, but the
 * FOR KEY SHARE that every insert referencing the organisation takes (tests, runs, SDK
 * sessions, builds…) is not blocked by it, nor does it wait for those.
 */
export async function lockOrganisation(tx: Sql, id: string): Promise<void> {
  await tx.query('SELECT 1 FROM organisations WHERE id = $1 FOR NO KEY UPDATE', [id]);
}

/** lockOrganisation for several, in id order: two transactions locking overlapping sets never deadlock. */
export async function lockOrganisations(tx: Sql, ids: readonly string[]): Promise<void> {
  await tx.query('SELECT 1 FROM organisations WHERE id = ANY($1::text[]) ORDER BY id FOR NO KEY UPDATE', [ids]);
}

/** Replaces the organisation key's hash (the old key stops working at once); false for an unknown organisation. */
export async function replaceOrgKeyHash(sql: Sql, id: string, orgKeyHash: string): Promise<boolean> {
  const rows = await sql.query('UPDATE organisations SET org_key_hash = $2 WHERE id = $1 RETURNING id', [id, orgKeyHash]);
  return rows.length > 0;
}

/**
 * Sets (or, with null, lifts) the cap on the organisation's tests running at once; false for an
 * unknown organisation. Tests already running go on; the cap holds for every later claim.
 */
export async function setMaxParallelTests(sql: Sql, id: string, maxParallelTests: number | null): Promise<boolean> {
  const rows = await sql.query('UPDATE organisations SET max_parallel_tests = $2 WHERE id = $1 RETURNING id', [id, maxParallelTests]);
  return rows.length > 0;
}
