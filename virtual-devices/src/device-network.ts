/**
 * The virtual devices' network, as apps on them see it. Like a lab device outside the
 * user's network it reaches public hosts directly but not private or loopback ones.
 *
 * - The virtual handset (deviceNetwork): with `settings put global http_proxy HOST:PORT`
 *   its HTTP goes to that proxy instead, and a proxy on the device's own loopback is
 *   reached through `adb reverse` (the device's port mapped to a port on the adb server's
 *   machine, where the lab agent listens).
 * - A virtual iOS app (launchProxyNetwork): iOS has no proxy setting the agent can change,
 *   so the app is told the proxy at launch (DEVICELAB_PROXY_URL, with the test's
 *   credential) and its HTTP goes there; the device shares this machine's network, so the
 *   proxy's address is used as it is.
 */
import { lookup } from 'node:dns/promises';
import { request } from 'node:http';
import { BlockList, isIP, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';

export interface AppNetwork {
  /** GET a URL; answers the status and body, or throws with the error an app would show. */
  fetch(url: string, signal?: AbortSignal): Promise<{ status: number; body: string }>;
}

export interface NetworkSettings {
  settings: ReadonlyMap<string, string>;
  /** A connection to the device's own 127.0.0.1:port (an `adb reverse`d port goes back through adb); throws when refused. */
  connectPort(port: number): Duplex;
}

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
  ['0.0.0.0', 8],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['::', 128],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

/** Whether the host (a name is resolved) is private or loopback: what a lab device cannot reach directly. */
export async function isPrivateHost(host: string): Promise<boolean> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const addresses = isIP(bare) !== 0 ? [bare] : (await lookup(bare, { all: true }).catch(() => [])).map((a) => a.address);
  return addresses.some((a) => PRIVATE.check(a, isIP(a) === 6 ? 'ipv6' : 'ipv4'));
}

/** The proxy the device's settings name, or null (unset, or Android's ":0" for none). */
export function proxyOf(settings: ReadonlyMap<string, string>): { host: string; port: number } | null {
  const match = /^([^:]+):(\d{1,5})$/.exec(settings.get('global/http_proxy') ?? '');
  if (!match || match[2] === '0') return null;
  return { host: match[1]!, port: Number(match[2]) };
}

/** GET straight out, as a device outside the user's network can: public hosts only. */
async function directFetch(target: URL, signal?: AbortSignal): Promise<{ status: number; body: string }> {
  if (await isPrivateHost(target.hostname))
    throw new Error(`net::ERR_ADDRESS_UNREACHABLE: ${target.hostname} is not reachable from this device`);
  const res = await fetch(target, { signal: signal ?? null });
  return { status: res.status, body: await res.text() };
}

/** GET through an HTTP proxy at host:port (absolute-URI request), with Proxy-Authorization when it has one. */
function proxiedFetch(
  target: URL,
  proxy: { host: string; port: number; authorization?: string; connect?: () => Duplex },
  signal?: AbortSignal,
): Promise<{ status: number; body: string }> {
  if (target.protocol !== 'http:')
    return Promise.reject(new Error(`net::ERR_NOT_IMPLEMENTED: the virtual device's proxy client speaks http:// only`));
  const headers: Record<string, string> = {
    host: target.host,
    ...(proxy.authorization ? { 'proxy-authorization': proxy.authorization } : {}),
  };
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: proxy.host,
        port: proxy.port,
        method: 'GET',
        path: target.toString(),
        headers,
        ...(signal ? { signal } : {}),
        // http's createConnection is typed for net.Socket; any Duplex carries HTTP/1.1.
        ...(proxy.connect ? { createConnection: proxy.connect as unknown as () => Socket } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', (error) => reject(new Error(`net::ERR_PROXY_CONNECTION_FAILED: ${error.message}`)));
    req.end();
  });
}

export function deviceNetwork(device: NetworkSettings): AppNetwork {
  return {
    async fetch(url, signal) {
      const target = new URL(url);
      const proxy = proxyOf(device.settings);
      if (!proxy) return directFetch(target, signal);
      // A proxy on the device's own loopback is usually the adb server machine's port, through adb reverse.
      const local = proxy.host === '127.0.0.1' || proxy.host === 'localhost';
      if (!local) return proxiedFetch(target, proxy, signal);
      let connection: Duplex;
      try {
        connection = device.connectPort(proxy.port);
      } catch {
        throw new Error(`net::ERR_PROXY_CONNECTION_FAILED: nothing listens on ${proxy.host}:${proxy.port}`);
      }
      return proxiedFetch(target, { host: '127.0.0.1', port: proxy.port, connect: () => connection }, signal);
    },
  };
}

/** The network of an app launched with `proxyUrl` (http://user:password@host:port, DEVICELAB_PROXY_URL), or without one. */
export function launchProxyNetwork(proxyUrl: string | undefined): AppNetwork {
  return {
    async fetch(url, signal) {
      const target = new URL(url);
      if (!proxyUrl) return directFetch(target, signal);
      let proxy: URL;
      try {
        proxy = new URL(proxyUrl);
        if (proxy.protocol !== 'http:' || !proxy.port) throw new Error();
      } catch {
        throw new Error(`net::ERR_PROXY_CONNECTION_FAILED: DEVICELAB_PROXY_URL is not http://host:port (${proxyUrl})`);
      }
      const credential = proxy.username ? `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}` : null;
      return proxiedFetch(
        target,
        {
          host: proxy.hostname.replace(/^\[(.*)\]$/, '$1'),
          port: Number(proxy.port),
          ...(credential ? { authorization: `Basic ${Buffer.from(credential).toString('base64')}` } : {}),
        },
        signal,
      );
    },
  };
}
