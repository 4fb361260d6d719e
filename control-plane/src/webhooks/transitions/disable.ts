/**
 * disable on 410: "Gone" is the receiver saying it wants nothing more (Standard
 * Webhooks' recommendation). In one transaction: this attempt recorded and its
 * delivery failed, the endpoint disabled (no more events are queued for it), and its
 * other undelivered deliveries failed. An endpoint is enabled again by creating it anew.
 */
import type { Db } from '../../db/index.js';
import type { AttemptOutcome } from '../deliveries.js';
import { type DeliveryRef, settle } from './settle.js';

const GONE_MESSAGE = 'the endpoint answered 410 Gone: webhook disabled';

export async function disableOnGone(db: Db, ref: DeliveryRef, outcome: AttemptOutcome): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The endpoint first: deliveries to it answered 410 at once lock it before any delivery row,
    // so they queue here instead of deadlocking on each other's rows (seen on PostgreSQL).
    await tx.query('SELECT 1 FROM webhooks WHERE id = $1 FOR UPDATE', [ref.webhookId]);
    if (!(await settle(tx, ref, outcome, `status = 'failed', last_error = $5`))) return false;
    await tx.query(`UPDATE webhooks SET status = 'disabled', disabled_reason = $2 WHERE id = $1 AND status = 'active'`, [
      ref.webhookId,
      GONE_MESSAGE,
    ]);
    await tx.query(
      `UPDATE webhook_deliveries SET status = 'failed', last_error = $2, lease_until = NULL
        WHERE webhook_id = $1 AND status IN ('pending', 'sending')`,
      [ref.webhookId, GONE_MESSAGE],
    );
    return true;
  });
}
