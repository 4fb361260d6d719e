/**
 * The proxy a device uses during a tunnelled test (docs/architecture.md#tunnels): an HTTP proxy on
 * the agent's loopback. `CONNECT host:port` (HTTPS, and anything else tunnelled by the
 * client) becomes a stream through the tunnel, spliced to the device's socket; a plain
 * `GET http://host/...` is forwarded by node:http over such a stream, kept open for the next
 * request to the same host (TunnelAgent). A host the tunnel
 * refuses, or cannot reach, is answered with 403 / 502 and the reason as text, which is
 * what the app on the device shows. Where others than the test's device can reach it (iOS:
 * the Mac's shared loopback, its LAN address for an iPhone) it wants the test's credential.
 */
import { once } from 'node:events';
import { Agent, type ClientRequest, createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex, Readable, Writable } from 'node:stream';
import { StreamRefused } from '@devicelab/shared';
import {
  connectRefusalWithoutCredential,
  fromAddress,
  hasProxyCredential,
  type ProxyCredential,
  refuseWithoutCredential,
} from './proxy-auth.js';

export type Dial = (host: string, port: number) => Promise<Duplex>;

export interface DeviceProxyOptions {
  /** Address to listen on; default the agent's loopback. */
  host?: string;
  /** Requests without this credential on Proxy-Authorization get 407 (proxy-auth.ts). */
  requireAuth?: ProxyCredential;
  /** Connections from any other address are closed at once (the iPhone's Wi-Fi address). */
  onlyFrom?: string;
}

export interface DeviceProxy {
  readonly port: number;
  close(): Promise<void>;
}

const HOP_BY_HOP = ['proxy-connection', 'proxy-authorization', 'connection', 'keep-alive', 'te', 'trailer', 'upgrade'];

/** 403 when the tunnel's filters refused the host, 502 when it could not get there. */
function failure(error: unknown): { status: number; text: string } {
  const message = error instanceof Error ? error.message : String(error);
  const filtered = /--only-hosts|--exclude-hosts/.test(message);
  return { status: error instanceof StreamRefused && filtered ? 403 : 502, text: `DeviceLab tunnel: ${message}\n` };
}

/**
 * `from.pipe(to)`, destroying each when the other fails. Not stream.pipeline: on Node 20 every
 * pipeline makes an AbortController and aborts it when done, which builds a DOMException with
 * its stack; in the tunnel benchmark that was 190 ms of the agent side's CPU over ~6,500 small
 * requests (docs/benchmarks.md, issue 27).
 */
function join(from: Readable, to: Writable): void {
  from.pipe(to);
  from.once('error', () => to.destroy());
  to.once('error', () => from.destroy());
  to.once('close', () => {
    if (!from.readableEnded) from.destroy();
  });
}

/** An idle kept stream is closed before the internal host's own keep-alive timeout (Node's: 5 s) would. */
const IDLE_STREAM_MS = 4_000;
const idleTimers = new WeakMap<Duplex, NodeJS.Timeout>();

/**
 * Keeps the streams of plain-HTTP requests open between requests, per host:port, as a browser
 * keeps its connections. Without it, every request opened a stream through the control plane
 * and the tunnel client opened a new TCP connection to the internal host: three hops' worth of
 * round trips before the request could leave (in the tunnel benchmark, +3.2 ms at p50 against
 * +1.0 ms with it). As many streams as the device has requests in flight (no cap: the device's
 * own connections are the limit). The tunnel's host filter still applies: a stream is dialed
 * only for the host:port of its pool.
 */
class TunnelAgent extends Agent {
  constructor(private readonly dial: Dial) {
    super({ keepAlive: true, scheduling: 'lifo' });
  }

  override createConnection(
    options: { host?: string | null; port?: number | null },
    callback: (error: Error | null, stream?: Duplex) => void,
  ): undefined {
    this.dial(options.host ?? '', Number(options.port)).then(
      (stream) => {
        // The host closed it (its keep-alive timeout, Connection: close): out of the pool at once.
        stream.once('end', () => stream.destroy());
        // A tunnel stream holds no handle of its own to ref or unref; Agent#reuseSocket calls them.
        Object.assign(stream, { ref: () => stream, unref: () => stream });
        callback(null, stream);
      },
      (error: Error) => callback(error),
    );
    return undefined;
  }

  // A tunnel stream has no TCP keep-alive, ref or unref to set; it only gets an idle timeout.
  override keepSocketAlive(stream: Duplex): boolean {
    idleTimers.set(stream, setTimeout(() => stream.destroy(), IDLE_STREAM_MS).unref());
    return true;
  }

  override reuseSocket(stream: Duplex, request: ClientRequest): void {
    clearTimeout(idleTimers.get(stream));
    // Node's own takes off the 'error' listener it put on the stream when it became free: without
    // it, a kept stream gained one per request (MaxListenersExceededWarning, and a leak).
    super.reuseSocket(stream as Socket, request);
  }
}

/** "host:port" of a CONNECT line or a Host header; IPv6 in brackets. */
function hostPort(authority: string, defaultPort: number): { host: string; port: number } | null {
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(authority);
  if (!match) return null;
  const port = match[2] ? Number(match[2]) : defaultPort;
  if (port < 1 || port > 65535) return null;
  return { host: match[1]!.replace(/^\[(.*)\]$/, '$1'), port };
}

export async function startDeviceProxy(dial: Dial, options: DeviceProxyOptions = {}): Promise<DeviceProxy> {
  const sockets = new Set<Socket>();
  const pool = new TunnelAgent(dial);
  const admitted = (req: IncomingMessage) => !options.requireAuth || hasProxyCredential(req, options.requireAuth);

  async function forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!admitted(req)) return refuseWithoutCredential(res);
    let target: URL;
    try {
      target = new URL(req.url ?? '');
      if (target.protocol !== 'http:') throw new Error();
    } catch {
      res
        .writeHead(400, { 'content-type': 'text/plain' })
        .end('DeviceLab tunnel: this is a proxy; send absolute http:// URLs, or CONNECT for https\n');
      return;
    }
    const { host, port } = hostPort(target.host, 80)!;
    const headers = { ...req.headers };
    for (const name of HOP_BY_HOP) delete headers[name];
    headers.host = target.host; // an absolute URI's authority wins over the Host header (RFC 9112 3.2.2)
    const upstream = httpRequest(
      { host, port, path: target.pathname + target.search, method: req.method, headers, agent: pool },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        join(answer, res);
      },
    );
    upstream.on('error', (error) => {
      // The dial's refusal (the tunnel's filters, an unreachable host) or a stream that failed.
      if (!res.headersSent) {
        const { status, text } = failure(error);
        res.writeHead(status, { 'content-type': 'text/plain' }).end(text);
      } else res.destroy();
    });
    join(req, upstream);
  }

  async function connect(req: IncomingMessage, client: Duplex, head: Buffer): Promise<void> {
    if (!admitted(req)) return void client.end(connectRefusalWithoutCredential());
    const target = hostPort(req.url ?? '', 443);
    if (!target)
      return void client.end(
        'HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nDeviceLab tunnel: CONNECT wants host:port\n',
      );
    let stream: Duplex;
    try {
      stream = await dial(target.host, target.port);
    } catch (error) {
      const { status, text } = failure(error);
      return void client.end(
        `HTTP/1.1 ${status} ${status === 403 ? 'Forbidden' : 'Bad Gateway'}\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
      );
    }
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) stream.write(head);
    join(client, stream);
    join(stream, client);
  }

  const server = createServer((req, res) => void forward(req, res).catch(() => res.destroy()));
  server.on(
    'connect',
    (req: IncomingMessage, socket: Duplex, head: Buffer) => void connect(req, socket, head).catch(() => socket.destroy()),
  );
  server.on('connection', (socket: Socket) => {
    if (options.onlyFrom && !fromAddress(socket.remoteAddress, options.onlyFrom)) return void socket.destroy();
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.listen(0, options.host ?? '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      pool.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
