/**
 * Attempts: the tests of a run, each offered to a device up to twice (`tryNumber`
 * 1, then 2 after a lost device). Reads only; every change is a transition in
 * ./transitions/, one atomic statement or transaction each.
 *
 *   pending → offered → running → succeeded | failed | blocked
 *
 * On the agents' wire an attempt is a "job" whose id is `<attempt id>.<try number>`.
 */
import type { Platform } from '@devicelab/shared';
import type { Sql } from '../db/index.js';
import type { TestContent } from '../queries/tests.js';

export type AttemptStatus = 'pending' | 'offered' | 'running' | 'succeeded' | 'failed' | 'blocked';

/** The test as it was when the run started: later edits do not change a run. */
export type AttemptSnapshot = Omit<TestContent, 'tags'>;

export interface AttemptRecord {
  id: string;
  runId: string;
  orgId: string;
  testId: string;
  position: number;
  title: string;
  platform: Platform;
  physical: boolean;
  status: AttemptStatus;
  tryNumber: number;
  deviceId: string | null;
  deviceLabel: string | null;
  statusMessage: string | null;
  sessionId: string | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  durationSeconds: number | null;
  /** Storage key of the try's device log (an agent's upload; trust it only under this run, isRecordingOf). */
  deviceLogKey: string | null;
}

/** What offering an attempt to a device needs besides the record (not read for result pages). */
export interface AttemptWork extends AttemptRecord {
  snapshot: AttemptSnapshot;
  /** {{name}} values of this try: test inputs' defaults plus what pre-requests remembered. */
  values: Record<string, string> | null;
}

export const attemptColumns = `a.id, a.run_id AS "runId", a.org_id AS "orgId", a.test_id AS "testId", a.position, a.title,
  a.platform, a.physical, a.status, a.try_number AS "tryNumber", a.device_id AS "deviceId", a.device_label AS "deviceLabel",
  a.status_message AS "statusMessage", a.session_id AS "sessionId", a.started_at AS "startedAt", a.finished_at AS "finishedAt",
  a.duration_seconds::float8 AS "durationSeconds", a.device_log_key AS "deviceLogKey"`;
export const workColumns = `${attemptColumns}, a.snapshot, a."values"`;

/**
 * This try of an attempt, if it is active on a device of `agentId`: one read on the path of
 * every step an agent reports (decisions, device events, results).
 */
export async function findHeldAttempt(sql: Sql, ref: { id: string; tryNumber: number }, agentId: string): Promise<AttemptWork | null> {
  const rows = await sql.query<AttemptWork>(
    `SELECT ${workColumns} FROM attempts a JOIN devices d ON d.id = a.device_id
      WHERE a.id = $1 AND a.try_number = $2 AND a.status IN ('offered', 'running') AND d.agent_id = $3`,
    [ref.id, ref.tryNumber, agentId],
  );
  return rows[0] ?? null;
}

/** A run's attempts in run order. */
export async function listAttempts(sql: Sql, runId: string): Promise<AttemptRecord[]> {
  return sql.query<AttemptRecord>(`SELECT ${attemptColumns} FROM attempts a WHERE a.run_id = $1 ORDER BY a.position`, [runId]);
}

/** One test of one of the organisation's runs, by the library test id. */
export async function findAttemptOfTest(sql: Sql, orgId: string, runId: string, testId: string): Promise<AttemptRecord | null> {
  const rows = await sql.query<AttemptRecord>(
    `SELECT ${attemptColumns} FROM attempts a WHERE a.run_id = $1 AND a.test_id = $2 AND a.org_id = $3 ORDER BY a.position LIMIT 1`,
    [runId, testId, orgId],
  );
  return rows[0] ?? null;
}

/** Attempts that an agent's devices hold (offered or running), with their wire identity. */
export async function activeAttemptsOfAgent(sql: Sql, agentId: string): Promise<Array<{ id: string; tryNumber: number; serial: string }>> {
  return sql.query(
    `SELECT a.id, a.try_number AS "tryNumber", d.serial FROM attempts a JOIN devices d ON d.id = a.device_id
      WHERE d.agent_id = $1 AND a.status IN ('offered', 'running')`,
    [agentId],
  );
}

/** The storage key of a step's screenshot in a test of one of the organisation's runs; null when there is none. */
export async function findStepScreenshot(sql: Sql, orgId: string, runId: string, testId: string, seq: number): Promise<string | null> {
  const rows = await sql.query<{ screenshot: string | null }>(
    `SELECT s.screenshot FROM attempts a JOIN session_steps s ON s.session_id = a.session_id
      WHERE a.run_id = $1 AND a.test_id = $2 AND a.org_id = $3 AND s.seq = $4
      ORDER BY a.position LIMIT 1`,
    [runId, testId, orgId, seq],
  );
  return rows[0]?.screenshot ?? null;
}
