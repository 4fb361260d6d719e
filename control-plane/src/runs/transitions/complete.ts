/**
 * complete: a running run whose every attempt has a verdict becomes `completed`.
 * Not a transaction of its own: each transition that gives a verdict calls it
 * inside its transaction, after locking the run rows (lockRuns) so that two
 * verdicts landing at once cannot both see the other still active and leave the
 * run running forever.
 */
import type { Sql } from '../../db/index.js';
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
