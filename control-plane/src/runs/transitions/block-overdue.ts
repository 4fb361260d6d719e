/**
 * block overdue: attempts that waited longer than `seconds` for a matching device
 * are blocked with a reason naming the device they waited for, and their runs
 * completed when nothing else is left, in one transaction.
 */
import type { Db } from '../../db/index.js';
import { announceTestsFinished } from '../run-events.js';
import { completeRunsIfDone, lockRuns } from './complete.js';

export async function blockOverdueAttempts(db: Db, seconds: number): Promise<number> {
  return db.transaction(async (tx) => {
    const overdue = `status = 'pending' AND queued_at < clock_timestamp() - make_interval(secs => $1)`;
    const runIds = (await tx.query<{ runId: string }>(`SELECT DISTINCT run_id AS "runId" FROM attempts WHERE ${overdue}`, [seconds])).map(
      (r) => r.runId,
    );
    if (runIds.length === 0) return 0;
    await lockRuns(tx, runIds);
    const blocked = await tx.query<{ id: string; runId: string }>(
      `UPDATE attempts SET status = 'blocked', finished_at = clock_timestamp(),
              status_message = 'No ' || CASE WHEN physical THEN 'reserved ' || platform || ' handset'
                                              ELSE platform || ' ' || CASE WHEN platform = 'ios' THEN 'simulator' ELSE 'emulator' END END
                               || ' became available within ' || $1 || ' seconds'
        WHERE ${overdue} AND run_id = ANY($2::text[])
        RETURNING id, run_id AS "runId"`,
      [seconds, runIds],
    );
    await announceTestsFinished(
      tx,
      blocked.map((b) => b.id),
    );
    await completeRunsIfDone(
      tx,
      blocked.map((b) => b.runId),
    );
    return blocked.length;
  });
}
