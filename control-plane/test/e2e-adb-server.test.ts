/**
 * End to end through Google's own adb server, as on a lab host: the control plane, a real
 * lab agent pointed at an adb server of this file's own (`adb -P PORT start-server`), and
 * virtual handsets behind adbd front doors that server `adb connect`s to. The results
 * carry the device log; an app crashing at launch fails its test with the crash.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeApk } from '../../scripts/fixtures/builds.js';
import { type RealAdbServer, startRealAdbServer } from '../../scripts/fixtures/real-adb.js';
import {
  preinstallUiautomator2Server,
  SAMPLE_EMAIL,
  SAMPLE_PASSWORD,
  startVirtualAndroidDevices,
  UIA2_DEVICE_PORT,
  type VirtualAndroidDevices,
} from '../../virtual-devices/src/index.js';
import { addAgentToken } from '../src/admin/provision.js';
import {
  artifactsLanded,
  type Client,
  client,
  type Org,
  runEnded,
  seedOrg,
  settledTest,
  startServer,
  type TestServer,
  uploadBuild,
} from './harness.js';
import { labAgents } from './lab-agents.js';

let server: TestServer;
let org: Org;
let api: Client;
let token: string;
let work: string;
let adb: RealAdbServer;
let devices: VirtualAndroidDevices;
let buildId: string;
const agents = labAgents(() => ({ controlPlaneUrl: server.url, token, work }));

async function createTest(title: string, commands: string[], extra: Record<string, unknown> = {}): Promise<string> {
  const res = await api('POST', '/tests', { title, commands, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect((await settledTest(api, res.body.testId)).platforms.android.status).toBe('ready');
  return res.body.testId;
}

const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;
const login = [`Enter ${SAMPLE_EMAIL} in the Email field`, `Enter ${SAMPLE_PASSWORD} in the Password field`, 'Tap the Log in button'];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'devicelab-e2e-adb-'));
  server = await startServer({ AGENT_LOST_SECONDS: '2', SWEEP_MS: '200', AGENT_HEARTBEAT_MS: '500' });
  org = await seedOrg(server.db);
  api = client(server.url, org.apiKey);
  token = (await addAgentToken(server.db, null)).agentToken;
  const apk = join(work, 'sample.apk');
  await makeApk(apk, { packageName: 'com.devicelab.sample', versionName: '1.0', versionCode: 1, label: 'DeviceLab Sample' });
  buildId = await uploadBuild(server.url, org.apiKey, apk, { metadata: JSON.stringify({ name: 'sample' }) }, 'sample.apk');
  adb = await startRealAdbServer();
  devices = await startVirtualAndroidDevices({ count: 3, portBase: 0 });
  for (const d of devices.devices) await adb.connect(d.serial);
});
afterEach(() => agents.stopAll());
afterAll(async () => {
  await adb?.kill();
  await devices?.close();
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

describe("runs through Google's adb server", () => {
  it('passes, fails, and fails a crash at launch with the crash; every result has its device log', async () => {
    const pass = await createTest('Login works', [...login, 'assertVisible: "Products"']);
    const fail = await createTest('Checkout button', ['Tap the Log in button', 'Tap the Checkout button']);
    const crash = await createTest('Crashes at launch', ['assertVisible: "Log in"'], {
      launchParams: [{ key: 'crashOnLaunch', value: '1' }],
    });
    await agents.start({ adbHost: '127.0.0.1', adbPort: adb.port });
    const started = await api('POST', '/tests/execute', { organisationId: org.id, buildId, testIds: [pass, fail, crash] });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const run = await runEnded(api, started.body.runId, 90_000);
    await artifactsLanded(server.db, started.body.runId);
    expect(run.succeededTests.map((e: any) => e.id)).toEqual([pass]);
    expect(run.failedTests.map((e: any) => e.id).sort()).toEqual([fail, crash].sort());
    expect(run.succeededTests[0].device).toMatch(/\(127\.0\.0\.1:\d+\)$/); // the serial adb connect gave it

    const crashed = run.failedTests.find((e: any) => e.id === crash);
    expect(crashed.statusMessage.split('\n')).toEqual([
      'The app crashed: java.lang.IllegalStateException: Crash requested by launch parameter crashOnLaunch',
      '    at com.devicelab.sample.MainActivity.onCreate(MainActivity.kt:42)',
      '    at android.app.Activity.performCreate(Activity.java:8595)',
      '    at android.app.Activity.performCreate(Activity.java:8573)',
      '    at android.app.Instrumentation.callActivityOnCreate(Instrumentation.java:1456)',
    ]);
    expect(run.failedTests.find((e: any) => e.id === fail).statusMessage).toMatch(/Checkout/);

    // The device log of each result, from the interaction log.
    const logOf = async (entry: any) => {
      const interaction = (await api('GET', pathOf(entry.interactionLogs))).body;
      expect(interaction.deviceLog).toMatch(/\/device-log$/);
      const res = await fetch(interaction.deviceLog, { headers: { authorization: `Bearer ${org.apiKey}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      return res.text();
    };
    const passLog = await logOf(run.succeededTests[0]);
    expect(passLog).toMatch(/ I DeviceLabSample: onCreate: showing login\n/);
    expect(passLog).toMatch(/ I DeviceLabSample: Login succeeded for demo@devicelab\.dev\n/);
    expect(passLog).toMatch(/ I DeviceLab: step 4 begins\n/);
    expect(passLog).not.toMatch(/FATAL EXCEPTION/);
    const crashLog = await logOf(crashed);
    expect(crashLog).toMatch(/ E AndroidRuntime: FATAL EXCEPTION: main\n.* E AndroidRuntime: Process: com\.devicelab\.sample, PID: \d+\n/);

    // The recording page shows the log cut at the steps, the crash marked.
    const cookie = await sessionCookie();
    const page = await fetch(
      pathOf(crashed.recording).startsWith('/') ? new URL(pathOf(crashed.recording), server.url) : crashed.recording,
      { headers: { cookie } },
    );
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain('<h2>Device log</h2>');
    expect(body).toContain('Before the first step (install, launch)');
    expect(body).toMatch(/<div class="err">[^<]* E AndroidRuntime: FATAL EXCEPTION: main<\/div>/);
    const passPage = await (await fetch(new URL(pathOf(run.succeededTests[0].recording), server.url), { headers: { cookie } })).text();
    expect(passPage).toContain(`<div class="part" data-step="3">`);
    expect(passPage).toContain('Step 4: assertVisible: &quot;Products&quot;');

    // And on the device itself, as after any run: the app's lines are in logcat.
    const serial = /\((127\.0\.0\.1:\d+)\)$/.exec(run.succeededTests[0].device)![1]!;
    const logcat = await adb.adb(['-s', serial, 'logcat', '-d']);
    expect(logcat.code).toBe(0);
    expect(logcat.stdout).toMatch(/ I DeviceLabSample: /);
  });
});

describe('a system dialog over the app', () => {
  it('is on the screen the step sees, and a step dismisses it', async () => {
    for (const d of devices.devices) d.device.faults.systemDialogOnLaunch = 'permission';
    try {
      const dismiss = await createTest('Allows notifications', ['Tap the Allow button', 'assertVisible: "Log in"']);
      const blind = await createTest('Ignores the prompt', ['assertVisible: "Log in"']);
      await agents.start({ adbHost: '127.0.0.1', adbPort: adb.port });
      const started = await api('POST', '/tests/execute', { organisationId: org.id, buildId, testIds: [dismiss, blind] });
      const run = await runEnded(api, started.body.runId, 90_000);
      expect(run.succeededTests.map((e: any) => e.id)).toEqual([dismiss]);
      expect(run.failedTests.map((e: any) => e.id)).toEqual([blind]);
      const steps = (await api('GET', pathOf(run.succeededTests[0].interactionLogs))).body.steps;
      expect(steps[0]).toMatchObject({ command: 'Tap the Allow button', device: expect.objectContaining({ outcome: 'performed' }) });
    } finally {
      for (const d of devices.devices) {
        d.device.faults.systemDialogOnLaunch = null;
        d.device.showSystemDialog(null);
      }
    }
  });
});

describe('the soft keyboard', () => {
  it('is hidden before a tap on what it covers', async () => {
    for (const d of devices.devices) d.device.faults.softKeyboard = true;
    try {
      const typed = await createTest('Logs in with the keyboard up', [...login, 'assertVisible: "Products"']);
      await agents.start({ adbHost: '127.0.0.1', adbPort: adb.port });
      const run = await runEnded(
        api,
        (await api('POST', '/tests/execute', { organisationId: org.id, buildId, testIds: [typed] })).body.runId,
        90_000,
      );
      expect(run.succeededTests.map((e: any) => e.id)).toEqual([typed]);
      // On the device, the keyboard does cover the Log in button when the password field has the focus.
      const serial = /\((127\.0\.0\.1:\d+)\)$/.exec(run.succeededTests[0].device)![1]!;
      const device = devices.devices.find((d) => d.serial === serial)!.device;
      await device.shell('pm clear com.devicelab.sample; am start -S -n com.devicelab.sample/.MainActivity');
      device.tap(540, 1105); // the password field
      expect(device.keyboardShown).toBe(true);
      device.tap(540, 1370); // the Log in button, under the keyboard
      expect(device.dumpXml()).toContain('text="Log in"');
      expect(await device.shell('dumpsys input_method')).toContain('mInputShown=true');
    } finally {
      for (const d of devices.devices) d.device.faults.softKeyboard = false;
    }
  });
});

describe('a screen that never settles', () => {
  it("is read through Appium's UiAutomator2 server, and the test passes", async () => {
    for (const d of devices.devices) {
      preinstallUiautomator2Server(d.device);
      d.device.faults.animating = true; // every plain uiautomator dump: "could not get idle state"
    }
    try {
      const busy = await createTest('Logs in on a busy screen', [...login, 'assertVisible: "Products"']);
      await agents.start({ adbHost: '127.0.0.1', adbPort: adb.port });
      const run = await runEnded(
        api,
        (await api('POST', '/tests/execute', { organisationId: org.id, buildId, testIds: [busy] })).body.runId,
        90_000,
      );
      expect(run.succeededTests.map((e: any) => e.id)).toEqual([busy]);
      // The device that ran it has the server running, reached through adb forward.
      const serial = /\((127\.0\.0\.1:\d+)\)$/.exec(run.succeededTests[0].device)![1]!;
      expect((await adb.adb(['forward', '--list'])).stdout).toContain(`${serial} tcp:`);
      expect(devices.devices.find((d) => d.serial === serial)!.device.portListeners.has(UIA2_DEVICE_PORT)).toBe(true);
    } finally {
      for (const d of devices.devices) {
        d.device.faults.animating = false;
        await d.device.shell('am force-stop io.appium.uiautomator2.server.test');
      }
      await adb.adb(['forward', '--remove-all']);
    }
  });
});

describe('a device that goes offline or unauthorized mid-test', () => {
  for (const fault of ['offline', 'unauthorized'] as const) {
    it(`blocks the try (${fault}) and runs the test again on another device`, async () => {
      const slow = await createTest(`Survives ${fault}`, ['wait: 2', 'assertVisible: "Log in"']);
      await agents.start({ adbHost: '127.0.0.1', adbPort: adb.port });
      const online = async () => (await adb.adb(['devices'])).stdout;
      const started = await api('POST', '/tests/execute', { organisationId: org.id, buildId, testIds: [slow] });
      // The device that took the test goes away under it, as adb sees it.
      const deadline = Date.now() + 30_000;
      let label: string | null = null;
      while (!label) {
        const rows = await server.db.query<{ label: string | null; status: string }>(
          'SELECT device_label AS label, status FROM attempts WHERE run_id = $1',
          [started.body.runId],
        );
        if (rows[0]?.status === 'running') label = rows[0].label;
        else if (Date.now() > deadline) throw new Error('the test never started');
        else await new Promise((r) => setTimeout(r, 20));
      }
      const serial = /\((127\.0\.0\.1:\d+)\)$/.exec(label)![1]!;
      const door = devices.devices.find((d) => d.serial === serial)!;
      if (fault === 'offline') door.device.goOffline();
      else door.device.unauthorize();
      const run = await runEnded(api, started.body.runId, 90_000);
      expect(run.succeededTests.map((e: any) => e.id)).toEqual([slow]);
      expect(run.succeededTests[0].device).not.toContain(serial);
      const [row] = await server.db.query<{ tryNumber: number }>('SELECT try_number AS "tryNumber" FROM attempts WHERE run_id = $1', [
        started.body.runId,
      ]);
      expect(row!.tryNumber).toBe(2);
      expect(await online()).toContain(`${serial}\t${fault}`);
      // Back for the next test: the cable is back and adb is told to connect to it afresh.
      door.device.reconnect();
      await adb.adb(['disconnect', serial]);
      await adb.connect(serial);
    }, 180_000); // the run is waited for 90 s, and connect() may ask adb again for up to 30 s
  }
});

async function sessionCookie(): Promise<string> {
  const res = await fetch(`${server.url}/app/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ api_key: org.apiKey }),
  });
  expect(res.status).toBe(303);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}
