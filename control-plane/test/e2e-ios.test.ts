/**
 * iOS runs end to end over real sockets: the control plane (HTTP + agent WebSocket), the
 * real lab agent in-process with its real iOS drivers (node-simctl running the fake
 * xcrun as a child process, the WebDriverAgent client over HTTP) and the virtual iOS
 * host. The only doubles are Xcode's tools and the devices. Builds are the ones
 * scripts/fixtures/make-sample-builds.ts writes.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeSampleBuilds } from '../../scripts/fixtures/make-sample-builds.js';
import { SAMPLE_EMAIL, SAMPLE_PASSWORD } from '../../virtual-devices/src/index.js';
import { addAgentToken } from '../src/admin/provision.js';
import { type Client, client, type Org, runEnded, seedOrg, settledTest, startServer, type TestServer } from './harness.js';
import { labAgents } from './lab-agents.js';

let server: TestServer;
let org: Org;
let api: Client;
let sharedToken: string;
let orgToken: string;
let work: string;
const builds = { simZip: '', simTarGz: '', ipa: '', apk: '' };
const ids = { login: '', wrong: '', params: '' };

const agents = labAgents(() => ({ controlPlaneUrl: server.url, token: sharedToken, work }));
const agent = agents.start;

async function upload(file: string): Promise<string> {
  const form = new FormData();
  form.append('build', new Blob([readFileSync(file)]), basename(file));
  form.append('metadata', JSON.stringify({ name: basename(file) }));
  const res = await fetch(`${server.url}/uploadBuild`, { method: 'POST', headers: { authorization: `Bearer ${org.apiKey}` }, body: form });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { buildId: string }).buildId;
}

async function createTest(title: string, commands: string[], extra: Record<string, unknown> = {}): Promise<string> {
  const res = await api('POST', '/tests', { title, commands, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const settled = await settledTest(api, res.body.testId);
  expect(settled.platforms.ios.status).toBe('ready');
  return res.body.testId;
}

const finished = (runId: string, timeoutMs = 150_000) => runEnded(api, runId, timeoutMs);

const execute = async (buildId: string, testIds: string[], extra: Record<string, unknown> = {}) => {
  const res = await api('POST', '/tests/execute', { organisationId: org.id, buildId, testIds, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { runId: string; message: string };
};

const login = ['Enter {{email}} in the Email field', 'Enter {{password}} in the Password field', 'Tap the Log in button'];
const inputs = (password: string) => ({
  testInputs: [
    { key: 'email', defaultValue: SAMPLE_EMAIL },
    { key: 'password', defaultValue: password },
  ],
});

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'devicelab-e2e-ios-'));
  const files = await makeSampleBuilds(join(work, 'builds'));
  for (const f of files) {
    if (f.endsWith('sample-sim.zip')) builds.simZip = f;
    else if (f.endsWith('.tar.gz')) builds.simTarGz = f;
    else if (f.endsWith('.ipa')) builds.ipa = f;
    else builds.apk = f;
  }
  server = await startServer({ AGENT_LOST_SECONDS: '3', SWEEP_MS: '200', AGENT_HEARTBEAT_MS: '500' });
  org = await seedOrg(server.db);
  api = client(server.url, org.apiKey);
  sharedToken = (await addAgentToken(server.db, null)).agentToken;
  orgToken = (await addAgentToken(server.db, org.id)).agentToken;
  ids.login = await createTest('Login works', [...login, 'assertVisible: "Products"'], inputs(SAMPLE_PASSWORD));
  ids.wrong = await createTest('Wrong password is refused', [...login, 'assertVisible: "Products"'], inputs('nope'));
  // The app's credentials come from launch parameters: the login only works if they reached it.
  ids.params = await createTest('Login with launch credentials', [...login, 'assertVisible: "Products"'], {
    ...inputs('from-launch'),
    launchParams: [{ key: 'password', value: 'from-launch' }],
  });
}, 120_000);
afterEach(async () => {
  await agents.stopAll();
});
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

describe('iOS runs end to end on virtual simulators and iPhones', () => {
  it('runs on a simulator from sample-sim.zip: login succeeds, a wrong password fails with its reason, launch params reach the app', async () => {
    const a = await agent({ virtualIosSimulators: 1 });
    const buildId = await upload(builds.simZip);
    const started = await execute(buildId, [ids.login, ids.wrong, ids.params]);
    expect(started.message).toMatch(/on an iOS simulator/);
    const run = await finished(started.runId);
    expect(run.platform).toBe('ios');
    expect(run.succeededTests.map((e: any) => e.id)).toEqual([ids.login, ids.params]);
    expect(run.failedTests.map((e: any) => e.id)).toEqual([ids.wrong]);
    expect(run.failedTests[0]).toMatchObject({ platform: 'ios', statusMessage: expect.stringMatching(/Products/) });
    expect(run.succeededTests[0].device).toContain(a.virtualIos!.devices[0]!.udid);
    // The test with launch parameters got them and the others none, whatever order the tries ran in (on a loaded
    // machine a try whose agent was thought lost runs again after the others: docs/scheduling.md).
    const launched = a.virtualIos!.devices[0]!.launchHistory.filter((l) => l.bundleId === 'com.devicelab.sample');
    expect(launched).toContainEqual({
      bundleId: 'com.devicelab.sample',
      arguments: ['-password', 'from-launch'],
      environment: { password: 'from-launch' },
    });
    expect(launched).toContainEqual({ bundleId: 'com.devicelab.sample', arguments: [], environment: {} });

    // The interaction log holds XCUITest steps with simctl screenshots.
    const entry = run.succeededTests[0];
    const log = await api('GET', new URL(entry.interactionLogs).pathname + new URL(entry.interactionLogs).search);
    expect(log.body.steps.map((s: any) => s.command)).toEqual([...login, 'assertVisible: "Products"']);
    const shot = await fetch(log.body.steps[0].screenshot, { headers: { authorization: `Bearer ${org.apiKey}` } });
    expect(
      Buffer.from(await shot.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  }, 180_000);

  it('runs on a simulator from sample-sim.tar.gz', async () => {
    await agent({ virtualIosSimulators: 1 });
    const run = await finished((await execute(await upload(builds.simTarGz), [ids.login, ids.wrong])).runId);
    expect(run.succeededTests.map((e: any) => e.id)).toEqual([ids.login]);
    expect(run.failedTests.map((e: any) => e.id)).toEqual([ids.wrong]);
  }, 180_000);

  it("runs an .ipa on the organisation's virtual iPhone (org-scoped agent), and refuses it on a simulator", async () => {
    const a = await agent({ token: orgToken, virtualIphones: 1 });
    const buildId = await upload(builds.ipa);
    const refused = await api('POST', '/tests/execute', {
      organisationId: org.id,
      buildId,
      testIds: [ids.login],
      usePhysicalDevice: false,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(/\.ipa build installs only on a real iPhone/);
    const started = await execute(buildId, [ids.login, ids.wrong, ids.params]);
    expect(started.message).toMatch(/on a real iPhone/);
    const run = await finished(started.runId);
    expect(run.physical).toBe(true);
    expect(run.succeededTests.map((e: any) => e.id)).toEqual([ids.login, ids.params]);
    expect(run.failedTests.map((e: any) => e.id)).toEqual([ids.wrong]);
    expect(run.succeededTests[0].device).toContain(a.virtualIos!.devices[0]!.udid);
    // Tests of a run start longest-expected first (docs/scheduling.md), so which launch came
    // last depends on earlier runs' durations: the launch parameters are read from a run of their own.
    const alone = await finished((await execute(buildId, [ids.params])).runId);
    expect(alone.succeededTests.map((e: any) => e.id)).toEqual([ids.params]);
    expect(a.virtualIos!.devices[0]!.launches.get('com.devicelab.sample')).toEqual({
      arguments: ['-password', 'from-launch'],
      environment: { password: 'from-launch' },
    });
  }, 180_000);

  it('a mixed lab runs each test on the kind it needs: Android on the handset, the .app on the simulator, never the iPhone', async () => {
    const a = await agent({ token: orgToken, virtualDevices: 1, virtualIosSimulators: 1, virtualIphones: 1 });
    const [sim, phone] = a.virtualIos!.devices;
    const ios = await finished((await execute(await upload(builds.simZip), [ids.login])).runId);
    expect(ios.succeededTests.map((e: any) => e.device)).toEqual([expect.stringContaining(sim!.udid)]);
    expect(phone!.launches.size).toBe(0);
    const android = await finished((await execute(await upload(builds.apk), [ids.login], { usePhysicalDevice: false })).runId);
    expect(android.succeededTests.map((e: any) => [e.platform, e.device])).toEqual([['android', expect.stringMatching(/virtual-1/)]]);
  }, 180_000);

  it('GET /devices shows the lab, and a test waiting for a kind nobody has says why', async () => {
    const a = await agent({ token: orgToken, virtualIphones: 1 });
    const phone = a.virtualIos!.devices[0]!;
    const { runId } = await execute(await upload(builds.simZip), [ids.login]);
    const log = await api('GET', `/suite/${runId}/run/${ids.login}/interaction_logs?organisation_id=${org.id}`);
    // Earlier tests' simulators are still listed, offline since their agents stopped.
    expect(log.body).toMatchObject({
      status: 'pending',
      statusMessage: expect.stringMatching(/^waiting for an iOS simulator: none is connected/),
    });
    const devices = await api('GET', '/devices?state=online');
    expect(devices.status).toBe(200);
    expect(devices.body.devices).toEqual([
      expect.objectContaining({
        platform: 'ios',
        kind: 'handset',
        model: 'iPhone 15',
        osVersion: '17.5',
        reserved: true,
        name: `iPhone 15 (${phone.udid})`,
      }),
    ]);
    expect((await api('POST', `/runs/${runId}/cancel`, {})).status).toBe(200);
  }, 120_000);
});
