/**
 * finish: a verdict for one try, recorded once. In one transaction: the verdict,
 * the device free again (if it is still busy with this attempt), the session ended,
 * and the run completed if this was its last active attempt; then the test's duration
 * remembered for later runs. A repeated result
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

/**
 * `committed` runs once the verdict is committed, before the duration is remembered: what
 * waits for the verdict (the freed device's next claim) need not wait for that write too.
 */
export async function finishAttempt(
  db: Db,
  ref: AttemptRef,
  v: Verdict,
  committed?: (attempt: AttemptWork) => void,
): Promise<AttemptWork | null> {
  const finished = await db.transaction(async (tx) => {
    await lockRuns(
      tx,
      (await tx.query<{ runId: string }>('SELECT run_id AS "runId" FROM attempts WHERE id = $1', [ref.id])).map((r) => r.runId),
    );
    // The device freed and the session ended in the verdict's own statement: the run's lock is
    // held from here to the commit, and the run's other verdicts wait for it.
    const rows = await tx.query<AttemptWork>(
      `WITH done AS (
         UPDATE attempts a SET status = $3, status_message = $4, failed_step = $5, finished_at = clock_timestamp(),
                duration_seconds = COALESCE($6, extract(epoch FROM clock_timestamp() - a.started_at)),
                -- An upload that landed before the verdict was recorded named its key already (routes/recordings.ts).
                recording_key = COALESCE($7, a.recording_key), device_log_key = COALESCE($8, a.device_log_key),
                recording_pending = $9 AND COALESCE($7, a.recording_key) IS NULL,
                device_log_pending = $10 AND COALESCE($8, a.device_log_key) IS NULL
          WHERE a.id = $1 AND a.try_number = $2 AND a.status IN ('pending', 'offered', 'running')
          RETURNING ${workColumns}
       ), freed AS (
         UPDATE devices d SET state = 'online' FROM done WHERE d.id = done."deviceId" AND d.state = 'busy'
       ), ended AS (
         UPDATE sdk_sessions s SET status = $11, ended_at = clock_timestamp() FROM done WHERE s.id = done."sessionId" AND s.status = 'running'
       )
       SELECT * FROM done`,
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
        v.status === 'succeeded' ? 'succeeded' : 'failed',
      ],
    );
    const attempt = rows[0];
    if (!attempt) return null;
    await announceTestsFinished(tx, [attempt.id]);
    await completeRunsIfDone(tx, [attempt.runId]);
    return attempt;
  });
  // After the commit, in a statement of its own: the tests of many runs share their duration's
  // row, and writing it inside the transaction queued each verdict, with its run's lock held,
  // behind every other verdict of the same test (scripts/bench/lab-scale.ts --statements). The
  // duration only orders later runs' tests, so one lost to a crash here costs no verdict.
  if (!finished) return null;
  committed?.(finished);
  await rememberDuration(db, finished).catch((e: unknown) => console.error(`remembering the duration of ${finished.id} failed:`, e));
  return finished;
}

/**
 * A test that ran to a verdict of its own (succeeded or failed) remembers how long it took on
 * its platform: the next run of it is started in longest-first order (claim.ts). A blocked
 * try says nothing about the test (no device, a cancel, a failed install).
 */
async function rememberDuration(db: Sql, attempt: AttemptWork): Promise<void> {
  if ((attempt.status !== 'succeeded' && attempt.status !== 'failed') || attempt.durationSeconds === null) return;
  await db.query(
    `INSERT INTO test_durations (org_id, test_id, platform, seconds) VALUES ($1, $2, $3, $4)
     ON CONFLICT (org_id, test_id, platform) DO UPDATE SET seconds = EXCLUDED.seconds, updated_at = clock_timestamp()`,
    [attempt.orgId, attempt.testId, attempt.platform, attempt.durationSeconds],
  );
}
