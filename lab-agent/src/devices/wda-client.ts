/**
 * A small client for WebDriverAgent, the XCUITest server Appium and Maestro run on
 * simulators and iPhones. It speaks WDA's documented HTTP endpoints directly (JSON
 * `{value, sessionId}`): appium-xcuitest-driver would bring the whole Appium server as
 * a peer dependency and builds WDA itself, while the agent only needs a dozen calls
 * against a WDA that the lab host already runs (see docs/lab-hosts.md#mac-lab-host).
 *
 * A session is created lazily and again when WDA forgets it (WDA restarted, another
 * client took over): one retry on "invalid session id".
 */
import { isIP } from 'node:net';
import type { Point } from '@devicelab/shared';
import { DriverError } from './driver.js';

export interface WdaLaunch {
  bundleId: string;
  arguments?: string[];
  environment?: Record<string, string>;
}

type Json = Record<string, unknown>;

class WdaResponseError extends DriverError {
  constructor(
    message: string,
    readonly wdaError: string,
  ) {
    super(message);
  }
}

const REQUEST_TIMEOUT_MS = 60_000;

export class WdaClient {
  private sessionId: string | null = null;

  /** A URL, or where to read it at each request (a managed WDA's URL exists only once it is up: wda-supervisor.ts). */
  constructor(private readonly url: string | (() => string)) {}

  get baseUrl(): string {
    return typeof this.url === 'string' ? this.url : this.url();
  }

  /** Whether WDA answers /status (the device is reachable and WDA runs). */
  async ready(): Promise<boolean> {
    try {
      await this.call('GET', '/status');
      return true;
    } catch {
      return false;
    }
  }

  /** The device's Wi-Fi address as /status reports it (`value.ios.ip`; real devices), or null. */
  async deviceAddress(): Promise<string | null> {
    const status = (await this.call('GET', '/status')).value as Json | null;
    const ip = (status?.['ios'] as Json | undefined)?.['ip'];
    return typeof ip === 'string' && isIP(ip) !== 0 ? ip : null;
  }

  source(): Promise<string> {
    return this.value<string>('GET', '/source', undefined, (v) => typeof v === 'string');
  }

  async screenshot(): Promise<Buffer> {
    return Buffer.from(await this.value<string>('GET', '/screenshot', undefined, (v) => typeof v === 'string'), 'base64');
  }

  windowSize(): Promise<{ width: number; height: number }> {
    return this.inSession('GET', '/window/size', undefined, (v) => typeof (v as Json)?.['width'] === 'number') as Promise<{
      width: number;
      height: number;
    }>;
  }

  async tap(x: number, y: number): Promise<void> {
    await this.inSession('POST', '/wda/tap', { x, y });
  }

  /** Types into the focused element; \n presses return. */
  async keys(text: string): Promise<void> {
    await this.inSession('POST', '/wda/keys', { value: [...text] });
  }

  async drag(from: Point, to: Point, seconds: number): Promise<void> {
    await this.inSession('POST', '/wda/dragfromtoforduration', { fromX: from.x, fromY: from.y, toX: to.x, toY: to.y, duration: seconds });
  }

  async pressButton(name: 'home' | 'volumeUp' | 'volumeDown'): Promise<void> {
    await this.inSession('POST', '/wda/pressButton', { name });
  }

  async openUrl(url: string): Promise<void> {
    await this.inSession('POST', '/url', { url });
  }

  /** Launches the app with arguments and environment (terminating a running instance first). */
  async launchApp(launch: WdaLaunch): Promise<void> {
    await this.inSession('POST', '/wda/apps/launch', { arguments: [], environment: {}, ...launch });
  }

  /** Whether the app was running. */
  async terminateApp(bundleId: string): Promise<boolean> {
    return (await this.inSession('POST', '/wda/apps/terminate', { bundleId })) === true;
  }

  async closeSession(): Promise<void> {
    const id = this.sessionId;
    this.sessionId = null;
    if (id) await this.call('DELETE', `/session/${id}`).catch(() => undefined);
  }

  private async value<T>(method: string, path: string, body: Json | undefined, check: (v: unknown) => boolean): Promise<T> {
    const v = (await this.call(method, path, body)).value;
    if (!check(v)) throw new DriverError(`WebDriverAgent ${method} ${path} answered an unexpected value`);
    return v as T;
  }

  /** A call under the session; a forgotten session is created again once. */
  private async inSession(method: string, path: string, body?: Json, check?: (v: unknown) => boolean): Promise<unknown> {
    for (let attempt = 1; ; attempt += 1) {
      const id = this.sessionId ?? (await this.createSession());
      try {
        const v = (await this.call(method, `/session/${id}${path}`, body)).value;
        if (check && !check(v)) throw new DriverError(`WebDriverAgent ${method} ${path} answered an unexpected value`);
        return v;
      } catch (err) {
        if (!(err instanceof WdaResponseError) || err.wdaError !== 'invalid session id' || attempt > 1) throw err;
        this.sessionId = null;
      }
    }
  }

  private async createSession(): Promise<string> {
    // No bundleId: the session follows whichever app is in the foreground (simctl launched it).
    const reply = await this.call('POST', '/session', {
      capabilities: { alwaysMatch: { shouldWaitForQuiescence: false }, firstMatch: [{}] },
    });
    const id = reply.sessionId ?? (reply.value as Json | null)?.['sessionId'];
    if (typeof id !== 'string' || id === '') throw new DriverError('WebDriverAgent created no session');
    this.sessionId = id;
    return id;
  }

  private async call(method: string, path: string, body?: Json): Promise<{ value: unknown; sessionId?: string }> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? null : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
      throw new DriverError(`WebDriverAgent at ${this.baseUrl} is not reachable (${cause})`);
    }
    let json: { value?: unknown; sessionId?: string };
    try {
      json = (await res.json()) as typeof json;
    } catch {
      throw new DriverError(`WebDriverAgent ${method} ${path} answered HTTP ${res.status} without JSON`);
    }
    const v = json.value as Json | null | undefined;
    if (!res.ok || (v && typeof v === 'object' && typeof v['error'] === 'string')) {
      const error = typeof v?.['error'] === 'string' ? (v['error'] as string) : `HTTP ${res.status}`;
      const message = typeof v?.['message'] === 'string' ? (v['message'] as string) : '';
      throw new WdaResponseError(
        `WebDriverAgent ${method} ${path.replace(/^\/session\/[^/]+/, '')}: ${error}${message ? `: ${message}` : ''}`,
        error,
      );
    }
    return { value: json.value, ...(json.sessionId ? { sessionId: json.sessionId } : {}) };
  }
}
