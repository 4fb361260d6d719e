/**
 * finish: a verdict for one try, recorded once. In one transaction: the verdict,
 * the device free again (if it is still busy with this attempt), the session ended,
 * and the run completed if this was its last active attempt. A repeated result
 * (re-sent after a reconnect) or one for a try already given up changes nothing
 * and answers null.
 */
import type { Db, Sql } from '../../db/index.js';
import { type AttemptWork, workColumns } from '../attempts.js';
import { announceTestsFinished } from '../run-events.js';
import { completeRunsIfDone, lockRuns } from './complete.js';
import type { AttemptRef } from './ref.js';

export interface Verdict {
  status: 'succeeded' | 'failed' | 'blocked';
  statusMessage: string;
  failedStep?: number | null;
  durationSeconds?: number | null;
  recordingKey?: string | null;
  deviceLogKey?: string | null;
  /** The agent uploads the recording after the verdict (routes/recordings.ts takes it for the finished try). */
  recordingPending?: boolean;
  /** As recordingPending, for the device log. */
  deviceLogPending?: boolean;
}

export async function finishAttempt(db: Db, ref: AttemptRef, v: Verdict): Promise<AttemptWork | null> {
  return db.transaction(async (tx) => {
    await lockRuns(
      tx,
      (await tx.query<{ runId: string }>('SELECT run_id AS "runId" FROM attempts WHERE id = $1', [ref.id])).map((r) => r.runId),
    );
    const rows = await tx.query<AttemptWork>(
      `UPDATE attempts a SET status = $3, status_message = $4, failed_step = $5, finished_at = clock_timestamp(),
              duration_seconds = COALESCE($6, extract(epoch FROM clock_timestamp() - a.started_at)),
              -- An upload that landed before the verdict was recorded named its key already (routes/recordings.ts).
              recording_key = COALESCE($7, a.recording_key), device_log_key = COALESCE($8, a.device_log_key),
              recording_pending = $9 AND COALESCE($7, a.recording_key) IS NULL,
              device_log_pending = $10 AND COALESCE($8, a.device_log_key) IS NULL
        WHERE a.id = $1 AND a.try_number = $2 AND a.status IN ('pending', 'offered', 'running')
        RETURNING ${workColumns}`,
      [
        ref.id,
        ref.tryNumber,
        v.status,
        v.statusMessage,
        v.failedStep ?? null,
        v.durationSeconds ?? null,
        v.recordingKey ?? null,
        v.deviceLogKey ?? null,
        v.recordingPending ?? false,
        v.deviceLogPending ?? false,
      ],
    );
    const attempt = rows[0];
    if (!attempt) return null;
    await rememberDuration(tx, attempt);
    if (attempt.deviceId) await tx.query(`UPDATE devices SET state = 'online' WHERE id = $1 AND state = 'busy'`, [attempt.deviceId]);
    if (attempt.sessionId) {
      await tx.query(`UPDATE sdk_sessions SET status = $2, ended_at = clock_timestamp() WHERE id = $1 AND status = 'running'`, [
        attempt.sessionId,
        v.status === 'succeeded' ? 'succeeded' : 'failed',
      ]);
    }
    await announceTestsFinished(tx, [attempt.id]);
    await completeRunsIfDone(tx, [attempt.runId]);
    return attempt;
  });
}

/**
 * A test that ran to a verdict of its own (succeeded or failed) remembers how long it took on
 * its platform: the next run of it is started in longest-first order (claim.ts). A blocked
 * try says nothing about the test (no device, a cancel, a failed install).
 */
async function rememberDuration(tx: Sql, attempt: AttemptWork): Promise<void> {
  if ((attempt.status !== 'succeeded' && attempt.status !== 'failed') || attempt.durationSeconds === null) return;
  await tx.query(
    `INSERT INTO test_durations (org_id, test_id, platform, seconds) VALUES ($1, $2, $3, $4)
     ON CONFLICT (org_id, test_id, platform) DO UPDATE SET seconds = EXCLUDED.seconds, updated_at = clock_timestamp()`,
    [attempt.orgId, attempt.testId, attempt.platform, attempt.durationSeconds],
  );
}
