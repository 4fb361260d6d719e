/**
 * requeue stale offers: offers an agent neither accepted nor refused within
 * `seconds` (a lost frame, an agent stuck before it could answer) go back to the
 * queue, or are blocked if their run was cancelled; their devices go offline until
 * their agents report them again. An offer whose pre-requests never finished (the
 * replica failed or died while offering) is taken too, once even its slowest
 * pre-requests would be done: each one's delay and timeout on top of `seconds`.
 * One transaction with the runs share-locked (a cancel cannot interleave); SKIP
 * LOCKED leaves attempts that another transition holds right now to the next sweep.
 */
import type { Db } from '../../db/index.js';
import { type AttemptWork, workColumns } from '../attempts.js';
import { DEFAULT_TIMEOUT_MS } from '../pre-requests.js';
import { CANCELLED_MESSAGE } from './cancel.js';
import { shareRunsOfAttempts } from './complete.js';
import type { OnGivenUp } from './ref.js';

/** `onGivenUp`: told of each offer taken back whose pre-requests had finished, after the commit. */
export async function requeueStaleOffers(db: Db, seconds: number, onGivenUp?: OnGivenUp): Promise<number> {
  // $1: seconds, $2: the per-request timeout, in seconds.
  const stale = `a.status = 'offered' AND a.offered_at < clock_timestamp() - make_interval(secs => $1 + CASE WHEN a."values" IS NOT NULL THEN 0 ELSE
      (SELECT COALESCE(sum(COALESCE((p->>'delayBeforeRequest')::float8, 0) + $2), 0) FROM jsonb_array_elements(a.snapshot->'preRequests') p) END)`;
  const params = [seconds, DEFAULT_TIMEOUT_MS / 1000];
  const ids = (await db.query<{ id: string }>(`SELECT a.id FROM attempts a WHERE ${stale}`, params)).map((r) => r.id);
  if (ids.length === 0) return 0;
  const rows = await db.transaction(async (tx) => {
    await shareRunsOfAttempts(tx, ids);
    return tx.query<AttemptWork & { oldValues: Record<string, string> | null }>(
      `WITH stale AS (
         SELECT a.id, a.device_id, a."values", r.status = 'cancelled' AS cancelled
           FROM attempts a JOIN runs r ON r.id = a.run_id
          WHERE a.id = ANY($3::text[]) AND ${stale}
          FOR UPDATE OF a SKIP LOCKED
       ), parked AS (
         UPDATE devices d SET state = 'offline' FROM stale WHERE d.id = stale.device_id AND d.state = 'busy' RETURNING d.id
       )
       UPDATE attempts a SET
              status = CASE WHEN stale.cancelled THEN 'blocked' ELSE 'pending' END,
              status_message = CASE WHEN stale.cancelled THEN $4::text END,
              finished_at = CASE WHEN stale.cancelled THEN clock_timestamp() END,
              -- the device did not answer: the wait for another starts afresh
              queued_at = CASE WHEN stale.cancelled THEN a.queued_at ELSE clock_timestamp() END,
              device_id = NULL, device_label = NULL, offered_at = NULL, "values" = NULL
         FROM stale
        WHERE a.id = stale.id
        RETURNING ${workColumns}, stale."values" AS "oldValues"`,
      [...params, ids, CANCELLED_MESSAGE],
    );
  });
  for (const { oldValues, ...attempt } of rows) if (oldValues && onGivenUp) onGivenUp({ ...attempt, values: oldValues });
  return rows.length;
}
