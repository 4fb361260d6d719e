/**
 * The iOS drivers against the virtual iOS host: node-simctl runs the fake xcrun as a
 * child process, the WDA client talks HTTP to the fake WebDriverAgent. Same code path
 * as on a Mac, with doubles only where Xcode would be.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startVirtualIosHost, type VirtualIosHost } from '@devicelab/virtual-devices/ios';
import { SAMPLE_EMAIL, SAMPLE_PACKAGE, SAMPLE_PASSWORD } from '@devicelab/virtual-devices/sample-app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAppTarGz, makeAppZip, makeIpa } from '../../../scripts/fixtures/builds.js';
import { SimulatorDriver } from './ios-simulator.js';
import { IphoneDriver } from './iphone.js';

const ios = { name: 'Sample', bundleId: SAMPLE_PACKAGE, version: '1.0', build: '1', displayName: 'DeviceLab Sample' };
let host: VirtualIosHost;
let work: string;
let sim: SimulatorDriver;
let phone: IphoneDriver;
const builds = { zip: '', tarGz: '', ipa: '' };

/** Center of the first element of `type` whose name is `name`, in points. */
function center(source: string, type: string, name: string): { x: number; y: number } {
  const m = new RegExp(`<XCUIElementType${type} [^>]*name="${name}"[^>]*x="(\\d+)" y="(\\d+)" width="(\\d+)" height="(\\d+)"`).exec(source);
  if (!m) throw new Error(`no ${type} named ${name} in ${source.slice(0, 300)}`);
  return { x: Number(m[1]) + Number(m[3]) / 2, y: Number(m[2]) + Number(m[4]) / 2 };
}

async function logIn(driver: SimulatorDriver | IphoneDriver, password = SAMPLE_PASSWORD): Promise<string> {
  let source = await driver.hierarchy();
  const email = center(source, 'TextField', 'email');
  await driver.tap(email.x, email.y);
  await driver.type(SAMPLE_EMAIL);
  const pw = center(source, 'SecureTextField', 'password');
  await driver.tap(pw.x, pw.y);
  await driver.type(`${password}\n`); // return submits, as the keyboard's Go key
  source = await driver.hierarchy();
  return source;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'ios-drivers-'));
  builds.zip = join(work, 'sample-sim.zip');
  builds.tarGz = join(work, 'sample-sim.tar.gz');
  builds.ipa = join(work, 'sample.ipa');
  await makeAppZip(builds.zip, { ...ios, binaryPlist: true });
  await makeAppTarGz(builds.tarGz, ios);
  await makeIpa(builds.ipa, { ...ios, binaryPlist: true });
  host = await startVirtualIosHost({ simulators: 1, iphones: 1 });
  const [s, p] = host.devices;
  sim = new SimulatorDriver({ udid: s!.udid, wdaUrl: host.wdaUrl(s!.udid)!, xcrunPath: host.xcrunPath });
  phone = new IphoneDriver({ udid: p!.udid, wdaUrl: host.wdaUrl(p!.udid)!, xcrunPath: host.xcrunPath });
});
afterAll(async () => {
  await host.close();
  rmSync(work, { recursive: true, force: true });
});

describe('simulator driver (node-simctl + WebDriverAgent)', () => {
  it('installs from a .zip, launches with launch params and logs in by touch and typing', async () => {
    expect(await sim.isInstalled(SAMPLE_PACKAGE)).toBe(false);
    await sim.install(builds.zip, SAMPLE_PACKAGE);
    expect(await sim.isInstalled(SAMPLE_PACKAGE)).toBe(true);
    await sim.launch(SAMPLE_PACKAGE, [
      { key: 'env', value: 'staging' },
      { key: 'with space', value: 'a b' },
    ]);
    const device = host.devices[0]!;
    expect(device.launches.get(SAMPLE_PACKAGE)).toEqual({
      arguments: ['-env', 'staging', '-with space', 'a b'],
      environment: { env: 'staging' },
    });
    const home = await logIn(sim);
    expect(home).toContain('label="Products"');
    expect(home).toMatch(/<XCUIElementTypeNavigationBar /);
  });

  it('resets app state by emptying the data container: the login is forgotten', async () => {
    await sim.launch(SAMPLE_PACKAGE);
    expect(await sim.hierarchy()).toContain('Products'); // the session survived a relaunch
    await sim.clearData(SAMPLE_PACKAGE);
    await sim.launch(SAMPLE_PACKAGE);
    expect(await sim.hierarchy()).toContain('name="email"');
  });

  it('reinstalls from a .tar.gz, fails a wrong password and keeps state across stop', async () => {
    await sim.install(builds.tarGz, SAMPLE_PACKAGE);
    await sim.clearData(SAMPLE_PACKAGE);
    await sim.launch(SAMPLE_PACKAGE, [{ key: 'password', value: 'other' }]);
    expect(await logIn(sim)).toContain('Invalid email or password');
    await sim.stop(SAMPLE_PACKAGE);
    await sim.stop(SAMPLE_PACKAGE); // not running: still fine
    expect(await sim.hierarchy()).toContain('SpringBoard');
  });

  it('navigates back with the navigation bar, swipes, takes screenshots and records', async () => {
    await sim.clearData(SAMPLE_PACKAGE);
    await sim.launch(SAMPLE_PACKAGE);
    await logIn(sim);
    await sim.swipe({ direction: 'up' });
    const scrolled = await sim.hierarchy();
    expect(scrolled).not.toContain('name="Product 1"');
    const row = center(scrolled, 'StaticText', 'product_name');
    await sim.tap(row.x, row.y);
    expect(await sim.hierarchy()).toContain('Add to cart');
    await sim.key('back');
    expect(await sim.hierarchy()).toContain('name="product_list"');
    expect(await sim.screenSize()).toEqual({ width: 360, height: 800 });
    const png = await sim.screenshot();
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    await sim.startRecording();
    const video = await sim.stopRecording();
    expect(video.subarray(0, 6).toString()).toBe('GIF89a'); // the virtual simulator records an animated GIF
  });

  it('reports a build whose bundle id is not the one the job expects', async () => {
    const other = join(work, 'other.zip');
    await makeAppZip(other, { ...ios, bundleId: 'com.example.other' });
    await expect(sim.install(other, 'com.example.expected')).rejects.toThrow(/com.example.expected is not on the simulator/);
  });

  it('says the device is gone when the simulator shuts down', async () => {
    const device = host.devices[0]!;
    device.booted = false;
    try {
      expect(await sim.available()).toBe(false);
      await expect(sim.hierarchy()).rejects.toMatchObject({ deviceGone: true });
    } finally {
      device.booted = true;
    }
    expect(await sim.available()).toBe(true);
  });
});

describe('iPhone driver (devicectl + WebDriverAgent)', () => {
  it('installs an .ipa, launches through WDA with arguments and environment, resets by reinstalling', async () => {
    await phone.install(builds.ipa, SAMPLE_PACKAGE);
    expect(await phone.isInstalled(SAMPLE_PACKAGE)).toBe(true);
    expect(await phone.isInstalled('com.example.none')).toBe(false);
    await phone.launch(SAMPLE_PACKAGE, [{ key: 'env', value: 'prod' }]);
    expect(host.devices[1]!.launches.get(SAMPLE_PACKAGE)).toEqual({ arguments: ['-env', 'prod'], environment: { env: 'prod' } });
    expect(await logIn(phone)).toContain('label="Products"');
    await phone.clearData(SAMPLE_PACKAGE);
    await phone.launch(SAMPLE_PACKAGE);
    expect(await phone.hierarchy()).toContain('name="email"');
    expect((await phone.screenshot()).subarray(1, 4).toString()).toBe('PNG');
    expect(await phone.available()).toBe(true);
  });

  it("reports a failed install with the tool's words", async () => {
    host.devices[1]!.faults.installFails = true;
    try {
      await expect(phone.install(builds.ipa, SAMPLE_PACKAGE)).rejects.toThrow(/out of storage/);
    } finally {
      host.devices[1]!.faults.installFails = false;
    }
  });
});
