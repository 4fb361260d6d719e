/**
 * An HTTP(S) request sent through a tunnel (pre-requests and teardown requests with
 * `throughTunnel: true`): the connection is a stream the tunnel client opens to the
 * internal host; node:http (and node:tls for https) speak over it, as over a socket.
 * TLS is verified as usual (public CAs, or NODE_EXTRA_CA_CERTS for an internal CA).
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import type { Duplex } from 'node:stream';
import { connect as tlsConnect } from 'node:tls';

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

export async function fetchThroughTunnel(url: string, init: TunnelRequest, dialer: TunnelDialer): Promise<{ status: number; body: string }> {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error(`only http and https URLs can go through a tunnel, not ${target.protocol}`);
  const secure = target.protocol === 'https:';
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = Number(target.port || (secure ? 443 : 80));
  init.signal.throwIfAborted();
  const stream = await dialer.open(host, port);
  const connection = secure ? tlsConnect({ socket: stream, servername: isIP(host) === 0 ? host : undefined }) : stream;
  const headers: Record<string, string> = {};
  for (const [name, value] of init.headers) {
    const key = name.toLowerCase();
    headers[key] = key in headers ? `${headers[key]}, ${value}` : value;
  }
  const send = secure ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(target, { method: init.method, headers, signal: init.signal, createConnection: () => connection as never }, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', (error) => {
      connection.destroy();
      reject(error);
    });
    req.end(init.body ?? undefined);
  });
}
