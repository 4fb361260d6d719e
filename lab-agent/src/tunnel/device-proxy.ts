/**
 * The proxy a device uses during a tunnelled test (docs/architecture.md#tunnels): an HTTP proxy on
 * the agent's loopback. `CONNECT host:port` (HTTPS, and anything else tunnelled by the
 * client) becomes a stream through the tunnel, spliced to the device's socket; a plain
 * `GET http://host/...` is forwarded by node:http over such a stream. A host the tunnel
 * refuses, or cannot reach, is answered with 403 / 502 and the reason as text, which is
 * what the app on the device shows. Where others than the test's device can reach it (iOS:
 * the Mac's shared loopback, its LAN address for an iPhone) it wants the test's credential.
 */
import { once } from 'node:events';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { pipeline, type Duplex } from 'node:stream';
import { StreamRefused } from '@devicelab/shared';
import { connectRefusalWithoutCredential, fromAddress, hasProxyCredential, refuseWithoutCredential, type ProxyCredential } from './proxy-auth.js';

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
  const admitted = (req: IncomingMessage) => !options.requireAuth || hasProxyCredential(req, options.requireAuth);

  async function forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!admitted(req)) return refuseWithoutCredential(res);
    let target: URL;
    try {
      target = new URL(req.url ?? '');
      if (target.protocol !== 'http:') throw new Error();
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('DeviceLab tunnel: this is a proxy; send absolute http:// URLs, or CONNECT for https\n');
      return;
    }
    const { host, port } = hostPort(target.host, 80)!;
    let stream: Duplex;
    try {
      stream = await dial(host, port);
    } catch (error) {
      const { status, text } = failure(error);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(text);
      return;
    }
    const headers = { ...req.headers };
    for (const name of HOP_BY_HOP) delete headers[name];
    const upstream = httpRequest(target, { method: req.method, headers, createConnection: () => stream as never }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      pipeline(answer, res, () => {});
    });
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end(`DeviceLab tunnel: ${error.message}\n`);
      else res.destroy();
    });
    pipeline(req, upstream, () => {});
  }

  async function connect(req: IncomingMessage, client: Duplex, head: Buffer): Promise<void> {
    if (!admitted(req)) return void client.end(connectRefusalWithoutCredential());
    const target = hostPort(req.url ?? '', 443);
    if (!target) return void client.end('HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nDeviceLab tunnel: CONNECT wants host:port\n');
    let stream: Duplex;
    try {
      stream = await dial(target.host, target.port);
    } catch (error) {
      const { status, text } = failure(error);
      return void client.end(`HTTP/1.1 ${status} ${status === 403 ? 'Forbidden' : 'Bad Gateway'}\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`);
    }
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) stream.write(head);
    pipeline(client, stream, () => {});
    pipeline(stream, client, () => {});
  }

  const server = createServer((req, res) => void forward(req, res).catch(() => res.destroy()));
  server.on('connect', (req: IncomingMessage, socket: Duplex, head: Buffer) => void connect(req, socket, head).catch(() => socket.destroy()));
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
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
