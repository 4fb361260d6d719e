import type { Sql } from '../db/index.js';

export type OrganisationType = 'platform' | 'studio';

export interface Organisation {
  id: string;
  name: string;
  type: OrganisationType;
  bundleIdRuns: boolean;
}

const columns = `id, name, type, bundle_id_runs AS "bundleIdRuns"`;

export async function insertOrganisation(
  sql: Sql,
  org: Organisation & { orgKeyHash: string },
): Promise<void> {
  await sql.query(
    'INSERT INTO organisations (id, name, type, bundle_id_runs, org_key_hash) VALUES ($1, $2, $3, $4, $5)',
    [org.id, org.name, org.type, org.bundleIdRuns, org.orgKeyHash],
  );
}

export async function findOrganisation(sql: Sql, id: string): Promise<Organisation | null> {
  const rows = await sql.query<Organisation>(`SELECT ${columns} FROM organisations WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findOrganisationByKeyHash(sql: Sql, orgKeyHash: string): Promise<Organisation | null> {
  const rows = await sql.query<Organisation>(`SELECT ${columns} FROM organisations WHERE org_key_hash = $1`, [orgKeyHash]);
  return rows[0] ?? null;
}

export async function countOrganisations(sql: Sql): Promise<number> {
  const rows = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM organisations');
  return rows[0]!.n;
}

/**
 * Takes the organisation's row lock for the rest of the transaction. Folder tree
 * changes take it so that two concurrent moves can never combine into a cycle:
 * each checks ancestry with the other's change already committed.
 */
export async function lockOrganisation(tx: Sql, id: string): Promise<void> {
  await tx.query('SELECT 1 FROM organisations WHERE id = $1 FOR UPDATE', [id]);
}
