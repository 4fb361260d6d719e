import type { Sql } from '../db/index.js';
import type { FolderRow } from '../folders/tree.js';

/** Every folder of the organisation with its directly filed test count, in one query. */
export async function listFolderRows(sql: Sql, orgId: string): Promise<FolderRow[]> {
  return sql.query<FolderRow>(
    `SELECT f.id, f.name, f.parent_id AS "parentId", coalesce(t.n, 0)::int AS "directTests"
       FROM folders f
       LEFT JOIN (SELECT folder_id, count(*) AS n FROM tests
                   WHERE org_id = $1 AND folder_id IS NOT NULL GROUP BY folder_id) t ON t.folder_id = f.id
      WHERE f.org_id = $1`,
    [orgId],
  );
}

export async function countUnfiledTests(sql: Sql, orgId: string): Promise<number> {
  const rows = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM tests WHERE org_id = $1 AND folder_id IS NULL', [orgId]);
  return rows[0]!.n;
}

/**
 * The folder if it belongs to the organisation. `lock: 'share'` keeps it from being
 * deleted until the transaction ends (filing a test into it); 'update' is for its own
 * rename, move or delete.
 */
export async function findFolder(
  sql: Sql,
  orgId: string,
  id: string,
  lock?: 'share' | 'update',
): Promise<{ id: string; name: string; parentId: string | null } | null> {
  const suffix = lock === 'share' ? ' FOR SHARE' : lock === 'update' ? ' FOR UPDATE' : '';
  const rows = await sql.query<{ id: string; name: string; parentId: string | null }>(
    `SELECT id, name, parent_id AS "parentId" FROM folders WHERE id = $1 AND org_id = $2${suffix}`,
    [id, orgId],
  );
  return rows[0] ?? null;
}

/** The organisation's folders, for ORG_MAX_FOLDERS (read under lockOrganisation, so two creations cannot both pass). */
export async function countFolders(sql: Sql, orgId: string): Promise<number> {
  return (await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM folders WHERE org_id = $1', [orgId]))[0]!.n;
}

export async function insertFolder(sql: Sql, f: { id: string; orgId: string; name: string; parentId: string | null }) {
  await sql.query('INSERT INTO folders (id, org_id, name, parent_id) VALUES ($1, $2, $3, $4)', [f.id, f.orgId, f.name, f.parentId]);
}

/**
 * The names from the top level down to `id` (its own name last), read no further than
 * `limit` levels up: a longer answer than `limit` means "deeper than that".
 */
export async function folderAncestry(sql: Sql, id: string, limit: number): Promise<string[]> {
  const rows = await sql.query<{ name: string }>(
    `WITH RECURSIVE up(id, parent_id, name, level) AS (
        SELECT id, parent_id, name, 1 FROM folders WHERE id = $1
        UNION ALL
        SELECT f.id, f.parent_id, f.name, up.level + 1 FROM folders f JOIN up ON f.id = up.parent_id
         WHERE up.level <= $2
     )
     SELECT name FROM up ORDER BY level DESC`,
    [id, limit],
  );
  return rows.map((r) => r.name);
}

/** Levels in the subtree of `id` (1 for a folder without subfolders), counted up to `limit` + 1. */
export async function subtreeHeight(sql: Sql, id: string, limit: number): Promise<number> {
  const rows = await sql.query<{ height: number }>(
    `WITH RECURSIVE down(id, level) AS (
        SELECT id, 1 FROM folders WHERE id = $1
        UNION ALL
        SELECT f.id, down.level + 1 FROM folders f JOIN down ON f.parent_id = down.id
         WHERE down.level <= $2
     )
     SELECT max(level)::int AS height FROM down`,
    [id, limit],
  );
  return rows[0]?.height ?? 0;
}

/** True when `candidate` is `folderId` itself or one of its descendants. */
export async function isSelfOrDescendant(sql: Sql, folderId: string, candidate: string): Promise<boolean> {
  const rows = await sql.query(
    `WITH RECURSIVE ancestors(id, parent_id) AS (
        SELECT id, parent_id FROM folders WHERE id = $2
        UNION
        SELECT f.id, f.parent_id FROM folders f JOIN ancestors a ON f.id = a.parent_id
     )
     SELECT 1 FROM ancestors WHERE id = $1 LIMIT 1`,
    [folderId, candidate],
  );
  return rows.length > 0;
}

export async function updateFolder(sql: Sql, id: string, change: { name?: string; parentId?: string | null }) {
  await sql.query(
    `UPDATE folders SET name = CASE WHEN $2::boolean THEN $3::text ELSE name END,
                        parent_id = CASE WHEN $4::boolean THEN $5::text ELSE parent_id END
      WHERE id = $1`,
    [id, change.name !== undefined, change.name ?? null, change.parentId !== undefined, change.parentId ?? null],
  );
}

/** Deletes a folder: its subfolders move up to its parent, its tests become unfiled. */
export async function deleteFolder(
  sql: Sql,
  folder: { id: string; parentId: string | null },
): Promise<{ promotedFolderIds: string[]; unfiledTestIds: string[] }> {
  const promoted = await sql.query<{ id: string }>('UPDATE folders SET parent_id = $2 WHERE parent_id = $1 RETURNING id', [
    folder.id,
    folder.parentId,
  ]);
  const unfiled = await sql.query<{ id: string }>(
    'UPDATE tests SET folder_id = NULL, updated_at = clock_timestamp() WHERE folder_id = $1 RETURNING id',
    [folder.id],
  );
  await sql.query('DELETE FROM folders WHERE id = $1', [folder.id]);
  return { promotedFolderIds: promoted.map((r) => r.id).sort(), unfiledTestIds: unfiled.map((r) => r.id).sort() };
}
