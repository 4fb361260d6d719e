/**
 * Finds the iOS devices of a macOS lab host and reports them like the adb tracker does
 * (added / changed / removed DeviceInfo events): booted simulators from
 * `xcrun simctl list devices -j` (node-simctl), connected iPhones from
 * `xcrun devicectl list devices`. Neither tool pushes changes, so both are polled.
 *
 * A device is ready when its WebDriverAgent answers /status: without WDA no test can
 * see or touch the screen, so a device with no WDA URL configured, or whose WDA is
 * down, is reported not ready (the lab shows it offline) and a log line says why.
 * A listing that fails (no Xcode, xcode-select on the Command Line Tools, the license not
 * accepted, a slow CoreSimulator) keeps the last known devices rather than dropping
 * running tests' devices; the log names the problem and its fix once, the tool is retried
 * with backoff, and a line says when it works again (xcode-health.ts).
 */
import type { DeviceInfo } from '@devicelab/shared';
import { Simctl } from 'node-simctl';
import { type DevicectlDevice, defaultXcrun, devicectl } from './iphone.js';
import { KnownDevices } from './tracker.js';
import { WdaClient } from './wda-client.js';
import { NOT_TRUSTED, type WdaSupervisor } from './wda-supervisor.js';
import { type ListingOutcome, XcrunHealth, type XcrunTool } from './xcode-health.js';

export interface IosTrackerOptions {
  /** Path of xcrun; default `xcrun` on PATH (or XCRUN_BINARY for node-simctl). */
  xcrunPath?: string;
  simulators: boolean;
  iphones: boolean;
  /** The WebDriverAgent URL of a device, when one is known. */
  wdaUrl: (udid: string) => string | undefined;
  /** Starts and watches WebDriverAgent on iPhones that have no URL (wda-supervisor.ts). */
  managedWda?: Pick<WdaSupervisor, 'check' | 'forget'>;
  /** Between listings; default 3000. A failing tool is retried after this, doubling per failure. */
  intervalMs?: number;
  /** Longest wait before retrying a failing xcrun tool; default 60 000. */
  retryMaxMs?: number;
  log?: (line: string) => void;
}

export class IosDeviceTracker extends KnownDevices {
  private readonly simctl: Simctl;
  private readonly health: XcrunHealth;
  /** WebDriverAgent problems already logged, per device. */
  private readonly complaints = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(private readonly options: IosTrackerOptions) {
    super();
    this.simctl = new Simctl({
      ...(options.xcrunPath ? { xcrun: { path: options.xcrunPath } } : {}),
      execTimeout: 60_000,
      logErrors: false,
    });
    this.health = new XcrunHealth({
      tools: [...(options.simulators ? ['simctl' as const] : []), ...(options.iphones ? ['devicectl' as const] : [])],
      xcrunPath: options.xcrunPath ?? defaultXcrun(),
      log: (line) => options.log?.(line),
      baseMs: options.intervalMs ?? 3000,
      maxMs: options.retryMaxMs ?? 60_000,
    });
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
      this.listing('simctl', this.options.simulators, () => this.listSimulators()),
      this.listing('devicectl', this.options.iphones, () => this.listIphones()),
    ]);
    if (this.stopped) return;
    this.health.report([sims, phones].flatMap((l) => (l.outcome ? [l.outcome] : [])));
    const found = [
      ...(sims.devices ?? this.list().filter((d) => d.kind === 'simulator')),
      ...(phones.devices ?? this.list().filter((d) => d.kind === 'physical')),
    ];
    const withReadiness = await Promise.all(
      found.map(async (d): Promise<DeviceInfo> => {
        const { reason: _, ...info } = d;
        if (!d.ready) {
          // Unplugged or not reachable: a WDA the agent ran there is stopped (it starts over when the phone is back).
          if (d.kind === 'physical') void this.options.managedWda?.forget(d.serial);
          return d;
        }
        const wda = await this.wdaReady(d);
        return wda.ready
          ? { ...info, ready: true }
          : { ...info, ready: false, ...(wda.reason ? { reason: wda.reason.slice(0, 500) } : {}) };
      }),
    );
    if (this.stopped) return;
    const present = new Set(withReadiness.map((d) => d.serial));
    for (const serial of [...this.devices.keys()]) {
      if (present.has(serial)) continue;
      this.remove(serial);
      void this.options.managedWda?.forget(serial);
    }
    for (const info of withReadiness) this.put(info);
    this.timer = setTimeout(() => {
      this.polling = this.poll();
    }, this.options.intervalMs ?? 3000);
  }

  /**
   * One tool's listing in this poll: devices null (keep the last known ones) when the
   * tool failed or is waiting out its retry backoff; no outcome when it was not run.
   */
  private async listing(
    tool: XcrunTool,
    enabled: boolean,
    list: () => Promise<DeviceInfo[]>,
  ): Promise<{ devices: DeviceInfo[] | null; outcome?: ListingOutcome }> {
    if (!enabled) return { devices: [] };
    if (!this.health.due(tool)) return { devices: null };
    try {
      const devices = await list();
      return { devices, outcome: { tool, ok: true, count: devices.length } };
    } catch (error) {
      return { devices: null, outcome: { tool, ok: false, error } };
    }
  }

  /** Booted simulators (`xcrun simctl list devices -j`). */
  private async listSimulators(): Promise<DeviceInfo[]> {
    const bySdk = (await this.simctl.getDevices(undefined, 'iOS')) as Record<
      string,
      Array<{ udid: string; name: string; state: string; sdk: string }>
    >;
    return Object.values(bySdk)
      .flat()
      .filter((d) => d.state === 'Booted')
      .map((d) => ({
        serial: d.udid.slice(0, 100),
        platform: 'ios' as const,
        kind: 'simulator' as const,
        model: d.name.slice(0, 200),
        osVersion: d.sdk.slice(0, 50),
        ready: true,
      }));
  }

  /** Connected iPhones (`xcrun devicectl list devices`). */
  private async listIphones(): Promise<DeviceInfo[]> {
    const result = await devicectl(this.options.xcrunPath ?? defaultXcrun(), ['list', 'devices']);
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
        ...(d.connectionProperties?.tunnelState === 'connected'
          ? {}
          : {
              reason:
                d.connectionProperties?.pairingState && d.connectionProperties.pairingState !== 'paired'
                  ? NOT_TRUSTED
                  : 'devicectl sees it but cannot reach it (unplugged, or still connecting)',
            }),
      }))
      .filter((d) => d.serial !== '');
  }

  /** Whether the device's WebDriverAgent answers; an iPhone without a URL has its WDA managed, when that is on. */
  private async wdaReady(device: DeviceInfo): Promise<{ ready: boolean; reason?: string }> {
    const udid = device.serial;
    const url = this.options.wdaUrl(udid);
    if (!url && device.kind === 'physical' && this.options.managedWda) return this.options.managedWda.check(udid, device.osVersion);
    if (!url) {
      const reason = `no WebDriverAgent URL: start WebDriverAgent on it and pass --wda ${udid}=http://127.0.0.1:<port>`;
      this.complain(`wda-${udid}`, `iOS device ${udid} has ${reason}`);
      return { ready: false, reason: `it has ${reason}` };
    }
    if (await new WdaClient(url).ready()) {
      this.complaints.delete(`wda-${udid}`);
      return { ready: true };
    }
    this.complain(`wda-${udid}`, `WebDriverAgent of iOS device ${udid} does not answer at ${url}/status`);
    return { ready: false, reason: `its WebDriverAgent does not answer at ${url}/status` };
  }

  /** Logs a problem once until it goes away (polling would repeat it every few seconds). */
  private complain(key: string, line: string): void {
    if (this.complaints.has(key)) return;
    this.complaints.add(key);
    this.options.log?.(line);
  }
}
