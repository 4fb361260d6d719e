import { chmodSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeviceInfo } from '@devicelab/shared';
import { startVirtualAdbServer } from '@devicelab/virtual-devices';
import { startVirtualIosHost, type VirtualIosHost } from '@devicelab/virtual-devices/ios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAgent } from '../agent.js';
import { eventually } from '../testing/agent-harness.js';
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
    const tracker = new IosDeviceTracker({
      xcrunPath: host.xcrunPath,
      simulators: true,
      iphones: true,
      wdaUrl: (u) => (u === sim!.udid ? host.wdaUrl(u) : undefined),
      intervalMs: 200,
      log: (l) => logs.push(l),
    });
    const removed = new Promise<string>((resolve) => tracker.on('removed', resolve));
    const added: DeviceInfo[] = [];
    tracker.on('added', (d) => added.push(d));
    try {
      await tracker.start();
      expect(tracker.list()).toEqual([
        { serial: sim!.udid, platform: 'ios', kind: 'simulator', model: 'iPhone 15 Pro', osVersion: '18.1', ready: true },
        {
          serial: phone!.udid,
          platform: 'ios',
          kind: 'physical',
          model: 'iPhone 15',
          osVersion: '17.5',
          ready: false,
          reason: expect.stringContaining(`--wda ${phone!.udid}=`),
        },
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

  it('says once, for simulators and iPhones together, that xcrun is missing and how to fix it, and lists nothing', async () => {
    const logs: string[] = [];
    const tracker = new IosDeviceTracker({
      xcrunPath: '/nonexistent/xcrun',
      simulators: true,
      iphones: true,
      wdaUrl: () => undefined,
      intervalMs: 20,
      retryMaxMs: 40,
      log: (l) => logs.push(l),
    });
    await tracker.start();
    // Polls keep retrying the tools; the explanation is not repeated.
    await new Promise((r) => setTimeout(r, 300));
    await tracker.stop();
    expect(tracker.list()).toEqual([]);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(
      /^iOS simulators and iPhones unavailable: xcrun was not found \(\/nonexistent\/xcrun\): Xcode is not installed\. Install Xcode 15 or later, open it once, then run "sudo xcode-select -s \/Applications\/Xcode\.app\/Contents\/Developer"; or point --xcrun at an xcrun\. No such device can appear until this is fixed; retrying with backoff/,
    );
  });
});

/**
 * An xcrun in front of the virtual host's that fails the way a Mac being set up does,
 * chosen by a file the test writes: `clt` (xcode-select on the Command Line Tools),
 * `license` (the Xcode license not accepted), anything else passes through. Every call
 * is counted, so the test can let several polls pass without looking at the clock.
 */
function flakyXcrun(realXcrun: string) {
  const dir = mkdtempSync(join(tmpdir(), 'flaky-xcrun-'));
  const path = join(dir, 'xcrun');
  writeFileSync(join(dir, 'mode'), 'ok');
  writeFileSync(join(dir, 'calls'), '');
  writeFileSync(
    path,
    `#!/bin/sh
echo "$1" >> '${dir}/calls'
case "$(cat '${dir}/mode')" in
  clt) echo "xcrun: error: unable to find utility \\"$1\\", not a developer tool or in PATH" >&2; exit 72 ;;
  license) echo 'Agreeing to the Xcode/iOS license requires admin privileges, please run “sudo xcodebuild -license” and then retry this command.' >&2; exit 69 ;;
esac
exec '${realXcrun}' "$@"
`,
  );
  chmodSync(path, 0o755);
  const calls = () => readFileSync(join(dir, 'calls'), 'utf8').split('\n').filter(Boolean).length;
  return {
    path,
    // Renamed into place: a call never reads a half-written (empty) mode, which would pass through.
    set: (mode: 'ok' | 'clt' | 'license') => {
      writeFileSync(join(dir, 'mode.next'), mode);
      renameSync(join(dir, 'mode.next'), join(dir, 'mode'));
    },
    /** Resolves once the tools have been run `n` more times (polls, retries). */
    async polls(n: number) {
      const target = calls() + n;
      await eventually(() => calls() >= target, 20_000, `${n} more xcrun calls`);
    },
  };
}

describe('lab agent on a Mac whose Xcode is broken, then fixed', () => {
  it('logs one line per problem with its fix, says when the tools work again, and one line per device found and lost', async () => {
    const [sim, phone] = host.devices;
    const xcrun = flakyXcrun(host.xcrunPath);
    xcrun.set('clt');
    const adb = await startVirtualAdbServer({ devices: 0 }); // no Android device: the adb side stays quiet
    const lines: string[] = [];
    const agent = await startAgent({
      controlPlaneUrl: 'http://127.0.0.1:9',
      token: 'dl_agent_unused',
      adbHost: adb.host,
      adbPort: adb.port,
      ios: true,
      xcrunPath: xcrun.path,
      wdaUrls: { [sim!.udid]: host.wdaUrl(sim!.udid)!, [phone!.udid]: host.wdaUrl(phone!.udid)! },
      iosPollMs: 30,
      stateDir: mkdtempSync(join(tmpdir(), 'xcode-health-')),
      log: (l) => lines.push(l),
      drainSeconds: 0,
    });
    const health = () => lines.filter((l) => /^(iOS simulators|iPhones|device found|device lost)/.test(l));
    try {
      await xcrun.polls(4);
      expect(health()).toEqual([
        expect.stringMatching(
          /^iOS simulators unavailable: xcode-select points at the Command Line Tools, which have no simctl\. Install Xcode 15 or later and run "sudo xcode-select -s \/Applications\/Xcode\.app\/Contents\/Developer"\. .* xcrun said: xcrun: error: unable to find utility "simctl", not a developer tool or in PATH$/,
        ),
        expect.stringMatching(
          /^iPhones unavailable: this xcrun has no devicectl: it needs Xcode 15 or later, selected with "sudo xcode-select -s \/Applications\/Xcode\.app\/Contents\/Developer" \(the Command Line Tools alone have none\)\. /,
        ),
      ]);

      // Xcode selected, but its license not accepted yet: a new problem, one line for both tools.
      xcrun.set('license');
      await eventually(() => lines.some((l) => l.includes('license')), 20_000, 'the license line');
      await xcrun.polls(4);
      expect(health().slice(2)).toEqual([
        expect.stringMatching(
          /^iOS simulators and iPhones unavailable: the Xcode license has not been accepted\. Run "sudo xcodebuild -license accept" on this Mac\. .* xcrun said: .*Agreeing to the Xcode\/iOS license/,
        ),
      ]);

      xcrun.set('ok');
      await eventually(() => health().filter((l) => l.startsWith('device found')).length === 2, 30_000, 'both devices found');
      await xcrun.polls(6); // more polls: nothing is said again
      expect(health().slice(3).sort()).toEqual([
        `device found: ${phone!.udid} (iPhone 15, iOS 17.5, physical)`,
        `device found: ${sim!.udid} (iPhone 15 Pro, iOS 18.1, simulator)`,
        'iOS simulators: xcrun simctl works again (1 booted simulator(s))',
        'iPhones: xcrun devicectl works again (1 connected iPhone(s))',
      ]);

      sim!.booted = false;
      await eventually(() => lines.includes(`device lost: ${sim!.udid}`), 20_000, 'the simulator lost');
      // xcrun breaks again: said again, and the iPhone it can no longer list is kept, not lost.
      xcrun.set('clt');
      await eventually(() => health().filter((l) => l.startsWith('iPhones unavailable')).length === 2, 20_000, 'the second outage');
      xcrun.set('ok');
      await eventually(() => health().filter((l) => l.includes('works again')).length === 4, 30_000, 'the tools back');
      expect(health()[7]).toBe(`device lost: ${sim!.udid}`);
      // The tools may meet the change in different polls: in any order, each said once.
      expect(health().slice(8)).toHaveLength(4);
      expect(health().slice(8)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^iOS simulators unavailable: xcode-select points at the Command Line Tools/),
          expect.stringMatching(/^iPhones unavailable: this xcrun has no devicectl/),
          'iOS simulators: xcrun simctl works again (0 booted simulator(s))',
          'iPhones: xcrun devicectl works again (1 connected iPhone(s))',
        ]),
      );
    } finally {
      sim!.booted = true;
      await agent.stop({ drainSeconds: 0 });
      await adb.close();
    }
  }, 90_000);
});
