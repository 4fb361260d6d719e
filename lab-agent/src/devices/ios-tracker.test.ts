import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceInfo } from '@devicelab/shared';
import { startVirtualIosHost, type VirtualIosHost } from '../virtual/ios/ios-host.js';
import { IosDeviceTracker } from './ios-tracker.js';

let host: VirtualIosHost;

beforeAll(async () => {
  host = await startVirtualIosHost({ simulators: 1, iphones: 1, simulatorOptions: [{ name: 'iPhone 15 Pro', osVersion: '18.1' }] });
});
afterAll(() => host.close());

describe('IosDeviceTracker', () => {
  it('reports booted simulators and connected iPhones; a device without WebDriverAgent is not ready, said once', async () => {
    const [sim, phone] = host.devices;
    const logs: string[] = [];
    // Only the simulator's WDA is configured.
    const tracker = new IosDeviceTracker({ xcrunPath: host.xcrunPath, simulators: true, iphones: true, wdaUrl: (u) => (u === sim!.udid ? host.wdaUrl(u) : undefined), intervalMs: 200, log: (l) => logs.push(l) });
    const removed = new Promise<string>((resolve) => tracker.on('removed', resolve));
    const added: DeviceInfo[] = [];
    tracker.on('added', (d) => added.push(d));
    try {
      await tracker.start();
      expect(tracker.list()).toEqual([
        { serial: sim!.udid, platform: 'ios', kind: 'simulator', model: 'iPhone 15 Pro', osVersion: '18.1', ready: true },
        { serial: phone!.udid, platform: 'ios', kind: 'physical', model: 'iPhone 15', osVersion: '17.5', ready: false },
      ]);
      expect(added.map((d) => d.serial)).toEqual([sim!.udid, phone!.udid]);
      // A shut-down simulator leaves the list at the next poll.
      sim!.booted = false;
      expect(await removed).toBe(sim!.udid);
      expect(logs.filter((l) => l.includes(`--wda ${phone!.udid}=`))).toHaveLength(1);
    } finally {
      sim!.booted = true;
      await tracker.stop();
    }
  });

  it('says why when the listing fails (no xcrun), and lists nothing', async () => {
    const logs: string[] = [];
    const tracker = new IosDeviceTracker({ xcrunPath: '/nonexistent/xcrun', simulators: true, iphones: false, wdaUrl: () => undefined, log: (l) => logs.push(l) });
    await tracker.start();
    await tracker.stop();
    expect(tracker.list()).toEqual([]);
    expect(logs.join('\n')).toMatch(/listing iOS simulators failed \(is Xcode installed\?\)/);
  });
});
