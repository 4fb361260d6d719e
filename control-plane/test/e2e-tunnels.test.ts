/**
 * Named local tunnels end to end over real sockets: a local HTTP server plays the host
 * inside the user's network; the real tunnel client connects to the real control plane;
 * the real lab agent drives a virtual handset whose sample app fetches a URL given as a
 * launch parameter (through the device proxy when the run names a tunnel; a lab device
 * cannot reach private hosts directly).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAgent, startAgent } from '../../lab-agent/src/agent.js';
import { createHostFilter } from '../../lab-agent/src/tunnel/host-filter.js';
import { startTunnelClient, type TunnelClient } from '../../lab-agent/src/tunnel/tunnel-client.js';
import { makeApk } from '../../scripts/fixtures/builds.js';
import { addAgentToken } from '../src/admin/provision.js';
import { type Client, client, type Org, seedOrg, settledTest, startServer, type TestServer, uploadBuild } from './harness.js';
import { GREETING, type InternalHost, startInternalHost } from './internal-host.js';

const agentRoot = fileURLToPath(new URL('../../lab-agent/', import.meta.url));
let server: TestServer;
let org: Org;
let other: Org;
let api: Client;
let internal: InternalHost;
let internalUrl: string;
const hits: string[] = [];
let work: string;
let agent: RunningAgent;
let buildId: string;
let otherBuildId: string;
const tunnels: TunnelClient[] = [];
const children: ChildProcess[] = [];

async function upload(key: string): Promise<string> {
  const file = join(work, 'sample.apk');
  await makeApk(file, { packageName: 'com.devicelab.sample', versionName: '1.0', versionCode: 1, label: 'DeviceLab Sample' });
  return uploadBuild(server.url, key, file, { metadata: JSON.stringify({ name: 'sample' }) });
}

/** A test whose app opens on the fetch screen for the internal URL and checks what it shows. */
async function fetchTest(
  call: Client,
  title: string,
  shown: string,
  extra: Record<string, unknown> = {},
  commands = ['wait: 1', `assertVisible: "${shown}"`],
): Promise<string> {
  const res = await call('POST', '/tests', {
    title,
    commands,
    launchParams: [{ key: 'fetchUrl', value: `${internalUrl}/hello` }],
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const settled = await settledTest(call, res.body.testId);
  expect(settled.platforms.android.status).toBe('ready');
  return res.body.testId;
}

async function execute(call: Client, orgId: string, build: string, testId: string, tunnelName?: string): Promise<any> {
  const res = await call('POST', '/tests/execute', {
    organisationId: orgId,
    buildId: build,
    testIds: [testId],
    ...(tunnelName ? { tunnelName } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const run = (await call('GET', `/runs/${res.body.runId}`)).body;
    if (run.status === 'completed' || run.status === 'cancelled') return run;
    if (Date.now() > deadline) throw new Error(`run still ${run.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const verdicts = (run: any) =>
  [...run.succeededTests, ...run.failedTests, ...run.blockedTests].map((t: any) => [t.status, t.statusMessage ?? '']);

function tunnel(name: string, filters: { onlyHosts?: string; excludeHosts?: string } = {}, key = org.apiKey): TunnelClient {
  const t = startTunnelClient({
    controlPlaneUrl: server.url,
    apiKey: key,
    tunnelName: name,
    filter: createHostFilter(filters),
    backoff: { baseMs: 20, maxMs: 100 },
  });
  tunnels.push(t);
  return t;
}

async function tunnelGone(name: string): Promise<void> {
  while ((await api('GET', '/tunnels')).body.tunnels.some((t: { name: string }) => t.name === name))
    await new Promise((r) => setTimeout(r, 20));
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'devicelab-tunnels-'));
  internal = await startInternalHost(hits);
  internalUrl = internal.url;
  server = await startServer({ AGENT_LOST_SECONDS: '2', SWEEP_MS: '200', AGENT_HEARTBEAT_MS: '500' });
  org = await seedOrg(server.db, { name: 'Tunnel org' });
  other = await seedOrg(server.db, { name: 'Other org' });
  api = client(server.url, org.apiKey);
  buildId = await upload(org.apiKey);
  otherBuildId = await upload(other.apiKey);
  const { agentToken } = await addAgentToken(server.db, null);
  agent = await startAgent({
    controlPlaneUrl: server.url,
    token: agentToken,
    virtualDevices: 1,
    stateDir: mkdtempSync(join(work, 'agent-')),
    log: () => {},
    backoff: { baseMs: 50, maxMs: 500 },
    drainSeconds: 1,
  });
});
afterEach(async () => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  await Promise.all(tunnels.splice(0).map((t) => t.close()));
  await tunnelGone('office');
});
afterAll(async () => {
  await agent?.stop({ drainSeconds: 0 });
  await server?.close();
  await internal.close();
  rmSync(work, { recursive: true, force: true });
});

describe('named local tunnels end to end', () => {
  it('lets a run naming the tunnel reach the internal host; without the tunnel the same test fails', async () => {
    const testId = await fetchTest(api, 'Staging greets us', GREETING);
    await tunnel('office').connected;
    const through = await execute(api, org.id, buildId, testId, 'office');
    expect(verdicts(through)).toEqual([['succeeded', '']]);
    expect(hits).toContain('GET /hello');

    // The same test without the tunnel: the device cannot reach a private host directly.
    const direct = await execute(api, org.id, buildId, testId);
    expect(verdicts(direct)).toEqual([['failed', expect.stringContaining(GREETING)]]);

    await Promise.all(tunnels.splice(0).map((t) => t.close()));
    await tunnelGone('office');
    const gone = await execute(api, org.id, buildId, testId, 'office');
    expect(verdicts(gone)).toEqual([
      ['failed', 'Tunnel "office" is not connected: start it with devicelab tunnel start --tunnel-name office'],
    ]);
  });

  it("answers hosts the tunnel's --exclude-hosts or --only-hosts refuse with a proxy error the app shows", async () => {
    const refusedTest = await fetchTest(api, 'Refused host', 'HTTP 403');
    await tunnel('office', { excludeHosts: '127.0.0.0/8' }).connected;
    expect(verdicts(await execute(api, org.id, buildId, refusedTest, 'office'))).toEqual([['succeeded', '']]);
    await Promise.all(tunnels.splice(0).map((t) => t.close()));
    await tunnelGone('office');
    await tunnel('office', { onlyHosts: '10.0.0.0/8,*.corp.example' }).connected;
    expect(verdicts(await execute(api, org.id, buildId, refusedTest, 'office'))).toEqual([['succeeded', '']]);
  });

  it('sends a pre-request with throughTunnel to the internal host', async () => {
    const testId = await fetchTest(api, 'Seeded through the tunnel', GREETING, {
      preRequests: [{ curlCommand: `curl -X POST ${internalUrl}/seed`, throughTunnel: true, valuesToRemember: ['token'] }],
    });
    await tunnel('office').connected;
    hits.length = 0;
    const run = await execute(api, org.id, buildId, testId, 'office');
    expect(verdicts(run)).toEqual([['succeeded', '']]);
    expect(hits).toEqual(['POST /seed', 'GET /hello']);
  });

  it("keeps another organisation's runs off the tunnel", async () => {
    await tunnel('office').connected;
    const otherApi = client(server.url, other.apiKey);
    const testId = await fetchTest(otherApi, 'Other org tries the tunnel', GREETING);
    const run = await execute(otherApi, other.id, otherBuildId, testId, 'office');
    expect(verdicts(run)).toEqual([
      ['failed', 'Tunnel "office" is not connected: start it with devicelab tunnel start --tunnel-name office'],
    ]);
  });

  it('fails the running test with a clear message when the tunnel client is killed mid-test', async () => {
    const testId = await fetchTest(api, 'Tunnel killed', GREETING, {}, [
      'wait: 1',
      `assertVisible: "${GREETING}"`,
      'wait: 20',
      `assertVisible: "${GREETING}"`,
    ]);
    // The tunnel client as its own process, killed with SIGKILL like a crashed laptop.
    const entry = `import { Command } from 'commander';
import { addTunnelCommands } from './src/tunnel/command.ts';
const program = new Command('devicelab');
addTunnelCommands(program);
await program.parseAsync(process.argv.slice(1), { from: 'user' });`;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', entry, 'tunnel', 'start', '--control-plane', server.url, '--tunnel-name', 'office'],
      {
        cwd: agentRoot,
        env: { PATH: process.env.PATH ?? '', DEVICELAB_API_KEY: org.apiKey },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    children.push(child);
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
    });
    while (!out.includes('Tunnel "office" connected')) await new Promise((r) => setTimeout(r, 20));
    hits.length = 0;
    const running = execute(api, org.id, buildId, testId, 'office');
    while (!hits.includes('GET /hello')) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGKILL');
    const run = await running;
    expect(verdicts(run)).toEqual([['failed', 'Tunnel "office" was lost during the test: tunnel "office" disconnected']]);
    // However the test ended, the handset keeps neither the proxy setting nor the agent's adb reverse.
    const handset = agent.virtual!.getDevice('virtual-1')!;
    expect([handset.settings.get('global/http_proxy'), [...handset.reverses.keys()]]).toEqual([':0', []]);
  });
});
