import type { Action, Platform } from '@devicelab/shared';
import type { Sql } from '../db/index.js';

export type SessionStatus = 'running' | 'succeeded' | 'failed';
export type StepKind = 'ai' | 'cached' | 'deterministic' | 'code';

export interface SessionRecord {
  id: string;
  orgId: string;
  apiKeyId: string | null;
  testId: string | null;
  platform: Platform | null;
  status: SessionStatus;
  startedAt: Date;
  endedAt: Date | null;
  aiSteps: number;
  cachedSteps: number;
  otherSteps: number;
  nextStep: number;
  lastCommand: string | null;
  lastFinished: boolean;
}

const columns = `id, org_id AS "orgId", api_key_id AS "apiKeyId", test_id AS "testId", platform, status,
  started_at AS "startedAt", ended_at AS "endedAt", ai_steps AS "aiSteps", cached_steps AS "cachedSteps",
  other_steps AS "otherSteps", next_step AS "nextStep", last_command AS "lastCommand", last_finished AS "lastFinished"`;

export async function insertSession(
  sql: Sql,
  s: { id: string; orgId: string; apiKeyId: string | null; testId: string | null; platform: Platform | null },
): Promise<SessionRecord> {
  const rows = await sql.query<SessionRecord>(
    `INSERT INTO sdk_sessions (id, org_id, api_key_id, test_id, platform) VALUES ($1, $2, $3, $4, $5) RETURNING ${columns}`,
    [s.id, s.orgId, s.apiKeyId, s.testId, s.platform],
  );
  return rows[0]!;
}

export async function findSession(sql: Sql, orgId: string, id: string): Promise<SessionRecord | null> {
  const rows = await sql.query<SessionRecord>(`SELECT ${columns} FROM sdk_sessions WHERE id = $1 AND org_id = $2`, [id, orgId]);
  return rows[0] ?? null;
}

/** What a step looks up in the step cache, besides what its session says (docs/architecture.md#engine). */
interface CacheProbe {
  platform: Platform;
  commandHash: string;
  fingerprint: string;
  /** The caller's own step number; null when the session numbers its steps. */
  stepNumber: number | null;
}

/**
 * A session together with the step cache's decisions for a command on a screen: one
 * round trip for the two reads of a cached SDK step. The cache key takes the test id and
 * the step index from the session, so the statement fetches the entries at both indexes
 * the step can have when the session numbers it (its next step, or the same step again
 * for an unfinished iterative instruction); the engine's stepIndexOf picks one. Null when
 * the organisation has no such session.
 */
export async function findSessionWithCachedDecisions(
  sql: Sql,
  orgId: string,
  id: string,
  probe: CacheProbe,
): Promise<{ session: SessionRecord; decisions: Map<number, unknown> } | null> {
  const rows = await sql.query<SessionRecord & { cachedStepIndex: number | null; cachedDecision: unknown }>(
    // LATERAL, so that the whole primary key of step_cache is the index condition (a plain
    // join on these expressions scanned the organisation's entries and filtered them).
    `SELECT s.*, c.step_index AS "cachedStepIndex", c.decision AS "cachedDecision"
       FROM (SELECT ${columns} FROM sdk_sessions WHERE id = $1 AND org_id = $2) s
       LEFT JOIN LATERAL (
         SELECT step_index, decision FROM step_cache
          WHERE org_id = $2 AND test_key = COALESCE(s."testId", '') AND platform = $3
            AND step_index IN (COALESCE($6::int, s."nextStep"), COALESCE($6::int, GREATEST(0, s."nextStep" - 1)))
            AND command_hash = $4 AND fingerprint = $5) c ON true`,
    [id, orgId, probe.platform, probe.commandHash, probe.fingerprint, probe.stepNumber],
  );
  const first = rows[0];
  if (!first) return null;
  const { cachedStepIndex: _index, cachedDecision: _decision, ...session } = first;
  const decisions = new Map<number, unknown>();
  for (const row of rows) if (row.cachedStepIndex !== null) decisions.set(row.cachedStepIndex, row.cachedDecision);
  return { session, decisions };
}

export interface NewStep {
  sessionId: string;
  call: 'execute' | 'assert' | 'code';
  kind: StepKind;
  stepIndex: number | null;
  command: string;
  /** What the brain decided: every stored step's actions are the wire's Action. */
  actions: Action[];
  outcome: 'action' | 'done' | 'failed' | 'passed';
  reason: string | null;
  fingerprint: string | null;
  screenshot: string | null;
  durationMs: number;
  /** Where the next un-numbered execute continues (execute calls only). */
  next?: { step: number; command: string; finished: boolean };
  /** A lab agent's step.decide id: a re-sent request is answered from this row (findStepByRequest). */
  requestId?: string;
  /** A lab agent's wait before the step was decided, and whether its screen had settled (docs/steps-and-waits.md). */
  waitedMs?: number;
  screenSettled?: boolean;
}

/**
 * Records a step and counts it on its session in one statement (one round trip on
 * the hot path of a cached step). Returns the step's sequence number in the session,
 * or null when the session is no longer running.
 */
export async function recordStep(sql: Sql, s: NewStep): Promise<number | null> {
  const rows = await sql.query<{ seq: number }>(
    `WITH counted AS (
       UPDATE sdk_sessions SET
         ai_steps = ai_steps + CASE WHEN $2 = 'ai' THEN 1 ELSE 0 END,
         cached_steps = cached_steps + CASE WHEN $2 = 'cached' THEN 1 ELSE 0 END,
         other_steps = other_steps + CASE WHEN $2 IN ('deterministic', 'code') THEN 1 ELSE 0 END,
         next_step = COALESCE($12::int, next_step),
         last_command = COALESCE($13, last_command),
         last_finished = COALESCE($14::boolean, last_finished)
        WHERE id = $1 AND status = 'running'
        RETURNING id, ai_steps + cached_steps + other_steps AS seq)
     INSERT INTO session_steps (session_id, seq, call, kind, step_index, command, actions, outcome, reason,
                                fingerprint, screenshot, duration_ms, request_id, finished, waited_ms, screen_settled)
     SELECT id, seq, $3, $2, $4, $5, $6, $7, $8, $9, $10, $11, $15, $14::boolean, $16::double precision, $17::boolean FROM counted
     RETURNING seq`,
    [
      s.sessionId,
      s.kind,
      s.call,
      s.stepIndex,
      s.command,
      s.actions,
      s.outcome,
      s.reason,
      s.fingerprint,
      s.screenshot,
      s.durationMs,
      s.next?.step ?? null,
      s.next?.command ?? null,
      s.next?.finished ?? null,
      s.requestId ?? null,
      s.waitedMs ?? null,
      s.screenSettled ?? null,
    ],
  );
  return rows[0]?.seq ?? null;
}

/** Ends a running session; null when it is not running (already stopped). */
export async function stopSession(sql: Sql, orgId: string, id: string, status: 'succeeded' | 'failed'): Promise<SessionRecord | null> {
  const rows = await sql.query<SessionRecord>(
    `UPDATE sdk_sessions SET status = $3, ended_at = clock_timestamp()
      WHERE id = $1 AND org_id = $2 AND status = 'running' RETURNING ${columns}`,
    [id, orgId, status],
  );
  return rows[0] ?? null;
}

export interface StepRecord {
  seq: number;
  call: NewStep['call'];
  kind: StepKind;
  stepIndex: number | null;
  command: string;
  actions: Action[];
  outcome: NewStep['outcome'];
  reason: string | null;
  fingerprint: string | null;
  screenshot: string | null;
  durationMs: number;
  createdAt: Date;
  requestId: string | null;
  finished: boolean | null;
  /** What the device did with the decision (lab agents' step.event); null until it says, and for SDK steps. */
  deviceOutcome: 'performed' | 'failed' | null;
  deviceError: string | null;
  deviceMs: number | null;
  waitedMs: number | null;
  screenSettled: boolean | null;
}

const stepColumns = `seq, call, kind, step_index AS "stepIndex", command, actions, outcome, reason, fingerprint, screenshot,
  duration_ms AS "durationMs", created_at AS "createdAt", request_id AS "requestId", finished,
  device_outcome AS "deviceOutcome", device_error AS "deviceError", device_ms AS "deviceMs",
  waited_ms AS "waitedMs", screen_settled AS "screenSettled"`;

export async function listSteps(sql: Sql, sessionId: string): Promise<StepRecord[]> {
  return sql.query<StepRecord>(`SELECT ${stepColumns} FROM session_steps WHERE session_id = $1 ORDER BY seq`, [sessionId]);
}

/** The step a lab agent's step.decide already produced (it re-sends after a reconnect, possibly to another replica). */
export async function findStepByRequest(sql: Sql, sessionId: string, requestId: string): Promise<StepRecord | null> {
  const rows = await sql.query<StepRecord>(`SELECT ${stepColumns} FROM session_steps WHERE session_id = $1 AND request_id = $2`, [
    sessionId,
    requestId,
  ]);
  return rows[0] ?? null;
}

/**
 * Records what the device did with a decided step: the step of that request id, or
 * (agents that send none) the newest step of that index. Returns the step, or null
 * when there is none. Recording again (a re-sent event) changes nothing.
 */
export async function recordDeviceOutcome(
  sql: Sql,
  sessionId: string,
  which: { requestId?: string; stepIndex: number },
  device: { outcome: 'performed' | 'failed'; error: string | null; ms: number },
): Promise<StepRecord | null> {
  const rows = await sql.query<StepRecord>(
    `UPDATE session_steps SET device_outcome = $4, device_error = $5, device_ms = $6
      WHERE session_id = $1 AND seq = (
        SELECT seq FROM session_steps WHERE session_id = $1
           AND CASE WHEN $2::text IS NULL THEN step_index = $3 ELSE request_id = $2::text END
         ORDER BY seq DESC LIMIT 1)
      RETURNING ${stepColumns}`,
    [sessionId, which.requestId ?? null, which.stepIndex, device.outcome, device.error, device.ms],
  );
  return rows[0] ?? null;
}
