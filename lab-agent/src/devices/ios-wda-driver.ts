/**
 * What simulators and iPhones share: the UI goes through WebDriverAgent (page source,
 * taps, typing, drags, the home button), in points, the unit of XCUITest's page source
 * and therefore of the brain's coordinates. Subclasses install, launch and reset apps
 * with the tool of their kind (simctl, devicectl) and say when the device is gone.
 */
import { isIPv6 } from 'node:net';
import type { Point } from '@devicelab/shared';
import {
  type DeviceDriver,
  DriverError,
  type KeyName,
  type LaunchParam,
  type ProxyEndpoint,
  type ProxyPlacement,
  type ScreenSize,
  type SwipeSpec,
  swipeCoordinates,
} from './driver.js';
import { WdaClient } from './wda-client.js';

/** The "back" of iOS: the first button of the navigation bar (UIKit puts the back button there). */
function navigationBackButton(source: string): Point | null {
  const bar = /<XCUIElementTypeNavigationBar\b[^>]*>([\s\S]*?)<\/XCUIElementTypeNavigationBar>/.exec(source);
  const button = bar ? /<XCUIElementTypeButton\b([^>]*)>?/.exec(bar[1]!) : null;
  if (!button) return null;
  const attr = (name: string) => Number(new RegExp(`\\b${name}="(-?[\\d.]+)"`).exec(button[1]!)?.[1] ?? NaN);
  const [x, y, w, h] = [attr('x'), attr('y'), attr('width'), attr('height')];
  if ([x, y, w, h].some((n) => !Number.isFinite(n))) return null;
  return { x: x + w / 2, y: y + h / 2 };
}

/** Launch parameters as an app reads them: `-key value` arguments (UserDefaults) and environment variables. */
function launchArguments(params: readonly LaunchParam[]): { arguments: string[]; environment: Record<string, string> } {
  return {
    arguments: params.flatMap((p) => [`-${p.key}`, p.value]),
    // Only names a process environment can carry; the arguments carry every parameter anyway.
    environment: Object.fromEntries(params.filter((p) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(p.key)).map((p) => [p.key, p.value])),
  };
}

/**
 * The proxy as an iOS app is told it at launch (iOS has no per-app proxy setting the agent
 * could change): DEVICELAB_PROXY_URL for the app's own URLSession configuration (docs/tunnels.md,
 * Platforms), HTTP_PROXY / HTTPS_PROXY for HTTP clients that read those.
 */
function proxyLaunchParams(endpoint: ProxyEndpoint): LaunchParam[] {
  const host = isIPv6(endpoint.host) ? `[${endpoint.host}]` : endpoint.host;
  const userinfo = endpoint.credential
    ? `${encodeURIComponent(endpoint.credential.user)}:${encodeURIComponent(endpoint.credential.password)}@`
    : '';
  const url = `http://${userinfo}${host}:${endpoint.port}`;
  return ['DEVICELAB_PROXY_URL', 'HTTP_PROXY', 'HTTPS_PROXY'].map((key) => ({ key, value: url }));
}

export abstract class IosWdaDriver implements DeviceDriver {
  protected readonly wda: WdaClient;
  private size: ScreenSize | null = null;
  /** What launches add while a tunnelled test runs (useProxy); empty otherwise. */
  private proxyParams: LaunchParam[] = [];

  constructor(
    readonly serial: string,
    wdaUrl: string | (() => string),
  ) {
    this.wda = new WdaClient(wdaUrl);
  }

  abstract install(buildFile: string, packageName: string): Promise<void>;
  abstract isInstalled(packageName: string): Promise<boolean>;
  abstract clearData(packageName: string): Promise<void>;
  abstract launch(packageName: string, params?: readonly LaunchParam[]): Promise<void>;
  abstract stop(packageName: string): Promise<void>;
  abstract openLink(url: string): Promise<void>;
  abstract screenshot(): Promise<Buffer>;
  abstract available(): Promise<boolean>;
  abstract proxyPlacement(): Promise<ProxyPlacement>;

  /** Every launch until clearProxy hands the app the proxy (a relaunch mid-test too). */
  async useProxy(endpoint: ProxyEndpoint): Promise<void> {
    this.proxyParams = proxyLaunchParams(endpoint);
  }

  /** Nothing on the device to undo: the next launch simply goes without the proxy. */
  async clearProxy(): Promise<void> {
    this.proxyParams = [];
  }

  /** Launch parameters as the app gets them: the test's, then the tunnel's proxy (which wins). */
  protected launchWith(params: readonly LaunchParam[]): { arguments: string[]; environment: Record<string, string> } {
    return launchArguments([...params, ...this.proxyParams]);
  }

  async hierarchy(): Promise<string> {
    const source = await this.guard(() => this.wda.source());
    if (!source.includes('XCUIElementType')) throw new DriverError('WebDriverAgent returned no XCUITest page source');
    return source;
  }

  async screenSize(): Promise<ScreenSize> {
    this.size ??= await this.guard(() => this.wda.windowSize());
    return this.size;
  }

  async tap(x: number, y: number): Promise<void> {
    await this.guard(() => this.wda.tap(x, y));
  }

  async type(text: string): Promise<void> {
    if (text !== '') await this.guard(() => this.wda.keys(text));
  }

  async swipe(spec: SwipeSpec): Promise<void> {
    const { from, to } = 'direction' in spec ? swipeCoordinates(spec.direction, await this.screenSize()) : spec;
    const ms = 'durationMs' in spec && spec.durationMs !== undefined ? spec.durationMs : 300;
    await this.guard(() => this.wda.drag(from, to, ms / 1000));
  }

  async key(key: KeyName): Promise<void> {
    if (key === 'home') return this.guard(() => this.wda.pressButton('home'));
    if (key === 'enter') return this.guard(() => this.wda.keys('\n'));
    // iOS has no back key: the navigation bar's back button, else the edge swipe that pops a screen.
    const button = navigationBackButton(await this.hierarchy());
    if (button) return this.tap(button.x, button.y);
    const size = await this.screenSize();
    await this.guard(() => this.wda.drag({ x: 1, y: size.height / 2 }, { x: size.width * 0.7, y: size.height / 2 }, 0.3));
  }

  /** Turns failures into DriverErrors that say whether the device is still there. */
  protected async guard<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (err) {
      const message = toolMessage(err);
      const gone = !(await this.available());
      if (err instanceof DriverError && !gone) throw err;
      throw new DriverError(gone ? `Device ${this.serial} is no longer available (${message})` : message, gone);
    }
  }
}

/** The useful part of a tool's failure: its stderr when it has one. */
export function toolMessage(err: unknown): string {
  const stderr = (err as { stderr?: unknown }).stderr;
  if (typeof stderr === 'string' && stderr.trim() !== '') return stderr.trim().split('\n').slice(0, 4).join(' ');
  return err instanceof Error ? err.message : String(err);
}
