import type { Sql } from '../db/index.js';

export interface AgentTokenRecord {
  id: string;
  /** null: the shared pool. */
  orgId: string | null;
}

export async function insertAgentToken(sql: Sql, t: { id: string; orgId: string | null; tokenHash: string }): Promise<void> {
  await sql.query('INSERT INTO agent_tokens (id, org_id, token_hash) VALUES ($1, $2, $3)', [t.id, t.orgId, t.tokenHash]);
}

export async function findAgentTokenByHash(sql: Sql, tokenHash: string): Promise<AgentTokenRecord | null> {
  const rows = await sql.query<AgentTokenRecord>(
    'SELECT id, org_id AS "orgId" FROM agent_tokens WHERE token_hash = $1 AND revoked_at IS NULL',
    [tokenHash],
  );
  return rows[0] ?? null;
}

/** Revokes an agent token (idempotent); false when there is no such token. */
export async function revokeAgentToken(sql: Sql, id: string): Promise<boolean> {
  const rows = await sql.query('UPDATE agent_tokens SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}
