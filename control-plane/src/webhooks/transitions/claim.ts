/**
 * claim: up to `limit` deliveries that are due (pending and their time has come, or
 * sending under a lease that ran out: their process died mid-send), for active
 * endpoints, in one statement. SKIP LOCKED lets replicas claim side by side, each
 * delivery going to one of them per attempt; the claim counts the attempt, and that
 * count fences the outcome (settle.ts).
 */
import type { Sql } from '../../db/index.js';
import type { WebhookEventType } from '../events.js';

export interface ClaimedDelivery {
  webhookId: string;
  eventId: string;
  /** This attempt's number (1 for the first): the fence of its outcome. */
  attempt: number;
  url: string;
  secret: string;
  orgId: string;
  eventType: WebhookEventType;
  /** The event's record (outbox.ts), rendered to the body by payload.ts. */
  data: unknown;
  occurredAt: Date;
}

export async function claimDeliveries(sql: Sql, limit: number, leaseSeconds: number): Promise<ClaimedDelivery[]> {
  if (limit <= 0) return [];
  return sql.query<ClaimedDelivery>(
    `WITH due AS (
       SELECT d.webhook_id, d.event_id FROM webhook_deliveries d
        WHERE ((d.status = 'pending' AND d.next_attempt_at <= clock_timestamp())
               OR (d.status = 'sending' AND d.lease_until < clock_timestamp()))
          AND EXISTS (SELECT 1 FROM webhooks w WHERE w.id = d.webhook_id AND w.status = 'active')
        ORDER BY d.next_attempt_at
        LIMIT $1
        FOR UPDATE OF d SKIP LOCKED)
     UPDATE webhook_deliveries d
        SET status = 'sending', attempts = d.attempts + 1, lease_until = clock_timestamp() + make_interval(secs => $2)
       FROM due, webhooks w, webhook_events e
      WHERE d.webhook_id = due.webhook_id AND d.event_id = due.event_id AND w.id = d.webhook_id AND e.id = d.event_id
      RETURNING d.webhook_id AS "webhookId", d.event_id AS "eventId", d.attempts AS attempt, w.url, w.secret,
                e.org_id AS "orgId", e.type AS "eventType", e.data, e.created_at AS "occurredAt"`,
    [limit, leaseSeconds],
  );
}

/** Milliseconds until the next pending delivery is due (0 if one is already), null when none waits. */
export async function msUntilNextDue(sql: Sql): Promise<number | null> {
  // Not GREATEST(0, …) in SQL: GREATEST ignores NULLs, so "nothing pending" came back as 0 and
  // the worker looked again at once, hundreds of times a second, on every idle replica.
  const rows = await sql.query<{ ms: number | null }>(
    `SELECT (extract(epoch FROM min(next_attempt_at) - clock_timestamp()) * 1000)::float8 AS ms
       FROM webhook_deliveries WHERE status = 'pending'`,
  );
  const ms = rows[0]?.ms ?? null;
  return ms === null ? null : Math.max(0, ms);
}
