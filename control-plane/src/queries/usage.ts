import type { Sql } from '../db/index.js';

/** docs/api.md#usage-report: only the newest 30,000 sessions of the window are counted. */
export const MAX_COUNTED_SESSIONS = 30_000;

export interface UsageFilter {
  orgId: string;
  start: Date;
  end: Date;
  /** undefined: every key; null: sessions whose key was not recorded ('unattributed'). */
  apiKeyId?: string | null;
}

export interface UsageGroup {
  testId: string | null;
  runs: number;
  failedRuns: number;
  aiSteps: number;
  cachedSteps: number;
  /** null when no session of the group had a usable duration (ended, under one hour). */
  avgRuntimeSeconds: number | null;
}

/**
 * Sessions of the window grouped by test id, counting only the newest 30,000;
 * `truncated` when there were more. Both halves read the (org_id, started_at)
 * index only: the newest 30,000 rows for the groups, and a count that stops at
 * 30,001. A window function over one shared CTE did the same in twice the time
 * (docs/benchmarks.md, usage report).
 */
export async function usageByTestId(sql: Sql, f: UsageFilter): Promise<{ groups: UsageGroup[]; truncated: boolean }> {
  const params: unknown[] = [f.orgId, f.start, f.end, MAX_COUNTED_SESSIONS];
  let keyFilter = '';
  if (f.apiKeyId === null) keyFilter = 'AND api_key_id IS NULL';
  else if (f.apiKeyId !== undefined) {
    params.push(f.apiKeyId);
    keyFilter = `AND api_key_id = $${params.length}`;
  }
  const window = `org_id = $1 AND started_at >= $2 AND started_at <= $3 ${keyFilter}`;
  const rows = await sql.query<UsageGroup & { newest: number }>(
    `SELECT test_id AS "testId",
            count(*)::int AS runs,
            (count(*) FILTER (WHERE status = 'failed'))::int AS "failedRuns",
            sum(ai_steps)::int AS "aiSteps",
            sum(cached_steps)::int AS "cachedSteps",
            (avg(extract(epoch FROM ended_at - started_at))
              FILTER (WHERE ended_at - started_at < interval '1 hour'))::float8 AS "avgRuntimeSeconds",
            (SELECT count(*) FROM (SELECT FROM sdk_sessions WHERE ${window} LIMIT $4::int + 1) counted)::int AS newest
       FROM (SELECT test_id, status, ai_steps, cached_steps, started_at, ended_at
               FROM sdk_sessions WHERE ${window}
              ORDER BY started_at DESC
              LIMIT $4) newest
      GROUP BY test_id`,
    params,
  );
  const truncated = (rows[0]?.newest ?? 0) > MAX_COUNTED_SESSIONS;
  return { groups: rows.map(({ newest: _, ...group }) => group), truncated };
}
