/**
 * Webhook endpoints of an organisation: reads and the few writes that are not part
 * of a delivery's lifecycle (create, delete). The secret is read only to sign.
 */
import type { Sql } from '../db/index.js';
import { lockOrganisation } from '../queries/organisations.js';
import type { WebhookEventType } from './events.js';

export interface WebhookRecord {
  id: string;
  orgId: string;
  url: string;
  events: WebhookEventType[];
  status: 'active' | 'disabled';
  disabledReason: string | null;
  createdAt: Date;
  seq: string;
}

/** More than this per organisation is refused: each one multiplies every event's deliveries. */
export const MAX_WEBHOOKS_PER_ORG = 20;

const columns = `w.id, w.org_id AS "orgId", w.url, w.events, w.status, w.disabled_reason AS "disabledReason",
  w.created_at AS "createdAt", w.seq::text AS seq`;

/**
 * Inserts unless the organisation already has MAX_WEBHOOKS_PER_ORG; null then. The
 * organisation row is locked so two creations at once cannot both pass the count.
 */
export async function insertWebhook(
  tx: Sql,
  w: { id: string; orgId: string; url: string; events: readonly string[]; secret: string },
): Promise<WebhookRecord | null> {
  await lockOrganisation(tx, w.orgId);
  const rows = await tx.query<WebhookRecord>(
    `INSERT INTO webhooks AS w (id, org_id, url, events, secret)
     SELECT $1, $2, $3, $4::text[], $5
      WHERE (SELECT count(*) FROM webhooks WHERE org_id = $2) < $6
     RETURNING ${columns}`,
    [w.id, w.orgId, w.url, w.events, w.secret, MAX_WEBHOOKS_PER_ORG],
  );
  return rows[0] ?? null;
}

export async function listWebhooks(sql: Sql, orgId: string): Promise<WebhookRecord[]> {
  return sql.query<WebhookRecord>(`SELECT ${columns} FROM webhooks w WHERE w.org_id = $1 ORDER BY w.seq`, [orgId]);
}

export async function findWebhook(sql: Sql, orgId: string, id: string): Promise<WebhookRecord | null> {
  const rows = await sql.query<WebhookRecord>(`SELECT ${columns} FROM webhooks w WHERE w.id = $1 AND w.org_id = $2`, [id, orgId]);
  return rows[0] ?? null;
}

/** Deletes the webhook and (cascading) its deliveries: nothing more is sent to it. */
export async function deleteWebhook(sql: Sql, orgId: string, id: string): Promise<boolean> {
  const rows = await sql.query('DELETE FROM webhooks WHERE id = $1 AND org_id = $2 RETURNING id', [id, orgId]);
  return rows.length > 0;
}
