/**
 * One virtual iPhone: a simulator (driven through the fake `xcrun simctl`) or a handset
 * (the fake `xcrun devicectl`), with installed app bundles, their data containers on
 * disk, the running apps and the home screen. It runs the same scripted sample app as
 * the virtual Android handset; WebDriverAgent (wda-server.ts) reads and touches its UI
 * in points, the page source being the app's view tree rendered as XCUITest XML.
 *
 * Its apps' network is that of a lab device (public hosts only) unless the launch named a
 * proxy in DEVICELAB_PROXY_URL, as the lab agent does for a tunnelled test: then their
 * HTTP goes there, with the credential the URL carries (device-network.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { launchProxyNetwork } from '../device-network.js';
import type { Raster } from '../png.js';
import { createSampleApp, SAMPLE_PACKAGE } from '../sample-app.js';
import { renderRaster, renderScreen } from '../screen-render.js';
import { LauncherApp, PlaceholderApp } from '../system-ui.js';
import { hitTest, type UiWindow } from '../ui-tree.js';
import type { AppFactory, ExtraValue, VirtualApp } from '../virtual-app.js';
import { POINT_SCALE, pageSourceXml } from '../xcuitest-xml.js';
import { type AppBundleInfo, BundleError, readAppBundle } from './app-bundle.js';
import { AppDefaults, preferencesFile } from './app-data.js';

export type IosDeviceKind = 'simulator' | 'physical';

export interface VirtualIosDeviceOptions {
  kind: IosDeviceKind;
  /** Where data containers live (a temp dir of the host). */
  dataRoot: string;
  udid?: string;
  /** simctl's device name, devicectl's marketing name; default "iPhone 15". */
  name?: string;
  osVersion?: string;
  /** The Wi-Fi address its WebDriverAgent reports (`/status` value.ios.ip); default 127.0.0.1, where it really is. */
  wifiAddress?: string;
  /** Every install fails (fault injection). */
  installFails?: boolean;
  /** A handset's state as devicectl reports it (what keeps WebDriverAgent from starting); default paired, developer mode on, unlocked. */
  paired?: boolean;
  developerMode?: boolean;
  locked?: boolean;
  /** Screenshot size relative to the 1080x2400-pixel screen; default 0.25. */
  screenshotScale?: number;
  apps?: Record<string, AppFactory>;
}

/** What a launch handed the app, as the app sees it (tests read it). */
export interface LaunchRecord {
  arguments: string[];
  environment: Record<string, string>;
}

const SPRINGBOARD = 'com.apple.springboard';
/** The launch variable an app reads its tunnel proxy from (ios-wda-driver.ts proxyLaunchParams). */
const PROXY_VARIABLE = 'DEVICELAB_PROXY_URL';

/** `-key value` pairs of the launch arguments: what an app reads from UserDefaults' argument domain. */
function argumentDefaults(args: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < args.length - 1; i += 1) {
    const arg = args[i]!;
    if (/^-[A-Za-z_][\w.]*$/.test(arg)) out[arg.slice(1)] = args[(i += 1)]!;
  }
  return out;
}

/** Uninstalls so far in this process: each moves its container to a name of its own. */
let uninstalls = 0;
export class VirtualIosDevice {
  readonly kind: IosDeviceKind;
  readonly udid: string;
  readonly name: string;
  readonly osVersion: string;
  readonly wifiAddress: string;
  readonly faults: { installFails: boolean };
  /** A handset's trust, developer mode and lock state; tests change them to play an operator's problems. */
  readonly handset: { paired: boolean; developerMode: boolean; locked: boolean };
  /** The last launch of each app. */
  readonly launches = new Map<string, LaunchRecord>();
  /** Every launch, in order: which test's launch had which parameters, whatever order the tries ran in. */
  readonly launchHistory: Array<{ bundleId: string } & LaunchRecord> = [];
  booted = true;

  private readonly installed = new Map<string, AppBundleInfo>();
  private readonly running = new Map<string, VirtualApp>();
  private foreground: VirtualApp | null = null;
  private readonly springboard: LauncherApp;
  private readonly factories: Record<string, AppFactory>;

  constructor(private readonly options: VirtualIosDeviceOptions) {
    this.kind = options.kind;
    // Simulators have UUIDs; handsets have the 8-hex-dash-16-hex UDIDs of recent iPhones.
    this.udid =
      options.udid ??
      (options.kind === 'simulator' ? randomUUID().toUpperCase() : `00008120-${randomBytes(8).toString('hex').toUpperCase()}`);
    this.name = options.name ?? 'iPhone 15';
    this.osVersion = options.osVersion ?? '17.5';
    this.wifiAddress = options.wifiAddress ?? '127.0.0.1';
    this.faults = { installFails: options.installFails ?? false };
    this.handset = { paired: options.paired ?? true, developerMode: options.developerMode ?? true, locked: options.locked ?? false };
    this.factories = { [SAMPLE_PACKAGE]: createSampleApp, ...options.apps };
    this.springboard = new LauncherApp(
      () => [...this.installed.values()].map((a) => ({ packageName: a.bundleId, label: a.displayName })),
      (bundleId) => void this.launch(bundleId, [], {}),
    );
  }

  // ---- apps ----

  async install(appPath: string): Promise<AppBundleInfo> {
    if (this.faults.installFails) throw new BundleError('Failed to install the app: the device is out of storage (virtual fault)');
    const info = await readAppBundle(appPath);
    // Installing over a running app stops it, as on a real device; data stays.
    this.terminate(info.bundleId);
    this.installed.set(info.bundleId, info);
    return info;
  }

  uninstall(bundleId: string): void {
    this.terminate(bundleId);
    this.installed.delete(bundleId);
    // The app may still be writing its data as it stops; simctl's uninstall does not fail for that.
    // rm in place failed with ENOTEMPTY in CI even with retries (a write recreated a file between
    // them): the container is first moved aside in one rename, so nothing writes where rm walks.
    const container = this.containerPath(bundleId);
    const removing = `${container}.uninstalling-${process.pid}-${(uninstalls += 1)}`;
    try {
      renameSync(container, removing);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    rmSync(removing, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
  }

  isInstalled(bundleId: string): boolean {
    return this.installed.has(bundleId);
  }

  installedApps(): AppBundleInfo[] {
    return [...this.installed.values()];
  }

  /** The app's data container (created on demand, like the first launch does). */
  dataContainer(bundleId: string): string {
    const path = this.containerPath(bundleId);
    mkdirSync(path, { recursive: true });
    return path;
  }

  private containerPath(bundleId: string): string {
    return join(this.options.dataRoot, this.udid, 'data', bundleId.replace(/[^\w.-]/g, '_'));
  }

  /** Launches (or brings to the front) an installed app; the extras it sees are its environment, then its `-key value` arguments. */
  launch(
    bundleId: string,
    args: readonly string[],
    env: Readonly<Record<string, string>>,
    options: { terminateRunning?: boolean } = {},
  ): void {
    const app = this.installed.get(bundleId);
    if (!app) throw new BundleError(`The request to open "${bundleId}" failed: the application is not installed`);
    if (options.terminateRunning) this.terminate(bundleId);
    const existing = this.running.get(bundleId);
    if (existing) {
      this.foreground = existing;
      return;
    }
    const defaults = argumentDefaults(args);
    const extras: Record<string, ExtraValue> = { ...env, ...defaults };
    const factory = this.factories[bundleId] ?? ((ctx) => new PlaceholderApp(ctx));
    const data = new AppDefaults(preferencesFile(this.dataContainer(bundleId), bundleId));
    const instance = factory({
      packageName: bundleId,
      label: app.displayName,
      data,
      // What a debug build configured as docs/tunnels.md shows does: the environment, else the argument domain.
      network: launchProxyNetwork(env[PROXY_VARIABLE] ?? defaults[PROXY_VARIABLE]),
      intent: { packageName: bundleId, activity: `${bundleId}.App`, action: null, data: null, categories: [], extras },
    });
    this.running.set(bundleId, instance);
    this.launches.set(bundleId, { arguments: [...args], environment: { ...env } });
    this.launchHistory.push({ bundleId, arguments: [...args], environment: { ...env } });
    this.foreground = instance;
  }

  /** Whether it was running. */
  terminate(bundleId: string): boolean {
    const app = this.running.get(bundleId);
    this.running.delete(bundleId);
    if (app && this.foreground === app) this.foreground = null;
    return app !== undefined;
  }

  /** WDA's app state: 1 not running, 3 running in the background, 4 in the foreground. */
  appState(bundleId: string): number {
    const app = this.running.get(bundleId);
    if (!app) return 1;
    return app === this.foreground ? 4 : 3;
  }

  // ---- screen and input (points, as WebDriverAgent speaks) ----

  get foregroundApp(): VirtualApp {
    return this.foreground ?? this.springboard;
  }

  /** Bundle id of the foreground app (the home screen is SpringBoard). */
  get foregroundBundle(): string {
    return this.foreground?.packageName ?? SPRINGBOARD;
  }

  windows(): UiWindow[] {
    return this.foregroundApp.windows();
  }

  pageSource(): string {
    const label = this.foreground
      ? (this.installed.get(this.foreground.packageName)?.displayName ?? this.foreground.packageName)
      : 'SpringBoard';
    return pageSourceXml(label, this.windows());
  }

  screenshotPng(): Buffer {
    return renderScreen(this.windows(), this.options.screenshotScale ?? 0.25);
  }

  /** The screen's pixels now, for recordVideo's frames. */
  screenRaster(): Raster {
    return renderRaster(this.windows(), this.options.screenshotScale ?? 0.25);
  }

  /** recordVideo's running recordings by output path: each answers its GIF when finished. */
  readonly recordings = new Map<string, () => Buffer>();

  tap(x: number, y: number): void {
    const action = hitTest(this.windows(), x * POINT_SCALE, y * POINT_SCALE);
    if (action) this.foregroundApp.perform(action);
  }

  /** WDA's /wda/keys: characters, with \n as the return key and \b as delete. */
  keys(text: string): void {
    for (const part of text.split(/([\n\b])/)) {
      if (part === '\n') this.foregroundApp.key('ENTER');
      else if (part === '\b') this.foregroundApp.key('DEL');
      else if (part !== '') this.foregroundApp.typeText(part);
    }
  }

  drag(fromX: number, fromY: number, toX: number, toY: number): void {
    this.foregroundApp.swipe(fromX * POINT_SCALE, fromY * POINT_SCALE, toX * POINT_SCALE, toY * POINT_SCALE);
  }

  pressHome(): void {
    this.foreground = null;
  }

  /** Opens a URL: the sample app has no URL scheme, so it lands in a placeholder browser. */
  openUrl(url: string): void {
    const browser = 'com.apple.mobilesafari';
    this.running.set(
      browser,
      new PlaceholderApp({
        packageName: browser,
        label: 'Safari',
        data: new Map(),
        intent: { packageName: browser, activity: `${browser}.App`, action: 'open', data: url, categories: [], extras: {} },
      }),
    );
    this.foreground = this.running.get(browser)!;
  }
}
