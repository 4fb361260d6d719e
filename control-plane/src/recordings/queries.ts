/**
 * Reads and writes for a try's artifacts (its recording and device log): which try an
 * upload may be for, naming a key as it lands, and where a test's artifact stands.
 *
 * A lab agent sends a verdict before the artifacts are uploaded (lab-agent/src/artifact-uploads.ts):
 * the verdict marks each one pending (runs/transitions/finish.ts), the upload names its key
 * and clears the mark, and one that will not come keeps the reason (`*_missing`).
 */
import type { Sql } from '../db/index.js';

export type ArtifactKind = 'recording' | 'deviceLog';

const COLUMNS = {
  recording: { key: 'recording_key', pending: 'recording_pending', missing: 'recording_missing', expired: 'recording_expired_at' },
  deviceLog: { key: 'device_log_key', pending: 'device_log_pending', missing: 'device_log_missing', expired: 'device_log_expired_at' },
} as const;

/** An artifact a verdict announced and that has not come this long after it is called missing. */
export const ARTIFACT_UPLOAD_GRACE_MINUTES = 60;

/** Why an artifact announced by a verdict will not come because its agent went away (queries/agents.ts). */
export const AGENT_GONE_BEFORE_UPLOAD = 'the lab agent disconnected before uploading it';

export interface UploadTarget {
  orgId: string;
  runId: string;
  /** The try has its verdict: the upload comes after it. */
  finished: boolean;
}

/**
 * The try an upload of `kind` is for, when this token's agent may send it: while one of
 * the token's agents holds the try (offered or running), or after its verdict for the
 * agent that ran it (`agentId`, which stays with the token that first used it) while the
 * artifact is awaited (announced by the verdict, or marked missing: a late one still
 * counts) or is the one a re-sent upload replaces.
 */
export async function findUploadTarget(
  sql: Sql,
  ref: { id: string; tryNumber: number },
  tokenId: string,
  agentId: string | null,
  kind: ArtifactKind,
): Promise<UploadTarget | null> {
  const c = COLUMNS[kind];
  const rows = await sql.query<UploadTarget>(
    `SELECT a.org_id AS "orgId", a.run_id AS "runId", a.status NOT IN ('offered', 'running') AS finished
       FROM attempts a JOIN devices d ON d.id = a.device_id JOIN agents g ON g.id = d.agent_id
      WHERE a.id = $1 AND a.try_number = $2 AND g.token_id = $3
        AND (a.status IN ('offered', 'running')
             OR (a.status IN ('succeeded', 'failed', 'blocked') AND d.agent_id = $4
                 AND (a.${c.pending} OR a.${c.missing} IS NOT NULL OR a.${c.key} IS NOT NULL)))`,
    [ref.id, ref.tryNumber, tokenId, agentId],
  );
  return rows[0] ?? null;
}

/**
 * Names a stored artifact on its try, in one statement, whichever came first: while the try
 * runs (its verdict keeps the key, finish.ts), or after the verdict when it was awaited; a
 * re-sent upload of the same key changes nothing. False when the try is no longer the one
 * the upload was for (lost and retried, or a different artifact already named).
 */
export async function nameUploadedArtifact(
  sql: Sql,
  ref: { id: string; tryNumber: number },
  kind: ArtifactKind,
  key: string,
): Promise<boolean> {
  const c = COLUMNS[kind];
  const rows = await sql.query(
    `UPDATE attempts a SET ${c.key} = $3, ${c.pending} = false, ${c.missing} = NULL
      WHERE a.id = $1 AND a.try_number = $2 AND (a.${c.key} IS NULL OR a.${c.key} = $3)
        AND (a.status IN ('offered', 'running') OR a.${c.pending} OR a.${c.missing} IS NOT NULL OR a.${c.key} = $3)
      RETURNING 1`,
    [ref.id, ref.tryNumber, key],
  );
  return rows.length > 0;
}

/** The agent gave up on an awaited artifact: it is missing for `reason`. False when it was not awaited. */
export async function markArtifactMissing(
  sql: Sql,
  ref: { id: string; tryNumber: number },
  kind: ArtifactKind,
  reason: string,
): Promise<boolean> {
  const c = COLUMNS[kind];
  const rows = await sql.query(
    `UPDATE attempts a SET ${c.pending} = false, ${c.missing} = $3
      WHERE a.id = $1 AND a.try_number = $2 AND a.${c.pending} AND a.${c.key} IS NULL RETURNING 1`,
    [ref.id, ref.tryNumber, reason],
  );
  return rows.length > 0;
}

/** Where a test's artifact stands in one of the organisation's runs. */
export interface ArtifactState {
  /** Its storage key (an agent's upload; trust it only under this run, isRecordingOf). */
  key: string | null;
  /** When the retention sweep deleted it (retention/sweep.ts). */
  expiredAt: Date | null;
  /** The verdict is in and the agent is still uploading it. */
  uploading: boolean;
  /** Why it will not come (the agent went away, or gave up), when the verdict announced it. */
  missing: string | null;
}

/** The test's artifact of `kind`; null when the run has no such test. */
export async function findArtifact(
  sql: Sql,
  orgId: string,
  runId: string,
  testId: string,
  kind: ArtifactKind,
): Promise<ArtifactState | null> {
  const c = COLUMNS[kind];
  const rows = await sql.query<ArtifactState>(
    `SELECT a.${c.key} AS key, a.${c.expired} AS "expiredAt",
            a.${c.pending} AND a.finished_at > clock_timestamp() - make_interval(mins => $4) AS uploading,
            CASE WHEN a.${c.key} IS NOT NULL THEN NULL
                 WHEN a.${c.missing} IS NOT NULL THEN a.${c.missing}
                 WHEN a.${c.pending} AND a.finished_at <= clock_timestamp() - make_interval(mins => $4)
                   THEN 'the lab agent did not upload it within ' || $4::int || ' minutes of the verdict' END AS missing
       FROM attempts a
      WHERE a.run_id = $1 AND a.test_id = $2 AND a.org_id = $3 ORDER BY a.position LIMIT 1`,
    [runId, testId, orgId, ARTIFACT_UPLOAD_GRACE_MINUTES],
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
  const found = await findArtifact(sql, orgId, runId, testId, 'recording');
  return found?.key ? { key: found.key, expiredAt: found.expiredAt } : null;
}
