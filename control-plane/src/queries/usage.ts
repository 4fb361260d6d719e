import type { Sql } from '../db/index.js';

/** Spec 2.5: only the newest 30,000 sessions of the window are counted. */
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
 * `truncated` when there were more. One statement: the window function numbers the
 * rows in the index's own order (newest first), so reading 30,001 rows from the
 * index is all the work before the aggregate.
 */
export async function usageByTestId(sql: Sql, f: UsageFilter): Promise<{ groups: UsageGroup[]; truncated: boolean }> {
  const params: unknown[] = [f.orgId, f.start, f.end, MAX_COUNTED_SESSIONS];
  let keyFilter = '';
  if (f.apiKeyId === null) keyFilter = 'AND api_key_id IS NULL';
  else if (f.apiKeyId !== undefined) {
    params.push(f.apiKeyId);
    keyFilter = `AND api_key_id = $${params.length}`;
  }
  const rows = await sql.query<UsageGroup & { newest: number }>(
    `WITH newest AS (
       SELECT test_id, status, ai_steps, cached_steps, started_at, ended_at,
              row_number() OVER (ORDER BY started_at DESC) AS n
         FROM sdk_sessions
        WHERE org_id = $1 AND started_at >= $2 AND started_at <= $3 ${keyFilter}
        ORDER BY started_at DESC
        LIMIT $4::int + 1)
     SELECT test_id AS "testId",
            count(*)::int AS runs,
            (count(*) FILTER (WHERE status = 'failed'))::int AS "failedRuns",
            sum(ai_steps)::int AS "aiSteps",
            sum(cached_steps)::int AS "cachedSteps",
            (avg(extract(epoch FROM ended_at - started_at))
              FILTER (WHERE ended_at - started_at < interval '1 hour'))::float8 AS "avgRuntimeSeconds",
            (SELECT count(*) FROM newest)::int AS newest
       FROM newest
      WHERE n <= $4
      GROUP BY test_id`,
    params,
  );
  const truncated = (rows[0]?.newest ?? 0) > MAX_COUNTED_SESSIONS;
  return { groups: rows.map(({ newest: _, ...group }) => group), truncated };
}
