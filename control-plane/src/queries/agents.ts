import type { DeviceInfo } from '@devicelab/shared';
import type { Db, Sql } from '../db/index.js';
import { AGENT_GONE_BEFORE_UPLOAD } from '../recordings/queries.js';

export interface AgentRecord {
  id: string;
  tokenId: string;
  orgId: string | null;
}

/**
 * Records an agent's hello. An agent id stays with the token that first used it:
 * null when another token claims it (the caller refuses the connection).
 */
export async function upsertAgent(
  sql: Sql,
  a: { id: string; tokenId: string; orgId: string | null; hostname: string; version: string; capabilities: unknown; replicaId: string },
): Promise<AgentRecord | null> {
  const rows = await sql.query<AgentRecord>(
    `INSERT INTO agents (id, token_id, org_id, hostname, version, capabilities, connected, last_seen_at, replica_id)
     VALUES ($1, $2, $3, $4, $5, $6, true, clock_timestamp(), $7)
     ON CONFLICT (id) DO UPDATE SET hostname = EXCLUDED.hostname, version = EXCLUDED.version,
       capabilities = EXCLUDED.capabilities, connected = true, last_seen_at = clock_timestamp(), replica_id = EXCLUDED.replica_id
       WHERE agents.token_id = EXCLUDED.token_id
     RETURNING id, token_id AS "tokenId", org_id AS "orgId"`,
    [a.id, a.tokenId, a.orgId, a.hostname, a.version, a.capabilities, a.replicaId],
  );
  return rows[0] ?? null;
}

/**
 * Records that the agent was heard from; false when its token was revoked since it connected
 * (the hub then closes its socket: every replica learns of a revocation this way, within one
 * touch interval, with no message between replicas).
 */
export async function touchAgent(sql: Sql, id: string): Promise<boolean> {
  const rows = await sql.query<{ valid: boolean }>(
    `UPDATE agents a SET last_seen_at = clock_timestamp() FROM agent_tokens t
      WHERE a.id = $1 AND t.id = a.token_id RETURNING t.revoked_at IS NULL AS valid`,
    [id],
  );
  return rows[0]?.valid ?? true;
}

/**
 * The socket closed: its devices take no new work; its running attempts wait for a
 * reconnect (the sweep decides). The artifacts its finished tries still had to upload are
 * missing from now on (a late upload after a reconnect is still taken, routes/recordings.ts). Only the replica that holds the agent's current
 * connection may say so: after a failover the old replica's late close must not
 * undo the new replica's hello.
 */
export async function disconnectAgent(sql: Sql, id: string, replicaId: string): Promise<void> {
  await sql.query(
    `WITH gone AS (UPDATE agents SET connected = false, replica_id = NULL, last_seen_at = clock_timestamp()
                    WHERE id = $1 AND replica_id = $2 RETURNING id),
          offline AS (UPDATE devices SET state = 'offline' FROM gone WHERE devices.agent_id = gone.id RETURNING devices.id)
     UPDATE attempts a SET
            recording_missing = CASE WHEN a.recording_pending THEN $3 ELSE a.recording_missing END, recording_pending = false,
            device_log_missing = CASE WHEN a.device_log_pending THEN $3 ELSE a.device_log_missing END, device_log_pending = false
       FROM offline WHERE a.device_id = offline.id AND (a.recording_pending OR a.device_log_pending)`,
    [id, replicaId, AGENT_GONE_BEFORE_UPLOAD],
  );
}

/** Agents that said nothing for `seconds`: still marked connected (a half-open socket) or gone. */
export async function listSilentAgents(sql: Sql, seconds: number): Promise<string[]> {
  const rows = await sql.query<{ id: string }>(`SELECT id FROM agents WHERE last_seen_at < clock_timestamp() - make_interval(secs => $1)`, [
    seconds,
  ]);
  return rows.map((r) => r.id);
}

/**
 * A claim committing under a device's feet. Whether a device "holds a test" is read in the
 * statement that frees it, from that statement's snapshot (READ COMMITTED): a claim that
 * commits while the statement waits for the device's row lock is not in it, so the device
 * went `online` with its new test on it, and the next claim offered it a second one
 * (lifecycle-property.test.ts, device-freeing.test.ts). Every claim locks its device's row
 * before it writes the offer (runs/transitions/claim.ts): taking those row locks first, in
 * their own statement, means the check that follows reads a snapshot with any such claim in it.
 */
async function lockDevices(tx: Sql, where: string, params: readonly unknown[]): Promise<void> {
  await tx.query(`SELECT d.id FROM devices d WHERE ${where} ORDER BY d.id FOR UPDATE OF d`, params);
}

/**
 * Brings the registry in line with device reports (a hello lists every device of the
 * host). A device with a test keeps `busy`; so does a ready one whose serial is in
 * `stillBusy` (the agent still runs a job there that is no longer wanted, see
 * unwantedJobs); otherwise it is online when ready. The devices' rows are locked first
 * (lockDevices).
 */
export async function upsertDevices(
  db: Db,
  agent: AgentRecord,
  devices: readonly DeviceInfo[],
  stillBusy: readonly string[] = [],
): Promise<void> {
  if (devices.length === 0) return;
  await db.transaction(async (tx) => {
    await lockDevices(tx, 'd.agent_id = $1 AND d.serial = ANY($2::text[])', [agent.id, devices.map((d) => d.serial)]);
    await upsertLocked(tx, agent, devices, stillBusy);
  });
}

async function upsertLocked(sql: Sql, agent: AgentRecord, devices: readonly DeviceInfo[], stillBusy: readonly string[]): Promise<void> {
  // Arrays of text only: the postgres driver does not send boolean arrays as boolean[].
  const column = <K extends keyof DeviceInfo>(k: K) => devices.map((d) => d[k]);
  await sql.query(
    `INSERT INTO devices (id, agent_id, serial, org_id, platform, kind, model, os_version, state, not_ready_reason, last_seen_at)
     SELECT 'dev_' || substr(md5(random()::text || d.serial), 1, 16), $1, d.serial, $2, d.platform, d.kind, d.model, d.os_version,
            CASE WHEN d.ready = 'true' AND d.serial = ANY($9::text[]) THEN 'busy' WHEN d.ready = 'true' THEN 'online' ELSE 'offline' END,
            CASE WHEN d.ready = 'true' THEN NULL ELSE NULLIF(d.reason, '') END,
            clock_timestamp()
       FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $10::text[])
            AS d(serial, platform, kind, model, os_version, ready, reason)
     ON CONFLICT (agent_id, serial) DO UPDATE SET platform = EXCLUDED.platform, kind = EXCLUDED.kind,
       model = EXCLUDED.model, os_version = EXCLUDED.os_version, org_id = EXCLUDED.org_id, last_seen_at = clock_timestamp(),
       not_ready_reason = EXCLUDED.not_ready_reason,
       state = CASE
         WHEN EXISTS (SELECT 1 FROM attempts a WHERE a.device_id = devices.id AND a.status IN ('offered', 'running')) THEN 'busy'
         ELSE EXCLUDED.state END`,
    [
      agent.id,
      agent.orgId,
      column('serial'),
      column('platform'),
      column('kind'),
      column('model'),
      column('osVersion'),
      devices.map((d) => String(d.ready)),
      stillBusy,
      devices.map((d) => d.reason ?? ''),
    ],
  );
}

/** Devices the agent no longer reports (all but `present`) go offline. */
export async function markMissingDevicesOffline(sql: Sql, agentId: string, present: readonly string[]): Promise<void> {
  await sql.query(`UPDATE devices SET state = 'offline' WHERE agent_id = $1 AND NOT (serial = ANY($2::text[]))`, [agentId, present]);
}

export async function setDeviceOffline(sql: Sql, agentId: string, serial: string): Promise<void> {
  await sql.query(`UPDATE devices SET state = 'offline' WHERE agent_id = $1 AND serial = $2`, [agentId, serial]);
}

/** A job an agent reports, parsed from its wire id (`<attempt id>.<try>`). */
export interface ReportedJob {
  jobId: string;
  attemptId: string;
  tryNumber: number;
}

/**
 * Jobs an agent still runs that nobody wants: their try is over (finished, lost and
 * retried, blocked by a cancel while the agent was away), the attempt is unknown, or
 * the run was cancelled (a cancel that never reached the agent). With the serial of
 * the agent's device that ran the try, when the database still knows it.
 */
export async function unwantedJobs(
  sql: Sql,
  agentId: string,
  jobs: readonly ReportedJob[],
): Promise<Array<{ jobId: string; serial: string | null; runCancelled: boolean }>> {
  if (jobs.length === 0) return [];
  return sql.query(
    `SELECT j.wire AS "jobId", d.serial, COALESCE(r.status = 'cancelled', false) AS "runCancelled"
       FROM unnest($2::text[], $3::text[], $4::int[]) AS j(wire, attempt_id, try)
       LEFT JOIN attempts a ON a.id = j.attempt_id
       LEFT JOIN runs r ON r.id = a.run_id
       LEFT JOIN devices d ON d.agent_id = $1 AND d.id = CASE WHEN a.try_number = j.try THEN a.device_id
                                                              WHEN a.try_number = j.try + 1 THEN a.lost_device_id END
      WHERE NOT COALESCE(a.try_number = j.try AND a.status IN ('offered', 'running') AND d.id IS NOT NULL AND r.status <> 'cancelled', false)`,
    [agentId, jobs.map((j) => j.jobId), jobs.map((j) => j.attemptId), jobs.map((j) => j.tryNumber)],
  );
}

/**
 * An unwanted job ended on the agent (see unwantedJobs): the device it kept `busy` is
 * online again, unless it holds a test by now. Answers whether it was freed.
 */
export async function freeDeviceOfEndedJob(db: Db, agentId: string, job: ReportedJob): Promise<boolean> {
  const device = `d.agent_id = $1 AND d.state = 'busy'
        AND d.id = (SELECT CASE WHEN a.try_number = $3 THEN a.device_id WHEN a.try_number = $3 + 1 THEN a.lost_device_id END
                      FROM attempts a WHERE a.id = $2)`;
  const params = [agentId, job.attemptId, job.tryNumber];
  return db.transaction(async (tx) => {
    await lockDevices(tx, device, params);
    const rows = await tx.query(
      `UPDATE devices d SET state = 'online'
        WHERE ${device} AND NOT EXISTS (SELECT 1 FROM attempts x WHERE x.device_id = d.id AND x.status IN ('offered', 'running'))
       RETURNING d.id`,
      params,
    );
    return rows.length > 0;
  });
}
