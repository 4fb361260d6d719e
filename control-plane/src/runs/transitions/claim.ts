/**
 * claim: up to `limit` pairs of (idle device of one of `agentIds`, pending attempt it can
 * run), in one transaction (docs/scheduling.md). A batch gives the pairs in the order that
 * one claim after another would (below); claiming one pair per transaction made 500 free
 * devices wait for 500 round trips of several statements each (scripts/bench/lab-scale.ts).
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
 *   of one capped organisation are serialised, and a batch takes no more than the cap leaves.
 *
 * SKIP LOCKED lets replicas claim side by side without waiting for each other; a retry
 * prefers a device other than the one that was lost; handsets serve only their
 * organisation's physical runs, emulators and simulators (shared or the organisation's own)
 * everyone's other runs.
 */
import { PLATFORMS, type Platform } from '@devicelab/shared';
import type { Db, Sql } from '../../db/index.js';
import { lockOrganisations } from '../../queries/organisations.js';
import { runTunnelConnected } from '../../queries/tunnels.js';
import { type AttemptWork, workColumns } from '../attempts.js';

/** Device `d` can run a test of `c` (a run or an attempt: both have platform, physical, org_id). */
const fits = (d: string, c: string) => `${d}.platform = ${c}.platform
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
const ACTIVE = `active AS MATERIALIZED (
       SELECT a.org_id, a.run_id, d.org_id IS NULL AS shared
         FROM attempts a JOIN devices d ON d.id = a.device_id
        WHERE a.status IN ('offered', 'running')
     ), org_load AS MATERIALIZED (
       SELECT org_id, count(*) AS total, count(*) FILTER (WHERE shared) AS shared FROM active GROUP BY org_id
     ), run_load AS MATERIALIZED (
       SELECT run_id, count(*) AS total FROM active GROUP BY run_id
     )`;

/**
 * Whose turn: fewest of the organisation's tests on shared devices, then the organisation served
 * longest ago, then the fewest of the run's tests under way, the run served longest ago, the
 * oldest run. Round-robin comes from the turns: with one free device at a time, "fewest under
 * way" ties at every claim. The turns are rows of their own (org_claim_turns, run_claim_turns):
 * the claim holds its test's row lock, and must not then wait for a run's row, which a cancel
 * locks before it updates the run's pending tests.
 *
 * A batch is put in the order one claim after another would give, with the turns each claim
 * moves: an organisation's (a run's) k-th test of the batch counts as k more under way, and one
 * already served in the batch goes after those not yet served at the same count. Exact when
 * every device is in the shared pool; an organisation's own device does not raise its shared
 * count, which one-by-one claims would notice and a batch does not.
 *
 * That order is computed here (fairOrder) from two plain reads, the waiting runs with their
 * counts and turns and each run's next tests, and not inside one statement: PostgreSQL planned
 * that statement from statistics taken between two waves of runs and spent 25 s of CPU on
 * each claim, on every replica at once (scripts/bench/lab-scale.ts, docs/benchmarks.md). The
 * reads here are small and plain; the one that stale statistics did lead astray, each run's
 * next tests, is written so that its worst plan is one pass over the pending tests.
 */

/** A running run one of the idle devices can serve, with what fair share weighs. Turns and age are ranks: 1 is the earliest (never served ranks 1). */
interface WaitingRun {
  id: string;
  orgId: string;
  orgShared: number;
  orgActive: number;
  maxParallel: number | null;
  orgTurn: number;
  runActive: number;
  runTurn: number;
  age: number;
}

/** A run's k-th next test (k from 0), in the run's own order: longest expected first. */
interface QueuedTest {
  runId: string;
  attemptId: string;
  platform: Platform;
  physical: boolean;
  lostDeviceId: string | null;
  k: number;
}

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

interface IdleDevice extends ClaimedDevice {
  kind: string;
  orgId: string | null;
}

interface Candidate {
  attemptId: string;
  runId: string;
  orgId: string;
  platform: Platform;
  physical: boolean;
  lostDeviceId: string | null;
  maxParallel: number | null;
  orgActive: number;
}

interface Pair {
  candidate: Candidate;
  device: IdleDevice;
}

/**
 * A claim's outcome. `contended`: some idle device went without a test because the tests it
 * could have had were held by claims in flight elsewhere (another replica's batch); those end
 * within milliseconds, so the caller looks again at once instead of waiting for the next wake.
 */
export interface ClaimOutcome {
  claims: Claimed[];
  contended: boolean;
}

/**
 * Up to `limit` claims in one transaction, in fair order (see above); [] when nothing fits.
 * `tunnelLeaseSeconds` (REPLICA_LEASE_SECONDS): a tunnel of a replica silent this long counts as
 * gone. A run whose tunnel is connected nowhere is passed over: the claim loop fails its tests
 * with a message saying what to do (transitions/fail-without-tunnel.ts); an offer would only
 * have been refused by the relay.
 */
export async function claimAttempts(db: Db, agentIds: readonly string[], limit: number, tunnelLeaseSeconds: number): Promise<Claimed[]> {
  return (await claimAttemptsOutcome(db, agentIds, limit, tunnelLeaseSeconds)).claims;
}

/** As claimAttempts, saying whether claims in flight elsewhere left an idle device without a test. */
export async function claimAttemptsOutcome(
  db: Db,
  agentIds: readonly string[],
  limit: number,
  tunnelLeaseSeconds: number,
): Promise<ClaimOutcome> {
  if (agentIds.length === 0 || limit < 1) return { claims: [], contended: false };
  // A batch cut back to nothing by a cap means claims of that organisation committed meanwhile:
  // the next try counts them and passes the organisation over, so this ends.
  for (;;) {
    const { claims, cut, contended } = await db.transaction((tx) => claimBatch(tx, agentIds, limit, tunnelLeaseSeconds));
    if (claims.length > 0 || !cut) return { claims, contended };
  }
}

/** One claim (tests of the claim's guarantees use it). */
export async function claimAttempt(db: Db, agentIds: readonly string[], tunnelLeaseSeconds: number): Promise<Claimed | null> {
  return (await claimAttempts(db, agentIds, 1, tunnelLeaseSeconds))[0] ?? null;
}

async function claimBatch(
  tx: Sql,
  agentIds: readonly string[],
  limit: number,
  tunnelLeaseSeconds: number,
): Promise<{ claims: Claimed[]; cut: boolean; contended: boolean }> {
  // The agents' idle devices that some running run could use, least recently used first, locked
  // for this transaction (another replica's agents hold other devices; SKIP LOCKED all the same).
  const idle = await tx.query<IdleDevice>(
    `SELECT d.id, d.agent_id AS "agentId", d.serial, d.platform, d.kind, d.org_id AS "orgId"
       FROM devices d
      WHERE d.state = 'online' AND d.agent_id = ANY($1::text[])
        AND EXISTS (SELECT 1 FROM runs r WHERE r.status = 'running' AND ${fits('d', 'r')})
      ORDER BY d.last_seen_at
      LIMIT $2
      FOR UPDATE OF d SKIP LOCKED`,
    [agentIds, limit],
  );
  if (idle.length === 0) return { claims: [], cut: false, contended: false };
  const runs = await waitingRuns(tx, idle, tunnelLeaseSeconds);
  if (runs.length === 0) return { claims: [], cut: false, contended: false };
  // Per run twice the devices, and three times the devices in all: a batch of another replica
  // locks the top of a run's queue at the same moment, and this one then takes the next ones.
  const ordered = fairOrder(runs, await nextTests(tx, frontRuns(runs, idle.length * 3), idle.length * 2)).slice(0, idle.length * 3);
  const { pairs, contended } = await lockPairs(tx, ordered, idle, limit);
  const { kept, cut } = await withinLimits(tx, pairs);
  if (kept.length === 0) return { claims: [], cut, contended };
  return { claims: await markClaimed(tx, kept), cut, contended };
}

/**
 * Pairs the candidates with the idle devices in order and locks only the tests so paired. A
 * test another claim holds (SKIP LOCKED) is passed over and its device paired again with the
 * next candidates, for a few rounds. Locking every candidate at once (three per device) made
 * replicas that claim at the same moment, all reading the same front of the queue, find every
 * candidate held by the first and claim nothing (scripts/bench/lab-scale.ts).
 */
async function lockPairs(tx: Sql, ordered: Candidate[], idle: IdleDevice[], limit: number): Promise<{ pairs: Pair[]; contended: boolean }> {
  const held = new Set<string>();
  const pairs: Pair[] = [];
  for (let round = 0; round < LOCK_ROUNDS && pairs.length < limit; round += 1) {
    const paired = new Set(pairs.map((p) => p.candidate.attemptId));
    const free = idle.filter((d) => !pairs.some((p) => p.device.id === d.id));
    const tentative = pair(
      ordered.filter((c) => !held.has(c.attemptId) && !paired.has(c.attemptId)),
      free,
      limit - pairs.length,
      pairs,
    );
    if (tentative.length === 0) break;
    const locked = await lockPending(
      tx,
      tentative.map((p) => p.candidate.attemptId),
    );
    for (const p of tentative) {
      if (locked.has(p.candidate.attemptId)) pairs.push(p);
      else held.add(p.candidate.attemptId);
    }
    if (locked.size === tentative.length) break;
  }
  const unpaired = idle.length > pairs.length && pairs.length < limit;
  return { pairs, contended: held.size > 0 && unpaired };
}

/** Rounds of pairing again after tests held elsewhere: one per replica claiming beside this one is usually enough. */
const LOCK_ROUNDS = 4;

/**
 * The running runs with a pending test, of the kinds the idle devices are, that one of them may
 * serve, below their organisation's cap, without a tunnel or with theirs connected, with their
 * counts and turns. The tunnel is checked here, in the claim's own read: checked only before a
 * claim pass, a run created in between was offered and then refused by the relay. The idle devices go in as
 * their distinct (platform, kind, organisation): a handful of values, not a look in the devices
 * table per run. Which of them have a test pending is asked apart (runsWithPending).
 */
async function waitingRuns(tx: Sql, idle: IdleDevice[], tunnelLeaseSeconds: number): Promise<WaitingRun[]> {
  const kinds = KINDS.filter((k) => idle.some((d) => d.platform === k.platform && (d.kind === 'physical') === k.physical));
  const sorts = [...new Map(idle.map((d) => [`${d.platform} ${d.kind} ${d.orgId}`, d])).values()];
  const runs = await tx.query<WaitingRun>(
    `WITH ${ACTIVE}
     SELECT r.id, r.org_id AS "orgId", COALESCE(ol.shared, 0)::int AS "orgShared", COALESCE(ol.total, 0)::int AS "orgActive",
            o.max_parallel_tests AS "maxParallel", dense_rank() OVER (ORDER BY t.last_claimed_at NULLS FIRST)::int AS "orgTurn",
            COALESCE(rl.total, 0)::int AS "runActive", dense_rank() OVER (ORDER BY rt.last_claimed_at NULLS FIRST)::int AS "runTurn",
            row_number() OVER (ORDER BY r.seq)::int AS age
       FROM runs r
       JOIN organisations o ON o.id = r.org_id
       LEFT JOIN org_claim_turns t ON t.org_id = r.org_id
       LEFT JOIN run_claim_turns rt ON rt.run_id = r.id
       LEFT JOIN org_load ol ON ol.org_id = r.org_id
       LEFT JOIN run_load rl ON rl.run_id = r.id
      WHERE r.status = 'running' AND (${kindFilter(kinds)})
        AND (o.max_parallel_tests IS NULL OR COALESCE(ol.total, 0) < o.max_parallel_tests)
        AND (r.tunnel_name IS NULL OR ${runTunnelConnected('$4')})
        AND EXISTS (SELECT 1 FROM unnest($1::text[], $2::text[], $3::text[]) AS d (platform, kind, org_id) WHERE ${fits('d', 'r')})`,
    [sorts.map((d) => d.platform), sorts.map((d) => d.kind), sorts.map((d) => d.orgId), tunnelLeaseSeconds],
  );
  const pending = await runsWithPending(
    tx,
    runs.map((r) => r.id),
  );
  // The turns and ages are ranks among all these runs: their order among the ones kept is the same.
  return runs.filter((r) => pending.has(r.id));
}

/**
 * Of these runs, the ones with a test pending, in one pass over their pending tests whatever the
 * plan. Asked inside the statement above as a lookup per run, it was planned (with statistics
 * that counted one running run where there were 500) as a walk of every pending test for each
 * run: 1.2 million rows and 0.6 s a claim, on every replica at once (scripts/bench/lab-scale.ts,
 * auto_explain).
 */
async function runsWithPending(tx: Sql, runIds: string[]): Promise<Set<string>> {
  if (runIds.length === 0) return new Set();
  const rows = await tx.query<{ runId: string }>(
    `SELECT DISTINCT run_id AS "runId" FROM attempts WHERE status = 'pending' AND run_id = ANY($1::text[])`,
    [runIds],
  );
  return new Set(rows.map((r) => r.runId));
}

/**
 * The runs whose tests can be among an organisation's first `n` candidates: its first `n` runs
 * by their own turn. Every run has a pending test, so each of those puts one ahead of every
 * test of a run after them (a run's k-th test counts k more under way). A claim for one free
 * device so reads a few runs per organisation, not every running run's queue.
 */
function frontRuns(runs: WaitingRun[], n: number): WaitingRun[] {
  const seen = new Map<string, number>();
  return [...runs]
    .sort((a, b) => compareKeys(runRound(a, 0), runRound(b, 0)))
    .filter((run) => {
      const k = seen.get(run.orgId) ?? 0;
      seen.set(run.orgId, k + 1);
      return k < n;
    });
}

/**
 * Each run's next `perRun` pending tests in its own order, in one pass over the runs' pending
 * tests. Not a lookup per run: with statistics that saw no pending test, PostgreSQL walked the
 * whole pending-by-platform index for each run (50 ms a claim at 5,000 pending tests, growing
 * with runs × backlog); one pass costs at most the backlog, whatever the plan.
 */
function nextTests(tx: Sql, runs: WaitingRun[], perRun: number): Promise<QueuedTest[]> {
  return tx.query<QueuedTest>(
    `SELECT "runId", "attemptId", platform, physical, "lostDeviceId", k
       FROM (SELECT a.run_id AS "runId", a.id AS "attemptId", a.platform, a.physical, a.lost_device_id AS "lostDeviceId",
                    (row_number() OVER (PARTITION BY a.run_id ORDER BY a.expected_seconds DESC NULLS FIRST, a.queued_at, a.position) - 1)::int AS k
               FROM attempts a
              WHERE a.run_id = ANY($1::text[]) AND a.status = 'pending') n
      WHERE k < $2`,
    [runs.map((r) => r.id), perRun],
  );
}

/**
 * The candidates in the order one claim after another would take them (above): within each
 * organisation its runs' tests round-robin (a run's k-th test counts k more under way), then the
 * organisations round-robin the same way. An organisation's tests beyond what its cap leaves are
 * not candidates.
 */
function fairOrder(runs: WaitingRun[], tests: QueuedTest[]): Candidate[] {
  const runOf = new Map(runs.map((r) => [r.id, r]));
  const byOrg = new Map<string, { test: QueuedTest; run: WaitingRun }[]>();
  for (const test of tests) {
    const run = runOf.get(test.runId)!;
    const list = byOrg.get(run.orgId) ?? [];
    list.push({ test, run });
    byOrg.set(run.orgId, list);
  }
  const ranked: { candidate: Candidate; key: (number | string)[] }[] = [];
  for (const [orgId, list] of byOrg) {
    list.sort((a, b) => compareKeys(runRound(a.run, a.test.k), runRound(b.run, b.test.k)));
    list.forEach(({ test, run }, orgK) => {
      if (run.maxParallel !== null && orgK >= run.maxParallel - run.orgActive) return;
      ranked.push({
        candidate: {
          attemptId: test.attemptId,
          runId: run.id,
          orgId,
          platform: test.platform,
          physical: test.physical,
          lostDeviceId: test.lostDeviceId,
          maxParallel: run.maxParallel,
          orgActive: run.orgActive,
        },
        key: [run.orgShared + orgK, orgK > 0 ? 1 : 0, run.orgTurn, orgId, orgK],
      });
    });
  }
  return ranked.sort((a, b) => compareKeys(a.key, b.key)).map((r) => r.candidate);
}

const runRound = (run: WaitingRun, k: number) => [run.runActive + k, k > 0 ? 1 : 0, run.runTurn, run.age];

function compareKeys(a: (number | string)[], b: (number | string)[]): number {
  for (let i = 0; i < a.length; i += 1) {
    if (a[i]! < b[i]!) return -1;
    if (a[i]! > b[i]!) return 1;
  }
  return 0;
}

/** Of these attempts, the ones still pending that no other claim holds, now locked for this transaction. */
async function lockPending(tx: Sql, attemptIds: string[]): Promise<Set<string>> {
  if (attemptIds.length === 0) return new Set();
  const rows = await tx.query<{ id: string }>(
    `SELECT id FROM attempts WHERE id = ANY($1::text[]) AND status = 'pending' ORDER BY id FOR UPDATE SKIP LOCKED`,
    [attemptIds],
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * Gives each candidate, in order, the first idle device that can run it (one other than the
 * device its last try was lost on, if there is one), while its organisation's cap allows.
 * The same rule as `fits`, on the rows already read.
 */
function pair(candidates: Candidate[], idle: IdleDevice[], limit: number, already: readonly Pair[] = []): Pair[] {
  const free = [...idle];
  const taken = new Map<string, number>();
  for (const p of already) taken.set(p.candidate.orgId, (taken.get(p.candidate.orgId) ?? 0) + 1);
  const pairs: Pair[] = [];
  const canRun = (d: IdleDevice, c: Candidate) =>
    d.platform === c.platform &&
    (c.physical ? d.kind === 'physical' && d.orgId === c.orgId : d.kind !== 'physical' && (d.orgId === null || d.orgId === c.orgId));
  for (const c of candidates) {
    if (pairs.length >= limit || free.length === 0) break;
    const n = taken.get(c.orgId) ?? 0;
    if (c.maxParallel !== null && c.orgActive + n >= c.maxParallel) continue;
    let i = free.findIndex((d) => d.id !== c.lostDeviceId && canRun(d, c));
    if (i < 0) i = free.findIndex((d) => canRun(d, c));
    if (i < 0) continue;
    pairs.push({ candidate: c, device: free.splice(i, 1)[0]! });
    taken.set(c.orgId, n + 1);
  }
  return pairs;
}

/**
 * The pairs that keep capped organisations within their caps, counted under their row locks
 * (taken in id order, so two batches never wait for each other the wrong way round): a batch of
 * the same organisation on another replica waits here until this transaction ends, then counts
 * with this one's claims committed. `cut`: some were dropped.
 */
async function withinLimits(tx: Sql, pairs: Pair[]): Promise<{ kept: Pair[]; cut: boolean }> {
  const capped = [...new Set(pairs.filter((p) => p.candidate.maxParallel !== null).map((p) => p.candidate.orgId))].sort();
  if (capped.length === 0) return { kept: pairs, cut: false };
  await lockOrganisations(tx, capped);
  const rows = await tx.query<{ orgId: string; room: number }>(
    `SELECT o.id AS "orgId", o.max_parallel_tests - (SELECT count(*) FROM attempts a WHERE a.org_id = o.id AND a.status IN ('offered', 'running'))::int AS room
       FROM organisations o WHERE o.id = ANY($1::text[]) AND o.max_parallel_tests IS NOT NULL`,
    [capped],
  );
  const room = new Map(rows.map((r) => [r.orgId, r.room]));
  const kept = pairs.filter((p) => {
    const left = room.get(p.candidate.orgId);
    if (left === undefined) return true; // the cap was lifted meanwhile
    room.set(p.candidate.orgId, left - 1);
    return left > 0;
  });
  return { kept, cut: kept.length < pairs.length };
}

/**
 * Every pair in one statement: devices busy, attempts offered, and the turns moved, each
 * organisation's and run's to its last claim of the batch (so the next batch starts after
 * it). Turn rows are written in key order, so concurrent batches cannot deadlock on them.
 */
async function markClaimed(tx: Sql, pairs: Pair[]): Promise<Claimed[]> {
  const rows = await tx.query<AttemptWork & { device: ClaimedDevice; n: number }>(
    `WITH pick AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS p (attempt_id, device_id, run_id, org_id, n)
     ), base AS (
       SELECT clock_timestamp() AS at
     ), run_turn AS (
       INSERT INTO run_claim_turns (run_id, last_claimed_at)
       SELECT pick.run_id, base.at + max(pick.n) * interval '1 microsecond' FROM pick, base GROUP BY pick.run_id, base.at ORDER BY pick.run_id
       ON CONFLICT (run_id) DO UPDATE SET last_claimed_at = EXCLUDED.last_claimed_at RETURNING run_id
     ), org_turn AS (
       INSERT INTO org_claim_turns (org_id, last_claimed_at)
       SELECT pick.org_id, base.at + max(pick.n) * interval '1 microsecond' FROM pick, base GROUP BY pick.org_id, base.at ORDER BY pick.org_id
       ON CONFLICT (org_id) DO UPDATE SET last_claimed_at = EXCLUDED.last_claimed_at RETURNING org_id
     ), busy AS (
       UPDATE devices SET state = 'busy' FROM pick WHERE devices.id = pick.device_id
       RETURNING devices.id, devices.agent_id, devices.serial, devices.platform, devices.model
     )
     UPDATE attempts a SET status = 'offered', device_id = busy.id, offered_at = clock_timestamp(),
            device_label = busy.model || ' (' || busy.serial || ')'
       FROM pick JOIN busy ON busy.id = pick.device_id
      WHERE a.id = pick.attempt_id
      RETURNING ${workColumns}, pick.n::int AS n,
                json_build_object('id', busy.id, 'agentId', busy.agent_id, 'serial', busy.serial, 'platform', busy.platform) AS device`,
    [
      pairs.map((p) => p.candidate.attemptId),
      pairs.map((p) => p.device.id),
      pairs.map((p) => p.candidate.runId),
      pairs.map((p) => p.candidate.orgId),
    ],
  );
  return rows.sort((a, b) => a.n - b.n).map(({ device, n: _n, ...attempt }) => ({ attempt, device }));
}
