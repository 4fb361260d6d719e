import { PLATFORMS, type Platform } from '@devicelab/shared';
import type { Sql } from '../db/index.js';
import type { TestView } from '../schemas/tests.js';

export { PLATFORMS, type Platform };

export interface PlatformAutomation {
  status: TestView['platforms']['android']['status'];
  failedCommandIndex?: number;
  reason?: string;
  /** Identifies the generation under way (status `generating`); internal. */
  generationId?: string;
  /** Number of compiled steps (status `ready`). */
  steps?: number;
  generatedAt?: string;
}
export type Automation = Record<Platform, PlatformAutomation>;

/** The stored fields of a test (everything but ids, automation and timestamps). */
export interface TestContent {
  title: string;
  commands: string[];
  tags: string[];
  preRequests: TestView['preRequests'];
  teardownRequests: TestView['teardownRequests'];
  launchParams: TestView['launchParams'];
  testInputs: TestView['testInputs'];
}

export interface TestRecord extends TestContent {
  id: string;
  folderId: string | null;
  autoGenerate: boolean;
  automation: Automation;
  createdAt: Date;
  updatedAt: Date;
  seq: string;
}

// Always selected from `tests t`.
const columns = `t.id, t.folder_id AS "folderId", t.title, t.commands, t.tags, t.pre_requests AS "preRequests",
  t.teardown_requests AS "teardownRequests", t.launch_params AS "launchParams", t.test_inputs AS "testInputs",
  t.auto_generate AS "autoGenerate", t.automation, t.created_at AS "createdAt", t.updated_at AS "updatedAt",
  t.seq::text AS seq`;

/**
 * Inserts a test in one statement. With a folder, the row is written only when the
 * folder is the organisation's; a concurrent delete of the folder either waits for
 * this insert (the foreign key's row lock) and then unfiles the test, or wins and
 * the foreign key check fails. Returns false when the folder is not there.
 */
export async function insertTest(
  sql: Sql,
  t: TestContent & { id: string; orgId: string; folderId: string | null; autoGenerate: boolean; automation: Automation },
): Promise<boolean> {
  try {
    const rows = await sql.query(
      `INSERT INTO tests (id, org_id, folder_id, title, commands, tags, pre_requests, teardown_requests,
                          launch_params, test_inputs, auto_generate, automation)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12
        WHERE $3::text IS NULL OR EXISTS (SELECT 1 FROM folders WHERE id = $3 AND org_id = $2)
       RETURNING id`,
      [
        t.id,
        t.orgId,
        t.folderId,
        t.title,
        t.commands,
        t.tags,
        t.preRequests,
        t.teardownRequests,
        t.launchParams,
        t.testInputs,
        t.autoGenerate,
        t.automation,
      ],
    );
    return rows.length > 0;
  } catch (e) {
    if (isForeignKeyViolation(e)) return false;
    throw e;
  }
}

/** The tests in the organisation's library, for ORG_MAX_TESTS. */
export async function countTests(sql: Sql, orgId: string): Promise<number> {
  return (await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM tests WHERE org_id = $1', [orgId]))[0]!.n;
}

const isForeignKeyViolation = (e: unknown) => (e as { code?: string } | null)?.code === '23503';

export async function findTest(sql: Sql, orgId: string, id: string, lock = false): Promise<TestRecord | null> {
  const rows = await sql.query<TestRecord>(`SELECT ${columns} FROM tests t WHERE t.id = $1 AND t.org_id = $2${lock ? ' FOR UPDATE' : ''}`, [
    id,
    orgId,
  ]);
  return rows[0] ?? null;
}

export interface TestFilter {
  orgId: string;
  /** Only tests filed directly in this folder, or anywhere below it with `subfolders`. */
  folder?: { id: string; subfolders: boolean };
  tag?: string;
  afterSeq?: string;
  limit: number;
}

/** One page of the library in creation order, keyset-paginated on seq. */
export async function listTests(sql: Sql, f: TestFilter): Promise<TestRecord[]> {
  const params: unknown[] = [f.orgId, f.limit];
  const where = ['t.org_id = $1'];
  let withClause = '';
  if (f.folder?.subfolders) {
    params.push(f.folder.id);
    withClause = `WITH RECURSIVE subtree(id) AS (
        SELECT id FROM folders WHERE id = $${params.length} AND org_id = $1
        UNION ALL SELECT c.id FROM folders c JOIN subtree s ON c.parent_id = s.id) `;
    where.push('t.folder_id IN (SELECT id FROM subtree)');
  } else if (f.folder) {
    params.push(f.folder.id);
    where.push(`t.folder_id = $${params.length}`);
  }
  if (f.tag !== undefined) {
    params.push([f.tag]);
    where.push(`t.tags @> $${params.length}::text[]`);
  }
  if (f.afterSeq !== undefined) {
    params.push(f.afterSeq);
    where.push(`t.seq > $${params.length}::bigint`);
  }
  return sql.query<TestRecord>(
    `${withClause}SELECT ${columns} FROM tests t
      WHERE ${where.join(' AND ')} ORDER BY t.seq LIMIT $2`,
    params,
  );
}

/** Applies the given fields (undefined ones are left alone) and returns the updated test. */
export async function updateTest(
  sql: Sql,
  id: string,
  change: Partial<TestContent> & { folderId?: string | null; automation?: Automation },
): Promise<TestRecord> {
  const columnOf: Record<string, string> = {
    folderId: 'folder_id',
    title: 'title',
    commands: 'commands',
    tags: 'tags',
    preRequests: 'pre_requests',
    teardownRequests: 'teardown_requests',
    launchParams: 'launch_params',
    testInputs: 'test_inputs',
    automation: 'automation',
  };
  const params: unknown[] = [id];
  const sets = ['updated_at = clock_timestamp()'];
  for (const [field, value] of Object.entries(change)) {
    if (value === undefined || !(field in columnOf)) continue;
    params.push(value);
    sets.push(`${columnOf[field]} = $${params.length}`);
  }
  const rows = await sql.query<TestRecord>(`UPDATE tests t SET ${sets.join(', ')} WHERE t.id = $1 RETURNING ${columns}`, params);
  return rows[0]!;
}

/** Deletes the organisation's tests among `ids`; returns the ids actually deleted. */
export async function deleteTests(sql: Sql, orgId: string, ids: string[]): Promise<string[]> {
  const rows = await sql.query<{ id: string }>('DELETE FROM tests WHERE org_id = $1 AND id = ANY($2::text[]) RETURNING id', [orgId, ids]);
  return rows.map((r) => r.id);
}

/** Files the organisation's tests among `ids` into `folderId` (null: unfile); reports which moved. */
export async function moveTests(
  sql: Sql,
  orgId: string,
  ids: string[],
  folderId: string | null,
): Promise<{ moved: string[]; unchanged: string[] }> {
  const rows = await sql.query<{ id: string; moved: boolean }>(
    `WITH target AS (
        SELECT id, folder_id FROM tests WHERE org_id = $1 AND id = ANY($2::text[]) FOR UPDATE),
      moved AS (
        UPDATE tests t SET folder_id = $3, updated_at = clock_timestamp() FROM target
         WHERE t.id = target.id AND target.folder_id IS DISTINCT FROM $3::text RETURNING t.id)
     SELECT target.id, moved.id IS NOT NULL AS moved FROM target LEFT JOIN moved ON moved.id = target.id`,
    [orgId, ids, folderId],
  );
  return {
    moved: rows.filter((r) => r.moved).map((r) => r.id),
    unchanged: rows.filter((r) => !r.moved).map((r) => r.id),
  };
}

/** Replaces a test's automation state without touching updated_at (it is not an edit of the test). */
export async function setAutomation(sql: Sql, orgId: string, id: string, automation: Automation): Promise<void> {
  await sql.query('UPDATE tests SET automation = $3 WHERE id = $1 AND org_id = $2', [id, orgId, automation]);
}

/**
 * Writes one platform's generation result, but only if that platform is still in
 * the generation identified by `generationId`: a change of commands meanwhile made
 * it stale, and a result for the old commands must not make it runnable.
 */
export async function finishGeneration(
  sql: Sql,
  id: string,
  platform: Platform,
  generationId: string,
  result: PlatformAutomation,
): Promise<boolean> {
  const rows = await sql.query(
    `UPDATE tests SET automation = jsonb_set(automation, ARRAY[$2::text], $3::jsonb)
      WHERE id = $1 AND automation -> $2::text ->> 'generationId' = $4 RETURNING id`,
    [id, platform, result, generationId],
  );
  return rows.length > 0;
}

/** Generations that were under way when the control plane stopped: resumed at start-up. */
export async function listUnfinishedGenerations(sql: Sql): Promise<Array<{ id: string; orgId: string }>> {
  return sql.query(
    `SELECT id, org_id AS "orgId" FROM tests
      WHERE automation -> 'android' ->> 'status' = 'generating' OR automation -> 'ios' ->> 'status' = 'generating'`,
  );
}
