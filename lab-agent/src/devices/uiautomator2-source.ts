/**
 * The screen's hierarchy read through Appium's UiAutomator2 server, for screens that never
 * settle. `uiautomator dump` waits for the UI to be idle and fails outright when it never
 * is ("could not get idle state": a spinner, a video, a ticking clock). The tools that
 * read such screens (Appium, Maestro, openatx's uiautomator2) read the accessibility tree
 * from an instrumentation on the device instead, with a bounded idle wait that then reads
 * the tree as it is. Appium's server is the one lab devices most often have installed:
 * io.appium.uiautomator2.server and its .test instrumentation. It is used as Appium does:
 *
 *   adb forward tcp:LOCAL tcp:6790
 *   adb shell am instrument -w io.appium.uiautomator2.server.test/androidx.test.runner.AndroidJUnitRunner   (kept running)
 *   POST /wd/hub/session, POST /wd/hub/session/ID/appium/settings {"settings":{"waitForIdleTimeout":0}}
 *   GET /wd/hub/session/ID/source   → {"value": "<hierarchy ...><android.widget.FrameLayout ...>"}
 *
 * The server and the forward stay after use, as Appium leaves them; the next use (a later
 * agent's too) finds them.
 */
import { createServer } from 'node:net';
import type { Readable } from 'node:stream';
import type { DeviceClient } from './adbkit.js';

export const UIA2_TEST_PACKAGE = 'io.appium.uiautomator2.server.test';
const INSTRUMENTATION = `${UIA2_TEST_PACKAGE}/androidx.test.runner.AndroidJUnitRunner`;
const DEVICE_PORT = 6790;
/** How long the instrumentation may take to start serving (Appium allows 30 s on slow devices). */
const START_TIMEOUT_MS = 30_000;
const REQUEST_TIMEOUT_MS = 20_000;

/** Appium's source names each element by its class; uiautomator dump names them all <node> (with the class as an attribute). */
export function appiumSourceToDumpXml(source: string): string {
  return source.replace(/<(\/?)(?!hierarchy[\s/>])[A-Za-z_][\w.$-]*(?=[\s/>])/g, (_tag, slash: string) => `<${slash}node`);
}

async function freeLocalPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export class Uiautomator2Source {
  private base: string | null = null;
  private sessionId: string | null = null;
  private instrumentation: Readable | null = null;

  constructor(
    private readonly device: DeviceClient,
    private readonly serial: string,
    private readonly shell: (command: string) => Promise<string>,
  ) {}

  /** Whether the server's instrumentation package is installed on the device. */
  async installed(): Promise<boolean> {
    return (await this.shell(`pm path ${UIA2_TEST_PACKAGE}`)).startsWith('package:');
  }

  /** The hierarchy as it is now, without waiting for the UI to idle, in uiautomator dump's form. */
  async hierarchy(): Promise<string> {
    for (let attempt = 1; ; attempt += 1) {
      await this.ensureSession();
      const reply = await this.request('GET', `/session/${this.sessionId}/source`);
      if (reply.status === 200 && typeof reply.body.value === 'string') return appiumSourceToDumpXml(reply.body.value);
      // The server restarted since (its sessions are gone): a new session, once.
      this.sessionId = null;
      if (attempt > 1) throw new Error(`GET source answered HTTP ${reply.status}`);
    }
  }

  private async ensureSession(): Promise<void> {
    if (!this.base) {
      // A forward an earlier agent made to this device's server is used again, not piled up on the adb server.
      const forwards = (await this.device.listForwards()) as Array<{ serial: string; local: string; remote: string }>;
      const earlier = forwards.find((f) => f.serial === this.serial && f.remote === `tcp:${DEVICE_PORT}` && /^tcp:\d+$/.test(f.local));
      let local = earlier?.local;
      if (!local) {
        local = `tcp:${await freeLocalPort()}`;
        await this.device.forward(local, `tcp:${DEVICE_PORT}`);
      }
      this.base = `http://127.0.0.1:${local.slice(4)}/wd/hub`;
    }
    if (!(await this.ready())) {
      this.sessionId = null;
      await this.startServer();
    }
    if (this.sessionId) return;
    const created = await this.request('POST', '/session', {
      capabilities: { alwaysMatch: { platformName: 'Android' }, firstMatch: [{}] },
    });
    const id = created.body.sessionId;
    if (created.status !== 200 || typeof id !== 'string') throw new Error(`POST session answered HTTP ${created.status}`);
    // 0: read the tree at once. The plain dump has already waited for an idle UI that never came.
    const set = await this.request('POST', `/session/${id}/appium/settings`, { settings: { waitForIdleTimeout: 0 } });
    if (set.status !== 200) throw new Error(`POST settings answered HTTP ${set.status}`);
    this.sessionId = id;
  }

  private async startServer(): Promise<void> {
    this.instrumentation?.destroy();
    const stream = (await this.device.shell(`am instrument -w -e disableAnalytics true ${INSTRUMENTATION}`)) as Readable;
    let output = '';
    stream.on('data', (chunk: Buffer) => void (output = (output + chunk.toString('utf8')).slice(-2000)));
    stream.on('error', () => undefined);
    this.instrumentation = stream;
    const ended = new Promise<void>((resolve) => stream.once('end', resolve).once('close', resolve));
    let over = false;
    ended.then(() => (over = true));
    for (const deadline = Date.now() + START_TIMEOUT_MS; Date.now() < deadline; ) {
      if (await this.ready()) return;
      if (over) throw new Error(`the instrumentation ended: ${output.trim().split('\n').pop() ?? 'no output'}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`the server did not answer within ${START_TIMEOUT_MS / 1000} s`);
  }

  private async ready(): Promise<boolean> {
    try {
      const reply = await this.request('GET', '/status', undefined, 2_000);
      return reply.status === 200 && (reply.body.value as { ready?: unknown } | undefined)?.ready === true;
    } catch {
      return false; // nothing listens on the device port yet: adb closes the forwarded connection
    }
  }

  private async request(
    method: string,
    path: string,
    payload?: unknown,
    timeoutMs = REQUEST_TIMEOUT_MS,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      signal: AbortSignal.timeout(timeoutMs),
      ...(payload === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) }),
    });
    const text = await res.text();
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      body = {};
    }
    return { status: res.status, body };
  }
}
