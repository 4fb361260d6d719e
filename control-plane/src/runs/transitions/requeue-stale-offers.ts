/**
 * requeue stale offers: offers an agent neither accepted nor refused within
 * `seconds` (a lost frame, an agent stuck before it could answer) go back to the
 * queue, or are blocked if their run was cancelled; their devices go offline until
 * their agents report them again. One statement; SKIP LOCKED leaves attempts that
 * another transition holds right now to the next sweep.
 */
import type { Sql } from '../../db/index.js';

export async function requeueStaleOffers(sql: Sql, seconds: number): Promise<number> {
  const rows = await sql.query(
    `WITH stale AS (
       SELECT a.id, a.device_id, r.status = 'cancelled' AS cancelled
         FROM attempts a JOIN runs r ON r.id = a.run_id
        WHERE a.status = 'offered' AND a."values" IS NOT NULL
          AND a.offered_at < clock_timestamp() - make_interval(secs => $1)
        FOR UPDATE OF a SKIP LOCKED
     ), parked AS (
       UPDATE devices d SET state = 'offline' FROM stale WHERE d.id = stale.device_id AND d.state = 'busy' RETURNING d.id
     )
     UPDATE attempts a SET
            status = CASE WHEN stale.cancelled THEN 'blocked' ELSE 'pending' END,
            status_message = CASE WHEN stale.cancelled THEN 'The run was cancelled' END,
            finished_at = CASE WHEN stale.cancelled THEN clock_timestamp() END,
            device_id = NULL, device_label = NULL, offered_at = NULL, "values" = NULL
       FROM stale
      WHERE a.id = stale.id
      RETURNING a.id`,
    [seconds],
  );
  return rows.length;
}
