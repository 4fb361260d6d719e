/**
 * offer: the pre-requests are done and the offer goes out now. Records this try's
 * {{values}} and restarts the clock an agent's answer is due by (an offer whose
 * pre-requests still run is not waiting for the agent: requeue-stale-offers gives it
 * longer). Only on the device it was claimed for: the try may have been put back and
 * claimed again elsewhere meanwhile (the same try number).
 */
import type { Sql } from '../../db/index.js';
import type { AttemptRef } from './ref.js';

export async function recordOffer(sql: Sql, ref: AttemptRef, deviceId: string, values: Record<string, string>): Promise<boolean> {
  const rows = await sql.query(
    `UPDATE attempts SET "values" = $4, offered_at = clock_timestamp()
      WHERE id = $1 AND try_number = $2 AND status = 'offered' AND device_id = $3 RETURNING id`,
    [ref.id, ref.tryNumber, deviceId, values],
  );
  return rows.length > 0;
}
