/**
 * Appium's UiAutomator2 server on the virtual device, as lab devices that run Appium have
 * it: two packages (io.appium.uiautomator2.server and its .test instrumentation), started
 * with `am instrument -w io.appium.uiautomator2.server.test/androidx.test.runner.AndroidJUnitRunner`,
 * serving HTTP on device port 6790 (reached through `adb forward`) until the
 * instrumentation ends (its shell closes, or `am force-stop`).
 *
 * It reads the accessibility tree through its own UiAutomation, and waits for the UI to be
 * idle for at most its `waitForIdleTimeout` setting (default 10 s), after which it reads
 * the tree as it is (UiDevice.waitForIdle gives up without failing). That is why it
 * answers where `uiautomator dump`, which fails outright when the UI never settles
 * ("could not get idle state"), does not. Served here, by Appium's routes: GET
 * /wd/hub/status, POST /wd/hub/session, GET|POST /wd/hub/session/:id/appium/settings,
 * GET /wd/hub/session/:id/source, DELETE /wd/hub/session/:id; anything else is a 404.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CommandIo } from './shell.js';
import { SCREEN_HEIGHT, SCREEN_WIDTH } from './ui-tree.js';
import type { VirtualDevice } from './virtual-device.js';

export const UIA2_SERVER_PACKAGE = 'io.appium.uiautomator2.server';
export const UIA2_TEST_PACKAGE = 'io.appium.uiautomator2.server.test';
export const UIA2_INSTRUMENTATION = `${UIA2_TEST_PACKAGE}/androidx.test.runner.AndroidJUnitRunner`;
export const UIA2_DEVICE_PORT = 6790;
const DEFAULT_WAIT_FOR_IDLE_MS = 10_000;

/** Installs both of Appium's packages, as `appium driver run uiautomator2` or a lab's setup does. */
export function preinstallUiautomator2Server(device: VirtualDevice): void {
  device.packages.preinstall({ packageName: UIA2_SERVER_PACKAGE, label: 'Appium Settings', activities: [] });
  device.packages.preinstall({ packageName: UIA2_TEST_PACKAGE, label: 'UiAutomator2 Server Test', activities: [] });
}

/** `uiautomator dump`'s hierarchy in the form Appium's source has: elements named by class, a sized root. */
export function appiumSourceXml(dumpXml: string): string {
  const classes: string[] = [];
  const body = dumpXml
    .replace(/^<\?xml[^>]*\?><hierarchy rotation="0">/, '')
    .replace(/<\/hierarchy>$/, '')
    .replace(/<node ([^>]*?)( ?\/?)>|<\/node>/g, (_tag, attrs: string | undefined, end: string | undefined) => {
      if (attrs === undefined) return `</${classes.pop()}>`;
      const className = /(?:^| )class="([^"]*)"/.exec(attrs)?.[1] ?? 'android.view.View';
      if (!end?.includes('/')) classes.push(className);
      return `<${className} ${attrs} displayed="true"${end?.includes('/') ? ' />' : '>'}`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?><hierarchy index="0" class="hierarchy" rotation="0" width="${SCREEN_WIDTH}" height="${SCREEN_HEIGHT}">${body}</hierarchy>`;
}

interface Session {
  waitForIdleTimeout: number;
}

const running = new WeakMap<VirtualDevice, Map<string, Session>>();

/** The sessions of the server running on a device (tests read their settings), or null when it is not running. */
export function uiautomator2Sessions(device: VirtualDevice): ReadonlyMap<string, Readonly<Session>> | null {
  return running.get(device) ?? null;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function handler(device: VirtualDevice, sessions: Map<string, Session>, signal: AbortSignal) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (req.method === 'GET' && path === '/wd/hub/status')
      return json(res, 200, { sessionId: 'None', value: { ready: true, message: 'UiAutomator2 Server is ready to accept commands' } });
    if (req.method === 'POST' && path === '/wd/hub/session') {
      await body(req);
      const id = randomUUID();
      sessions.set(id, { waitForIdleTimeout: DEFAULT_WAIT_FOR_IDLE_MS });
      return json(res, 200, { sessionId: id, value: { capabilities: { platformName: 'Android', deviceUDID: device.serial } } });
    }
    const m = /^\/wd\/hub\/session\/([^/]+)(\/appium\/settings|\/source)?$/.exec(path);
    if (!m) return void res.writeHead(404).end();
    const [, id, what] = m;
    const session = sessions.get(id!);
    if (!session)
      return json(res, 404, { sessionId: id, value: { error: 'invalid session id', message: `A session with id '${id}' does not exist` } });
    if (what === undefined && req.method === 'DELETE') {
      sessions.delete(id!);
      return json(res, 200, { sessionId: id, value: null });
    }
    if (what === '/appium/settings' && req.method === 'POST') {
      const settings = (await body(req)).settings as Record<string, unknown> | undefined;
      const wait = settings?.waitForIdleTimeout;
      if (typeof wait === 'number' && wait >= 0) session.waitForIdleTimeout = wait;
      return json(res, 200, { sessionId: id, value: null });
    }
    if (what === '/appium/settings' && req.method === 'GET')
      return json(res, 200, { sessionId: id, value: { waitForIdleTimeout: session.waitForIdleTimeout } });
    if (what === '/source' && req.method === 'GET') {
      // Something animating never lets the UI idle: the server waits its whole timeout, then reads the tree anyway.
      if (device.animating && session.waitForIdleTimeout > 0)
        await sleep(session.waitForIdleTimeout, undefined, { signal }).catch(() => undefined);
      return json(res, 200, { sessionId: id, value: appiumSourceXml(device.dumpXml()) });
    }
    res.writeHead(404).end();
  };
}

/**
 * `am instrument [-w] [-r] [-e KEY VALUE]... COMPONENT`. Appium's server instrumentation
 * serves until the shell closes or the package is force-stopped; any other component is
 * refused as am refuses an instrumentation that is not installed.
 */
export async function instrumentCommand(device: VirtualDevice, io: CommandIo, args: string[]): Promise<number> {
  let target = '';
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === '-e')
      i += 2; // -e KEY VALUE
    else if (['-p', '--user', '--abi'].includes(arg)) i += 1;
    else if (!arg.startsWith('-')) target = arg;
  }
  const [pkg] = target.split('/');
  if (target !== UIA2_INSTRUMENTATION || !device.packages.get(pkg ?? '') || !device.packages.get(UIA2_SERVER_PACKAGE)) {
    io.out(
      `INSTRUMENTATION_STATUS: id=ActivityManagerService\nINSTRUMENTATION_STATUS: Error=Unable to find instrumentation info for: ComponentInfo{${target}}\nINSTRUMENTATION_STATUS_CODE: -1\n`,
    );
    io.err(`android.util.AndroidException: INSTRUMENTATION_FAILED: ${target}\n`);
    return 1;
  }
  if (device.portListeners.has(UIA2_DEVICE_PORT)) {
    io.out('INSTRUMENTATION_RESULT: shortMsg=java.net.BindException\nINSTRUMENTATION_CODE: 0\n');
    return 0;
  }
  const stopped = new AbortController();
  const until = AbortSignal.any([io.signal, stopped.signal]);
  const sessions = new Map<string, Session>();
  running.set(device, sessions);
  const http = createServer(handler(device, sessions, until));
  const connections = new Set<Duplex>();
  device.portListeners.set(UIA2_DEVICE_PORT, (connection) => {
    connections.add(connection);
    connection.once('close', () => connections.delete(connection));
    http.emit('connection', connection as unknown as Socket);
  });
  const stop = device.onForceStop((stoppedPackage) => {
    if (stoppedPackage === UIA2_TEST_PACKAGE || stoppedPackage === UIA2_SERVER_PACKAGE) stopped.abort();
  });
  await new Promise<void>((resolve) => until.addEventListener('abort', () => resolve(), { once: true }));
  stop();
  running.delete(device);
  device.portListeners.delete(UIA2_DEVICE_PORT);
  // The process is gone: so are its connections (kept-alive ones included).
  http.close();
  for (const connection of connections) connection.destroy();
  io.out('INSTRUMENTATION_RESULT: shortMsg=Process crashed.\nINSTRUMENTATION_CODE: 0\n');
  return 0;
}
