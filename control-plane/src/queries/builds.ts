import type { Platform } from '@devicelab/shared';
import type { Sql } from '../db/index.js';

export interface BuildRecord {
  id: string;
  orgId: string;
  platform: Platform;
  kind: 'apk' | 'ipa' | 'app';
  fileName: string;
  storageKey: string;
  sizeBytes: number;
  sha256: string;
  packageName: string;
  versionName: string | null;
  versionCode: string | null;
  displayName: string | null;
  meta: Record<string, unknown>;
  /** The upload's `ci` part as sent (issue 15); null without one. */
  ci: Record<string, unknown> | null;
  createdAt: Date;
}

const columns = `id, org_id AS "orgId", platform, kind, file_name AS "fileName", storage_key AS "storageKey",
  size_bytes::float8 AS "sizeBytes", sha256, package_name AS "packageName", version_name AS "versionName",
  version_code AS "versionCode", display_name AS "displayName", meta, ci, created_at AS "createdAt"`;

export async function insertBuild(sql: Sql, b: Omit<BuildRecord, 'createdAt'>): Promise<void> {
  const metaName = typeof b.meta.name === 'string' ? b.meta.name : null;
  await sql.query(
    `INSERT INTO builds (id, org_id, platform, kind, file_name, storage_key, size_bytes, sha256, package_name,
                         version_name, version_code, display_name, meta, meta_name, ci)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
    [
      b.id,
      b.orgId,
      b.platform,
      b.kind,
      b.fileName,
      b.storageKey,
      b.sizeBytes,
      b.sha256,
      b.packageName,
      b.versionName,
      b.versionCode,
      b.displayName,
      b.meta,
      metaName,
      b.ci,
    ],
  );
}

export async function findBuild(sql: Sql, orgId: string, id: string): Promise<BuildRecord | null> {
  const rows = await sql.query<BuildRecord>(`SELECT ${columns} FROM builds WHERE id = $1 AND org_id = $2`, [id, orgId]);
  return rows[0] ?? null;
}

/** The builds of these runs (a claim's batch), each of its run's organisation, by id. */
export async function findBuildsOfRuns(sql: Sql, runIds: readonly string[]): Promise<Map<string, BuildRecord>> {
  const rows = await sql.query<BuildRecord>(
    `SELECT ${columns} FROM builds WHERE (id, org_id) IN (SELECT build_id, org_id FROM runs WHERE id = ANY($1::text[]))`,
    [[...new Set(runIds)]],
  );
  return new Map(rows.map((b) => [b.id, b]));
}

/** Any organisation's build by id: only for agents, whose token scope the caller checks. */
export async function findBuildById(sql: Sql, id: string): Promise<BuildRecord | null> {
  const rows = await sql.query<BuildRecord>(`SELECT ${columns} FROM builds WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/**
 * The newest build the organisation uploaded under meta.name (docs/api.md#runs, `build`),
 * of one platform when given (both platforms may share a name).
 */
export async function findNewestBuildByName(sql: Sql, orgId: string, name: string, platform?: Platform): Promise<BuildRecord | null> {
  const rows = await sql.query<BuildRecord>(
    `SELECT ${columns} FROM builds WHERE org_id = $1 AND meta_name = $2 AND ($3::text IS NULL OR platform = $3::text)
      ORDER BY seq DESC LIMIT 1`,
    [orgId, name, platform ?? null],
  );
  return rows[0] ?? null;
}

/**
 * GET /builds: newest first (keyset on seq, like GET /runs), optionally only one
 * metadata name and/or platform. Rows carry `seq` for the cursor.
 */
export async function listBuilds(
  sql: Sql,
  q: { orgId: string; name?: string; platform?: Platform; beforeSeq?: string; limit: number },
): Promise<Array<BuildRecord & { seq: string }>> {
  return sql.query<BuildRecord & { seq: string }>(
    // builds.seq, not the text alias: ORDER BY seq would sort "10" before "9".
    `SELECT ${columns}, seq::text AS seq FROM builds
      WHERE org_id = $1 AND ($2::text IS NULL OR meta_name = $2::text) AND ($3::text IS NULL OR platform = $3::text)
        AND ($4::bigint IS NULL OR builds.seq < $4::bigint)
      ORDER BY builds.seq DESC LIMIT $5`,
    [q.orgId, q.name ?? null, q.platform ?? null, q.beforeSeq ?? null, q.limit],
  );
}

/** The `ci` of each of these builds that has one (run views carry their build's provenance). */
export async function findBuildCis(sql: Sql, orgId: string, buildIds: readonly string[]): Promise<Map<string, Record<string, unknown>>> {
  if (buildIds.length === 0) return new Map();
  const rows = await sql.query<{ id: string; ci: Record<string, unknown> }>(
    'SELECT id, ci FROM builds WHERE org_id = $1 AND id = ANY($2::text[]) AND ci IS NOT NULL',
    [orgId, [...new Set(buildIds)]],
  );
  return new Map(rows.map((r) => [r.id, r.ci]));
}

/**
 * Whether an agent of this agent token holds a test of a run of this build (offered to it, or
 * running on it): what lets a shared-pool agent, which serves every organisation, download it.
 */
export async function agentTokenHoldsBuild(sql: Sql, tokenId: string, buildId: string): Promise<boolean> {
  const rows = await sql.query(
    `SELECT 1 FROM agents g
       JOIN devices d ON d.agent_id = g.id
       JOIN attempts a ON a.device_id = d.id AND a.status IN ('offered', 'running')
       JOIN runs r ON r.id = a.run_id
      WHERE g.token_id = $1 AND r.build_id = $2
      LIMIT 1`,
    [tokenId, buildId],
  );
  return rows.length > 0;
}
