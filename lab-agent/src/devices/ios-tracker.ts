/**
 * Finds the iOS devices of a macOS lab host and reports them like the adb tracker does
 * (added / changed / removed DeviceInfo events): booted simulators from
 * `xcrun simctl list devices -j` (node-simctl), connected iPhones from
 * `xcrun devicectl list devices`. Neither tool pushes changes, so both are polled.
 *
 * A device is ready when its WebDriverAgent answers /status: without WDA no test can
 * see or touch the screen, so a device with no WDA URL configured, or whose WDA is
 * down, is reported not ready (the lab shows it offline) and a log line says why.
 * A listing that fails (xcrun missing, a slow CoreSimulator) keeps the last known
 * devices rather than dropping running tests' devices.
 */
import type { DeviceInfo } from '@devicelab/shared';
import { Simctl } from 'node-simctl';
import { defaultXcrun, devicectl, type DevicectlDevice } from './iphone.js';
import { KnownDevices } from './tracker.js';
import { WdaClient } from './wda-client.js';

export interface IosTrackerOptions {
  /** Path of xcrun; default `xcrun` on PATH (or XCRUN_BINARY for node-simctl). */
  xcrunPath?: string;
  simulators: boolean;
  iphones: boolean;
  /** The WebDriverAgent URL of a device, when one is known. */
  wdaUrl: (udid: string) => string | undefined;
  /** Between listings; default 3000. */
  intervalMs?: number;
  log?: (line: string) => void;
}

export class IosDeviceTracker extends KnownDevices {
  private readonly simctl: Simctl;
  private readonly complaints = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(private readonly options: IosTrackerOptions) {
    super();
    this.simctl = new Simctl({ ...(options.xcrunPath ? { xcrun: { path: options.xcrunPath } } : {}), execTimeout: 60_000, logErrors: false });
  }

  /** Resolves after the first listing, so the first hello names the devices. */
  async start(): Promise<void> {
    this.polling = this.poll();
    await this.polling;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.polling;
  }

  private async poll(): Promise<void> {
    const [sims, phones] = await Promise.all([
      this.options.simulators ? this.listSimulators() : [],
      this.options.iphones ? this.listIphones() : [],
    ]);
    if (this.stopped) return;
    const found = [...(sims ?? this.list().filter((d) => d.kind === 'simulator')), ...(phones ?? this.list().filter((d) => d.kind === 'physical'))];
    const withReadiness = await Promise.all(found.map(async (d) => ({ ...d, ready: d.ready && (await this.wdaReady(d.serial)) })));
    if (this.stopped) return;
    const present = new Set(withReadiness.map((d) => d.serial));
    for (const serial of [...this.devices.keys()]) if (!present.has(serial)) this.remove(serial);
    for (const info of withReadiness) this.put(info);
    this.timer = setTimeout(() => {
      this.polling = this.poll();
    }, this.options.intervalMs ?? 3000);
  }

  /** Booted simulators, or null when the listing failed. */
  private async listSimulators(): Promise<DeviceInfo[] | null> {
    try {
      const bySdk = (await this.simctl.getDevices(undefined, 'iOS')) as Record<string, Array<{ udid: string; name: string; state: string; sdk: string }>>;
      this.complaints.delete('simctl');
      return Object.values(bySdk)
        .flat()
        .filter((d) => d.state === 'Booted')
        .map((d) => ({ serial: d.udid.slice(0, 100), platform: 'ios' as const, kind: 'simulator' as const, model: d.name.slice(0, 200), osVersion: d.sdk.slice(0, 50), ready: true }));
    } catch (err) {
      this.complain('simctl', `listing iOS simulators failed (is Xcode installed?): ${(err as Error).message}`);
      return null;
    }
  }

  /** Connected iPhones, or null when the listing failed. */
  private async listIphones(): Promise<DeviceInfo[] | null> {
    try {
      const result = await devicectl(this.options.xcrunPath ?? defaultXcrun(), ['list', 'devices']);
      this.complaints.delete('devicectl');
      const devices = Array.isArray(result['devices']) ? (result['devices'] as DevicectlDevice[]) : [];
      return devices
        .filter((d) => d.hardwareProperties?.platform === 'iOS' && d.hardwareProperties.reality === 'physical')
        .map((d) => ({
          serial: (d.hardwareProperties?.udid ?? d.identifier ?? '').slice(0, 100),
          platform: 'ios' as const,
          kind: 'physical' as const,
          model: (d.hardwareProperties?.marketingName ?? 'iPhone').slice(0, 200),
          osVersion: (d.deviceProperties?.osVersionNumber ?? '').slice(0, 50),
          ready: d.connectionProperties?.tunnelState === 'connected',
        }))
        .filter((d) => d.serial !== '');
    } catch (err) {
      this.complain('devicectl', `listing iPhones failed (devicectl needs Xcode 15 or later): ${(err as Error).message}`);
      return null;
    }
  }

  private async wdaReady(udid: string): Promise<boolean> {
    const url = this.options.wdaUrl(udid);
    if (!url) {
      this.complain(`wda-${udid}`, `iOS device ${udid} has no WebDriverAgent URL: start WebDriverAgent on it and pass --wda ${udid}=http://127.0.0.1:<port>`);
      return false;
    }
    if (await new WdaClient(url).ready()) {
      this.complaints.delete(`wda-${udid}`);
      return true;
    }
    this.complain(`wda-${udid}`, `WebDriverAgent of iOS device ${udid} does not answer at ${url}/status`);
    return false;
  }

  /** Logs a problem once until it goes away (polling would repeat it every few seconds). */
  private complain(key: string, line: string): void {
    if (this.complaints.has(key)) return;
    this.complaints.add(key);
    this.options.log?.(line);
  }
}
