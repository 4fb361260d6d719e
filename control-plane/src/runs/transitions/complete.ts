/**
 * complete: a running run whose every attempt has a verdict becomes `completed`.
 * Transitions that lock the run anyway (cancel, lose, requeue) call completeRunsIfDone
 * inside their transaction, after locking the run rows (lockRuns) so that two of them
 * landing at once cannot both see the other still active and leave the run running forever.
 * A verdict does not lock its run (finish.ts): it calls completeRunIfDone after its own
 * commit, and the sweep completes what a crash between the two left (completeFinishedRuns).
 */
import type { Db, Sql } from '../../db/index.js';
import { announceRunsEnded } from '../run-events.js';

/** Locks runs in id order (a fixed order: transitions locking several runs never deadlock). */
export async function lockRuns(tx: Sql, runIds: readonly string[]): Promise<Array<{ id: string; status: string }>> {
  if (runIds.length === 0) return [];
  return tx.query(`SELECT id, status FROM runs WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE`, [[...new Set(runIds)]]);
}

/**
 * Share-locks the runs of these attempts, in id order like lockRuns, for a transition
 * that reads a run's status but does not change the run (requeue, accept): a cancel,
 * which holds lockRuns from its status change to its list of held attempts, then either
 * waits for it or it for the cancel, and the transition sees the run's status as it is.
 */
export async function shareRunsOfAttempts(tx: Sql, attemptIds: readonly string[]): Promise<void> {
  if (attemptIds.length === 0) return;
  await tx.query(
    `SELECT r.id FROM runs r WHERE r.id IN (SELECT run_id FROM attempts WHERE id = ANY($1::text[])) ORDER BY r.id FOR SHARE OF r`,
    [[...new Set(attemptIds)]],
  );
}

/** Returns the runs it completed (their `run.completed` webhooks queued with them). Call after lockRuns in the same transaction. */
export async function completeRunsIfDone(tx: Sql, runIds: readonly string[]): Promise<string[]> {
  if (runIds.length === 0) return [];
  const rows = await tx.query<{ id: string }>(
    `UPDATE runs r SET status = 'completed', finished_at = clock_timestamp()
      WHERE r.id = ANY($1::text[]) AND r.status = 'running'
        AND NOT EXISTS (SELECT 1 FROM attempts a WHERE a.run_id = r.id AND a.status IN ('pending', 'offered', 'running'))
      RETURNING r.id`,
    [[...new Set(runIds)]],
  );
  const completed = rows.map((r) => r.id);
  await announceRunsEnded(tx, completed);
  return completed;
}

/** The run's tests all have their verdict (no lock: a check before taking one). */
const NOTHING_LEFT = `NOT EXISTS (SELECT 1 FROM attempts a WHERE a.run_id = r.id AND a.status IN ('pending', 'offered', 'running'))`;

/**
 * After verdicts' commit: completes their runs where no test is left. Every verdict of
 * the run checks after its own commit, so the check that starts last sees every verdict
 * committed and completes the run; earlier ones find a test still active and take no lock.
 * (Inside the verdict's transaction two last verdicts would each see the other still active;
 * locking the run there made the run's verdicts wait for each other, scripts/bench/lab-scale.ts.)
 */
export async function completeRunsDone(db: Db, runIds: readonly string[]): Promise<string[]> {
  if (runIds.length === 0) return [];
  const done = await db.query<{ id: string }>(
    `SELECT r.id FROM runs r WHERE r.id = ANY($1::text[]) AND r.status = 'running' AND ${NOTHING_LEFT}`,
    [[...new Set(runIds)]],
  );
  return done.length === 0
    ? []
    : completeLocked(
        db,
        done.map((r) => r.id),
      );
}

/** The sweep's share: runs whose last verdict committed but whose completion a crash lost. */
export async function completeFinishedRuns(db: Db): Promise<string[]> {
  const rows = await db.query<{ id: string }>(`SELECT r.id FROM runs r WHERE r.status = 'running' AND ${NOTHING_LEFT}`);
  return rows.length === 0
    ? []
    : completeLocked(
        db,
        rows.map((r) => r.id),
      );
}

function completeLocked(db: Db, runIds: string[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    await lockRuns(tx, runIds);
    return completeRunsIfDone(tx, runIds);
  });
}
