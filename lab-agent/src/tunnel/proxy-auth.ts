/**
 * Who may use a device proxy that listens where more than the test's device can reach it:
 * an iOS simulator shares the Mac's loopback with every other simulator and process on the
 * Mac, and an iPhone reaches the proxy on the Mac's LAN address. Such a proxy asks for the
 * test's own credential (`Proxy-Authorization: Basic`, a new random password per test,
 * handed to the app in its launch environment) and, where the device's address is known,
 * accepts connections from that address only.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIPv4 } from 'node:net';

export interface ProxyCredential {
  user: string;
  password: string;
}

const REALM = 'DeviceLab tunnel';
const REFUSAL =
  "DeviceLab tunnel: this proxy is only for the test's app; send the credential of DEVICELAB_PROXY_URL as Proxy-Authorization\n";

/** A credential for one test; URL-safe, so it can sit in DEVICELAB_PROXY_URL as it is. */
export function newProxyCredential(): ProxyCredential {
  return { user: 'devicelab', password: randomBytes(18).toString('base64url') };
}

/** Whether the request carries the credential as `Proxy-Authorization: Basic …` (compared in constant time). */
export function hasProxyCredential(req: IncomingMessage, credential: ProxyCredential): boolean {
  const match = /^Basic +([A-Za-z0-9+/=_-]+) *$/i.exec(req.headers['proxy-authorization'] ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!, 'base64');
  const expected = Buffer.from(`${credential.user}:${credential.password}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** 407 for a forwarded request; the Basic challenge makes URLSession ask its delegate for the credential. */
export function refuseWithoutCredential(res: ServerResponse): void {
  res.writeHead(407, { 'proxy-authenticate': `Basic realm="${REALM}"`, 'content-type': 'text/plain', connection: 'close' }).end(REFUSAL);
}

/** The same 407 as raw bytes, for a CONNECT's socket. */
export function connectRefusalWithoutCredential(): string {
  return (
    `HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="${REALM}"\r\nContent-Type: text/plain\r\n` +
    `Content-Length: ${Buffer.byteLength(REFUSAL)}\r\nConnection: close\r\n\r\n${REFUSAL}`
  );
}

/** Whether a connection's remote address is the allowed one (an IPv4 address may arrive IPv4-mapped on a dual-stack socket). */
export function fromAddress(remoteAddress: string | undefined, allowed: string): boolean {
  if (!remoteAddress) return false;
  const bare = (address: string) =>
    address.toLowerCase().startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address.toLowerCase();
  return bare(remoteAddress) === bare(allowed);
}
