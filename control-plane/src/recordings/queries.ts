/** Reads for recordings: which attempt a recording belongs to, and which recording a test of a run has. */
import type { Sql } from '../db/index.js';

/** The attempt's organisation and run, when it is active on a device of an agent that uses this token. */
export async function findAttemptHeldByToken(
  sql: Sql,
  attemptId: string,
  tryNumber: number,
  tokenId: string,
): Promise<{ orgId: string; runId: string } | null> {
  const rows = await sql.query<{ orgId: string; runId: string }>(
    `SELECT a.org_id AS "orgId", a.run_id AS "runId"
       FROM attempts a JOIN devices d ON d.id = a.device_id JOIN agents g ON g.id = d.agent_id
      WHERE a.id = $1 AND a.try_number = $2 AND a.status IN ('offered', 'running') AND g.token_id = $3`,
    [attemptId, tryNumber, tokenId],
  );
  return rows[0] ?? null;
}

/**
 * A test's recording in one of the organisation's runs: its storage key, and when the
 * retention sweep deleted it (retention/sweep.ts); null when none was made.
 */
export async function findRecording(
  sql: Sql,
  orgId: string,
  runId: string,
  testId: string,
): Promise<{ key: string; expiredAt: Date | null } | null> {
  const rows = await sql.query<{ key: string | null; expiredAt: Date | null }>(
    `SELECT a.recording_key AS key, a.recording_expired_at AS "expiredAt" FROM attempts a
      WHERE a.run_id = $1 AND a.test_id = $2 AND a.org_id = $3 ORDER BY a.position LIMIT 1`,
    [runId, testId, orgId],
  );
  const row = rows[0];
  return row?.key ? { key: row.key, expiredAt: row.expiredAt } : null;
}
