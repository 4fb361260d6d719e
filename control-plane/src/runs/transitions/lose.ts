/**
 * lose: the device (or its agent) was lost under a try. The first try goes back to
 * the queue as try 2, preferring another device; a second loss blocks the attempt;
 * an attempt of a cancelled run is blocked as cancelled. In one transaction with the
 * device marked offline (it reports itself ready again when it is), the session
 * ended, and the run completed when that was its last active attempt.
 */
import type { Db } from '../../db/index.js';
import { announceTestsFinished } from '../../webhooks/outbox.js';
import { completeRunsIfDone, lockRuns } from './complete.js';
import type { AttemptRef } from './ref.js';

export type LossOutcome = 'retried' | 'blocked' | 'cancelled';

export async function loseAttempt(db: Db, ref: AttemptRef, why: string): Promise<LossOutcome | null> {
  return db.transaction(async (tx) => {
    const runs = await lockRuns(tx, (await tx.query<{ runId: string }>('SELECT run_id AS "runId" FROM attempts WHERE id = $1', [ref.id])).map((r) => r.runId));
    const cancelled = runs[0]?.status === 'cancelled';
    const rows = await tx.query<{ outcome: LossOutcome; deviceId: string | null; sessionId: string | null; runId: string }>(
      `WITH old AS (SELECT id, device_id, session_id FROM attempts WHERE id = $1 AND try_number = $2 AND status IN ('offered', 'running'))
       UPDATE attempts a SET
              status = CASE WHEN NOT $4::boolean AND a.try_number < 2 THEN 'pending' ELSE 'blocked' END,
              status_message = CASE WHEN $4::boolean THEN 'The run was cancelled' WHEN a.try_number < 2 THEN NULL ELSE $3 END,
              finished_at = CASE WHEN NOT $4::boolean AND a.try_number < 2 THEN NULL ELSE clock_timestamp() END,
              lost_device_id = a.device_id,
              device_id = CASE WHEN NOT $4::boolean AND a.try_number < 2 THEN NULL ELSE a.device_id END,
              session_id = CASE WHEN NOT $4::boolean AND a.try_number < 2 THEN NULL ELSE a.session_id END,
              "values" = CASE WHEN NOT $4::boolean AND a.try_number < 2 THEN NULL ELSE a."values" END,
              queued_at = CASE WHEN NOT $4::boolean AND a.try_number < 2 THEN clock_timestamp() ELSE a.queued_at END,
              offered_at = CASE WHEN NOT $4::boolean AND a.try_number < 2 THEN NULL ELSE a.offered_at END,
              started_at = CASE WHEN NOT $4::boolean AND a.try_number < 2 THEN NULL ELSE a.started_at END,
              try_number = CASE WHEN NOT $4::boolean AND a.try_number < 2 THEN a.try_number + 1 ELSE a.try_number END
         FROM old
        WHERE a.id = old.id
        RETURNING CASE WHEN $4::boolean THEN 'cancelled' WHEN a.status = 'pending' THEN 'retried' ELSE 'blocked' END AS outcome,
                  old.device_id AS "deviceId", old.session_id AS "sessionId", a.run_id AS "runId"`,
      [ref.id, ref.tryNumber, `The device was lost twice while running this test (last: ${why})`, cancelled],
    );
    const lost = rows[0];
    if (!lost) return null;
    if (lost.deviceId) await tx.query(`UPDATE devices SET state = 'offline' WHERE id = $1 AND state = 'busy'`, [lost.deviceId]);
    if (lost.sessionId) {
      await tx.query(`UPDATE sdk_sessions SET status = 'failed', ended_at = clock_timestamp() WHERE id = $1 AND status = 'running'`, [lost.sessionId]);
    }
    if (lost.outcome !== 'retried') {
      await announceTestsFinished(tx, [ref.id]);
      await completeRunsIfDone(tx, [lost.runId]);
    }
    return lost.outcome;
  });
}
