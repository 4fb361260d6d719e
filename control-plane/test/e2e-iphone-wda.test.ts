/**
 * iPhones whose WebDriverAgent the agent runs itself (no --wda): the real agent in-process
 * with Appium's WebDriverAgent tooling (appium-webdriveragent running `xcodebuild` from
 * PATH) and its usbmux port forward (appium-ios-device), against virtual iPhones whose
 * xcodebuild and usbmuxd are doubles. The control plane is real, on both backends.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningAgent } from '../../lab-agent/src/agent.js';
import { makeSampleBuilds } from '../../scripts/fixtures/make-sample-builds.js';
import { SAMPLE_EMAIL, SAMPLE_PASSWORD } from '../../virtual-devices/src/index.js';
import { addAgentToken } from '../src/admin/provision.js';
import { type Client, client, type Org, runEnded, seedOrg, settledTest, startServer, type TestServer, uploadBuild } from './harness.js';
import { labAgents } from './lab-agents.js';

let server: TestServer;
let org: Org;
let api: Client;
let orgToken: string;
let work: string;
let ipa = '';
let loginTest = '';

const agents = labAgents(() => ({ controlPlaneUrl: server.url, token: orgToken, work }));

const login = [
  'Enter {{email}} in the Email field',
  'Enter {{password}} in the Password field',
  'Tap the Log in button',
  'assertVisible: "Products"',
];

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The iPhone as GET /devices shows it, once `accept` holds. */
const deviceWhen = (udid: string, accept: (d: any) => boolean) =>
  until(`iPhone ${udid} in GET /devices`, async () => {
    const res = await api('GET', '/devices?platform=ios');
    const d = res.body.devices.find((x: any) => x.name.includes(udid));
    return d && accept(d) ? d : undefined;
  });

async function runLogin(): Promise<any> {
  const buildId = await uploadBuild(server.url, org.apiKey, ipa);
  const res = await api('POST', '/tests/execute', { organisationId: org.id, buildId, testIds: [loginTest] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return runEnded(api, res.body.runId, 150_000);
}

function managedAgent(extra: { team?: string; derivedDataDir: string }, lines: string[]): Promise<RunningAgent> {
  return agents.start({
    virtualIphones: 1,
    virtualIosOptions: { managedWda: true },
    iosPollMs: 300,
    wda: {
      ...(extra.team ? { team: extra.team } : {}),
      derivedDataDir: extra.derivedDataDir,
      retryMs: 300,
      retryMaxMs: 2000,
      launchTimeoutMs: 30_000,
    },
    log: (line) => lines.push(line),
  });
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'devicelab-e2e-wda-'));
  ipa = (await makeSampleBuilds(join(work, 'builds'))).find((f) => f.endsWith('.ipa'))!;
  server = await startServer({ AGENT_LOST_SECONDS: '3', SWEEP_MS: '200', AGENT_HEARTBEAT_MS: '500' });
  org = await seedOrg(server.db);
  api = client(server.url, org.apiKey);
  orgToken = (await addAgentToken(server.db, org.id)).agentToken;
  const created = await api('POST', '/tests', {
    title: 'Login works',
    commands: login,
    testInputs: [
      { key: 'email', defaultValue: SAMPLE_EMAIL },
      { key: 'password', defaultValue: SAMPLE_PASSWORD },
    ],
  });
  expect(created.status).toBe(200);
  loginTest = created.body.testId;
  expect((await settledTest(api, loginTest)).platforms.ios.status).toBe('ready');
}, 120_000);
afterEach(async () => {
  await agents.stopAll();
});
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

describe('iPhones without --wda: the agent runs WebDriverAgent itself', () => {
  it('builds WDA once, brings it up over usbmux, runs a test, restarts WDA that died and runs the next', async () => {
    const lines: string[] = [];
    const derived = join(work, 'derived-ok');
    const agent = await managedAgent({ team: 'ABCDE12345', derivedDataDir: derived }, lines);
    const phone = agent.virtualIos!.devices[0]!;
    const online = await deviceWhen(phone.udid, (d) => d.state === 'online');
    expect(online.notReadyReason).toBeNull();
    // Built with the operator's team into this host's derived data, then run.
    const runs = agent.virtualIos!.xcodebuildRuns.filter((argv) => argv.includes(`id=${phone.udid}`));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toEqual(
      expect.arrayContaining(['build-for-testing', 'test-without-building', 'DEVELOPMENT_TEAM=ABCDE12345', '-derivedDataPath', derived]),
    );
    expect(readdirSync(join(derived, 'Build', 'Products')).some((f) => f.endsWith('.xctestrun'))).toBe(true);
    expect(agent.virtualIos!.wdaUrl(phone.udid)).toBeUndefined(); // reachable only through usbmux

    const first = await runLogin();
    expect(
      first.succeededTests.map((t: any) => t.id),
      JSON.stringify(first),
    ).toEqual([loginTest]);

    // WDA dies while the phone is idle: the agent notices, starts it again (without building), and the next test passes.
    expect(agent.virtualIos!.killWda(phone.udid)).toBe(true);
    await until('the restart', async () => (lines.some((l) => /stopped answering: restarting/.test(l)) ? true : undefined));
    await until('the second start', async () =>
      agent.virtualIos!.xcodebuildRuns.filter((a) => a.includes(`id=${phone.udid}`)).length === 2 ? true : undefined,
    );
    await deviceWhen(phone.udid, (d) => d.state === 'online');
    const again = agent.virtualIos!.xcodebuildRuns.filter((argv) => argv.includes(`id=${phone.udid}`))[1]!;
    expect(again).toContain('test-without-building');
    expect(again).not.toContain('build-for-testing');
    const second = await runLogin();
    expect(second.succeededTests.map((t: any) => t.id)).toEqual([loginTest]);

    // The phone is unplugged: its WDA (the xcodebuild running it) is stopped.
    expect(agent.virtualIos!.wdaRunning(phone.udid)).toBe(true);
    phone.booted = false;
    await deviceWhen(phone.udid, (d) => d.state === 'offline');
    await until('WDA stopped with the phone gone', async () => (agent.virtualIos!.wdaRunning(phone.udid) ? undefined : true));
  }, 180_000);

  it('without a signing team the iPhone stays offline with the reason, said once in the log', async () => {
    const lines: string[] = [];
    const agent = await managedAgent({ derivedDataDir: join(work, 'derived-none') }, lines);
    const phone = agent.virtualIos!.devices[0]!;
    const offline = await deviceWhen(phone.udid, (d) => d.state === 'offline' && /signing team/.test(d.notReadyReason ?? ''));
    expect(offline.notReadyReason).toMatch(/--wda-team/);
    // Retries keep failing for the same cause; the operator reads it once.
    await new Promise((r) => setTimeout(r, 1500));
    expect(lines.filter((l) => /signing team/.test(l))).toHaveLength(1);
    expect(agent.virtualIos!.xcodebuildRuns).toHaveLength(0);
    expect(existsSync(join(work, 'derived-none'))).toBe(false);
    // More than deviceWhen's own 60 s, so a slow start says what it waited for (CI under load once hit a 60 s test limit here).
  }, 240_000);

  it('a prebuilt WDA needs no team: it runs as given, never built', async () => {
    const prebuilt = join(work, 'prebuilt');
    mkdirSync(join(prebuilt, 'Build', 'Products', 'Debug-iphoneos', 'WebDriverAgentRunner-Runner.app'), { recursive: true });
    const agent = await agents.start({
      virtualIphones: 1,
      virtualIosOptions: { managedWda: true },
      iosPollMs: 300,
      wda: { prebuiltDir: prebuilt, derivedDataDir: join(work, 'derived-unused'), retryMs: 300, retryMaxMs: 2000 },
    });
    const phone = agent.virtualIos!.devices[0]!;
    await deviceWhen(phone.udid, (d) => d.state === 'online');
    const [only, ...rest] = agent.virtualIos!.xcodebuildRuns;
    expect(rest).toEqual([]);
    expect(only).toEqual(expect.arrayContaining(['test-without-building', '-derivedDataPath', prebuilt]));
    expect(only).not.toContain('build-for-testing');
  }, 180_000);

  it('a locked phone, and one with Developer Mode off, say so in GET /devices', async () => {
    const lines: string[] = [];
    const agent = await agents.start({
      virtualIphones: 2,
      virtualIosOptions: { managedWda: true, iphoneOptions: [{ locked: true }, { developerMode: false }] },
      iosPollMs: 300,
      wda: { team: 'ABCDE12345', derivedDataDir: join(work, 'derived-states'), retryMs: 300, retryMaxMs: 2000 },
      log: (line) => lines.push(line),
    });
    const [locked, devOff] = agent.virtualIos!.devices;
    expect((await deviceWhen(locked!.udid, (d) => /locked/.test(d.notReadyReason ?? ''))).state).toBe('offline');
    expect((await deviceWhen(devOff!.udid, (d) => /Developer Mode is off/.test(d.notReadyReason ?? ''))).state).toBe('offline');
    // Unlocked, the phone comes online by itself.
    locked!.handset.locked = false;
    await deviceWhen(locked!.udid, (d) => d.state === 'online');
  }, 180_000);
});
