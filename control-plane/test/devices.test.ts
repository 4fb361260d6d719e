/**
 * GET /devices and the waiting reasons of pending tests, over the real HTTP server and
 * database. Devices are written as the agent hub writes them (agents and devices rows);
 * those agents hold no socket on this replica, so nothing is ever offered to them and
 * the tests of a run stay pending: exactly the state whose reason is under test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeAppZip, makeIpa } from '../../scripts/fixtures/builds.js';
import { addAgentToken } from '../src/admin/provision.js';
import { type Client, client, type Org, seedOrg, settledTest, startServer, type TestServer, uploadBuild } from './harness.js';

let server: TestServer;
let org: Org;
let other: Org;
let api: Client;
let work: string;
const builds = { app: '', ipa: '' };
let testIds: string[] = [];
let seq = 0;

/** An agent row (org null: the shared pool) and its devices, as a hello would register them. */
async function lab(
  orgId: string | null,
  connected: boolean,
  devices: Array<{ platform: string; kind: string; state: string; model?: string }>,
): Promise<string[]> {
  const { agentTokenId } = await addAgentToken(server.db, orgId);
  const agentId = `agent-${(seq += 1)}`;
  // A connected agent is held by a replica: this server's (one naming no live replica is reaped as orphaned).
  await server.db.query(
    `INSERT INTO agents (id, token_id, org_id, hostname, version, connected, replica_id) VALUES ($1, $2, $3, $4, '0.1.0', $5, $6)`,
    [agentId, agentTokenId, orgId, `host-${seq}`, connected, connected ? server.services.dispatcher.replicaId : null],
  );
  const ids: string[] = [];
  for (const [i, d] of devices.entries()) {
    const id = `dev_${seq}_${i}`;
    await server.db.query(
      `INSERT INTO devices (id, agent_id, serial, org_id, platform, kind, model, os_version, state) VALUES ($1, $2, $3, $4, $5, $6, $7, '17.5', $8)`,
      [id, agentId, `SERIAL-${seq}-${i}`, orgId, d.platform, d.kind, d.model ?? 'iPhone 15', d.state],
    );
    ids.push(id);
  }
  return ids;
}

const upload = (file: string, name: string) => uploadBuild(server.url, org.apiKey, file, {}, name);

/** The statusMessage of each test of a run, as its interaction log (the pending test's entry) shows it. */
async function waitingMessages(runId: string): Promise<Array<string | null>> {
  const out: Array<string | null> = [];
  for (const testId of testIds) {
    const res = await api('GET', `/suite/${runId}/run/${testId}/interaction_logs?organisation_id=${org.id}`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('pending');
    out.push(res.body.statusMessage);
  }
  return out;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'devicelab-devices-'));
  builds.app = join(work, 'sample-sim.zip');
  builds.ipa = join(work, 'sample.ipa');
  const ios = { name: 'Sample', bundleId: 'com.devicelab.sample', version: '1.0', build: '1' };
  await makeAppZip(builds.app, ios);
  await makeIpa(builds.ipa, ios);
  // Nothing is ever dispatched here, but the sweep would block overdue tests: keep it slow.
  server = await startServer({ RUN_DEVICE_WAIT_SECONDS: '3600' });
  org = await seedOrg(server.db);
  other = await seedOrg(server.db, { name: 'Other org' });
  api = client(server.url, org.apiKey);
  testIds = [];
  for (const title of ['First', 'Second', 'Third']) {
    const res = await api('POST', '/tests', { title, commands: ['assertVisible: "Products"'] });
    expect(res.status).toBe(200);
    await settledTest(api, res.body.testId);
    testIds.push(res.body.testId);
  }
});
beforeEach(async () => {
  await server.db.query(`UPDATE attempts SET status = 'blocked' WHERE status = 'pending'`);
  await server.db.query('DELETE FROM devices');
});
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

describe('GET /devices', () => {
  it("lists the organisation's own devices and the shared pool, never another organisation's or a shared handset", async () => {
    const [mine] = await lab(org.id, true, [{ platform: 'ios', kind: 'physical', state: 'online', model: 'iPhone 15 Pro' }]);
    const [pool, poolBusy] = await lab(null, true, [
      { platform: 'ios', kind: 'simulator', state: 'online' },
      { platform: 'android', kind: 'emulator', state: 'busy', model: 'Pixel 8' },
      { platform: 'android', kind: 'physical', state: 'online', model: 'Unreserved phone' },
    ]);
    const [gone] = await lab(null, false, [{ platform: 'ios', kind: 'simulator', state: 'online', model: 'iPhone 14' }]);
    await lab(other.id, true, [{ platform: 'ios', kind: 'physical', state: 'online', model: 'Their iPhone' }]);

    const res = await api('GET', '/devices');
    expect(res.status).toBe(200);
    expect(res.body.truncated).toBe(false);
    const byId = Object.fromEntries(res.body.devices.map((d: any) => [d.id, d]));
    expect(Object.keys(byId).sort()).toEqual([mine, pool, poolBusy, gone].sort());
    expect(byId[mine!]).toMatchObject({
      name: 'iPhone 15 Pro (SERIAL-1-0)',
      platform: 'ios',
      kind: 'handset',
      model: 'iPhone 15 Pro',
      osVersion: '17.5',
      state: 'online',
      reserved: true,
      agentName: 'host-1',
      lastSeenAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(byId[pool!]).toMatchObject({ kind: 'simulator', state: 'online', reserved: false });
    expect(byId[poolBusy!]).toMatchObject({ platform: 'android', kind: 'emulator', state: 'busy' });
    // Its agent is disconnected: whatever the row said, it cannot run anything.
    expect(byId[gone!]).toMatchObject({ model: 'iPhone 14', state: 'offline' });

    const sims = await api('GET', '/devices?platform=ios&kind=simulator&state=online');
    expect(sims.body.devices.map((d: any) => d.id)).toEqual([pool]);
  });

  it('refuses a bad filter with 400 and a missing key with 401', async () => {
    expect((await api('GET', '/devices?kind=phone')).status).toBe(400);
    expect((await api('GET', '/devices?platfrom=ios')).status).toBe(400);
    for (const q of ['platform=ios&platform=android', 'state=%00', `kind=${'x'.repeat(5000)}`]) {
      const res = await api('GET', `/devices?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.detail, q).toEqual(expect.any(String));
    }
    const anonymous = await client(server.url)('GET', '/devices');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.detail).toMatch(/API key/);
  });

  it('is in the OpenAPI document', async () => {
    const doc = await client(server.url)('GET', '/openapi.json');
    expect(doc.body.paths['/devices']?.get).toBeDefined();
  });
});

describe('why a pending test waits', () => {
  const execute = async (buildId: string) => {
    const res = await api('POST', '/tests/execute', { organisationId: org.id, buildId, testIds });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.runId as string;
  };

  it('no simulator connected at all, or only offline ones', async () => {
    const runId = await execute(await upload(builds.app, 'sample-sim.zip'));
    expect(await waitingMessages(runId)).toEqual(Array(3).fill('waiting for an iOS simulator: none is connected'));
    await lab(null, false, [{ platform: 'ios', kind: 'simulator', state: 'online' }]);
    await lab(org.id, true, [{ platform: 'android', kind: 'emulator', state: 'online' }]); // the wrong platform does not count
    expect((await waitingMessages(runId))[0]).toBe('waiting for an iOS simulator: none is connected (1 offline)');
  });

  it('tests ahead: the running ones on the matching devices and those queued before', async () => {
    await lab(null, true, [
      { platform: 'ios', kind: 'simulator', state: 'busy' },
      { platform: 'ios', kind: 'simulator', state: 'busy' },
    ]);
    const runId = await execute(await upload(builds.app, 'sample-sim.zip'));
    expect(await waitingMessages(runId)).toEqual([
      'waiting: 2 tests ahead on 2 devices',
      'waiting: 3 tests ahead on 2 devices',
      'waiting: 4 tests ahead on 2 devices',
    ]);
  });

  it('a free device: next in line', async () => {
    await lab(org.id, true, [{ platform: 'ios', kind: 'simulator', state: 'online' }]);
    const runId = await execute(await upload(builds.app, 'sample-sim.zip'));
    expect((await waitingMessages(runId))[0]).toBe('waiting: next in line for 1 device');
  });

  it("an .ipa waits for the organisation's own iPhone: another organisation's or the pool's does not count", async () => {
    await lab(other.id, true, [{ platform: 'ios', kind: 'physical', state: 'online' }]);
    await lab(null, true, [{ platform: 'ios', kind: 'physical', state: 'online' }]);
    const runId = await execute(await upload(builds.ipa, 'sample.ipa'));
    expect((await waitingMessages(runId))[0]).toBe('waiting for a reserved iPhone: none is connected');
  });
});
