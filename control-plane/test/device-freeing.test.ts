/**
 * A device freed while a claim commits on it keeps its new test. Whether a device holds a
 * test was read from the freeing statement's snapshot: a claim that committed while that
 * statement waited for the device's row lock was not in it, so the device went `online`
 * with its offer on it and the next claim gave it a second test (a seed of
 * lifecycle-property.test.ts found it: an agent's hello upserting its devices while a claim
 * for its old socket was in flight). Needs two connections, so PostgreSQL only (PGlite
 * has one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAgentToken } from '../src/admin/provision.js';
import type { Db, Sql } from '../src/db/index.js';
import { type AgentRecord, freeDeviceOfEndedJob, upsertDevices } from '../src/queries/agents.js';
import { androidDevice } from './agent-client.js';
import { backend, freshDatabase, type Org, seedOrg } from './harness.js';
import { seedRun, until } from './seed-runs.js';

const onPostgres = backend === 'postgres';
let db: Db;
let drop: () => Promise<void>;
let org: Org;
let agent: AgentRecord;

beforeAll(async () => {
  if (!onPostgres) return;
  ({ db, drop } = await freshDatabase());
  org = await seedOrg(db);
  const { agentTokenId } = await addAgentToken(db, null);
  agent = { id: 'agent-freeing', tokenId: agentTokenId, orgId: null };
  await db.query(`INSERT INTO agents (id, token_id, org_id, hostname, version, connected) VALUES ($1, $2, NULL, 'lab', '1', true)`, [
    agent.id,
    agentTokenId,
  ]);
});
afterAll(async () => {
  if (onPostgres) await drop();
});

/** A fresh emulator of the agent in `state`, its id. */
async function device(serial: string, state: 'online' | 'busy'): Promise<string> {
  const id = `dev_${serial}`;
  await db.query(
    `INSERT INTO devices (id, agent_id, serial, org_id, platform, kind, model, os_version, state)
     VALUES ($1, $2, $3, NULL, 'android', 'emulator', 'Pixel', '14', $4)`,
    [id, agent.id, serial, state],
  );
  return id;
}

/**
 * A claim of `attemptId` for `deviceId`, held open until release(): the device's row locked,
 * the device busy and the test offered on it, as claim.ts's transaction writes them.
 */
async function claimInFlight(deviceId: string, attemptId: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let written!: () => void;
  const ready = new Promise<void>((resolve) => (written = resolve));
  const done = db.transaction(async (tx: Sql) => {
    await tx.query(`SELECT id FROM devices WHERE id = $1 FOR UPDATE`, [deviceId]);
    await tx.query(`UPDATE devices SET state = 'busy' WHERE id = $1`, [deviceId]);
    await tx.query(`UPDATE attempts SET status = 'offered', device_id = $1, offered_at = clock_timestamp() WHERE id = $2`, [
      deviceId,
      attemptId,
    ]);
    written();
    await released;
  });
  await ready;
  return { release, done };
}

/** Until some statement waits for a row lock held by the claim in flight. */
const waitingForLock = () =>
  until(
    () => db.query(`SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`),
    (rows) => rows.length > 0,
  );

const stateOf = async (deviceId: string) =>
  (await db.query<{ state: string }>('SELECT state FROM devices WHERE id = $1', [deviceId]))[0]!.state;

describe.skipIf(!onPostgres)('freeing a device while a claim commits on it', () => {
  it('an agent reporting the device ready (its hello, a device.changed) leaves it busy with the test just offered', async () => {
    const deviceId = await device('emu-report', 'online');
    const { ids } = await seedRun(db, org);
    const claim = await claimInFlight(deviceId, ids[0]!);
    const report = upsertDevices(db, agent, [androidDevice('emu-report')]);
    await waitingForLock();
    claim.release();
    await claim.done;
    await report;
    expect(await stateOf(deviceId)).toBe('busy');
  });

  it('the end of a job nobody wanted leaves the device busy with the test just offered', async () => {
    // The device was kept busy for a try that is over (hello.ts); its result now arrives.
    const deviceId = await device('emu-ended', 'busy');
    const { ids } = await seedRun(db, org, { count: 2 });
    await db.query(
      `UPDATE attempts SET status = 'blocked', device_id = $1, try_number = 1, finished_at = clock_timestamp() WHERE id = $2`,
      [deviceId, ids[0]],
    );
    const claim = await claimInFlight(deviceId, ids[1]!);
    const freed = freeDeviceOfEndedJob(db, agent.id, { jobId: `${ids[0]}.1`, attemptId: ids[0]!, tryNumber: 1 });
    await waitingForLock();
    claim.release();
    await claim.done;
    expect(await freed).toBe(false);
    expect(await stateOf(deviceId)).toBe('busy');
  });

  it('with no claim, both still free the device', async () => {
    const reported = await device('emu-free-report', 'busy');
    await upsertDevices(db, agent, [androidDevice('emu-free-report')]);
    expect(await stateOf(reported)).toBe('online');
    const ended = await device('emu-free-ended', 'busy');
    const { ids } = await seedRun(db, org);
    await db.query(
      `UPDATE attempts SET status = 'blocked', device_id = $1, try_number = 1, finished_at = clock_timestamp() WHERE id = $2`,
      [ended, ids[0]],
    );
    expect(await freeDeviceOfEndedJob(db, agent.id, { jobId: `${ids[0]}.1`, attemptId: ids[0]!, tryNumber: 1 })).toBe(true);
    expect(await stateOf(ended)).toBe('online');
  });
});
