/**
 * Tunnelled tests on iOS end to end over real sockets: a local HTTP server plays the host
 * inside the user's network; the real tunnel client connects to the real control plane;
 * the real lab agent drives virtual iOS devices with its real iOS drivers (node-simctl
 * running the fake xcrun, the WebDriverAgent client over HTTP). The virtual sample app
 * fetches the URL given as the launch parameter `fetchUrl`, through the proxy named in its
 * launch environment (DEVICELAB_PROXY_URL) when there is one; like a lab device it cannot
 * reach private or loopback hosts directly.
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { type IncomingMessage, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHostFilter } from '../../lab-agent/src/tunnel/host-filter.js';
import { startTunnelClient, type TunnelClient } from '../../lab-agent/src/tunnel/tunnel-client.js';
import { makeSampleBuilds } from '../../scripts/fixtures/make-sample-builds.js';
import { SAMPLE_PACKAGE } from '../../virtual-devices/src/sample-app.js';
import { addAgentToken } from '../src/admin/provision.js';
import { type Client, client, type Org, runEnded, seedOrg, settledTest, startServer, type TestServer, uploadBuild } from './harness.js';
import { GREETING, type InternalHost, startInternalHost } from './internal-host.js';
import { labAgents } from './lab-agents.js';

let server: TestServer;
let org: Org;
let api: Client;
let internal: InternalHost;
let internalUrl: string;
const hits: string[] = [];
let work: string;
let sharedToken: string;
let orgToken: string;
const builds = { sim: '', ipa: '' };
let tunnel: TunnelClient;

const agents = labAgents(() => ({ controlPlaneUrl: server.url, token: sharedToken, work }));
const agent = agents.start;

/** A test whose app opens on the fetch screen for the internal URL and checks what it shows. */
async function fetchTest(title: string, commands = ['wait: 1', `assertVisible: "${GREETING}"`]): Promise<string> {
  const res = await api('POST', '/tests', { title, commands, launchParams: [{ key: 'fetchUrl', value: `${internalUrl}/hello` }] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect((await settledTest(api, res.body.testId)).platforms.ios.status).toBe('ready');
  return res.body.testId;
}

async function start(buildId: string, testId: string, tunnelName?: string): Promise<string> {
  const res = await api('POST', '/tests/execute', {
    organisationId: org.id,
    buildId,
    testIds: [testId],
    ...(tunnelName ? { tunnelName } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.runId;
}

const verdicts = (run: any) =>
  [...run.succeededTests, ...run.failedTests, ...run.blockedTests].map((t: any) => [t.status, t.statusMessage ?? '']);

/** The path another process on the Mac asks for, apart from the app's own `/hello`. */
const OUTSIDER_PATH = '/from-another-process';

/** GET through the proxy at `port` as another process on the Mac would; the status it answers. */
async function throughProxy(port: number, authorization?: string): Promise<number> {
  const req = request({
    host: '127.0.0.1',
    port,
    path: `${internalUrl}${OUTSIDER_PATH}`,
    headers: authorization ? { 'proxy-authorization': authorization } : {},
  });
  req.end();
  const [res] = (await once(req, 'response')) as [IncomingMessage];
  res.resume();
  return res.statusCode ?? 0;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'devicelab-e2e-ios-tunnel-'));
  for (const f of await makeSampleBuilds(join(work, 'builds'))) {
    if (f.endsWith('sample-sim.zip')) builds.sim = f;
    else if (f.endsWith('.ipa')) builds.ipa = f;
  }
  internal = await startInternalHost(hits);
  internalUrl = internal.url;
  server = await startServer({ AGENT_LOST_SECONDS: '3', SWEEP_MS: '200', AGENT_HEARTBEAT_MS: '500' });
  org = await seedOrg(server.db, { name: 'iOS tunnel org' });
  api = client(server.url, org.apiKey);
  sharedToken = (await addAgentToken(server.db, null)).agentToken;
  orgToken = (await addAgentToken(server.db, org.id)).agentToken;
  tunnel = startTunnelClient({
    controlPlaneUrl: server.url,
    apiKey: org.apiKey,
    tunnelName: 'office',
    filter: createHostFilter({}),
    backoff: { baseMs: 20, maxMs: 100 },
  });
  await tunnel.connected;
}, 120_000);
afterEach(async () => {
  await agents.stopAll();
});
afterAll(async () => {
  await tunnel?.close();
  await server?.close();
  await internal.close();
  rmSync(work, { recursive: true, force: true });
});

describe('tunnelled tests on iOS end to end', () => {
  it('a run naming the tunnel reaches the internal host from a simulator; without the tunnel the same test fails', async () => {
    await agent({ virtualIosSimulators: 1 });
    const buildId = await uploadBuild(server.url, org.apiKey, builds.sim);
    const testId = await fetchTest('Staging greets the simulator');
    hits.length = 0;
    const through = await runEnded(api, await start(buildId, testId, 'office'), 150_000);
    expect(verdicts(through)).toEqual([['succeeded', '']]);
    expect(through.platform).toBe('ios');
    expect(hits).toEqual(['GET /hello']);

    // The same test without the tunnel: the simulator's app cannot reach a private host directly.
    const direct = await runEnded(api, await start(buildId, testId), 150_000);
    expect(verdicts(direct)).toEqual([['failed', expect.stringContaining(GREETING)]]);
    expect(hits).toEqual(['GET /hello']);
  }, 180_000);

  it("the proxy on the Mac's loopback answers 407 to anyone without the test's credential", async () => {
    const a = await agent({ virtualIosSimulators: 1 });
    const device = a.virtualIos!.devices[0]!;
    const buildId = await uploadBuild(server.url, org.apiKey, builds.sim);
    const testId = await fetchTest('Staging greets the simulator for a while', [
      'wait: 1',
      `assertVisible: "${GREETING}"`,
      'wait: 4',
      `assertVisible: "${GREETING}"`,
    ]);
    const runId = await start(buildId, testId, 'office');
    while (!device.launches.get(SAMPLE_PACKAGE)?.environment['DEVICELAB_PROXY_URL']) await new Promise((r) => setTimeout(r, 20));
    const proxy = new URL(device.launches.get(SAMPLE_PACKAGE)!.environment['DEVICELAB_PROXY_URL']!);
    expect(proxy.hostname).toBe('127.0.0.1');
    const basic = (password: string) => `Basic ${Buffer.from(`${proxy.username}:${password}`).toString('base64')}`;
    // The app fetches /hello through the same proxy meanwhile, so only the outsider's path counts.
    const outsiderHits = () => hits.filter((h) => h === `GET ${OUTSIDER_PATH}`).length;
    expect(await throughProxy(Number(proxy.port))).toBe(407);
    expect(await throughProxy(Number(proxy.port), basic('guessed'))).toBe(407);
    expect(outsiderHits()).toBe(0);
    expect(await throughProxy(Number(proxy.port), basic(proxy.password))).toBe(200);
    expect(outsiderHits()).toBe(1);
    expect(verdicts(await runEnded(api, runId, 150_000))).toEqual([['succeeded', '']]);
  }, 180_000);

  it('an iPhone uses the tunnel when the agent has --tunnel-proxy-host, and is blocked naming the flag when it has not', async () => {
    const buildId = await uploadBuild(server.url, org.apiKey, builds.ipa);
    const testId = await fetchTest('Staging greets the iPhone');
    await agent({ token: orgToken, virtualIphones: 1 });
    const blocked = await runEnded(api, await start(buildId, testId, 'office'), 150_000);
    expect(blocked.physical).toBe(true);
    expect(blocked.blockedTests.map((t: any) => t.statusMessage)).toEqual([
      expect.stringMatching(/^Tunnel "office" could not be used: .*--tunnel-proxy-host/),
    ]);
    await agents.stopAll();

    await agent({ token: orgToken, virtualIphones: 1, tunnelProxyHost: '127.0.0.1' });
    hits.length = 0;
    const through = await runEnded(api, await start(buildId, testId, 'office'), 150_000);
    expect(verdicts(through)).toEqual([['succeeded', '']]);
    expect(hits).toEqual(['GET /hello']);
  }, 180_000);
});
