/**
 * A real iPhone on a macOS lab host: apps through `xcrun devicectl` (Xcode 15+: install,
 * uninstall, list apps), the UI, launches with arguments and screenshots through the
 * WebDriverAgent running on the phone (WebDriverAgentRunner started by xcodebuild, its
 * port forwarded to the host). `devicectl` writes machine-readable results only to a
 * file (`--json-output`), which is read and removed after each call.
 *
 * A handset's app data can only be reset by reinstalling: clearData reinstalls the
 * bundle this driver last installed; an app it did not install (a bundleId run) is only
 * stopped, its data kept.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { unpackAppBundle } from './app-archive.js';
import { DriverError, type LaunchParam, type ProxyPlacement } from './driver.js';
import { IosWdaDriver, toolMessage } from './ios-wda-driver.js';

const run = promisify(execFile);

/** The xcrun to run: XCRUN_BINARY when set (node-simctl honours it too), else the one on PATH. */
export const defaultXcrun = () => process.env.XCRUN_BINARY || 'xcrun';

export interface IphoneDriverOptions {
  udid: string;
  /** The WebDriverAgent URL, or where to read it (a managed WDA's, which exists only while it is up). */
  wdaUrl: string | (() => string);
  /** Path of xcrun; default XCRUN_BINARY, else `xcrun` on PATH. */
  xcrunPath?: string;
  /** The Mac's LAN address the phone reaches, where a tunnelled test's proxy listens (--tunnel-proxy-host). */
  tunnelProxyHost?: string;
}

/** One device of `devicectl list devices`, the fields the agent reads. */
export interface DevicectlDevice {
  identifier?: string;
  connectionProperties?: { tunnelState?: string; pairingState?: string };
  deviceProperties?: { name?: string; osVersionNumber?: string; bootState?: string };
  hardwareProperties?: { udid?: string; marketingName?: string; platform?: string; reality?: string; deviceType?: string };
}

/** Runs `xcrun devicectl <args> --json-output <tmp>` and returns the JSON's `result`. */
export async function devicectl(xcrunPath: string, args: readonly string[]): Promise<Record<string, unknown>> {
  const out = join(tmpdir(), `devicelab-devicectl-${randomBytes(6).toString('hex')}.json`);
  try {
    await run(xcrunPath, ['devicectl', ...args, '--json-output', out], { timeout: 300_000, maxBuffer: 16 * 1024 * 1024 });
    const json = JSON.parse(await readFile(out, 'utf8')) as { result?: Record<string, unknown> };
    return json.result ?? {};
  } catch (err) {
    throw new DriverError(`devicectl ${args.slice(0, 3).join(' ')} failed: ${toolMessage(err)}`);
  } finally {
    await rm(out, { force: true });
  }
}

export class IphoneDriver extends IosWdaDriver {
  private readonly xcrun: string;
  private readonly tunnelProxyHost: string | undefined;
  /** bundle id → the .app this driver installed (to reinstall for a reset). */
  private readonly installedApps = new Map<string, string>();

  constructor(options: IphoneDriverOptions) {
    super(options.udid, options.wdaUrl);
    this.xcrun = options.xcrunPath ?? defaultXcrun();
    this.tunnelProxyHost = options.tunnelProxyHost;
  }

  async install(buildFile: string, bundleId: string): Promise<void> {
    const app = await unpackAppBundle(buildFile);
    await this.guard(() => devicectl(this.xcrun, ['device', 'install', 'app', '--device', this.serial, app]));
    if (!(await this.isInstalled(bundleId))) {
      throw new DriverError(`The build installed, but ${bundleId} is not on the iPhone: does the build's bundle id differ?`);
    }
    this.installedApps.set(bundleId, app);
  }

  async isInstalled(bundleId: string): Promise<boolean> {
    const result = await this.guard(() =>
      devicectl(this.xcrun, ['device', 'info', 'apps', '--device', this.serial, '--bundle-id', bundleId]),
    );
    const apps = Array.isArray(result['apps']) ? (result['apps'] as Array<{ bundleIdentifier?: string }>) : [];
    return apps.some((a) => a.bundleIdentifier === bundleId);
  }

  async clearData(bundleId: string): Promise<void> {
    await this.stop(bundleId);
    const app = this.installedApps.get(bundleId);
    if (!app) return;
    await this.guard(() => devicectl(this.xcrun, ['device', 'uninstall', 'app', '--device', this.serial, bundleId]));
    await this.guard(() => devicectl(this.xcrun, ['device', 'install', 'app', '--device', this.serial, app]));
  }

  async launch(bundleId: string, params: readonly LaunchParam[] = []): Promise<void> {
    await this.guard(() => this.wda.launchApp({ bundleId, ...this.launchWith(params) }));
  }

  /**
   * The phone is on its own Wi-Fi, so the proxy listens on the Mac's LAN address, which
   * other machines may reach too: a credential, and only the phone's address when WDA
   * says it (`/status` value.ios.ip).
   */
  async proxyPlacement(): Promise<ProxyPlacement> {
    if (!this.tunnelProxyHost) {
      throw new DriverError(
        `the iPhone ${this.serial} reaches the tunnel's proxy over its Wi-Fi: start the agent with --tunnel-proxy-host <this Mac's LAN address the phone can reach>`,
      );
    }
    const phone = await this.wda.deviceAddress().catch(() => null);
    return { host: this.tunnelProxyHost, credential: true, ...(phone ? { onlyFrom: phone } : {}) };
  }

  async stop(bundleId: string): Promise<void> {
    await this.guard(() => this.wda.terminateApp(bundleId));
  }

  async openLink(url: string): Promise<void> {
    await this.guard(() => this.wda.openUrl(url));
  }

  async screenshot(): Promise<Buffer> {
    const png = await this.guard(() => this.wda.screenshot());
    if (png.length < 8 || png.readUInt32BE(0) !== 0x89504e47) throw new DriverError('WebDriverAgent returned no PNG screenshot');
    return png;
  }

  async available(): Promise<boolean> {
    try {
      const result = await devicectl(this.xcrun, ['list', 'devices']);
      const devices = Array.isArray(result['devices']) ? (result['devices'] as DevicectlDevice[]) : [];
      const here = devices.some(
        (d) => (d.hardwareProperties?.udid ?? d.identifier) === this.serial && d.connectionProperties?.tunnelState === 'connected',
      );
      return here && (await this.wda.ready());
    } catch {
      return false;
    }
  }
}
