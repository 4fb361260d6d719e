/**
 * The retention sweep's statements (retention/sweep.ts). Each marking is one statement;
 * blobs are deleted between the selection and the marking, so a sweep killed half-way
 * leaves rows still selected next time (deleting an absent key again is harmless).
 */
import type { Sql } from '../db/index.js';

/** Takes (or renews) the named lease for `seconds` unless another holder's is still running. */
export async function takeLease(sql: Sql, name: string, holder: string, seconds: number): Promise<boolean> {
  const rows = await sql.query(
    `INSERT INTO maintenance_leases (name, holder, until) VALUES ($1, $2, clock_timestamp() + make_interval(secs => $3))
     ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, until = EXCLUDED.until
       WHERE maintenance_leases.holder = EXCLUDED.holder OR maintenance_leases.until < clock_timestamp()
     RETURNING 1`,
    [name, holder, seconds],
  );
  return rows.length > 0;
}

export async function releaseLease(sql: Sql, name: string, holder: string): Promise<void> {
  await sql.query('DELETE FROM maintenance_leases WHERE name = $1 AND holder = $2', [name, holder]);
}

/**
 * Expires up to `limit` builds that no run used (nor were uploaded) for `days`, and that no
 * running run uses; answers how many. One statement: a run created meanwhile either updated
 * last_used_at first (and the build is kept) or finds it expired.
 */
export async function expireUnusedBuilds(sql: Sql, days: number, limit: number): Promise<number> {
  const rows = await sql.query(
    `UPDATE builds b SET expired_at = clock_timestamp(),
            expired_reason = 'no run used it for ' || $1::int || ' days (BUILD_RETENTION_DAYS), so its file was deleted'
      WHERE b.id IN (
        SELECT id FROM builds
         WHERE expired_at IS NULL AND coalesce(last_used_at, created_at) < clock_timestamp() - make_interval(days => $1::int)
           AND NOT EXISTS (SELECT 1 FROM runs r WHERE r.build_id = builds.id AND r.status = 'running')
         ORDER BY coalesce(last_used_at, created_at) LIMIT $2
         FOR UPDATE SKIP LOCKED)
      RETURNING b.id`,
    [days, limit],
  );
  return rows.length;
}

export async function buildFilesToDelete(sql: Sql, limit: number): Promise<Array<{ id: string; storageKey: string }>> {
  return sql.query(
    `SELECT id, storage_key AS "storageKey" FROM builds WHERE expired_at IS NOT NULL AND file_deleted_at IS NULL ORDER BY expired_at LIMIT $1`,
    [limit],
  );
}

export async function markBuildFilesDeleted(sql: Sql, ids: string[]): Promise<void> {
  await sql.query('UPDATE builds SET file_deleted_at = clock_timestamp() WHERE id = ANY($1::text[]) AND file_deleted_at IS NULL', [ids]);
}

/** A test's artifacts the agent uploads with its verdict: each kind's key column and expiry mark on attempts. */
const ATTEMPT_ARTIFACTS = {
  recording: { key: 'recording_key', expired: 'recording_expired_at' },
  deviceLog: { key: 'device_log_key', expired: 'device_log_expired_at' },
} as const;
export type AttemptArtifact = keyof typeof ATTEMPT_ARTIFACTS;

/** A kind of artifact of tests that finished more than `days` ago and are still kept. */
export async function expiredAttemptArtifacts(
  sql: Sql,
  kind: AttemptArtifact,
  days: number,
  limit: number,
): Promise<Array<{ id: string; key: string; orgId: string; runId: string }>> {
  const { key, expired } = ATTEMPT_ARTIFACTS[kind];
  return sql.query(
    `SELECT id, ${key} AS key, org_id AS "orgId", run_id AS "runId" FROM attempts
      WHERE ${key} IS NOT NULL AND ${expired} IS NULL AND finished_at < clock_timestamp() - make_interval(days => $1::int)
      ORDER BY finished_at LIMIT $2`,
    [days, limit],
  );
}

export async function markAttemptArtifactsExpired(sql: Sql, kind: AttemptArtifact, ids: string[]): Promise<void> {
  const { expired } = ATTEMPT_ARTIFACTS[kind];
  await sql.query(`UPDATE attempts SET ${expired} = clock_timestamp() WHERE id = ANY($1::text[]) AND ${expired} IS NULL`, [ids]);
}

/** Step screenshots taken more than `days` ago and still kept. */
export async function expiredScreenshots(
  sql: Sql,
  days: number,
  limit: number,
): Promise<Array<{ sessionId: string; seq: number; key: string }>> {
  return sql.query(
    `SELECT session_id AS "sessionId", seq, screenshot AS key FROM session_steps
      WHERE screenshot IS NOT NULL AND created_at < clock_timestamp() - make_interval(days => $1::int)
      ORDER BY created_at LIMIT $2`,
    [days, limit],
  );
}

export async function markScreenshotsExpired(sql: Sql, steps: Array<{ sessionId: string; seq: number }>): Promise<void> {
  await sql.query(
    `UPDATE session_steps s SET screenshot = NULL, screenshot_expired_at = clock_timestamp()
       FROM unnest($1::text[], $2::int[]) AS gone (session_id, seq)
      WHERE s.session_id = gone.session_id AND s.seq = gone.seq`,
    [steps.map((s) => s.sessionId), steps.map((s) => s.seq)],
  );
}

/**
 * Marks the build as used by a run being created, in the run's transaction; false when it
 * has expired (its file is gone or going), with the reason in `expired`.
 */
export async function useBuild(sql: Sql, buildId: string): Promise<{ ok: true } | { ok: false; expiredAt: Date; reason: string }> {
  const used = await sql.query('UPDATE builds SET last_used_at = clock_timestamp() WHERE id = $1 AND expired_at IS NULL RETURNING 1', [
    buildId,
  ]);
  if (used.length > 0) return { ok: true };
  const [row] = await sql.query<{ expiredAt: Date; reason: string }>(
    'SELECT expired_at AS "expiredAt", coalesce(expired_reason, \'it expired\') AS reason FROM builds WHERE id = $1',
    [buildId],
  );
  return { ok: false, expiredAt: row!.expiredAt, reason: row!.reason };
}
