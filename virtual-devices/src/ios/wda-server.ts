/**
 * A WebDriverAgent double for one virtual iPhone: an HTTP server answering the WDA
 * endpoints the lab agent uses, in WDA's shape (`{value, sessionId}`, W3C errors as
 * `{value: {error, message, traceback}}` with 4xx/5xx statuses):
 *
 *   GET  /status                                POST /session {capabilities}
 *   GET  /source, /session/:id/source          GET  /screenshot, /session/:id/screenshot
 *   GET  /session/:id/window/size              DELETE /session/:id
 *   POST /session/:id/wda/tap {x, y}           POST /session/:id/wda/keys {value}
 *   POST /session/:id/wda/dragfromtoforduration {fromX, fromY, toX, toY, duration}
 *   POST /session/:id/wda/pressButton {name}   POST /session/:id/url {url}
 *   POST /session/:id/wda/apps/launch|terminate|state {bundleId, arguments, environment}
 *
 * A session created with a bundleId launches that app, as WDA does. Only one session
 * exists at a time (WDA replaces the previous one).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SCREEN_POINTS } from '../xcuitest-xml.js';
import type { VirtualIosDevice } from './ios-device.js';

class WdaError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

type Body = Record<string, unknown>;

export interface WdaServer {
  readonly url: string;
  close(): Promise<void>;
}

const MAX_BODY = 1_000_000;

export async function startWdaServer(device: VirtualIosDevice, host = '127.0.0.1'): Promise<WdaServer> {
  let sessionId: string | null = null;

  const handle = (method: string, path: string, body: Body): unknown => {
    if (!device.booted) throw new WdaError(500, 'unknown error', 'The device is not available (shut down)');
    if (method === 'GET' && path === '/status') {
      return {
        ready: true,
        message: 'WebDriverAgent is ready to accept commands',
        state: 'success',
        os: { name: 'iOS', version: device.osVersion },
        ios: { simulatorVersion: device.osVersion, ip: device.wifiAddress },
      };
    }
    if (method === 'POST' && path === '/session') {
      const caps = capabilities(body);
      sessionId = randomUUID().toUpperCase();
      if (typeof caps['bundleId'] === 'string') launch(caps['bundleId'], caps['arguments'], caps['environment']);
      return {
        sessionId,
        capabilities: {
          device: device.kind === 'simulator' ? 'iphone simulator' : 'iphone',
          sdkVersion: device.osVersion,
          CFBundleIdentifier: device.foregroundBundle,
        },
      };
    }
    // Reading the screen works with or without a session, as in WDA.
    const scoped = /^\/session\/([^/]+)(\/.*)?$/.exec(path);
    if (scoped) {
      if (scoped[1] !== sessionId) throw new WdaError(404, 'invalid session id', `Session does not exist: ${scoped[1]}`);
      path = scoped[2] ?? '';
    }
    const route = `${method} ${path}`;
    switch (route) {
      case 'GET /source':
        return device.pageSource();
      case 'GET /screenshot':
        return device.screenshotPng().toString('base64');
      case 'GET /window/size':
        return { ...SCREEN_POINTS };
      case 'GET /window/rect':
        return { x: 0, y: 0, ...SCREEN_POINTS };
    }
    if (!scoped) throw new WdaError(404, 'unknown command', `Unhandled endpoint: ${path} -- http method ${method}`);
    switch (route) {
      case 'GET ':
        return { capabilities: { CFBundleIdentifier: device.foregroundBundle } };
      case 'DELETE ':
        sessionId = null;
        return null;
      case 'POST /wda/tap':
      case 'POST /wda/tap/0':
        device.tap(num(body, 'x'), num(body, 'y'));
        return null;
      case 'POST /wda/keys': {
        const value = body['value'];
        if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw invalid('value must be an array of strings');
        device.keys(value.join(''));
        return null;
      }
      case 'POST /wda/dragfromtoforduration':
        device.drag(num(body, 'fromX'), num(body, 'fromY'), num(body, 'toX'), num(body, 'toY'));
        return null;
      case 'POST /wda/pressButton':
        if (body['name'] !== 'home') throw invalid(`The button '${String(body['name'])}' is unknown to the virtual device`);
        device.pressHome();
        return null;
      case 'POST /url':
        if (typeof body['url'] !== 'string' || body['url'] === '') throw invalid('url is required');
        device.openUrl(body['url']);
        return null;
      case 'POST /wda/apps/launch':
        launch(bundleIdOf(body), body['arguments'], body['environment']);
        return null;
      case 'POST /wda/apps/terminate':
        return device.terminate(bundleIdOf(body));
      case 'POST /wda/apps/state':
        return device.appState(bundleIdOf(body));
    }
    throw new WdaError(404, 'unknown command', `Unhandled endpoint: ${path} -- http method ${method}`);
  };

  const launch = (bundleId: string, args: unknown, env: unknown) => {
    const argv = Array.isArray(args) ? args.map(String) : [];
    const environment = env && typeof env === 'object' ? Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v)])) : {};
    try {
      device.launch(bundleId, argv, environment, { terminateRunning: true });
    } catch (err) {
      throw new WdaError(500, 'unknown error', (err as Error).message);
    }
  };

  const server: Server = createServer((req, res) => {
    void respond(req, res);
  });
  const respond = async (req: IncomingMessage, res: ServerResponse) => {
    let status = 200;
    let value: unknown;
    try {
      const body = await readJson(req);
      value = handle(req.method ?? 'GET', (req.url ?? '/').split('?')[0]!.replace(/\/+$/, '') || '/', body);
    } catch (err) {
      const e = err instanceof WdaError ? err : new WdaError(500, 'unknown error', err instanceof Error ? err.message : String(err));
      status = e.status;
      value = { error: e.error, message: e.message, traceback: '' };
    }
    res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
    res.end(JSON.stringify({ value: value ?? null, sessionId }));
  };

  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function capabilities(body: Body): Body {
  const caps = (body['capabilities'] ?? {}) as Body;
  const first = Array.isArray(caps['firstMatch']) ? ((caps['firstMatch'][0] ?? {}) as Body) : {};
  return { ...((caps['alwaysMatch'] ?? {}) as Body), ...first };
}

const invalid = (message: string) => new WdaError(400, 'invalid argument', message);

function num(body: Body, key: string): number {
  const v = body[key];
  if (typeof v !== 'number' || !Number.isFinite(v)) throw invalid(`${key} must be a number`);
  return v;
}

function bundleIdOf(body: Body): string {
  const id = body['bundleId'];
  if (typeof id !== 'string' || id === '') throw invalid('bundleId is required');
  return id;
}

async function readJson(req: IncomingMessage): Promise<Body> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw invalid('request body too large');
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return {};
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Body) : {};
  } catch {
    throw invalid('the request body is not JSON');
  }
}
