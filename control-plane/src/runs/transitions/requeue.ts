/**
 * requeue: back to the queue without counting a try (the agent refused the offer or
 * handed the attempt back while shutting down, or the offer could not be made). One
 * transaction: the run share-locked (a cancel cannot slip between reading its status
 * and the change), the device leaves `busy` (offline until the agent reports it ready,
 * or online), a started session ends, and the attempt waits again, or is blocked if
 * its run was cancelled meanwhile.
 */
import type { Db } from '../../db/index.js';
import { CANCELLED_MESSAGE } from './cancel.js';
import { shareRunsOfAttempts } from './complete.js';
import type { AttemptRef } from './ref.js';

export interface RequeueOptions {
  /**
   * Whether the wait for a device (RUN_DEVICE_WAIT_SECONDS) starts again (default
   * true): a test refused at second 899 of its wait had a device, and must not be
   * blocked by the next sweep. False where the same failure may recur on every try
   * (an offer that could not be made): the wait limit then ends the retries.
   */
  restartWait?: boolean;
  /**
   * Only while the try is still held by this device: the one that puts back the offer it
   * made must not take back the same try offered to another device meanwhile.
   */
  deviceId?: string;
}

export async function requeueAttempt(
  db: Db,
  ref: AttemptRef,
  deviceState: 'online' | 'offline',
  options: RequeueOptions = {},
): Promise<'pending' | 'blocked' | null> {
  return db.transaction(async (tx) => {
    await shareRunsOfAttempts(tx, [ref.id]);
    const rows = await tx.query<{ status: 'pending' | 'blocked' }>(
      `WITH old AS (
         SELECT a.id, a.device_id, a.session_id, r.status = 'cancelled' AS cancelled
           FROM attempts a JOIN runs r ON r.id = a.run_id
          WHERE a.id = $1 AND a.try_number = $2 AND a.status IN ('offered', 'running') AND ($5::text IS NULL OR a.device_id = $5)
          FOR UPDATE OF a
       ), freed AS (
         UPDATE devices d SET state = $3 FROM old WHERE d.id = old.device_id AND d.state = 'busy' RETURNING d.id
       ), ended AS (
         UPDATE sdk_sessions s SET status = 'failed', ended_at = clock_timestamp()
           FROM old WHERE s.id = old.session_id AND s.status = 'running' RETURNING s.id
       )
       UPDATE attempts a SET
              status = CASE WHEN old.cancelled THEN 'blocked' ELSE 'pending' END,
              status_message = CASE WHEN old.cancelled THEN $6::text END,
              finished_at = CASE WHEN old.cancelled THEN clock_timestamp() END,
              device_id = CASE WHEN old.cancelled THEN a.device_id END,
              device_label = CASE WHEN old.cancelled THEN a.device_label END,
              session_id = CASE WHEN old.cancelled THEN a.session_id END,
              queued_at = CASE WHEN $4 AND NOT old.cancelled THEN clock_timestamp() ELSE a.queued_at END,
              offered_at = NULL, started_at = NULL, "values" = NULL,
              -- An upload for the try that landed before it was handed back (routes/recordings.ts) is not the next one's.
              recording_key = CASE WHEN old.cancelled THEN a.recording_key END,
              device_log_key = CASE WHEN old.cancelled THEN a.device_log_key END
         FROM old
        WHERE a.id = old.id
        RETURNING a.status`,
      [ref.id, ref.tryNumber, deviceState, options.restartWait ?? true, options.deviceId ?? null, CANCELLED_MESSAGE],
    );
    return rows[0]?.status ?? null;
  });
}
