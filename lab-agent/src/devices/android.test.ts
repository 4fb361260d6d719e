import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centerOf, sampleApk, screenTexts, xmlNodes } from '../testing/sample.js';
import { SAMPLE_PACKAGE, startVirtualAdbServer, type VirtualAdbServer } from '../virtual/index.js';
import { createAdbClient } from './adbkit.js';
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
    expect((server.getDevice('virtual-1')!.foregroundApp as unknown as { state: { fields: { email: string } } }).state.fields.email).toBe(text);
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
    const until = async (what: string, check: () => Promise<boolean> | boolean) => {
      const deadline = Date.now() + 20_000;
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error(`${what}: not within 20 s (recordings now: ${device.recordings.size})`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    await until('the first part written', () => device.fs.readFile('/sdcard/devicelab-recording-0.mp4') !== null);
    await until('a second part recording', () => device.recordings.size > 0);
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
    expect((gone as DriverError).message).toContain('virtual-3 is no longer connected');
  });
});
