/**
 * Requests through a tunnel (pre-requests and teardown requests with
 * `throughTunnel: true`) are sent by http-client.ts over a stream the tunnel client
 * opens to the internal host. TLS is verified as usual (public CAs, or
 * NODE_EXTRA_CA_CERTS for an internal CA) unless the curl command has -k.
 */
import type { Duplex } from 'node:stream';
import { exchange } from './http-client.js';

/** Opens streams to hosts inside the user's network, through one named tunnel. */
export interface TunnelDialer {
  name: string;
  open(host: string, port: number): Promise<Duplex>;
}

export interface TunnelRequest {
  method: string;
  headers: readonly (readonly [string, string])[];
  body: string | null;
  signal: AbortSignal;
}

/** One request through the tunnel, without following redirects. */
export async function fetchThroughTunnel(
  url: string,
  init: TunnelRequest,
  dialer: TunnelDialer,
): Promise<{ status: number; body: string }> {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw new Error(`only http and https URLs can go through a tunnel, not ${target.protocol}`);
  const answer = await exchange(target, { ...init, insecure: false }, { tunnel: dialer });
  return { status: answer.status, body: answer.body };
}
