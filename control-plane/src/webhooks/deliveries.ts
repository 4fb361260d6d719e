/**
 * Deliveries: one per event and endpoint. Reads only; every change is a transition
 * in ./transitions/ (one atomic statement each), the first one (enqueue) in
 * ./outbox.ts inside the transaction of the state change it reports.
 *
 *   pending → sending → delivered
 *                     → pending (retry later, with backoff)
 *                     → failed (attempts used up, or the endpoint answered 410 Gone)
 *
 * `sending` is held under a lease: a delivery whose process died mid-send is claimed
 * again once the lease has run out, and goes out with the same webhook-id.
 */
import type { Sql } from '../db/index.js';
import type { WebhookEventType } from './events.js';

export type DeliveryStatus = 'pending' | 'sending' | 'delivered' | 'failed';

export interface AttemptOutcome {
  /** The HTTP status the endpoint answered; null when it did not answer. */
  responseStatus: number | null;
  error: string | null;
  durationMs: number;
}

export interface DeliveryRecord {
  eventId: string;
  eventType: WebhookEventType;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: Date | null;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
  attemptLog: Array<AttemptOutcome & { number: number; at: string }>;
  seq: string;
}

/** A webhook's deliveries, newest first, each with its attempts in order. */
export async function listDeliveries(sql: Sql, webhookId: string, opts: { beforeSeq?: string; limit: number }): Promise<DeliveryRecord[]> {
  return sql.query<DeliveryRecord>(
    `SELECT d.event_id AS "eventId", e.type AS "eventType", d.status, d.attempts,
            CASE WHEN d.status = 'pending' THEN d.next_attempt_at END AS "nextAttemptAt",
            d.last_error AS "lastError", e.created_at AS "createdAt", d.delivered_at AS "deliveredAt", d.seq::text AS seq,
            COALESCE((SELECT json_agg(json_build_object('number', t.number, 'at', t.at, 'responseStatus', t.response_status,
                                                        'error', t.error, 'durationMs', t.duration_ms) ORDER BY t.number)
                        FROM webhook_attempts t WHERE t.webhook_id = d.webhook_id AND t.event_id = d.event_id), '[]') AS "attemptLog"
       FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
      WHERE d.webhook_id = $1 AND ($2::bigint IS NULL OR d.seq < $2::bigint)
      ORDER BY d.seq DESC
      LIMIT $3`,
    [webhookId, opts.beforeSeq ?? null, opts.limit],
  );
}
