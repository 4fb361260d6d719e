/**
 * The life of one test of a run on a device (`run_tests`; its id is the job id):
 * pending → offered → running → succeeded | failed | blocked. A lost device sends
 * a first try back to pending (attempt 2), a second one to blocked.
 */
import type { Sql } from '../db/index.js';

export interface JobRecord {
  id: string;
  runId: string;
  orgId: string;
  testId: string;
  title: string;
  platform: 'android' | 'ios';
  physical: boolean;
  status: 'pending' | 'offered' | 'running' | 'succeeded' | 'failed' | 'blocked';
  attempt: number;
  deviceId: string | null;
  sessionId: string | null;
  snapshot: JobSnapshot;
  values: Record<string, string> | null;
}

/** The test as it was when the run started. */
export interface JobSnapshot {
  title: string;
  commands: string[];
  launchParams: Array<{ key: string; value: string }>;
  testInputs: Array<{ key: string; defaultValue: string }>;
  preRequests: Array<{ curlCommand: string; delayBeforeRequest?: number; throughTunnel?: boolean; valuesToRemember?: Array<string | { name: string; path: string }> }>;
  teardownRequests: Array<{ curlCommand: string; runOn?: 'always' | 'success' | 'failure'; throughTunnel?: boolean }>;
}

const columns = `rt.id, rt.run_id AS "runId", rt.org_id AS "orgId", rt.test_id AS "testId", rt.title, rt.platform,
  rt.physical, rt.status, rt.attempt, rt.device_id AS "deviceId", rt.session_id AS "sessionId", rt.snapshot, rt."values"`;

export async function findJob(sql: Sql, id: string): Promise<JobRecord | null> {
  const rows = await sql.query<JobRecord>(`SELECT ${columns} FROM run_tests rt WHERE rt.id = $1`, [id]);
  return rows[0] ?? null;
}

/**
 * Claims the oldest pending test that one of `agentIds`' idle devices can run, and
 * that device, in one transaction. SKIP LOCKED lets several dispatchers (replicas)
 * claim side by side without waiting on each other. A retry prefers a device other
 * than the one that was lost. Returns null when nothing matches.
 */
export async function claimNextJob(sql: Sql, agentIds: readonly string[]): Promise<{ job: JobRecord; deviceId: string } | null> {
  if (agentIds.length === 0) return null;
  const candidates = await sql.query<{ id: string; platform: string; physical: boolean; orgId: string; lostDeviceId: string | null }>(
    `SELECT rt.id, rt.platform, rt.physical, rt.org_id AS "orgId", rt.lost_device_id AS "lostDeviceId"
       FROM run_tests rt
      WHERE rt.status = 'pending'
        AND EXISTS (SELECT 1 FROM devices d WHERE d.state = 'online' AND d.agent_id = ANY($1::text[]) AND d.platform = rt.platform)
      ORDER BY rt.queued_at, rt.position
      LIMIT 20
      FOR UPDATE OF rt SKIP LOCKED`,
    [agentIds],
  );
  for (const c of candidates) {
    const devices = await sql.query<{ id: string }>(
      `SELECT d.id FROM devices d
        WHERE d.state = 'online' AND d.agent_id = ANY($1::text[]) AND d.platform = $2
          AND CASE WHEN $3 THEN d.kind = 'physical' AND d.org_id = $4
                   ELSE d.kind <> 'physical' AND (d.org_id IS NULL OR d.org_id = $4) END
        ORDER BY (d.id = $5) ASC, d.last_seen_at
        LIMIT 1
        FOR UPDATE OF d SKIP LOCKED`,
      [agentIds, c.platform, c.physical, c.orgId, c.lostDeviceId ?? ''],
    );
    const device = devices[0];
    if (!device) continue;
    await sql.query(`UPDATE devices SET state = 'busy' WHERE id = $1`, [device.id]);
    const rows = await sql.query<JobRecord>(
      `UPDATE run_tests rt SET status = 'offered', device_id = $2, offered_at = clock_timestamp(),
              device_label = (SELECT model || ' (' || serial || ')' FROM devices WHERE id = $2)
        WHERE rt.id = $1 RETURNING ${columns}`,
      [c.id, device.id],
    );
    return { job: rows[0]!, deviceId: device.id };
  }
  return null;
}

/** The pre-requests are done and the offer goes out now: its values, and the time an answer is due from. */
export async function setJobValues(sql: Sql, id: string, values: Record<string, string>): Promise<void> {
  await sql.query(`UPDATE run_tests SET "values" = $2, offered_at = clock_timestamp() WHERE id = $1`, [id, values]);
}

/** The agent accepted: the test runs, under an SDK session that carries the test's id. */
export async function startJob(sql: Sql, id: string, sessionId: string): Promise<boolean> {
  const rows = await sql.query(
    `UPDATE run_tests SET status = 'running', started_at = clock_timestamp(), session_id = $2
      WHERE id = $1 AND status = 'offered' RETURNING id`,
    [id, sessionId],
  );
  return rows.length > 0;
}

/** Back to the queue without counting a try (the agent refused it or gave it back); the device is freed. */
export async function requeueJob(sql: Sql, id: string, deviceState: 'online' | 'offline'): Promise<void> {
  await sql.query(
    `UPDATE devices SET state = $2 WHERE id = (SELECT device_id FROM run_tests WHERE id = $1) AND state = 'busy'`,
    [id, deviceState],
  );
  await sql.query(
    `UPDATE run_tests SET status = 'pending', device_id = NULL, device_label = NULL, session_id = NULL,
            offered_at = NULL, started_at = NULL, "values" = NULL
      WHERE id = $1 AND status IN ('offered', 'running')`,
    [id],
  );
}

export interface Verdict {
  status: 'succeeded' | 'failed' | 'blocked';
  statusMessage: string;
  failedStep?: number | null;
  durationSeconds?: number | null;
  recordingKey?: string | null;
}

/**
 * Records a verdict once: a repeated result (re-sent after a reconnect) changes
 * nothing and answers null. The device, if it is still busy with this test, is free again.
 */
export async function finishJob(sql: Sql, id: string, v: Verdict): Promise<JobRecord | null> {
  const rows = await sql.query<JobRecord>(
    `UPDATE run_tests rt SET status = $2, status_message = $3, failed_step = $4, finished_at = clock_timestamp(),
            duration_seconds = COALESCE($5, extract(epoch FROM clock_timestamp() - rt.started_at)), recording_key = $6
      WHERE rt.id = $1 AND rt.status IN ('pending', 'offered', 'running') RETURNING ${columns}`,
    [id, v.status, v.statusMessage, v.failedStep ?? null, v.durationSeconds ?? null, v.recordingKey ?? null],
  );
  const job = rows[0];
  if (job?.deviceId) await sql.query(`UPDATE devices SET state = 'online' WHERE id = $1 AND state = 'busy'`, [job.deviceId]);
  return job ?? null;
}

/**
 * A device was lost under a test: one more try on another device, then blocked.
 * Returns what happened, or null if the test was no longer active.
 */
export async function loseJob(sql: Sql, id: string, why: string): Promise<'retried' | 'blocked' | null> {
  const rows = await sql.query<{ attempt: number }>(
    `UPDATE run_tests SET status = CASE WHEN attempt < 2 THEN 'pending' ELSE 'blocked' END,
            lost_device_id = device_id,
            device_id = CASE WHEN attempt < 2 THEN NULL ELSE device_id END,
            session_id = CASE WHEN attempt < 2 THEN NULL ELSE session_id END,
            "values" = CASE WHEN attempt < 2 THEN NULL ELSE "values" END,
            status_message = CASE WHEN attempt < 2 THEN NULL ELSE $2 END,
            finished_at = CASE WHEN attempt < 2 THEN NULL ELSE clock_timestamp() END,
            queued_at = CASE WHEN attempt < 2 THEN clock_timestamp() ELSE queued_at END,
            attempt = LEAST(attempt + 1, 2)
      WHERE id = $1 AND status IN ('offered', 'running')
      RETURNING status = 'blocked' AS blocked, attempt`,
    [id, `The device was lost twice while running this test (last: ${why})`],
  );
  const row = rows[0] as { blocked?: boolean } | undefined;
  if (!row) return null;
  return row.blocked ? 'blocked' : 'retried';
}

/** Tests active on an agent's devices. */
export async function activeJobsOfAgent(sql: Sql, agentId: string): Promise<Array<{ id: string; sessionId: string | null; runId: string }>> {
  return sql.query(
    `SELECT rt.id, rt.session_id AS "sessionId", rt.run_id AS "runId" FROM run_tests rt JOIN devices d ON d.id = rt.device_id
      WHERE d.agent_id = $1 AND rt.status IN ('offered', 'running')`,
    [agentId],
  );
}

/** Pending tests that waited longer than `seconds` for a device: blocked with the reason. */
export async function blockOverdueJobs(sql: Sql, seconds: number): Promise<Array<{ id: string; runId: string }>> {
  return sql.query(
    `UPDATE run_tests SET status = 'blocked', finished_at = clock_timestamp(),
            status_message = 'No ' || CASE WHEN physical THEN 'reserved ' || platform || ' handset'
                                            ELSE platform || ' ' || CASE WHEN platform = 'ios' THEN 'simulator' ELSE 'emulator' END END
                             || ' became available within ' || $1 || ' seconds'
      WHERE status = 'pending' AND queued_at < clock_timestamp() - make_interval(secs => $1)
      RETURNING id, run_id AS "runId"`,
    [seconds],
  );
}

/** A run whose every test has a verdict is completed (a cancelled run stays cancelled). */
export async function completeRunIfDone(sql: Sql, runId: string): Promise<boolean> {
  const rows = await sql.query(
    `UPDATE runs SET status = 'completed', finished_at = clock_timestamp()
      WHERE id = $1 AND status = 'running'
        AND NOT EXISTS (SELECT 1 FROM run_tests WHERE run_id = $1 AND status IN ('pending', 'offered', 'running'))
      RETURNING id`,
    [runId],
  );
  return rows.length > 0;
}

export interface RunOfJob {
  id: string;
  status: 'running' | 'completed' | 'cancelled';
  apiKeyId: string | null;
  buildId: string | null;
  bundleId: string | null;
  packageName: string;
}

/** What offering a test needs to know about its run. */
export async function findRunOfJob(sql: Sql, runId: string): Promise<RunOfJob | null> {
  const rows = await sql.query<RunOfJob>(
    `SELECT id, status, api_key_id AS "apiKeyId", build_id AS "buildId", bundle_id AS "bundleId", package_name AS "packageName"
       FROM runs WHERE id = $1`,
    [runId],
  );
  return rows[0] ?? null;
}

/**
 * Pending tests of runs whose tunnel is not connected fail with a message saying
 * what to do (DESIGN.md section 2). `connected` lists "<org id>/<tunnel name>".
 */
export async function failJobsWithoutTunnel(sql: Sql, connected: readonly string[]): Promise<Array<{ runId: string }>> {
  return sql.query(
    `UPDATE run_tests rt SET status = 'failed', finished_at = clock_timestamp(),
            status_message = 'Tunnel "' || r.tunnel_name || '" is not connected: start it with lab-agent tunnel start --tunnel-name ' || r.tunnel_name
       FROM runs r
      WHERE rt.run_id = r.id AND rt.status = 'pending' AND r.tunnel_name IS NOT NULL
        AND NOT ((r.org_id || '/' || r.tunnel_name) = ANY($1::text[]))
      RETURNING rt.run_id AS "runId"`,
    [connected],
  );
}

/**
 * Offers an agent neither accepted nor refused within `seconds` (a lost frame, an agent
 * stuck before it could answer) go back to the queue; their devices wait for a report.
 * An offer whose pre-requests still run (no values yet) is not waiting for the agent.
 */
export async function requeueStaleOffers(sql: Sql, seconds: number): Promise<number> {
  const rows = await sql.query<{ deviceId: string }>(
    `UPDATE run_tests rt SET status = 'pending', device_id = NULL, device_label = NULL, offered_at = NULL, "values" = NULL
       FROM run_tests old
      WHERE rt.id = old.id AND rt.status = 'offered' AND rt."values" IS NOT NULL
        AND rt.offered_at < clock_timestamp() - make_interval(secs => $1)
      RETURNING old.device_id AS "deviceId"`,
    [seconds],
  );
  for (const r of rows) await sql.query(`UPDATE devices SET state = 'offline' WHERE id = $1 AND state = 'busy'`, [r.deviceId]);
  return rows.length;
}
