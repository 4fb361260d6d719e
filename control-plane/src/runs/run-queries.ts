/**
 * Runs: reads. Every change of a run or its attempts is a transition in ./transitions/.
 */
import type { Platform } from '@devicelab/shared';
import type { Sql } from '../db/index.js';
import type { Automation, TestContent } from '../queries/tests.js';

export type RunStatus = 'running' | 'completed' | 'cancelled';

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

/** A run as created: the key that started it is always known. */
export type NewRun = Omit<RunRecord, 'createdAt' | 'finishedAt' | 'seq' | 'apiKeyId'> & { apiKeyId: string };

export const runColumns = `r.id, r.org_id AS "orgId", r.api_key_id AS "apiKeyId", r.status, r.platform, r.build_id AS "buildId",
  r.bundle_id AS "bundleId", r.package_name AS "packageName", r.physical, r.tunnel_name AS "tunnelName", r.trigger,
  r.created_at AS "createdAt", r.finished_at AS "finishedAt", r.seq::text AS seq`;

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
  const rows = await sql.query(`SELECT 1 FROM devices WHERE org_id = $1 AND platform = $2 AND kind = 'physical' LIMIT 1`, [
    orgId,
    platform,
  ]);
  return rows.length > 0;
}

// ---- reading ------------------------------------------------------------------------

export async function findRun(sql: Sql, orgId: string, id: string): Promise<RunRecord | null> {
  const rows = await sql.query<RunRecord>(`SELECT ${runColumns} FROM runs r WHERE r.id = $1 AND r.org_id = $2`, [id, orgId]);
  return rows[0] ?? null;
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
  /** Only runs of this build (the build page). */
  buildId?: string;
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
  if (f.buildId !== undefined) {
    params.push(f.buildId);
    where.push(`r.build_id = $${params.length}`);
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
           FROM attempts WHERE run_id = r.id) c
      ORDER BY r.seq DESC`,
    params,
  );
}

/** What offering an attempt needs to know about its run. */
export interface RunOfAttempt {
  id: string;
  status: RunStatus;
  apiKeyId: string | null;
  buildId: string | null;
  packageName: string;
  tunnelName: string | null;
}

const runOfAttemptColumns = `id, status, api_key_id AS "apiKeyId", build_id AS "buildId", package_name AS "packageName", tunnel_name AS "tunnelName"`;

export async function findRunOfAttempt(sql: Sql, runId: string): Promise<RunOfAttempt | null> {
  const rows = await sql.query<RunOfAttempt>(`SELECT ${runOfAttemptColumns} FROM runs WHERE id = $1`, [runId]);
  return rows[0] ?? null;
}

/** findRunOfAttempt for many runs in one read (a claim's batch), by id. */
export async function findRunsOfAttempts(sql: Sql, runIds: readonly string[]): Promise<Map<string, RunOfAttempt>> {
  const rows = await sql.query<RunOfAttempt>(`SELECT ${runOfAttemptColumns} FROM runs WHERE id = ANY($1::text[])`, [[...new Set(runIds)]]);
  return new Map(rows.map((r) => [r.id, r]));
}
