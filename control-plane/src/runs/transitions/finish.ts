/**
 * finish: verdicts, each recorded once. In one transaction for all that land together
 * (agents/verdict-batches.ts): the verdict, the device free again (if it is still busy with
 * this attempt), the session ended; then, in statements of their own after the commit, the
 * runs completed where this was their last active attempt (complete.ts says why that is safe
 * without the run's lock, and how the sweep finishes what a crash in between left) and the
 * tests' durations remembered for later runs. A repeated result (re-sent after a reconnect)
 * or one for a try already given up changes nothing and answers null.
 */
import type { Db, Sql } from '../../db/index.js';
import { type AttemptWork, workColumns } from '../attempts.js';
import { announceTestsFinished } from '../run-events.js';
import { completeRunsDone } from './complete.js';
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

/** One try's verdict, as recordVerdicts takes them. */
export interface VerdictOf {
  ref: AttemptRef;
  verdict: Verdict;
  /** An agent's result: recorded only while a device of this agent holds the try (offered or running). */
  agentId?: string;
}

/** One verdict, recorded and followed through (its run completed, its duration remembered); agents' verdicts go through agents/verdict-batches.ts. */
export async function finishAttempt(db: Db, ref: AttemptRef, v: Verdict, agentId?: string): Promise<AttemptWork | null> {
  const [finished] = await recordVerdicts(db, [{ ref, verdict: v, agentId }]);
  if (finished) await afterVerdicts(db, [finished]);
  return finished ?? null;
}

/**
 * The verdicts in one transaction, one statement: each try's verdict, its device free again
 * (if still busy with it), its session ended. Answers, per verdict, the try it finished or null
 * (repeated, or for a try given up). The runs are not locked: the verdicts of one run, which
 * often land together, would wait for each other (complete.ts).
 */
export async function recordVerdicts(db: Db, verdicts: readonly VerdictOf[]): Promise<Array<AttemptWork | null>> {
  if (verdicts.length === 0) return [];
  const rows = verdicts.map(({ ref, verdict: v, agentId }) => ({
    id: ref.id,
    agent: agentId ?? null,
    try: ref.tryNumber,
    status: v.status,
    message: v.statusMessage,
    failed_step: v.failedStep ?? null,
    duration: v.durationSeconds ?? null,
    recording_key: v.recordingKey ?? null,
    device_log_key: v.deviceLogKey ?? null,
    recording_pending: v.recordingPending ?? false,
    device_log_pending: v.deviceLogPending ?? false,
  }));
  // As text: the driver would send a string given for a jsonb parameter as a JSON string.
  const finished = await db.transaction(async (tx) => {
    const done = await tx.query<AttemptWork>(
      `WITH v AS (
         SELECT * FROM jsonb_to_recordset($1::text::jsonb) AS v(id text, agent text, try int, status text, message text, failed_step int, duration float8,
                recording_key text, device_log_key text, recording_pending boolean, device_log_pending boolean)
       ), done AS (
         UPDATE attempts a SET status = v.status, status_message = v.message, failed_step = v.failed_step, finished_at = clock_timestamp(),
                duration_seconds = COALESCE(v.duration, extract(epoch FROM clock_timestamp() - a.started_at)),
                -- An upload that landed before the verdict was recorded named its key already (routes/recordings.ts).
                recording_key = COALESCE(v.recording_key, a.recording_key), device_log_key = COALESCE(v.device_log_key, a.device_log_key),
                recording_pending = v.recording_pending AND COALESCE(v.recording_key, a.recording_key) IS NULL,
                device_log_pending = v.device_log_pending AND COALESCE(v.device_log_key, a.device_log_key) IS NULL
           FROM v
          WHERE a.id = v.id AND a.try_number = v.try AND a.status IN ('pending', 'offered', 'running')
            -- An agent's result counts only for the try its device holds (no read before the batch for it).
            AND (v.agent IS NULL OR (a.status IN ('offered', 'running')
                 AND EXISTS (SELECT 1 FROM devices d WHERE d.id = a.device_id AND d.agent_id = v.agent)))
          RETURNING ${workColumns}
       ), freed AS (
         UPDATE devices d SET state = 'online' FROM done WHERE d.id = done."deviceId" AND d.state = 'busy'
       ), ended AS (
         UPDATE sdk_sessions s SET status = CASE WHEN done.status = 'succeeded' THEN 'succeeded' ELSE 'failed' END, ended_at = clock_timestamp()
           FROM done WHERE s.id = done."sessionId" AND s.status = 'running'
       )
       SELECT * FROM done`,
      [JSON.stringify(rows)],
    );
    if (done.length > 0)
      await announceTestsFinished(
        tx,
        done.map((a) => a.id),
      );
    return done;
  });
  // A try given twice (a result re-sent while the first was in the batch) was finished once: by the first.
  const byRef = new Map(finished.map((a) => [`${a.id}.${a.tryNumber}`, a]));
  return verdicts.map(({ ref }) => {
    const key = `${ref.id}.${ref.tryNumber}`;
    const attempt = byRef.get(key) ?? null;
    byRef.delete(key);
    return attempt;
  });
}

/**
 * After the verdicts' commit, in statements of their own: their runs completed where no test
 * is left, and the tests' durations remembered. The verdicts stand either way: a run left
 * running here is completed by the sweep (reaper.ts); a lost duration only orders a later run.
 */
export async function afterVerdicts(db: Db, finished: readonly AttemptWork[]): Promise<void> {
  await Promise.all([
    completeRunsDone(
      db,
      finished.map((a) => a.runId),
    ).catch((e: unknown) => console.error('completing the runs of verdicts failed:', e)),
    // The tests of many runs share their duration's row: written inside the verdict's transaction,
    // each verdict queued behind every other verdict of the same test (scripts/bench/lab-scale.ts --statements).
    rememberDurations(db, finished).catch((e: unknown) => console.error('remembering the durations of verdicts failed:', e)),
  ]);
}

/**
 * A test that ran to a verdict of its own (succeeded or failed) remembers how long it took on
 * its platform: the next run of it is started in longest-first order (claim.ts). A blocked
 * try says nothing about the test (no device, a cancel, a failed install). One statement for
 * all; a test twice among them keeps its last time (a statement may not update a row twice).
 * The rows are written in key order: two replicas writing the same tests' rows in different
 * orders can deadlock, and until PostgreSQL breaks it both hold a pool connection (a lab-scale
 * run saw one such statement wait 22 s, scripts/bench/lab-scale.ts).
 */
async function rememberDurations(db: Sql, finished: readonly AttemptWork[]): Promise<void> {
  const latest = new Map<string, { org: string; test: string; platform: string; seconds: number }>();
  for (const a of finished) {
    if ((a.status !== 'succeeded' && a.status !== 'failed') || a.durationSeconds === null) continue;
    latest.set(`${a.orgId}\0${a.testId}\0${a.platform}`, {
      org: a.orgId,
      test: a.testId,
      platform: a.platform,
      seconds: a.durationSeconds,
    });
  }
  if (latest.size === 0) return;
  await db.query(
    `INSERT INTO test_durations (org_id, test_id, platform, seconds)
     SELECT org, test, platform, seconds FROM jsonb_to_recordset($1::text::jsonb) AS d(org text, test text, platform text, seconds float8)
      ORDER BY org, test, platform
     ON CONFLICT (org_id, test_id, platform) DO UPDATE SET seconds = EXCLUDED.seconds, updated_at = clock_timestamp()`,
    [JSON.stringify([...latest.values()])],
  );
}
