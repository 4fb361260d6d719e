import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type RunningAgent, startAgent } from '../../lab-agent/src/agent.js';
import { createHostFilter } from '../../lab-agent/src/tunnel/host-filter.js';
import { startTunnelClient, type TunnelClient, TunnelRefused } from '../../lab-agent/src/tunnel/tunnel-client.js';
import { makeApk } from '../../scripts/fixtures/builds.js';
import { addAgentToken } from '../src/admin/provision.js';
import type { Db } from '../src/db/index.js';
import { backend, type Client, client, freshDatabase, type Org, runEnded, seedOrg, settledTest, uploadBuild } from './harness.js';
import { GREETING, type InternalHost, startInternalHost } from './internal-host.js';
import { type Replica, startReplica } from './replica-processes.js';

const LEASE_SECONDS = 6;

describe.skipIf(backend !== 'postgres')('tunnels across replicas on one PostgreSQL', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let work: string;
  let org: Org;
  let agentToken: string;
  let a: Replica;
  let b: Replica;
  let apiB: Client;
  let agent: RunningAgent;
  let buildId: string;
  let internal: InternalHost;
  let internalUrl: string;
  const hits: string[] = [];
  const tunnels: TunnelClient[] = [];

  async function until(check: () => Promise<boolean>, timeoutMs = 40_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  function tunnel(url: string, name: string): TunnelClient {
    const t = startTunnelClient({
      controlPlaneUrl: url,
      apiKey: org.apiKey,
      tunnelName: name,
      filter: createHostFilter({}),
      backoff: { baseMs: 50, maxMs: 500 },
    });
    tunnels.push(t);
    return t;
  }

  /** A test whose app opens on the fetch screen for the internal URL and checks what it shows. */
  async function fetchTest(
    title: string,
    extra: Record<string, unknown> = {},
    commands = ['wait: 1', `assertVisible: "${GREETING}"`],
  ): Promise<string> {
    const res = await apiB('POST', '/tests', {
      title,
      commands,
      launchParams: [{ key: 'fetchUrl', value: `${internalUrl}/hello` }],
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await settledTest(apiB, res.body.testId)).platforms.android.status).toBe('ready');
    return res.body.testId;
  }

  const startRun = async (testId: string): Promise<string> => {
    const res = await apiB('POST', '/tests/execute', { organisationId: org.id, buildId, testIds: [testId], tunnelName: 'office' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.runId;
  };
  const verdicts = (run: any) =>
    [...run.succeededTests, ...run.failedTests, ...run.blockedTests].map((t: any) => [t.status, t.statusMessage ?? '']);
  const holderOf = async (name: string) =>
    (await db.query<{ replica: string }>('SELECT replica_id AS replica FROM tunnels WHERE org_id = $1 AND name = $2', [org.id, name]))[0]
      ?.replica;

  beforeAll(async () => {
    const fresh = await freshDatabase();
    db = fresh.db;
    drop = fresh.drop;
    work = mkdtempSync(join(tmpdir(), 'devicelab-tunnel-replicas-'));
    internal = await startInternalHost(hits);
    internalUrl = internal.url;
    org = await seedOrg(db, { name: 'Tunnel org' });
    agentToken = (await addAgentToken(db, null)).agentToken;
    // Sweeps every second and a short lease, so that A's death is noticed within the test.
    const env = { SWEEP_MS: '1000', REPLICA_LEASE_SECONDS: String(LEASE_SECONDS) };
    [a, b] = await Promise.all([startReplica(fresh.url!, join(work, 'data'), env), startReplica(fresh.url!, join(work, 'data'), env)]);
    apiB = client(b.url, org.apiKey);
    // The agent knows B only: it cannot reach the tunnel but through B.
    agent = await startAgent({
      controlPlaneUrl: b.url,
      token: agentToken,
      virtualDevices: 1,
      stateDir: mkdtempSync(join(work, 'agent-')),
      log: () => {},
      backoff: { baseMs: 50, maxMs: 400 },
      drainSeconds: 1,
    });
    const file = join(work, 'sample.apk');
    await makeApk(file, { packageName: 'com.devicelab.sample', versionName: '1.0', versionCode: 1, label: 'DeviceLab Sample' });
    buildId = await uploadBuild(b.url, org.apiKey, file);
    await tunnel(a.url, 'office').connected;
    await until(async () => (await db.query(`SELECT 1 FROM devices WHERE state = 'online'`)).length === 1);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(tunnels.map((t) => t.close()));
    await agent?.stop({ drainSeconds: 0 });
    for (const r of [a, b]) if (r && r.child.exitCode === null) r.child.kill('SIGKILL');
    await drop?.();
    if (internal) await internal.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('a run created on B, whose agent is on B, reaches the internal host through the tunnel held by A', async () => {
    const [agentRow] = await db.query<{ replica: string }>('SELECT replica_id AS replica FROM agents');
    const tunnelReplica = await holderOf('office');
    expect(tunnelReplica).toMatch(/^rep_/);
    expect(tunnelReplica).not.toBe(agentRow!.replica); // so the streams must cross from B to A
    const testId = await fetchTest('Staging greets us');
    hits.length = 0;
    const run = await runEnded(apiB, await startRun(testId), 60_000);
    expect(verdicts(run)).toEqual([['succeeded', '']]);
    expect(hits).toContain('GET /hello');
  });

  it('lists the tunnel on B, with the streams A relayed', async () => {
    // A writes its stream count now and then; B reads it from the table.
    await until(async () => ((await apiB('GET', '/tunnels')).body.tunnels[0]?.streamsOpened ?? 0) > 0);
    expect((await apiB('GET', '/tunnels')).body.tunnels).toEqual([
      { name: 'office', connectedAt: expect.any(String), apiKeyId: org.apiKeyId, streamsOpened: expect.any(Number) },
    ]);
  });

  it('refuses a second tunnel client with the name on B: already connected', async () => {
    const second = tunnel(b.url, 'office');
    await expect(second.done).rejects.toThrow(
      new TunnelRefused('the control plane refused the tunnel: tunnel "office" is already connected in this organisation'),
    );
    expect(await holderOf('office')).toBeDefined();
  });

  it('sends a pre-request with throughTunnel from B to the internal host', async () => {
    const testId = await fetchTest('Seeded through the tunnel', {
      preRequests: [{ curlCommand: `curl -X POST ${internalUrl}/seed`, throughTunnel: true, valuesToRemember: ['token'] }],
    });
    hits.length = 0;
    const run = await runEnded(apiB, await startRun(testId), 60_000);
    expect(verdicts(run)).toEqual([['succeeded', '']]);
    expect(hits).toEqual(['POST /seed', 'GET /hello']);
  });

  it("keeps API keys and agent tokens out of the replicas' internal relay", async () => {
    const refusal = (headers: Record<string, string>) =>
      new Promise<{ status: number; detail: string }>((resolve, reject) => {
        const ws = new WebSocket(`${a.url.replace('http', 'ws')}/internal/tunnel?org=${org.id}&name=office&replica=x`, { headers });
        ws.on('open', () => reject(new Error('the internal relay was opened')));
        ws.on('error', () => {});
        ws.on('unexpected-response', (_req, res) => {
          let body = '';
          res.on('error', reject); // a reset once the answer is out changes nothing
          res.on('data', (c: Buffer) => {
            body += c.toString();
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, detail: (JSON.parse(body) as { detail: string }).detail }));
        });
      });
    expect(await refusal({})).toEqual({ status: 401, detail: expect.stringContaining('cluster secret') });
    expect(await refusal({ authorization: `Bearer ${org.apiKey}` })).toEqual({
      status: 403,
      detail: expect.stringContaining('not the cluster secret'),
    });
    expect(await refusal({ authorization: `Bearer ${agentToken}` })).toEqual({
      status: 403,
      detail: expect.stringContaining('not the cluster secret'),
    });
  });

  it("kill -9 of A mid-test fails the test with the reason; the tunnel is gone with A's lease", async () => {
    const testId = await fetchTest('Tunnel holder killed', {}, [
      'wait: 1',
      `assertVisible: "${GREETING}"`,
      'wait: 20',
      `assertVisible: "${GREETING}"`,
    ]);
    hits.length = 0;
    const runId = await startRun(testId);
    await until(async () => hits.includes('GET /hello'), 60_000);
    a.child.kill('SIGKILL');
    expect(await a.exited).toBe(null);
    const run = await runEnded(apiB, runId, 60_000);
    expect(verdicts(run)).toEqual([
      ['failed', 'Tunnel "office" was lost during the test: the control-plane replica holding tunnel "office" went away'],
    ]);
    // B's reaper deletes A once its lease has run out, and A's tunnel rows with it.
    await until(async () => (await holderOf('office')) === undefined, (LEASE_SECONDS + 15) * 1000);
    expect((await apiB('GET', '/tunnels')).body.tunnels).toEqual([]);
  }, 240_000);
});
