/**
 * offer: the pre-requests are done and the offer goes out now. Records this try's
 * {{values}} and restarts the clock an agent's answer is due by (an offer whose
 * pre-requests still run is not waiting for the agent: requeue-stale-offers gives it
 * longer). Only on the device it was claimed for: the try may have been put back and
 * claimed again elsewhere meanwhile (the same try number).
 */
import type { Sql } from '../../db/index.js';
import type { AttemptRef } from './ref.js';

/**
 * recordOffer for many tries at once (a claim's batch of tries without pre-requests): one
 * statement; answers the ids of the tries it recorded.
 */
export async function recordOffers(
  sql: Sql,
  offers: ReadonlyArray<{ ref: AttemptRef; deviceId: string; values: Record<string, string> }>,
): Promise<Set<string>> {
  if (offers.length === 0) return new Set();
  const rows = await sql.query<{ id: string }>(
    `UPDATE attempts a SET "values" = o."values", offered_at = clock_timestamp()
       FROM jsonb_to_recordset($1::text::jsonb) AS o(id text, try int, device text, "values" jsonb)
      WHERE a.id = o.id AND a.try_number = o.try AND a.status = 'offered' AND a.device_id = o.device RETURNING a.id`,
    [JSON.stringify(offers.map((o) => ({ id: o.ref.id, try: o.ref.tryNumber, device: o.deviceId, values: o.values })))],
  );
  return new Set(rows.map((r) => r.id));
}

/** One try's offer (a try with pre-requests, offered alone). */
export async function recordOffer(sql: Sql, ref: AttemptRef, deviceId: string, values: Record<string, string>): Promise<boolean> {
  return (await recordOffers(sql, [{ ref, deviceId, values }])).has(ref.id);
}
