/**
 * lose: the device (or its agent) was lost under a try. The first try goes back to
 * the queue as try 2, preferring another device; a second loss blocks the attempt;
 * an attempt of a cancelled run is blocked as cancelled. In one transaction with the
 * device marked offline (it reports itself ready again when it is), the session
 * ended, and the run completed when that was its last active attempt.
 */
import type { Db } from '../../db/index.js';
import { type AttemptWork, workColumns } from '../attempts.js';
import { announceTestsFinished } from '../run-events.js';
import { CANCELLED_MESSAGE } from './cancel.js';
import { completeRunsIfDone, lockRuns } from './complete.js';
import type { AttemptRef, OnGivenUp } from './ref.js';

export type LossOutcome = 'retried' | 'blocked' | 'cancelled';

/** `onGivenUp`: told of the try after the commit, when it had been offered (its pre-requests run). */
export async function loseAttempt(db: Db, ref: AttemptRef, why: string, onGivenUp?: OnGivenUp): Promise<LossOutcome | null> {
  const result = await db.transaction(async (tx) => {
    const runs = await lockRuns(
      tx,
      (await tx.query<{ runId: string }>('SELECT run_id AS "runId" FROM attempts WHERE id = $1', [ref.id])).map((r) => r.runId),
    );
    const cancelled = runs[0]?.status === 'cancelled';
    const outcome: LossOutcome = cancelled ? 'cancelled' : ref.tryNumber < 2 ? 'retried' : 'blocked';
    // A retry is the attempt queued afresh as the next try (without what the lost try uploaded:
    // routes/recordings.ts names a key as it lands); otherwise it ends blocked where it was.
    const change =
      outcome === 'retried'
        ? `status = 'pending', status_message = NULL, finished_at = NULL, device_id = NULL, session_id = NULL, "values" = NULL,
         queued_at = clock_timestamp(), offered_at = NULL, started_at = NULL, try_number = a.try_number + 1,
         recording_key = NULL, device_log_key = NULL`
        : `status = 'blocked', status_message = $3::text, finished_at = clock_timestamp()`;
    const message = cancelled ? CANCELLED_MESSAGE : `The device was lost twice while running this test (last: ${why})`;
    const rows = await tx.query<
      AttemptWork & { oldDeviceId: string | null; oldSessionId: string | null; oldValues: Record<string, string> | null }
    >(
      `WITH old AS (SELECT id, device_id, session_id, "values" FROM attempts WHERE id = $1 AND try_number = $2 AND status IN ('offered', 'running'))
       UPDATE attempts a SET lost_device_id = a.device_id, ${change}
         FROM old
        WHERE a.id = old.id
        RETURNING ${workColumns}, old.device_id AS "oldDeviceId", old.session_id AS "oldSessionId", old."values" AS "oldValues"`,
      outcome === 'retried' ? [ref.id, ref.tryNumber] : [ref.id, ref.tryNumber, message],
    );
    const lost = rows[0];
    if (!lost) return null;
    if (lost.oldDeviceId) await tx.query(`UPDATE devices SET state = 'offline' WHERE id = $1 AND state = 'busy'`, [lost.oldDeviceId]);
    if (lost.oldSessionId) {
      await tx.query(`UPDATE sdk_sessions SET status = 'failed', ended_at = clock_timestamp() WHERE id = $1 AND status = 'running'`, [
        lost.oldSessionId,
      ]);
    }
    if (outcome !== 'retried') {
      await announceTestsFinished(tx, [ref.id]);
      await completeRunsIfDone(tx, [lost.runId]);
    }
    return { outcome, lost };
  });
  if (!result) return null;
  const { oldValues, oldDeviceId: _device, oldSessionId: _session, ...attempt } = result.lost;
  if (oldValues && onGivenUp) onGivenUp({ ...attempt, values: oldValues });
  return result.outcome;
}
