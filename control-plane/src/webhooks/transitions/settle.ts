/**
 * The outcome of one attempt is recorded by the claim that made it, and only while
 * that claim still holds the delivery (status `sending`, attempt count unchanged):
 * a sender whose lease ran out and was claimed again by another cannot overwrite
 * the newer attempt. One statement per outcome: the delivery's new state and the
 * attempt's line in its log.
 */
import type { Sql } from '../../db/index.js';
import type { AttemptOutcome } from '../deliveries.js';
import type { ClaimedDelivery } from './claim.js';

export type DeliveryRef = Pick<ClaimedDelivery, 'webhookId' | 'eventId' | 'attempt'>;

/** `set` may use $7 onwards from `extra`; answers whether the outcome was recorded. */
export async function settle(sql: Sql, ref: DeliveryRef, outcome: AttemptOutcome, set: string, extra: unknown[] = []): Promise<boolean> {
  const rows = await sql.query(
    // One instant for the attempt's time and the delivery's new state (`now`, which `set` may use as now.t): a retry's
    // wait counts from the time the log shows, so the log never shows a retry sooner than its backoff (two clock
    // readings in one statement were once 13 ms apart on a loaded machine).
    `WITH now AS (SELECT clock_timestamp() AS t),
     settled AS (
       UPDATE webhook_deliveries d SET ${set}, lease_until = NULL
         FROM now
        WHERE d.webhook_id = $1 AND d.event_id = $2 AND d.attempts = $3 AND d.status = 'sending'
        RETURNING d.webhook_id, d.event_id, d.attempts, now.t)
     INSERT INTO webhook_attempts (webhook_id, event_id, number, at, response_status, error, duration_ms)
     SELECT webhook_id, event_id, attempts, t, $4, $5, $6 FROM settled
     RETURNING number`,
    [ref.webhookId, ref.eventId, ref.attempt, outcome.responseStatus, outcome.error, Math.round(outcome.durationMs), ...extra],
  );
  return rows.length > 0;
}
