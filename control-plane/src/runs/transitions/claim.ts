/**
 * claim: the oldest pending attempt that an idle device of one of `agentIds` can
 * run, and that device, in one statement. SKIP LOCKED lets replicas claim side by
 * side without waiting for each other; a retry prefers a device other than the one
 * that was lost; handsets serve only their organisation's physical runs, emulators
 * and simulators (shared or the organisation's own) everyone's other runs.
 */
import { PLATFORMS, type Platform } from '@devicelab/shared';
import type { Sql } from '../../db/index.js';
import { workColumns, type AttemptWork } from '../attempts.js';

/**
 * Device `d` can run attempt `c`. The candidates are filtered with it too, not only
 * the pick: the window of 20 must hold only attempts an idle device can serve, or 20
 * tests waiting for one busy handset would hide every later emulator test.
 */
const serves = (d: string, c: string) => `${d}.state = 'online' AND ${d}.agent_id = ANY($1::text[]) AND ${d}.platform = ${c}.platform
  AND CASE WHEN ${c}.physical THEN ${d}.kind = 'physical' AND ${d}.org_id = ${c}.org_id
           ELSE ${d}.kind <> 'physical' AND (${d}.org_id IS NULL OR ${d}.org_id = ${c}.org_id) END`;

/**
 * The pending attempts of one platform and kind, oldest first, walked by their index
 * (attempts_pending_platform). The claim walks only the kinds the agents have idle devices
 * for, so a backlog no idle device serves costs nothing. The values are written in (a fixed
 * list): a walk parameterised by the kinds found at run time was planned on the all-platform
 * index and read the whole backlog.
 */
const QUEUES = PLATFORMS.flatMap((platform) => [false, true].map((physical) => ({ name: `pending_${platform}_${physical ? 'handsets' : 'virtual'}`, platform, physical })));

const queue = (q: (typeof QUEUES)[number]) => `${q.name} AS (
       SELECT a.id, a.platform, a.physical, a.org_id, a.lost_device_id, a.queued_at, a.position
         FROM attempts a
        WHERE a.status = 'pending' AND a.platform = '${q.platform}' AND a.physical = ${q.physical}
          AND EXISTS (SELECT 1 FROM runs r WHERE r.id = a.run_id AND r.status = 'running')
          AND EXISTS (SELECT 1 FROM devices d WHERE ${serves('d', 'a')})
        ORDER BY a.queued_at, a.position
        LIMIT 20
        FOR UPDATE OF a SKIP LOCKED
     )`;

export interface ClaimedDevice {
  id: string;
  agentId: string;
  serial: string;
  platform: Platform;
}

export async function claimAttempt(sql: Sql, agentIds: readonly string[]): Promise<{ attempt: AttemptWork; device: ClaimedDevice } | null> {
  if (agentIds.length === 0) return null;
  // The kinds of the agents' idle devices, first: the claim then walks only those queues, and
  // without an idle device there is nothing to claim. A kind that becomes idle meanwhile wakes
  // the dispatcher again; the claim itself stays one statement.
  const idle = await sql.query<{ platform: Platform; physical: boolean }>(
    `SELECT DISTINCT platform, kind = 'physical' AS physical FROM devices WHERE state = 'online' AND agent_id = ANY($1::text[])`,
    [agentIds],
  );
  const queues = QUEUES.filter((q) => idle.some((k) => k.platform === q.platform && k.physical === q.physical));
  if (queues.length === 0) return null;
  const rows = await sql.query<AttemptWork & { device: ClaimedDevice }>(
    `WITH ${queues.map(queue).join(', ')},
     candidate AS (
       ${queues.map((q) => `SELECT * FROM ${q.name}`).join(' UNION ALL ')}
        ORDER BY queued_at, position
        LIMIT 20
     ), pick AS (
       SELECT c.id AS attempt_id, d.id AS device_id
         FROM candidate c
         CROSS JOIN LATERAL (
           SELECT d.id FROM devices d
            WHERE ${serves('d', 'c')}
            ORDER BY (d.id = c.lost_device_id) IS TRUE, d.last_seen_at
            LIMIT 1
            FOR UPDATE OF d SKIP LOCKED) d
        ORDER BY c.queued_at, c.position
        LIMIT 1
     ), busy AS (
       UPDATE devices SET state = 'busy' FROM pick WHERE devices.id = pick.device_id
       RETURNING devices.id, devices.agent_id, devices.serial, devices.platform, devices.model
     )
     UPDATE attempts a SET status = 'offered', device_id = busy.id, offered_at = clock_timestamp(),
            device_label = busy.model || ' (' || busy.serial || ')'
       FROM pick JOIN busy ON busy.id = pick.device_id
      WHERE a.id = pick.attempt_id
      RETURNING ${workColumns},
                json_build_object('id', busy.id, 'agentId', busy.agent_id, 'serial', busy.serial, 'platform', busy.platform) AS device`,
    [agentIds],
  );
  const row = rows[0];
  if (!row) return null;
  const { device, ...attempt } = row;
  return { attempt, device };
}
