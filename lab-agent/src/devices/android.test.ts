import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  SAMPLE_PACKAGE,
  startVirtualAdbServer,
  UIA2_DEVICE_PORT,
  uiautomator2Sessions,
  type VirtualAdbServer,
} from '@devicelab/virtual-devices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAgent } from '../agent.js';
import { eventually } from '../testing/agent-harness.js';
import { centerOf, sampleApk, screenTexts, xmlNodes } from '../testing/sample.js';
import { createAdbClient, readAll } from './adbkit.js';
import { AndroidDriver } from './android.js';
import { DriverError } from './driver.js';

describe('AndroidDriver against the virtual adb server', () => {
  let server: VirtualAdbServer;
  let apkPath: string;
  const driver = (serial = 'virtual-1') => new AndroidDriver(createAdbClient(server.host, server.port), serial);

  beforeAll(async () => {
    server = await startVirtualAdbServer({ devices: [{}, {}, { installFails: 'INSTALL_FAILED_VERSION_DOWNGRADE' }] });
    apkPath = join(mkdtempSync(join(tmpdir(), 'android-driver-')), 'sample.apk');
    writeFileSync(apkPath, await sampleApk());
  });
  afterAll(() => server.close());

  it('retries a dump that could not get idle state, and says so when the screen never settles and the device has no other way', async () => {
    const device = server.addDevice({ sampleInstalled: true });
    const d = driver(device.serial);
    await d.launch(SAMPLE_PACKAGE);
    device.faults.dumpIdleFailures = 3; // an animation that ends after three tries
    expect(screenTexts(await d.hierarchy())).toContain('Welcome back');
    expect(device.faults.dumpIdleFailures).toBe(0);
    device.faults.animating = true; // one that never ends, on a device without Appium's server
    await expect(d.hierarchy()).rejects.toThrow(
      /^uiautomator dump failed: ERROR: could not get idle state\. \(the screen never settled in 4 tries: something keeps animating\); install Appium's UiAutomator2 server on the device to read such screens$/,
    );
    device.faults.animating = false;
  });

  it("reads a screen that never settles through Appium's UiAutomator2 server after the retries, and at once after that", async () => {
    const device = server.addDevice({ sampleInstalled: true, uiautomator2Server: true });
    const d = driver(device.serial);
    await d.launch(SAMPLE_PACKAGE);
    device.faults.dumpIdleFailures = 1000; // every plain dump fails for as long as the test looks
    const xml = await d.hierarchy();
    expect(device.faults.dumpIdleFailures).toBe(996); // four plain dumps first
    // uiautomator dump's form: <node> elements with the class as an attribute, the same texts and bounds.
    expect(screenTexts(xml)).toContain('Welcome back');
    expect(xmlNodes(xml).find((n) => n.resourceId.endsWith(':id/email'))?.bounds).toEqual(
      xmlNodes(device.dumpXml()).find((n) => n.resourceId.endsWith(':id/email'))?.bounds,
    );
    expect(xml).not.toMatch(/<android\./);
    // The server runs as Appium runs it, reached through adb forward, with the idle wait off.
    expect(device.portListeners.has(UIA2_DEVICE_PORT)).toBe(true);
    expect(server.forwards.list()).toMatch(new RegExp(`^${device.serial} tcp:\\d+ tcp:${UIA2_DEVICE_PORT}\n$`));
    expect([...uiautomator2Sessions(device)!.values()].map((s) => s.waitForIdleTimeout)).toEqual([0]);

    // The next busy screen goes to the server after one plain try, through the same session.
    expect(screenTexts(await d.hierarchy())).toContain('Welcome back');
    expect(device.faults.dumpIdleFailures).toBe(995);
    expect(uiautomator2Sessions(device)!.size).toBe(1);

    // The instrumentation was stopped meanwhile (am force-stop): it is started again.
    await device.shell('am force-stop io.appium.uiautomator2.server.test');
    expect(device.portListeners.has(UIA2_DEVICE_PORT)).toBe(false);
    expect(screenTexts(await d.hierarchy())).toContain('Welcome back');
    expect(uiautomator2Sessions(device)!.size).toBe(1);

    // Settled again: plain dumps.
    device.faults.dumpIdleFailures = 0;
    expect(screenTexts(await d.hierarchy())).toContain('Welcome back');

    // A later agent (a new driver) uses the forward already there, not a second one.
    device.faults.animating = true;
    expect(screenTexts(await driver(device.serial).hierarchy())).toContain('Welcome back');
    expect(
      server.forwards
        .list()
        .split('\n')
        .filter((l) => l.startsWith(`${device.serial} `)),
    ).toHaveLength(1);
    device.faults.animating = false;
    await device.shell('am force-stop io.appium.uiautomator2.server.test');
  });

  it('says the device is full when /data/local/tmp has no room for the build, instead of hanging', async () => {
    const device = server.addDevice({});
    device.faults.storageFull = true;
    const d = driver(device.serial);
    await expect(d.install(apkPath, SAMPLE_PACKAGE)).rejects.toThrow(
      /^Installing sample\.apk failed: \/data\/local\/tmp on the device is full \(No space left on device\)/,
    );
    expect(device.packages.get(SAMPLE_PACKAGE)).toBeUndefined();
    device.faults.storageFull = false;
    await d.install(apkPath, SAMPLE_PACKAGE);
    expect(await d.isInstalled(SAMPLE_PACKAGE)).toBe(true);
  });

  it('installs with pm install, launches with extras, and reads the login screen', async () => {
    const d = driver();
    expect(await d.isInstalled(SAMPLE_PACKAGE)).toBe(false);
    await d.install(apkPath, SAMPLE_PACKAGE);
    expect(await d.isInstalled(SAMPLE_PACKAGE)).toBe(true);
    // The pushed temp file is removed after installing.
    expect(server.getDevice('virtual-1')!.fs.readFile('/data/local/tmp/devicelab-sample.apk')).toBeNull();
    await d.clearData(SAMPLE_PACKAGE);
    await d.launch(SAMPLE_PACKAGE, [{ key: 'user name', value: "O'Brien & co" }]);
    expect(server.getDevice('virtual-1')!.launchExtras.get(SAMPLE_PACKAGE)).toEqual({ 'user name': "O'Brien & co" });
    const xml = await d.hierarchy();
    expect(xml.startsWith('<?xml')).toBe(true);
    expect(screenTexts(xml)).toContain('Welcome back');
    const png = await d.screenshot();
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(await d.screenSize()).toEqual({ width: 1080, height: 2400 });
  });

  it('types text with spaces and shell metacharacters exactly, after tapping the field', async () => {
    const d = driver();
    await d.launch(SAMPLE_PACKAGE);
    const field = centerOf(await d.hierarchy(), { id: 'email' });
    await d.tap(field.x, field.y);
    const text = `a b&c;d|e$HOME"f'g\`h(i)*?<>\\~#!{}[]%`;
    await d.type(text);
    expect((server.getDevice('virtual-1')!.foregroundApp as unknown as { state: { fields: { email: string } } }).state.fields.email).toBe(
      text,
    );
    const email = xmlNodes(await d.hierarchy()).find((n) => n.resourceId.endsWith(':id/email'));
    expect(email?.text).toBe(text);
  });

  it('launches without extras through the monkey fallback and goes back with the back key', async () => {
    const d = driver('virtual-2');
    await d.install(apkPath, SAMPLE_PACKAGE);
    await d.launch(SAMPLE_PACKAGE);
    expect(server.getDevice('virtual-2')!.foregroundApp.packageName).toBe(SAMPLE_PACKAGE);
    await d.key('home');
    expect(server.getDevice('virtual-2')!.foregroundApp.packageName).not.toBe(SAMPLE_PACKAGE);
    await d.stop(SAMPLE_PACKAGE);
    expect(server.getDevice('virtual-2')!.isRunning(SAMPLE_PACKAGE)).toBe(false);
  });

  it('records the screen, and keeps recording in a new part each time screenrecord reaches its limit', async () => {
    const device = server.getDevice('virtual-2')!;
    const short = new AndroidDriver(createAdbClient(server.host, server.port), 'virtual-2');
    await short.startRecording();
    const single = await short.stopRecording();
    expect(Buffer.isBuffer(single) && single.subarray(0, 6).toString()).toBe('GIF89a');

    const parted = new AndroidDriver(createAdbClient(server.host, server.port), 'virtual-2', 1);
    await parted.startRecording();
    // Wait, by what the device shows rather than by the clock, until the first part is written and a second records.
    await eventually(() => device.fs.readFile('/sdcard/devicelab-recording-0.mp4') !== null, 20_000, 'the first part written');
    await eventually(() => device.recordings.size > 0, 20_000, 'a second part recording');
    const parts = await parted.stopRecording();
    expect(Array.isArray(parts)).toBe(true);
    expect((parts as Buffer[]).length).toBeGreaterThanOrEqual(2);
    for (const part of parts as Buffer[]) expect(part.subarray(0, 6).toString()).toBe('GIF89a');
    // The parts are pulled and removed from the device.
    expect(device.fs.readFile('/sdcard/devicelab-recording-0.mp4')).toBeNull();
    expect(device.recordings.size).toBe(0);
  }, 60_000);

  it('reports pm install failures with their code, and a missing device as gone', async () => {
    const failing = driver('virtual-3');
    const error = await failing.install(apkPath, SAMPLE_PACKAGE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DriverError);
    expect((error as DriverError).message).toContain('INSTALL_FAILED_VERSION_DOWNGRADE');
    expect((error as DriverError).deviceGone).toBe(false);

    expect(await failing.available()).toBe(true);
    server.getDevice('virtual-3')!.disconnect();
    expect(await failing.available()).toBe(false);
    const gone = await failing.hierarchy().catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(DriverError);
    expect((gone as DriverError).deviceGone).toBe(true);
    expect((gone as DriverError).message).toContain('virtual-3 is gone from adb devices');
  });
});

/**
 * A tunnelled test's proxy on an Android device (adb reverse + the global http_proxy
 * setting) is undone afterwards, and after an agent crash at the next agent start. The
 * device is read back over the adb protocol, as `adb reverse --list` and `adb shell` would.
 */
describe('AndroidDriver: the tunnel proxy leaves nothing behind', () => {
  let server: VirtualAdbServer;
  const client = () => createAdbClient(server.host, server.port);
  const reverses = async (serial: string) =>
    ((await client().getDevice(serial).listReverses()) as Array<{ remote: string; local: string }>)
      .map((r) => `${r.remote} ${r.local}`)
      .sort();
  const proxySetting = async (serial: string) =>
    (await readAll(await client().getDevice(serial).shell('settings get global http_proxy'))).toString('utf8').trim();

  beforeAll(async () => {
    server = await startVirtualAdbServer({ devices: 2 });
  });
  afterAll(() => server.close());

  it('removes its reverse and the proxy setting after the test, and keeps a reverse the device owner set', async () => {
    await client().getDevice('virtual-1').reverse('tcp:8081', 'tcp:8081'); // e.g. a developer's Metro bundler
    const driver = new AndroidDriver(client(), 'virtual-1');
    await driver.useProxy({ host: '127.0.0.1', port: 45001 });
    expect(await reverses('virtual-1')).toEqual(['tcp:45001 tcp:45001', 'tcp:8081 tcp:8081']);
    expect(await proxySetting('virtual-1')).toBe('127.0.0.1:45001');

    await driver.clearProxy();
    expect(await reverses('virtual-1')).toEqual(['tcp:8081 tcp:8081']);
    expect(await proxySetting('virtual-1')).toBe(':0');

    // adb restarted during the test (its reverses are gone): clearing still resets the setting.
    await driver.useProxy({ host: '127.0.0.1', port: 45002 });
    server.getDevice('virtual-1')!.reverses.delete(45002);
    await driver.clearProxy();
    expect(await proxySetting('virtual-1')).toBe(':0');
    expect(await reverses('virtual-1')).toEqual(['tcp:8081 tcp:8081']);
  });

  it("after an agent crash mid-test, the next agent start removes the leftover proxy and its reverse, and nothing of the owner's", async () => {
    // The crashed agent's test: proxy and reverse set, never cleared.
    await new AndroidDriver(client(), 'virtual-1').useProxy({ host: '127.0.0.1', port: 45123 });
    // virtual-2's owner routes it through their own proxy, and has a reverse of their own.
    await client().getDevice('virtual-2').shell('settings put global http_proxy proxy.corp:3128').then(readAll);
    await client().getDevice('virtual-2').reverse('tcp:45123', 'tcp:9000');
    expect(await reverses('virtual-1')).toEqual(['tcp:45123 tcp:45123', 'tcp:8081 tcp:8081']);

    const lines: string[] = [];
    const agent = await startAgent({
      controlPlaneUrl: 'http://127.0.0.1:9',
      token: 'dl_agent_unused',
      adbHost: server.host,
      adbPort: server.port,
      stateDir: mkdtempSync(join(tmpdir(), 'stale-reverse-')),
      log: (l) => lines.push(l),
      drainSeconds: 0,
    });
    await agent.stop({ drainSeconds: 0 });

    expect(await proxySetting('virtual-1')).toBe(':0');
    expect(await reverses('virtual-1')).toEqual(['tcp:8081 tcp:8081']);
    expect(await proxySetting('virtual-2')).toBe('proxy.corp:3128');
    expect(await reverses('virtual-2')).toEqual(['tcp:45123 tcp:9000']);
    expect(lines).toContain('device virtual-1: removed the proxy setting a stopped agent left behind');
    expect(lines.filter((l) => l.includes('left behind'))).toHaveLength(1);
  });
});
