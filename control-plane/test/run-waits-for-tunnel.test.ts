/**
 * `devicelab run --tunnel-name N` (lab-agent/src/ci/run-command.ts) starts no run before
 * tunnel N is connected: it waits (bounded by --tunnel-wait), says so, and exits 3 with the
 * command that starts the tunnel when it never comes. The real command in-process against a
 * real control plane, database and tunnel client.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommandIo, runCommand } from '../../lab-agent/src/ci/run-command.js';
import { createHostFilter } from '../../lab-agent/src/tunnel/host-filter.js';
import { startTunnelClient, type TunnelClient } from '../../lab-agent/src/tunnel/tunnel-client.js';
import { makeApk } from '../../scripts/fixtures/builds.js';
import { client, type Org, seedOrg, settledTest, startServer, type TestServer, uploadBuild } from './harness.js';
import { until } from './seed-runs.js';

let server: TestServer;
let org: Org;
let work: string;
let buildId: string;
let testId: string;
const tunnels: TunnelClient[] = [];

beforeAll(async () => {
  server = await startServer();
  org = await seedOrg(server.db, { name: 'Waits for tunnels' });
  work = mkdtempSync(join(tmpdir(), 'run-waits-for-tunnel-'));
  const apk = join(work, 'sample.apk');
  await makeApk(apk, { packageName: 'com.devicelab.sample', versionName: '1.0', versionCode: 1, label: 'DeviceLab Sample' });
  buildId = await uploadBuild(server.url, org.apiKey, apk);
  const api = client(server.url, org.apiKey);
  testId = (await api('POST', '/tests', { title: 'Opens', commands: ['launchApp'] })).body.testId;
  await settledTest(api, testId);
});
afterAll(async () => {
  await Promise.all(tunnels.map((t) => t.close()));
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

function captured(): { io: CommandIo; out: () => string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let text = '';
  stdout.on('data', (c: Buffer) => (text += c.toString()));
  stderr.on('data', (c: Buffer) => (text += c.toString()));
  return { io: { stdout, stderr, env: {} }, out: () => text };
}

const runsNaming = async (name: string) =>
  server.db.query<{ id: string }>('SELECT id FROM runs WHERE org_id = $1 AND tunnel_name = $2', [org.id, name]);

const run = (io: CommandIo, tunnelName: string, tunnelWait: string) =>
  runCommand({ url: server.url, apiKey: org.apiKey, buildId, testIds: [testId], tunnelName, tunnelWait, async: true }, io);

describe('devicelab run --tunnel-name', () => {
  it('waits for a tunnel that is not connected yet, saying so, and starts the run once it is', async () => {
    const { io, out } = captured();
    const finished = run(io, 'late-office', '60s');
    await until(
      async () => out(),
      (text) => text.includes('for tunnel "late-office" to connect'),
    );
    expect(out()).toContain('(start it with devicelab tunnel start --tunnel-name late-office)');
    // Waiting: no run yet, however long this takes.
    expect(await runsNaming('late-office')).toEqual([]);

    const t = startTunnelClient({
      controlPlaneUrl: server.url,
      apiKey: org.apiKey,
      tunnelName: 'late-office',
      filter: createHostFilter({}),
      backoff: { baseMs: 20, maxMs: 100 },
    });
    tunnels.push(t);
    expect(await finished, out()).toBe(0);
    expect(out()).toMatch(/tunnel "late-office" is connected \(after \d+s\)/);
    expect(await runsNaming('late-office')).toHaveLength(1);
  }, 180_000);

  it('starts at once, without a waiting line, when the tunnel is already connected', async () => {
    const t = startTunnelClient({
      controlPlaneUrl: server.url,
      apiKey: org.apiKey,
      tunnelName: 'early-office',
      filter: createHostFilter({}),
      backoff: { baseMs: 20, maxMs: 100 },
    });
    tunnels.push(t);
    await t.connected;
    const { io, out } = captured();
    expect(await run(io, 'early-office', '60s'), out()).toBe(0);
    expect(out()).not.toContain('waiting');
    expect(await runsNaming('early-office')).toHaveLength(1);
  });

  it('exits 3 when the tunnel never connects within --tunnel-wait, naming the command, and starts no run', async () => {
    const { io, out } = captured();
    expect(await run(io, 'never-office', '1s'), out()).toBe(3);
    expect(out()).toContain(
      'devicelab: tunnel "never-office" did not connect within 1s; no run was started (start it with devicelab tunnel start --tunnel-name never-office, or wait longer with --tunnel-wait)',
    );
    expect(await runsNaming('never-office')).toEqual([]);
  });
});
