/**
 * The proxy a device uses during a tunnelled test (docs/architecture.md#tunnels): an HTTP proxy on
 * the agent's loopback. `CONNECT host:port` (HTTPS, and anything else tunnelled by the
 * client) becomes a stream through the tunnel, spliced to the device's socket; a plain
 * `GET http://host/...` is forwarded over such a stream, kept open for the next request to the
 * same host: without a body its head is written by hand and the answer relayed by relayAnswer
 * (KeptStreams), with a body by node:http (TunnelAgent). A host the tunnel
 * refuses, or cannot reach, is answered with 403 / 502 and the reason as text, which is
 * what the app on the device shows. Where others than the test's device can reach it (iOS:
 * the Mac's shared loopback, its LAN address for an iPhone) it wants the test's credential.
 */
import { once } from 'node:events';
import { Agent, type ClientRequest, createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex, Readable, Writable } from 'node:stream';
import { StreamRefused } from '@devicelab/shared';
import { AnswerReader } from './answer-reader.js';
import {
  connectRefusalWithoutCredential,
  fromAddress,
  hasProxyCredential,
  type ProxyCredential,
  refuseWithoutCredential,
} from './proxy-auth.js';
import { corkForThisTurn } from './turn-cork.js';

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
 * Bytes of an answer waiting for the device's socket before the tunnel stream is paused: one
 * read of the relay WebSocket (large-reads.ts). The stream's credit (mux.ts) then stops the sender.
 */
const DEVICE_BACKLOG = 256 * 1024;

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

/**
 * `join` toward the device: the writes of one turn leave in one once they reach 16 KiB (turn-cork.ts), and `from` is
 * paused on a backlog of DEVICE_BACKLOG, not on write()'s false, which a socket says past 16 KiB,
 * so that every 64 KiB chunk paused `from` and its 'drain' resumed it.
 */
function joinToDevice(from: Readable, to: Writable): void {
  const resume = () => from.resume();
  from.on('data', (chunk: Buffer) => {
    corkForThisTurn(to, chunk.length);
    to.write(chunk);
    if (to.writableLength >= DEVICE_BACKLOG && !from.isPaused()) {
      from.pause();
      to.once('drain', resume);
    }
  });
  from.once('end', () => to.end());
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

/**
 * The kept streams of plain-HTTP requests without a body, per host:port, last used first: the
 * same keeping as TunnelAgent's, for the requests whose answer is relayed by `relayAnswer`. An
 * idle stream leaves the pool when the host ends it, fails, sends anything, or after 4 s.
 */
class KeptStreams {
  private readonly idle = new Map<string, Array<{ stream: Duplex; leave: () => void }>>();

  take(key: string): Duplex | null {
    const entry = this.idle.get(key)?.pop();
    if (!entry) return null;
    entry.leave();
    return entry.stream;
  }

  keep(key: string, stream: Duplex): void {
    const entries = this.idle.get(key) ?? [];
    this.idle.set(key, entries);
    const gone = () => {
      const at = entries.indexOf(entry);
      if (at >= 0) entries.splice(at, 1);
      if (entries.length === 0 && this.idle.get(key) === entries) this.idle.delete(key);
      entry.leave();
      stream.destroy();
    };
    const timer = setTimeout(gone, IDLE_STREAM_MS).unref();
    const entry = {
      stream,
      leave: () => {
        clearTimeout(timer);
        stream.off('data', gone).off('end', gone).off('error', gone).off('close', gone);
      },
    };
    stream.on('data', gone).on('end', gone).on('error', gone).on('close', gone);
    entries.push(entry);
  }

  destroy(): void {
    for (const entries of this.idle.values())
      for (const { stream, leave } of entries.splice(0)) {
        leave();
        stream.destroy();
      }
    this.idle.clear();
  }
}

/** Hop-by-hop headers of an answer: node:http's response to the device sets its own. */
const ANSWER_HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-connection']);

/**
 * Relays the internal host's answer on `stream` to the device's `res`: the head through
 * node:http's response (which frames the body for the device's connection), the body as views
 * on the stream's bytes (answer-reader.ts), with backpressure. Once the answer is complete the
 * stream goes back to `kept` if it can carry another request, else it is destroyed.
 */
function relayAnswer(method: string, stream: Duplex, res: ServerResponse, done: (reusable: boolean) => void): void {
  let finished = false;
  const resume = () => stream.resume();
  const reader = new AnswerReader(method, {
    onHead({ statusCode, statusMessage, rawHeaders }) {
      const headers: string[] = [];
      for (let i = 0; i < rawHeaders.length; i += 2)
        if (!ANSWER_HOP_BY_HOP.has(rawHeaders[i]!.toLowerCase())) headers.push(rawHeaders[i]!, rawHeaders[i + 1]!);
      res.writeHead(statusCode, statusMessage, headers);
    },
    onBody(part) {
      const socket = res.socket;
      if (socket) corkForThisTurn(socket, part.length);
      res.write(part);
      // Paused on a backlog, not on write()'s false: a socket says false past 16 KiB, so every
      // 64 KiB part paused the stream and its 'drain' resumed it, a round of stream bookkeeping per part.
      if (res.writableLength >= DEVICE_BACKLOG && !stream.isPaused()) {
        stream.pause();
        res.once('drain', resume);
      }
    },
    onEnd(reusable) {
      if (finished) return;
      finish();
      res.end();
      done(reusable && !res.destroyed);
    },
  });
  const onData = (chunk: Buffer) => {
    try {
      reader.feed(chunk);
    } catch (error) {
      fail(error);
    }
  };
  const onEnd = () => {
    if (!reader.finish()) fail(new Error('the internal host closed the connection before its answer was complete'));
  };
  const onClose = () => fail(new Error('the tunnel stream closed before the answer was complete'));
  const onDeviceGone = () => {
    if (finished) return;
    finish();
    done(false);
  };
  function finish(): void {
    finished = true;
    stream.off('data', onData).off('end', onEnd).off('error', fail).off('close', onClose);
    res.off('close', onDeviceGone).off('drain', resume);
    if (stream.isPaused()) stream.resume();
  }
  function fail(error: unknown): void {
    if (finished || reader.done) return;
    finish();
    done(false);
    if (res.headersSent) return void res.destroy();
    const { status, text } = failure(error);
    res.writeHead(status, { 'content-type': 'text/plain' }).end(text);
  }
  stream.on('data', onData).on('end', onEnd).on('error', fail).on('close', onClose);
  res.on('close', onDeviceGone);
}

/** Whether a request carries no body: only those take the relayed answer (the others go through node:http). */
function bodiless(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0') && req.headers.expect === undefined;
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
  const kept = new KeptStreams();
  let closed = false;
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
    if (bodiless(req)) return relayBodiless(req, res, { host, port, authority: target.host, path: target.pathname + target.search });
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

  /**
   * A request without a body: its head is written to a kept or new stream by hand and the answer
   * relayed by relayAnswer, not by node:http's client (answer-reader.ts says why).
   */
  async function relayBodiless(
    req: IncomingMessage,
    res: ServerResponse,
    to: { host: string; port: number; authority: string; path: string },
  ): Promise<void> {
    const key = `${to.host}:${to.port}`;
    let stream = kept.take(key);
    if (!stream) {
      try {
        stream = await dial(to.host, to.port);
      } catch (error) {
        const { status, text } = failure(error);
        return void res.writeHead(status, { 'content-type': 'text/plain' }).end(text);
      }
    }
    if (res.destroyed || closed) return void stream.destroy(); // the device left (or the proxy closed) meanwhile
    const head = [`${req.method} ${to.path} HTTP/1.1`, `Host: ${to.authority}`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      const name = req.rawHeaders[i]!;
      const lower = name.toLowerCase();
      if (lower !== 'host' && !HOP_BY_HOP.includes(lower)) head.push(`${name}: ${req.rawHeaders[i + 1]}`);
    }
    stream.write(`${head.join('\r\n')}\r\n\r\n`);
    req.resume();
    const onward = stream;
    relayAnswer(req.method ?? 'GET', onward, res, (reusable) => {
      if (reusable && !closed && !onward.destroyed && !onward.readableEnded) kept.keep(key, onward);
      else onward.destroy();
    });
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
    joinToDevice(stream, client);
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
      closed = true;
      pool.destroy();
      kept.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
