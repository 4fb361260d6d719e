/**
 * Sends a pre-request or teardown request and reads its answer, either directly or
 * through the run's tunnel (the connection is then a stream the tunnel client opens
 * to the internal host; node:http and node:tls speak over it as over a socket).
 *
 * Sent directly, a request is held to the webhooks' rule (webhooks/address-guard.ts):
 * only public addresses, checked as the address connected to, on every redirect hop,
 * unless the operator allows private ones (REQUESTS_ALLOW_PRIVATE=1). Otherwise any
 * organisation's test could read the operator's network (cloud metadata, other
 * replicas, databases); internal hosts are what tunnels are for.
 *
 * Redirects are followed only with -L, as curl does. Answers are read up to
 * MAX_ANSWER_BYTES: enough for valuesToRemember and an error excerpt, and a large
 * download is not buffered in the control plane's memory.
 */
import { type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest, type RequestOptions } from 'node:https';
import { isIP } from 'node:net';
import type { Duplex } from 'node:stream';
import { connect as tlsConnect } from 'node:tls';
import { hostOf, isPublicAddress, publicOnlyLookup, RefusedAddress } from '../net/address-guard.js';
import type { TunnelDialer } from './tunnel-fetch.js';

export const MAX_ANSWER_BYTES = 1024 * 1024;
/** curl's own limit is 50; a chain this long is a loop in all but name. */
const MAX_REDIRECTS = 10;
const USER_AGENT = 'DeviceLab-Requests/1.0';

export interface HttpRequest {
  method: string;
  url: string;
  headers: readonly (readonly [string, string])[];
  body: string | null;
  /** -k: do not verify the server's certificate. */
  insecure?: boolean;
  /** -L: follow redirects. */
  followRedirects?: boolean;
  signal: AbortSignal;
}

/** How the request leaves: through a tunnel, or directly (public addresses only unless allowed). */
export type Route = { tunnel: TunnelDialer } | { allowPrivate: boolean };

export interface Answer {
  status: number;
  body: string;
  /** The answer was longer than MAX_ANSWER_BYTES: `body` is its beginning, the rest was not read. */
  truncated: boolean;
}

/** A request refused before it was sent (an invalid URL, an unsendable header); a private address is a RefusedAddress. */
export class RequestRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RequestRefused';
  }
}

/** Sends the request, following redirects with -L; throws on network failures, RequestRefused and RefusedAddress. */
export async function sendHttp(request: HttpRequest, route: Route): Promise<Answer> {
  let { method, body } = request;
  let headers = [...request.headers];
  let target = parseTarget(request.url);
  for (let hops = 0; ; hops++) {
    const answer = await exchange(target, { method, headers, body, insecure: request.insecure ?? false, signal: request.signal }, route);
    if (!request.followRedirects || !REDIRECTS.has(answer.status) || answer.location === null) return answer;
    if (hops === MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects`);
    const next = parseTarget(answer.location, target);
    // What curl -L does: 303, and 301/302 after a POST, continue as a GET without the body.
    if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === 'POST')) {
      method = method === 'HEAD' ? 'HEAD' : 'GET';
      body = null;
      headers = headers.filter(([name]) => !/^content-(type|length)$/i.test(name));
    }
    // Credentials are for the host they were written for (curl without --location-trusted).
    if (next.origin !== target.origin) headers = headers.filter(([name]) => !/^(authorization|cookie)$/i.test(name));
    target = next;
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function parseTarget(url: string, base?: URL): URL {
  let target: URL;
  try {
    target = new URL(url, base);
  } catch {
    throw new RequestRefused(`"${url.split('?')[0]}" is not a valid URL`);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw new RequestRefused(`only http and https URLs can be requested, not ${target.protocol}`);
  }
  return target;
}

export interface Hop {
  method: string;
  headers: readonly (readonly [string, string])[];
  body: string | null;
  insecure: boolean;
  signal: AbortSignal;
}

/** One request and its answer, with the Location of a redirect. */
export async function exchange(target: URL, hop: Hop, route: Route): Promise<Answer & { location: string | null }> {
  const headers = headerObject(hop.headers);
  const secure = target.protocol === 'https:';
  const host = hostOf(target);
  const port = Number(target.port || (secure ? 443 : 80));
  const options: RequestOptions = { method: hop.method, headers, signal: hop.signal };
  hop.signal.throwIfAborted();
  if ('tunnel' in route) {
    const stream = await route.tunnel.open(host, port);
    let connection: Duplex = stream;
    // The tunnel stream is ours to close, whatever happens: an answer read, an error, or a request node:http refuses to build.
    try {
      hop.signal.throwIfAborted();
      if (secure)
        connection = tlsConnect({ socket: stream, servername: isIP(host) === 0 ? host : undefined, rejectUnauthorized: !hop.insecure });
      return await send(target, { ...options, createConnection: () => connection }, hop.body);
    } finally {
      connection.destroy();
      stream.destroy();
    }
  }
  // A literal address is never looked up, so the lookup hook cannot check it.
  if (!route.allowPrivate && isIP(host) && !isPublicAddress(host)) throw new RefusedAddress(host, host);
  // agent: false: a connection of its own, checked by the lookup as it connects (a pooled one could be reused across settings).
  return send(
    target,
    {
      ...options,
      agent: false,
      rejectUnauthorized: !hop.insecure,
      ...(route.allowPrivate ? {} : { lookup: publicOnlyLookup }),
    },
    hop.body,
  );
}

/** Header lines as node:http wants them; a repeated name is joined as one line, as HTTP allows. */
function headerObject(lines: readonly (readonly [string, string])[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of lines) {
    // node:http would throw on these; say which header, since a {{value}} may have put the character there.
    if (!/^[\t\x20-\x7e\x80-\xff]*$/.test(value)) {
      throw new RequestRefused(
        `header "${name}" cannot be sent: its value holds a line break, another control character or a character beyond Latin-1 (after {{values}} were put in)`,
      );
    }
    const key = name.toLowerCase();
    headers[key] = key in headers ? `${headers[key]}, ${value}` : value;
  }
  // What curl sends unless told otherwise; some APIs refuse a request without a User-Agent.
  headers['user-agent'] ??= USER_AGENT;
  headers.accept ??= '*/*';
  return headers;
}

function send(target: URL, options: RequestOptions, body: string | null): Promise<Answer & { location: string | null }> {
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    let req: ClientRequest;
    try {
      req = request(target, options, (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = (truncated: boolean) =>
          resolve({
            status: res.statusCode ?? 0,
            location: typeof res.headers.location === 'string' ? res.headers.location : null,
            body: Buffer.concat(chunks).toString('utf8'),
            truncated,
          });
        res.on('data', (chunk: Buffer) => {
          const room = MAX_ANSWER_BYTES - size;
          chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
          size += Math.min(chunk.length, room);
          if (chunk.length > room) {
            done(true);
            req.destroy(); // stop reading: the rest is never downloaded
          }
        });
        res.on('end', () => done(false));
        res.on('error', reject);
        res.on('close', () => reject(new Error('the connection closed before the whole answer arrived')));
      });
    } catch (e) {
      // An invalid method or header: node:http throws before anything is sent.
      return reject(e);
    }
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}
