/**
 * Replicas that share nothing but PostgreSQL and an S3 bucket (the fake S3 server of
 * fake-s3.ts): two control-plane processes, each with its own DATA_DIR. The lab agent holds
 * its socket to B only; the tunnel client is connected to A. A build uploaded to A installs on
 * B's agent, the recording the agent uploads through B plays on A's pages, a tunnelled run
 * crosses from B to A, and the retention sweep (run by whichever replica holds its lease)
 * deletes from the bucket what is due and nothing else. Embedded PGlite is one process by
 * design, so this file runs on the real server only.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAgent, startAgent } from '../../lab-agent/src/agent.js';
import { createHostFilter } from '../../lab-agent/src/tunnel/host-filter.js';
import { startTunnelClient, type TunnelClient } from '../../lab-agent/src/tunnel/tunnel-client.js';
import { makeApk } from '../../scripts/fixtures/builds.js';
import { addAgentToken } from '../src/admin/provision.js';
import { loadConfig } from '../src/config.js';
import type { Db } from '../src/db/index.js';
import type { FileStorage } from '../src/storage/files.js';
import { openStorage } from '../src/storage/open.js';
import { type FakeS3, startFakeS3 } from './fake-s3.js';
import {
  artifactsLanded,
  backend,
  type Client,
  client,
  freshDatabase,
  type Org,
  runEnded,
  seedOrg,
  settledTest,
  uploadBuild,
} from './harness.js';
import { GREETING, type InternalHost, startInternalHost } from './internal-host.js';
import { type Replica, startReplica } from './replica-processes.js';

describe.skipIf(backend !== 'postgres')('replicas sharing only PostgreSQL and an S3 bucket', () => {
  let s3: FakeS3;
  let bucket: FileStorage;
  let db: Db;
  let drop: () => Promise<void>;
  let databaseUrl: string;
  let work: string;
  let org: Org;
  let a: Replica;
  let b: Replica;
  let apiA: Client;
  let apiB: Client;
  let agent: RunningAgent;
  let tunnel: TunnelClient;
  let internal: InternalHost;
  let buildId: string;
  let testId: string;
  let runId: string;
  const hits: string[] = [];
  const dataDirs = { a: '', b: '' };

  async function until(check: () => Promise<boolean>, timeoutMs = 40_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  const verdicts = (run: any) =>
    [...run.succeededTests, ...run.failedTests, ...run.blockedTests].map((t: any) => [t.status, t.statusMessage ?? '']);
  const signIn = async (url: string) => {
    const res = await fetch(`${url}/app/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: url, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ api_key: org.apiKey }),
    });
    return res.headers.get('set-cookie')!.split(';')[0]!;
  };

  beforeAll(async () => {
    s3 = await startFakeS3(['devicelab']);
    const s3Env = s3.env('devicelab', 'lab-1');
    work = mkdtempSync(join(tmpdir(), 'devicelab-storage-replicas-'));
    bucket = openStorage(loadConfig({ DATA_DIR: join(work, 'reader'), ...s3Env })); // the test's own view of the bucket
    const fresh = await freshDatabase();
    db = fresh.db;
    drop = fresh.drop;
    databaseUrl = fresh.url!;
    internal = await startInternalHost(hits);
    org = await seedOrg(db);
    const token = (await addAgentToken(db, null)).agentToken;
    dataDirs.a = join(work, 'a');
    dataDirs.b = join(work, 'b');
    // Retention is on and swept every second on both replicas; nothing is old enough until a test makes it so.
    const env = {
      ...s3Env,
      BUILD_RETENTION_DAYS: '30',
      ARTIFACT_RETENTION_DAYS: '14',
      RETENTION_SWEEP_MS: '1000',
      REQUESTS_ALLOW_PRIVATE: '1',
    };
    [a, b] = await Promise.all([startReplica(databaseUrl, dataDirs.a, env), startReplica(databaseUrl, dataDirs.b, env)]);
    apiA = client(a.url, org.apiKey);
    apiB = client(b.url, org.apiKey);
    agent = await startAgent({
      controlPlaneUrl: b.url,
      token,
      virtualDevices: 1,
      stateDir: mkdtempSync(join(work, 'agent-')),
      log: () => {},
      backoff: { baseMs: 50, maxMs: 400 },
      drainSeconds: 1,
    });
    tunnel = startTunnelClient({
      controlPlaneUrl: a.url,
      apiKey: org.apiKey,
      tunnelName: 'office',
      filter: createHostFilter({}),
      backoff: { baseMs: 50, maxMs: 500 },
    });
    await tunnel.connected;
    await until(async () => (await db.query(`SELECT 1 FROM devices WHERE state = 'online'`)).length === 1);

    const file = join(work, 'sample.apk');
    await makeApk(file, { packageName: 'com.devicelab.sample', versionName: '1.0', versionCode: 1, label: 'DeviceLab Sample' });
    buildId = await uploadBuild(a.url, org.apiKey, file);
    const created = await apiA('POST', '/tests', { title: 'Opens', commands: ['launchApp', 'assertVisible: "Log in"'] });
    testId = created.body.testId;
    expect((await settledTest(apiA, testId)).platforms.android.status).toBe('ready');
  }, 180_000);

  afterAll(async () => {
    await tunnel?.close();
    await agent?.stop({ drainSeconds: 0 });
    for (const r of [a, b]) if (r && r.child.exitCode === null) r.child.kill('SIGKILL');
    await drop?.();
    await internal?.close();
    await s3?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("a build uploaded to A is in the bucket, not on A's disk, and installs on the agent connected to B", async () => {
    const [build] = await db.query<{ key: string }>('SELECT storage_key AS key FROM builds WHERE id = $1', [buildId]);
    expect(await bucket.size(build!.key)).toBeGreaterThan(0);
    expect(existsSync(join(dataDirs.a, 'files'))).toBe(false);
    const res = await apiA('POST', '/tests/execute', { organisationId: org.id, buildId, testIds: [testId] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    runId = res.body.runId;
    const run = await runEnded(apiA, runId, 60_000);
    await artifactsLanded(db, runId);
    expect(verdicts(run)).toEqual([['succeeded', '']]);
    const [agentRow] = await db.query<{ replica: string }>('SELECT replica_id AS replica FROM agents');
    const [replicaB] = await db.query<{ id: string }>('SELECT id FROM replicas WHERE url = $1', [b.url]);
    expect(agentRow!.replica).toBe(replicaB!.id); // the agent fetched the build from B
  }, 180_000);

  it("the recording the agent uploaded through B plays on A's pages, with byte ranges", async () => {
    const [row] = await db.query<{ key: string }>('SELECT recording_key AS key FROM attempts WHERE run_id = $1', [runId]);
    expect(row!.key).toMatch(new RegExp(`^recordings/${org.id}/${runId}/.+\\.gif$`));
    const size = (await bucket.size(row!.key))!;
    expect(size).toBeGreaterThan(6);
    expect(existsSync(join(dataDirs.b, 'files'))).toBe(false);
    const cookie = await signIn(a.url);
    const path = `${a.url}/app/recording/${runId}/runs/${testId}`;
    expect(await (await fetch(path, { headers: { cookie } })).text()).toContain(`${'/app'}/recording/${runId}/runs/${testId}/video`);
    const whole = await fetch(`${path}/video`, { headers: { cookie } });
    expect(whole.status).toBe(200);
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.toString('latin1', 0, 4)).toBe('GIF8');
    expect(bytes.length).toBe(size);
    const part = await fetch(`${path}/video`, { headers: { cookie, range: 'bytes=2-5' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 2-5/${size}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(2, 6));
  });

  it('a tunnelled run whose agent is on B and whose tunnel is on A reaches the internal host; both list the tunnel alike', async () => {
    const created = await apiB('POST', '/tests', {
      title: 'Staging greets us',
      commands: ['wait: 1', `assertVisible: "${GREETING}"`],
      launchParams: [{ key: 'fetchUrl', value: `${internal.url}/hello` }],
    });
    expect((await settledTest(apiB, created.body.testId)).platforms.android.status).toBe('ready');
    hits.length = 0;
    const res = await apiB('POST', '/tests/execute', {
      organisationId: org.id,
      buildId,
      testIds: [created.body.testId],
      tunnelName: 'office',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(verdicts(await runEnded(apiB, res.body.runId, 60_000))).toEqual([['succeeded', '']]);
    expect(hits).toContain('GET /hello');
    const listed = async (api: Client) =>
      (await api('GET', '/tunnels')).body.tunnels.map((t: any) => ({ name: t.name, connectedAt: t.connectedAt, apiKeyId: t.apiKeyId }));
    expect(await listed(apiB)).toEqual(await listed(apiA));
    expect(await listed(apiA)).toEqual([{ name: 'office', connectedAt: expect.any(String), apiKeyId: org.apiKeyId }]);
  }, 180_000);

  it('retention deletes from the bucket what is due, on one replica, and nothing else', async () => {
    const [row] = await db.query<{ id: string; key: string }>('SELECT id, recording_key AS key FROM attempts WHERE run_id = $1', [runId]);
    const old = await uploadBuild(b.url, org.apiKey, join(work, 'sample.apk'));
    const keyOf = async (id: string) =>
      (await db.query<{ key: string }>('SELECT storage_key AS key FROM builds WHERE id = $1', [id]))[0]!.key;
    const [oldKey, usedKey] = [await keyOf(old), await keyOf(buildId)];
    await db.query(`UPDATE builds SET created_at = now() - interval '40 days' WHERE id = $1`, [old]);
    await db.query(`UPDATE attempts SET finished_at = now() - interval '20 days' WHERE id = $1`, [row!.id]);
    await until(
      async () =>
        (await db.query('SELECT 1 FROM attempts WHERE id = $1 AND recording_expired_at IS NOT NULL', [row!.id])).length === 1 &&
        (await db.query('SELECT 1 FROM builds WHERE id = $1 AND file_deleted_at IS NOT NULL', [old])).length === 1,
    );
    expect(await bucket.size(row!.key)).toBeNull();
    expect(await bucket.size(oldKey)).toBeNull();
    expect(await bucket.size(usedKey)).toBeGreaterThan(0); // used by runs lately
    const cookie = await signIn(a.url);
    expect(await (await fetch(`${a.url}/app/recording/${runId}/runs/${testId}`, { headers: { cookie } })).text()).toContain(
      'The recording expired',
    );
    const refused = await apiA('POST', '/tests/execute', { organisationId: org.id, buildId: old, testIds: [testId] });
    expect(refused.status).toBe(410);
    expect(refused.body.detail).toMatch(new RegExp(`^build ${old} expired on .*: no run used it for 30 days \\(BUILD_RETENTION_DAYS\\)`));
  }, 120_000);

  it('a replica whose bucket is missing stops at start with one line and exit code 1', async () => {
    const failed = await startReplica(databaseUrl, join(work, 'c'), s3.env('no-such-bucket')).then(
      () => null,
      (e: Error) => e.message,
    );
    expect(failed).toMatch(/^replica exited with 1: /);
    const output = failed!
      .replace(/^replica exited with 1: /, '')
      .trim()
      .split('\n');
    expect(output).toEqual([
      'devicelab: cannot start: cannot use STORAGE_URL: s3://no-such-bucket: bucket "no-such-bucket" does not exist',
    ]);
  }, 120_000);
});
