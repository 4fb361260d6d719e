/**
 * claim: the next pending attempt that an idle device of one of `agentIds` can run, and
 * that device (docs/scheduling.md):
 *
 * - Fair share: each running run offers its next test; the one picked is of the organisation
 *   with the fewest tests on shared-pool devices, then of the run with the fewest tests under
 *   way, then of the oldest run. One claim after another, free devices so go round-robin
 *   between organisations with waiting tests, and within an organisation between its runs.
 * - Longest first: a run's next test is the one expected to take longest (its last duration
 *   on the platform, copied at run creation), tests never timed before all others.
 * - Parallel limits: an organisation at its cap (organisations.max_parallel_tests) is passed
 *   over. The statement's own count can be stale when replicas claim at the same moment, so
 *   the claim's transaction then takes the organisation's row lock and counts again: the claims
 *   of one capped organisation are serialised, and one that would go over the cap is undone.
 *
 * SKIP LOCKED lets replicas claim side by side without waiting for each other; a retry
 * prefers a device other than the one that was lost; handsets serve only their
 * organisation's physical runs, emulators and simulators (shared or the organisation's own)
 * everyone's other runs.
 */
import { PLATFORMS, type Platform } from '@devicelab/shared';
import type { Db, Sql } from '../../db/index.js';
import { lockOrganisation } from '../../queries/organisations.js';
import { type AttemptWork, workColumns } from '../attempts.js';

/** Device `d` can run a test of `c` (a run or an attempt: both have platform, physical, org_id). */
const serves = (d: string, c: string) => `${d}.state = 'online' AND ${d}.agent_id = ANY($1::text[]) AND ${d}.platform = ${c}.platform
  AND CASE WHEN ${c}.physical THEN ${d}.kind = 'physical' AND ${d}.org_id = ${c}.org_id
           ELSE ${d}.kind <> 'physical' AND (${d}.org_id IS NULL OR ${d}.org_id = ${c}.org_id) END`;

/**
 * The kinds of device (platform, handset or not) as fixed SQL: the claim looks only at runs of
 * the kinds the agents have idle devices for. The values are written in, not parameters: a
 * walk parameterised by the kinds found at run time was planned without the partial index.
 */
const KINDS = PLATFORMS.flatMap((platform) => [false, true].map((physical) => ({ platform, physical })));
const kindFilter = (kinds: typeof KINDS) => kinds.map((k) => `(r.platform = '${k.platform}' AND r.physical = ${k.physical})`).join(' OR ');

/** Active tests (offered or running) per organisation and run: what fair share and limits count. */
const ACTIVE = `active AS (
       SELECT a.org_id, a.run_id, d.org_id IS NULL AS shared
         FROM attempts a JOIN devices d ON d.id = a.device_id
        WHERE a.status IN ('offered', 'running')
     ), org_load AS (
       SELECT org_id, count(*) AS total, count(*) FILTER (WHERE shared) AS shared FROM active GROUP BY org_id
     ), run_load AS (
       SELECT run_id, count(*) AS total FROM active GROUP BY run_id
     )`;

/**
 * Whose turn: fewest of the organisation's tests on shared devices, then the organisation served
 * longest ago, then the fewest of the run's tests under way, the run served longest ago, the
 * oldest run. Round-robin comes from the turns: with one free device at a time, "fewest under
 * way" ties at every claim. The turns are rows of their own (org_claim_turns, run_claim_turns):
 * the claim holds its test's row lock, and must not then wait for a run's row, which a cancel
 * locks before it updates the run's pending tests.
 */
const FAIR_ORDER = (x: string) => `${x}.org_shared, ${x}.org_turn NULLS FIRST, ${x}.run_active, ${x}.run_turn NULLS FIRST, ${x}.seq`;

export interface ClaimedDevice {
  id: string;
  agentId: string;
  serial: string;
  platform: Platform;
}

export interface Claimed {
  attempt: AttemptWork;
  device: ClaimedDevice;
}

/** Thrown inside the claim's transaction to undo a claim that would exceed its organisation's cap. */
class OverLimit extends Error {}

export async function claimAttempt(db: Db, agentIds: readonly string[]): Promise<Claimed | null> {
  if (agentIds.length === 0) return null;
  // The kinds of the agents' idle devices, first: the claim then reads only those runs, and
  // without an idle device there is nothing to claim. A kind that becomes idle meanwhile wakes
  // the dispatcher again.
  const idle = await db.query<{ platform: Platform; physical: boolean }>(
    `SELECT DISTINCT platform, kind = 'physical' AS physical FROM devices WHERE state = 'online' AND agent_id = ANY($1::text[])`,
    [agentIds],
  );
  const kinds = KINDS.filter((k) => idle.some((i) => i.platform === k.platform && i.physical === k.physical));
  if (kinds.length === 0) return null;
  // A claim undone for a cap means another claim of that organisation committed meanwhile: the
  // next try sees it and passes the organisation over, so this ends.
  for (;;) {
    try {
      return await db.transaction((tx) => claimOnce(tx, agentIds, kinds));
    } catch (e) {
      if (!(e instanceof OverLimit)) throw e;
    }
  }
}

async function claimOnce(tx: Sql, agentIds: readonly string[], kinds: typeof KINDS): Promise<Claimed | null> {
  const rows = await tx.query<AttemptWork & { device: ClaimedDevice; maxParallelTests: number | null }>(
    `WITH ${ACTIVE}, waiting_runs AS (
       SELECT r.id, r.org_id, r.seq, COALESCE(ol.shared, 0) AS org_shared, t.last_claimed_at AS org_turn,
              COALESCE(rl.total, 0) AS run_active, rt.last_claimed_at AS run_turn
         FROM runs r
         JOIN organisations o ON o.id = r.org_id
         LEFT JOIN org_claim_turns t ON t.org_id = r.org_id
         LEFT JOIN run_claim_turns rt ON rt.run_id = r.id
         LEFT JOIN org_load ol ON ol.org_id = r.org_id
         LEFT JOIN run_load rl ON rl.run_id = r.id
        WHERE r.status = 'running' AND (${kindFilter(kinds)})
          AND (o.max_parallel_tests IS NULL OR COALESCE(ol.total, 0) < o.max_parallel_tests)
          AND EXISTS (SELECT 1 FROM devices d WHERE ${serves('d', 'r')})
     ), candidate AS (
       SELECT n.*, w.org_shared, w.org_turn, w.run_active, w.run_turn, w.seq
         FROM waiting_runs w
         CROSS JOIN LATERAL (
           SELECT a.id, a.run_id, a.platform, a.physical, a.org_id, a.lost_device_id
             FROM attempts a
            WHERE a.run_id = w.id AND a.status = 'pending'
            ORDER BY a.expected_seconds DESC NULLS FIRST, a.queued_at, a.position
            LIMIT 1
            FOR UPDATE OF a SKIP LOCKED) n
        ORDER BY ${FAIR_ORDER('w')}
        LIMIT 20
     ), pick AS (
       SELECT c.id AS attempt_id, c.run_id, c.org_id, d.id AS device_id
         FROM candidate c
         CROSS JOIN LATERAL (
           SELECT d.id FROM devices d
            WHERE ${serves('d', 'c')}
            ORDER BY (d.id = c.lost_device_id) IS TRUE, d.last_seen_at
            LIMIT 1
            FOR UPDATE OF d SKIP LOCKED) d
        ORDER BY ${FAIR_ORDER('c')}
        LIMIT 1
     ), run_turn AS (
       INSERT INTO run_claim_turns (run_id, last_claimed_at) SELECT pick.run_id, clock_timestamp() FROM pick
       ON CONFLICT (run_id) DO UPDATE SET last_claimed_at = EXCLUDED.last_claimed_at RETURNING run_id
     ), org_turn AS (
       INSERT INTO org_claim_turns (org_id, last_claimed_at) SELECT pick.org_id, clock_timestamp() FROM pick
       ON CONFLICT (org_id) DO UPDATE SET last_claimed_at = EXCLUDED.last_claimed_at RETURNING org_id
     ), busy AS (
       UPDATE devices SET state = 'busy' FROM pick WHERE devices.id = pick.device_id
       RETURNING devices.id, devices.agent_id, devices.serial, devices.platform, devices.model
     )
     UPDATE attempts a SET status = 'offered', device_id = busy.id, offered_at = clock_timestamp(),
            device_label = busy.model || ' (' || busy.serial || ')'
       FROM pick JOIN busy ON busy.id = pick.device_id
      WHERE a.id = pick.attempt_id
      RETURNING ${workColumns},
                (SELECT o.max_parallel_tests FROM organisations o WHERE o.id = a.org_id) AS "maxParallelTests",
                json_build_object('id', busy.id, 'agentId', busy.agent_id, 'serial', busy.serial, 'platform', busy.platform) AS device`,
    [agentIds],
  );
  const row = rows[0];
  if (!row) return null;
  const { device, maxParallelTests, ...attempt } = row;
  if (maxParallelTests !== null && !(await withinLimit(tx, attempt.orgId, maxParallelTests))) throw new OverLimit();
  return { attempt, device };
}

/**
 * Whether the organisation's active tests, this claim included, are within its cap, counted
 * under its row lock: a concurrent claim of the same organisation on another replica waits
 * here until this transaction ends, then counts with this claim committed (or undone).
 */
async function withinLimit(tx: Sql, orgId: string, max: number): Promise<boolean> {
  await lockOrganisation(tx, orgId);
  const rows = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM attempts WHERE org_id = $1 AND status IN ('offered', 'running')`,
    [orgId],
  );
  return rows[0]!.n <= max;
}
