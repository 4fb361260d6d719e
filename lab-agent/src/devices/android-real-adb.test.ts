/**
 * The Android driver through Google's own adb server (Debian's adb 29; .ci/run installs
 * it) to a virtual device's adbd front door, for what goes beyond shell commands: a screen
 * that never settles read through Appium's UiAutomator2 server over `adb forward`, with
 * its instrumentation kept running over an adb shell.
 */
import {
  SAMPLE_PACKAGE,
  startVirtualAndroidDevices,
  UIA2_DEVICE_PORT,
  uiautomator2Sessions,
  type VirtualAndroidDevices,
} from '@devicelab/virtual-devices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RealAdbServer, startRealAdbServer } from '../../../scripts/fixtures/real-adb.js';
import { screenTexts, xmlNodes } from '../testing/sample.js';
import { createAdbClient } from './adbkit.js';
import { AndroidDriver } from './android.js';

let adb: RealAdbServer;
let devices: VirtualAndroidDevices;

beforeAll(async () => {
  adb = await startRealAdbServer();
  devices = await startVirtualAndroidDevices({
    count: 1,
    portBase: 0,
    deviceDefaults: { sampleInstalled: true, uiautomator2Server: true },
  });
  await adb.connect(devices.devices[0]!.serial);
});
afterAll(async () => {
  await adb?.kill();
  await devices?.close();
});

describe("AndroidDriver through Google's adb server", () => {
  it("reads a screen that never settles through Appium's UiAutomator2 server, forwarded by adb", async () => {
    const { device, serial } = devices.devices[0]!;
    const driver = new AndroidDriver(createAdbClient('127.0.0.1', adb.port), serial);
    await driver.launch(SAMPLE_PACKAGE);
    expect(screenTexts(await driver.hierarchy())).toContain('Welcome back'); // settled: the plain dump, pulled

    device.faults.animating = true;
    try {
      const plain = await adb.adb(['-s', serial, 'shell', 'uiautomator', 'dump']);
      expect([plain.stdout, plain.stderr, plain.code]).toEqual(['', 'ERROR: could not get idle state.\n', 0]); // as DumpCommand: stderr, exit 0
      const xml = await driver.hierarchy();
      expect(screenTexts(xml)).toContain('Welcome back');
      expect(xmlNodes(xml).map((n) => n.resourceId)).toEqual(xmlNodes(device.dumpXml()).map((n) => n.resourceId));
      // Appium's way: adb forward to the server's port, the instrumentation running, the idle wait off.
      expect((await adb.adb(['forward', '--list'])).stdout).toMatch(new RegExp(`^${serial} tcp:\\d+ tcp:${UIA2_DEVICE_PORT}\\n`));
      expect(device.portListeners.has(UIA2_DEVICE_PORT)).toBe(true);
      expect([...uiautomator2Sessions(device)!.values()].map((s) => s.waitForIdleTimeout)).toEqual([0]);
    } finally {
      device.faults.animating = false;
      await adb.adb(['-s', serial, 'shell', 'am', 'force-stop', 'io.appium.uiautomator2.server.test']);
      await adb.adb(['-s', serial, 'forward', '--remove-all']);
    }
  });
});
