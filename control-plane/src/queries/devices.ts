/**
 * The lab as an organisation sees it: the devices it can use (its reserved handsets and
 * devices, and the shared pool's emulators and simulators), and why a pending test of
 * one of its runs is still waiting for one. Reads only; devices are written by the agent
 * hub (queries/agents.ts).
 *
 * A device of a disconnected agent is offline whatever its last state was: the agent
 * cannot run anything on it until it says hello again.
 */
import type { Platform } from '@devicelab/shared';
import type { Sql } from '../db/index.js';

export type DeviceKind = 'emulator' | 'physical' | 'simulator';
export type DeviceState = 'online' | 'busy' | 'offline';

export interface LabDevice {
  id: string;
  serial: string;
  platform: Platform;
  kind: DeviceKind;
  model: string;
  osVersion: string;
  state: DeviceState;
  /** The hostname its agent reported. */
  agentName: string;
  /** Whether it is the organisation's own (reserved) or the shared pool's. */
  reserved: boolean;
  lastSeenAt: Date;
  /** Why it cannot take a test, when it cannot: its agent's words, or that the agent is gone. */
  notReadyReason: string | null;
}

/** At most this many devices are listed (a lab that size wants filters first). */
export const DEVICE_LIST_LIMIT = 1000;

/**
 * What the dispatcher would let the organisation use (queries in runs/ claim the same
 * way): its own devices of any kind, and the shared pool's non-physical ones.
 */
const USABLE = `(d.org_id = $1 OR (d.org_id IS NULL AND d.kind <> 'physical'))`;

export async function listOrgDevices(sql: Sql, orgId: string): Promise<LabDevice[]> {
  return sql.query<LabDevice>(
    `SELECT d.id, d.serial, d.platform, d.kind, d.model, d.os_version AS "osVersion",
            CASE WHEN a.connected THEN d.state ELSE 'offline' END AS state,
            a.hostname AS "agentName", d.org_id IS NOT NULL AS reserved,
            -- A device row is written when the agent reports a change; while its agent is connected
            -- and says nothing, each heartbeat (agents.last_seen_at) also vouches for the device.
            CASE WHEN a.connected AND d.state <> 'offline' THEN GREATEST(d.last_seen_at, a.last_seen_at) ELSE d.last_seen_at END AS "lastSeenAt",
            CASE WHEN NOT a.connected THEN 'its lab agent is not connected'
                 WHEN d.state = 'offline' THEN d.not_ready_reason END AS "notReadyReason"
       FROM devices d JOIN agents a ON a.id = d.agent_id
      WHERE ${USABLE}
      ORDER BY d.platform, d.kind, d.model, d.serial, d.id
      LIMIT ${DEVICE_LIST_LIMIT}`,
    [orgId],
  );
}

/** A pending test of a run, as far as matching it to a device goes. */
export interface WaitingTest {
  id: string;
  platform: Platform;
  physical: boolean;
}

interface DeviceCount {
  platform: Platform;
  physical: boolean;
  connected: number;
  busy: number;
  offline: number;
}

const kindWords = (platform: Platform, physical: boolean) =>
  physical
    ? platform === 'ios'
      ? 'a reserved iPhone'
      : 'a reserved Android handset'
    : platform === 'ios'
      ? 'an iOS simulator'
      : 'an Android emulator';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Why each of `tests` (pending tests of the organisation's runs) still waits, keyed by
 * test row id: no matching device is connected ("waiting for an iOS simulator: none is
 * connected"), or the matching devices have tests ahead of it, those running on them
 * and those queued before it ("waiting: 2 tests ahead on 1 device").
 */
export async function waitingReasons(sql: Sql, orgId: string, tests: readonly WaitingTest[]): Promise<Map<string, string>> {
  const reasons = new Map<string, string>();
  if (tests.length === 0) return reasons;
  const counts = await sql.query<DeviceCount>(
    `SELECT d.platform, d.kind = 'physical' AS physical,
            count(*) FILTER (WHERE a.connected AND d.state IN ('online', 'busy'))::int AS connected,
            count(*) FILTER (WHERE a.connected AND d.state = 'busy')::int AS busy,
            count(*) FILTER (WHERE NOT a.connected OR d.state = 'offline')::int AS offline
       FROM devices d JOIN agents a ON a.id = d.agent_id
      WHERE ${USABLE}
      GROUP BY 1, 2`,
    [orgId],
  );
  // Pending tests of the organisation's runs that the same devices would serve first (queued
  // earlier). Other organisations' backlogs are left out: free devices are shared between
  // organisations (runs/transitions/claim.ts), so a long queue elsewhere does not hold this one up.
  const ahead = await sql.query<{ id: string; ahead: number }>(
    `SELECT t.id, (SELECT count(*)::int FROM attempts o
                    WHERE o.status = 'pending' AND o.platform = t.platform AND o.physical = t.physical AND o.org_id = t.org_id
                      AND (o.queued_at, o.position, o.id) < (t.queued_at, t.position, t.id)) AS ahead
       FROM attempts t WHERE t.id = ANY($1::text[])`,
    [tests.map((t) => t.id)],
  );
  const queued = new Map(ahead.map((r) => [r.id, r.ahead]));
  const limit = await atParallelLimit(sql, orgId);
  for (const t of tests) {
    const c = counts.find((x) => x.platform === t.platform && x.physical === t.physical);
    if (!c || c.connected === 0) {
      const offline = c && c.offline > 0 ? ` (${c.offline} offline)` : '';
      reasons.set(t.id, `waiting for ${kindWords(t.platform, t.physical)}: none is connected${offline}`);
      continue;
    }
    if (limit !== null) {
      reasons.set(t.id, `waiting: the organisation's limit of ${plural(limit, 'parallel test')} is reached`);
      continue;
    }
    const before = c.busy + (queued.get(t.id) ?? 0);
    reasons.set(
      t.id,
      before === 0
        ? `waiting: next in line for ${plural(c.connected, 'device')}`
        : `waiting: ${plural(before, 'test')} ahead on ${plural(c.connected, 'device')}`,
    );
  }
  return reasons;
}

/** The organisation's cap on tests at once when its active tests have reached it (claim.ts passes it over then); else null. */
async function atParallelLimit(sql: Sql, orgId: string): Promise<number | null> {
  const rows = await sql.query<{ max: number | null; active: number }>(
    `SELECT o.max_parallel_tests AS max,
            (SELECT count(*)::int FROM attempts a WHERE a.org_id = o.id AND a.status IN ('offered', 'running')) AS active
       FROM organisations o WHERE o.id = $1`,
    [orgId],
  );
  const row = rows[0];
  return row && row.max !== null && row.active >= row.max ? row.max : null;
}
