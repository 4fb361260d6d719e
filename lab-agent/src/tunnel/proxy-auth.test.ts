/**
 * The device proxy's credential and address checks (proxy-auth.ts), over real sockets: a
 * plain HTTP client and a CONNECT client against startDeviceProxy with requireAuth /
 * onlyFrom, a socket to a local server standing in for the tunnel.
 */
import { once } from 'node:events';
import { createServer, request, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DeviceProxy, type Dial, startDeviceProxy } from './device-proxy.js';
import { fromAddress, newProxyCredential } from './proxy-auth.js';

let internal: Server;
let internalPort: number;
const seen: Array<string | undefined> = [];
const dial: Dial = async () => {
  const socket = connect(internalPort, '127.0.0.1');
  await once(socket, 'connect');
  return socket;
};

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

function get(
  proxy: DeviceProxy,
  headers: Record<string, string> = {},
): Promise<{ status: number; challenge: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: proxy.port, path: 'http://staging.corp/hello', headers: { host: 'staging.corp', ...headers } },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => {
          body += c.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, challenge: res.headers['proxy-authenticate'], body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function connectThrough(
  proxy: DeviceProxy,
  headers: Record<string, string> = {},
): Promise<{ status: number; challenge: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: proxy.port, method: 'CONNECT', path: 'staging.corp:443', headers });
    req.on('connect', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 0, challenge: res.headers['proxy-authenticate'] });
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  internal = createServer((req, res) => {
    seen.push(req.headers['proxy-authorization']);
    res.end('internal says hello');
  });
  internal.listen(0, '127.0.0.1');
  await once(internal, 'listening');
  internalPort = (internal.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => internal.close(() => r())));

describe('device proxy with requireAuth', () => {
  it('answers 407 with a Basic challenge without the credential or with a wrong one, and forwards with it (not passing it on)', async () => {
    const credential = newProxyCredential();
    const proxy = await startDeviceProxy(dial, { requireAuth: credential });
    try {
      const none = await get(proxy);
      expect(none).toMatchObject({ status: 407, challenge: 'Basic realm="DeviceLab tunnel"' });
      expect(none.body).toMatch(/DEVICELAB_PROXY_URL/);
      expect((await get(proxy, { 'proxy-authorization': basic(credential.user, `${credential.password}x`) })).status).toBe(407);
      expect((await get(proxy, { 'proxy-authorization': 'Bearer something' })).status).toBe(407);
      seen.length = 0;
      const ok = await get(proxy, { 'proxy-authorization': basic(credential.user, credential.password) });
      expect(ok).toMatchObject({ status: 200, body: 'internal says hello' });
      expect(seen).toEqual([undefined]); // the internal host never sees the test's credential
    } finally {
      await proxy.close();
    }
  });

  it('refuses a CONNECT without the credential with 407 and establishes it with the credential', async () => {
    const credential = newProxyCredential();
    const proxy = await startDeviceProxy(dial, { requireAuth: credential });
    try {
      expect(await connectThrough(proxy)).toEqual({ status: 407, challenge: 'Basic realm="DeviceLab tunnel"' });
      expect((await connectThrough(proxy, { 'proxy-authorization': basic(credential.user, credential.password) })).status).toBe(200);
    } finally {
      await proxy.close();
    }
  });

  it('gives every test a different password', () => {
    expect(newProxyCredential().password).not.toBe(newProxyCredential().password);
  });
});

describe('device proxy with onlyFrom', () => {
  it('closes connections from any other address and serves the allowed one', async () => {
    const elsewhere = await startDeviceProxy(dial, { onlyFrom: '10.1.2.3' });
    const here = await startDeviceProxy(dial, { onlyFrom: '127.0.0.1' });
    try {
      await expect(get(elsewhere)).rejects.toThrow(/socket hang up|ECONNRESET/);
      expect((await get(here)).status).toBe(200);
    } finally {
      await elsewhere.close();
      await here.close();
    }
  });

  it('matches an IPv4 address arriving IPv4-mapped', () => {
    expect(fromAddress('::ffff:192.168.1.20', '192.168.1.20')).toBe(true);
    expect(fromAddress('192.168.1.21', '192.168.1.20')).toBe(false);
    expect(fromAddress(undefined, '192.168.1.20')).toBe(false);
  });
});
