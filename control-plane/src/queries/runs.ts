import type { Sql } from '../db/index.js';
import type { Platform } from '@devicelab/shared';
import type { Automation, TestContent } from './tests.js';

export type RunStatus = 'running' | 'completed' | 'cancelled';
export type RunTestStatus = 'pending' | 'offered' | 'running' | 'succeeded' | 'failed' | 'blocked';

/** The test as it was when the run started (run_tests.snapshot): later edits do not change a run. */
export type RunTestSnapshot = Omit<TestContent, 'tags'>;

export interface RunRecord {
  id: string;
  orgId: string;
  apiKeyId: string | null;
  status: RunStatus;
  platform: Platform;
  buildId: string | null;
  bundleId: string | null;
  packageName: string;
  physical: boolean;
  tunnelName: string | null;
  trigger: string;
  createdAt: Date;
  finishedAt: Date | null;
  seq: string;
}

export interface RunTestRecord {
  id: string;
  runId: string;
  testId: string;
  position: number;
  title: string;
  platform: Platform;
  physical: boolean;
  status: RunTestStatus;
  attempt: number;
  deviceLabel: string | null;
  statusMessage: string | null;
  sessionId: string | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  durationSeconds: number | null;
}

const runColumns = `r.id, r.org_id AS "orgId", r.api_key_id AS "apiKeyId", r.status, r.platform, r.build_id AS "buildId",
  r.bundle_id AS "bundleId", r.package_name AS "packageName", r.physical, r.tunnel_name AS "tunnelName", r.trigger,
  r.created_at AS "createdAt", r.finished_at AS "finishedAt", r.seq::text AS seq`;

const runTestColumns = `rt.id, rt.run_id AS "runId", rt.test_id AS "testId", rt.position, rt.title, rt.platform, rt.physical,
  rt.status, rt.attempt, rt.device_label AS "deviceLabel", rt.status_message AS "statusMessage", rt.session_id AS "sessionId",
  rt.started_at AS "startedAt", rt.finished_at AS "finishedAt", rt.duration_seconds::float8 AS "durationSeconds"`;

// ---- choosing what a run contains -------------------------------------------------

/** A library test a run may include: its content (for the snapshot) and its automation state. */
export interface CandidateTest extends TestContent {
  id: string;
  automation: Automation;
}

/**
 * The organisation's tests among `ids` or having one of `tags`, in library order.
 * (A read of the tests table, kept here because it exists for runs.)
 */
export async function testsForRun(sql: Sql, orgId: string, ids: string[], tags: string[]): Promise<CandidateTest[]> {
  return sql.query<CandidateTest>(
    `SELECT t.id, t.title, t.commands, t.tags, t.pre_requests AS "preRequests", t.teardown_requests AS "teardownRequests",
            t.launch_params AS "launchParams", t.test_inputs AS "testInputs", t.automation
       FROM tests t
      WHERE t.org_id = $1 AND (t.id = ANY($2::text[]) OR t.tags && $3::text[])
      ORDER BY t.seq`,
    [orgId, ids, tags],
  );
}

/** Whether a real handset of this platform is reserved for the organisation (the default for usePhysicalDevice). */
export async function hasReservedHandset(sql: Sql, orgId: string, platform: Platform): Promise<boolean> {
  const rows = await sql.query(
    `SELECT 1 FROM devices WHERE org_id = $1 AND platform = $2 AND kind = 'physical' LIMIT 1`,
    [orgId, platform],
  );
  return rows.length > 0;
}

// ---- writing ------------------------------------------------------------------------

/** A run as created: the key that started it is always known. */
export type NewRun = Omit<RunRecord, 'createdAt' | 'finishedAt' | 'seq' | 'apiKeyId'> & { apiKeyId: string };

export interface NewRunTest {
  id: string;
  testId: string;
  title: string;
  snapshot: RunTestSnapshot;
}

/**
 * Inserts a run and its tests (positions in the given order). `testStatus` is
 * `pending` for a normal run; a run that fails before it starts (its tunnel is not
 * connected) writes its tests `failed` with `statusMessage`, already finished.
 * Call inside a transaction: the two statements belong together.
 */
export async function insertRun(
  tx: Sql,
  run: NewRun,
  tests: NewRunTest[],
  outcome: { testStatus: 'pending' | 'failed'; statusMessage: string | null },
): Promise<void> {
  await tx.query(
    `INSERT INTO runs (id, org_id, api_key_id, status, platform, build_id, bundle_id, package_name, physical, tunnel_name,
                       trigger, finished_at)
     VALUES ($1, $2, $3, $4::text, $5, $6, $7, $8, $9, $10, $11,
             CASE WHEN $4::text = 'running' THEN NULL ELSE clock_timestamp() END)`,
    [run.id, run.orgId, run.apiKeyId, run.status, run.platform, run.buildId, run.bundleId, run.packageName, run.physical,
      run.tunnelName, run.trigger],
  );
  // One statement for all tests: a run of a whole library is one round trip.
  await tx.query(
    `INSERT INTO run_tests (id, run_id, org_id, test_id, position, title, platform, physical, status, status_message,
                            snapshot, finished_at)
     SELECT r.id, $1::text, $2::text, r.test_id, r.position, r.title, $3::text, $4::boolean, $5::text, $6::text, r.snapshot,
            CASE WHEN $5::text = 'pending' THEN NULL ELSE clock_timestamp() END
       FROM jsonb_to_recordset($7::jsonb) AS r(id text, test_id text, position int, title text, snapshot jsonb)`,
    [run.id, run.orgId, run.platform, run.physical, outcome.testStatus, outcome.statusMessage,
      tests.map((t, position) => ({ id: t.id, test_id: t.testId, position, title: t.title, snapshot: t.snapshot }))],
  );
}

export type CancelOutcome =
  | { outcome: 'cancelled'; activeJobIds: string[] }
  | { outcome: 'not_found' }
  | { outcome: 'finished'; status: RunStatus };

/**
 * Cancels a running run: the run ends `cancelled`; its pending tests end `blocked`
 * with `statusMessage`. Returns the jobs agents hold (offered or running): the
 * caller asks the dispatcher to stop them, and their verdicts arrive as usual.
 * Blocking pending tests before listing active ones matters: a test the dispatcher
 * is offering at this moment is either blocked here (we win its row lock) or listed
 * as offered afterwards (it wins, and this statement sees its commit).
 * Call inside a transaction.
 */
export async function cancelRun(tx: Sql, orgId: string, runId: string, statusMessage: string): Promise<CancelOutcome> {
  const rows = await tx.query<{ status: RunStatus }>('SELECT status FROM runs WHERE id = $1 AND org_id = $2 FOR UPDATE', [
    runId,
    orgId,
  ]);
  const run = rows[0];
  if (!run) return { outcome: 'not_found' };
  if (run.status !== 'running') return { outcome: 'finished', status: run.status };
  await tx.query(`UPDATE runs SET status = 'cancelled', finished_at = clock_timestamp() WHERE id = $1`, [runId]);
  await tx.query(
    `UPDATE run_tests SET status = 'blocked', status_message = $2, finished_at = clock_timestamp()
      WHERE run_id = $1 AND status = 'pending'`,
    [runId, statusMessage],
  );
  const active = await tx.query<{ id: string }>(
    `SELECT id FROM run_tests WHERE run_id = $1 AND status IN ('offered', 'running') ORDER BY position`,
    [runId],
  );
  return { outcome: 'cancelled', activeJobIds: active.map((r) => r.id) };
}

// ---- reading ------------------------------------------------------------------------

export async function findRun(sql: Sql, orgId: string, id: string): Promise<RunRecord | null> {
  const rows = await sql.query<RunRecord>(`SELECT ${runColumns} FROM runs r WHERE r.id = $1 AND r.org_id = $2`, [id, orgId]);
  return rows[0] ?? null;
}

/** A run's tests in run order. */
export async function listRunTests(sql: Sql, runId: string): Promise<RunTestRecord[]> {
  return sql.query<RunTestRecord>(`SELECT ${runTestColumns} FROM run_tests rt WHERE rt.run_id = $1 ORDER BY rt.position`, [runId]);
}

/** One test of one of the organisation's runs, by the library test id. */
export async function findRunTest(sql: Sql, orgId: string, runId: string, testId: string): Promise<RunTestRecord | null> {
  const rows = await sql.query<RunTestRecord>(
    `SELECT ${runTestColumns} FROM run_tests rt WHERE rt.run_id = $1 AND rt.test_id = $2 AND rt.org_id = $3
      ORDER BY rt.position LIMIT 1`,
    [runId, testId, orgId],
  );
  return rows[0] ?? null;
}

/** The storage key of a step's screenshot in a test of one of the organisation's runs; null when there is none. */
export async function findRunStepScreenshot(
  sql: Sql,
  orgId: string,
  runId: string,
  testId: string,
  seq: number,
): Promise<string | null> {
  const rows = await sql.query<{ screenshot: string | null }>(
    `SELECT s.screenshot FROM run_tests rt JOIN session_steps s ON s.session_id = rt.session_id
      WHERE rt.run_id = $1 AND rt.test_id = $2 AND rt.org_id = $3 AND s.seq = $4
      ORDER BY rt.position LIMIT 1`,
    [runId, testId, orgId, seq],
  );
  return rows[0]?.screenshot ?? null;
}

export interface RunCounts {
  totalTests: number;
  pendingTests: number;
  succeededCount: number;
  failedCount: number;
  blockedCount: number;
}

export type RunSummaryRecord = RunRecord & RunCounts;

export interface RunFilter {
  orgId: string;
  status?: RunStatus;
  trigger?: string;
  /** Only runs older than this seq (the cursor). */
  beforeSeq?: string;
  limit: number;
}

/** The organisation's runs, newest first, each with its test counts. */
export async function listRuns(sql: Sql, f: RunFilter): Promise<RunSummaryRecord[]> {
  const params: unknown[] = [f.orgId, f.limit];
  const where = ['r.org_id = $1'];
  if (f.status !== undefined) {
    params.push(f.status);
    where.push(`r.status = $${params.length}`);
  }
  if (f.trigger !== undefined) {
    params.push(f.trigger);
    where.push(`r.trigger = $${params.length}`);
  }
  if (f.beforeSeq !== undefined) {
    params.push(f.beforeSeq);
    where.push(`r.seq < $${params.length}::bigint`);
  }
  return sql.query<RunSummaryRecord>(
    `SELECT ${runColumns}, c."totalTests", c."pendingTests", c."succeededCount", c."failedCount", c."blockedCount"
       FROM (SELECT * FROM runs r WHERE ${where.join(' AND ')} ORDER BY r.seq DESC LIMIT $2) r
       CROSS JOIN LATERAL (
         SELECT count(*)::int AS "totalTests",
                count(*) FILTER (WHERE status IN ('pending', 'offered', 'running'))::int AS "pendingTests",
                count(*) FILTER (WHERE status = 'succeeded')::int AS "succeededCount",
                count(*) FILTER (WHERE status = 'failed')::int AS "failedCount",
                count(*) FILTER (WHERE status = 'blocked')::int AS "blockedCount"
           FROM run_tests WHERE run_id = r.id) c
      ORDER BY r.seq DESC`,
    params,
  );
}
