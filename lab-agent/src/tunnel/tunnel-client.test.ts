import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { MuxSession, type MuxStream, StreamRefused, TUNNEL_CLOSE_CODES } from '@devicelab/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type WebSocket, WebSocketServer } from 'ws';
import { createHostFilter } from './host-filter.js';
import { startTunnelClient, type TunnelClient, TunnelRefused, tunnelEndpoint } from './tunnel-client.js';

/** Plays the control plane's /tunnel/connect: records each connection and lets the test open streams on it. */
async function fakeEndpoint(
  onConnection: (ws: WebSocket, url: string, auth: string | undefined) => void,
  options: { autoPong?: boolean } = {},
) {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', ...options });
  await once(wss, 'listening');
  wss.on('connection', (ws, req) => onConnection(ws, req.url ?? '', req.headers.authorization));
  return { wss, url: `http://127.0.0.1:${(wss.address() as AddressInfo).port}` };
}

function serverSession(ws: WebSocket): MuxSession {
  const session = new MuxSession({ sendText: (t) => ws.send(t), sendBinary: (b) => ws.send(b) }, { side: 'server' });
  ws.on('message', (data, isBinary) => session.receive(data as Buffer, isBinary));
  ws.on('close', () => session.close('closed'));
  return session;
}

async function httpGetOver(stream: MuxStream, host: string): Promise<string> {
  stream.end(`GET /hello HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  await once(stream, 'end');
  return Buffer.concat(chunks).toString();
}

let internal: Server;
let internalPort: number;
const clients: TunnelClient[] = [];

beforeAll(async () => {
  internal = createServer((req, res) => res.end(`internal says hi to ${req.url}`));
  internal.listen(0, '127.0.0.1');
  await once(internal, 'listening');
  internalPort = (internal.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => internal.close(() => r())));
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

const start = (url: string, filter = createHostFilter({}), name = 'office', keepAliveMs?: number) => {
  const lines: string[] = [];
  const client = startTunnelClient({
    controlPlaneUrl: url,
    apiKey: 'dl_live_k_s',
    tunnelName: name,
    filter,
    log: (l) => lines.push(l),
    backoff: { baseMs: 20, maxMs: 50 },
    keepAliveMs,
  });
  clients.push(client);
  return { client, lines };
};

describe('tunnel client', () => {
  it('builds the endpoint URL from the control plane URL', () => {
    expect(tunnelEndpoint('https://dl.example/base/', 'office')).toBe('wss://dl.example/base/tunnel/connect?name=office');
    expect(tunnelEndpoint('http://127.0.0.1:8080', 'a b')).toBe('ws://127.0.0.1:8080/tunnel/connect?name=a+b');
  });

  it('connects with its key and name, says so, and relays a stream to an internal host', async () => {
    const sessions: MuxSession[] = [];
    const seen: { url: string; auth: string | undefined }[] = [];
    const endpoint = await fakeEndpoint((ws, url, auth) => {
      seen.push({ url, auth });
      sessions.push(serverSession(ws));
      ws.send(JSON.stringify({ type: 'ready', tunnelName: 'office' }));
    });
    const { client, lines } = start(endpoint.url, createHostFilter({ onlyHosts: '127.0.0.0/8' }));
    await client.connected;
    expect(seen).toEqual([{ url: '/tunnel/connect?name=office', auth: 'Bearer dl_live_k_s' }]);
    expect(lines[0]).toMatch(/^Tunnel "office" connected to http:\/\/127\.0\.0\.1:\d+: runs naming it reach only 127\.0\.0\.0\/8$/);
    const stream = await sessions[0]!.open({ host: '127.0.0.1', port: internalPort });
    expect(await httpGetOver(stream, '127.0.0.1')).toContain('internal says hi to /hello');
    endpoint.wss.close();
  });

  it('delivers all a host sent before it closed, though some of it still waited for credit then', async () => {
    // A window, then a bit and the close: the bit waits in the client for credit the paused reader does not give.
    const body = Buffer.alloc(1024 * 1024 + 5000, 9);
    const host = createNetServer((socket) => {
      socket.write(body.subarray(0, 1024 * 1024));
      setTimeout(() => socket.end(body.subarray(1024 * 1024)), 100);
    });
    host.listen(0, '127.0.0.1');
    await once(host, 'listening');
    const sessions: MuxSession[] = [];
    const endpoint = await fakeEndpoint((ws) => {
      sessions.push(serverSession(ws));
      ws.send(JSON.stringify({ type: 'ready', tunnelName: 'office' }));
    });
    const { client } = start(endpoint.url);
    await client.connected;
    const stream = await sessions[0]!.open({ host: '127.0.0.1', port: (host.address() as AddressInfo).port });
    stream.pause();
    const ended = new Promise((resolve, reject) => {
      stream.once('end', resolve);
      stream.once('error', reject);
    });
    await new Promise((r) => setTimeout(r, 300)); // the host has sent everything and closed its socket
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.resume();
    await ended;
    expect(Buffer.concat(chunks).length).toBe(body.length);
    stream.on('error', () => {});
    stream.destroy();
    endpoint.wss.close();
    host.close();
  });

  it('refuses hosts its filters exclude, and unreachable ones, with the reason', async () => {
    const sessions: MuxSession[] = [];
    const endpoint = await fakeEndpoint((ws) => {
      sessions.push(serverSession(ws));
      ws.send(JSON.stringify({ type: 'ready', tunnelName: 'office' }));
    });
    const { client } = start(endpoint.url, createHostFilter({ onlyHosts: '*.corp.example,127.0.0.1', excludeHosts: 'db.corp.example' }));
    await client.connected;
    const session = sessions[0]!;
    await expect(session.open({ host: 'db.corp.example', port: 5432 })).rejects.toThrow(
      new StreamRefused("db.corp.example is excluded by the tunnel's --exclude-hosts"),
    );
    await expect(session.open({ host: '192.0.2.1', port: 443 })).rejects.toThrow("192.0.2.1 is not in the tunnel's --only-hosts");
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const deadPort = (closed.address() as AddressInfo).port;
    closed.close();
    await expect(session.open({ host: '127.0.0.1', port: deadPort })).rejects.toThrow(
      `cannot reach 127.0.0.1:${deadPort} from the tunnel: ECONNREFUSED`,
    );
    endpoint.wss.close();
  });

  it('keeps every spelling of loopback out when loopback is excluded (0.0.0.0 and [::] reach it too)', async () => {
    // A host listening on all addresses, so that every spelling below would reach it if let through.
    let reached = 0;
    const host = createNetServer((socket) => {
      reached += 1;
      socket.end('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nin');
    });
    host.listen(0, '::');
    await once(host, 'listening');
    const port = (host.address() as AddressInfo).port;
    const sessions: MuxSession[] = [];
    const endpoint = await fakeEndpoint((ws) => {
      sessions.push(serverSession(ws));
      ws.send(JSON.stringify({ type: 'ready', tunnelName: 'office' }));
    });
    // (Brackets never reach the tunnel: the wire format carries bare addresses.)
    const spellings = ['0.0.0.0', '::', '0:0::0', '::ffff:127.0.0.1', '::ffff:7f00:1', '127.1', '0x7f000001', 'localhost'];
    for (const exclude of ['127.0.0.0/8,::1', 'localhost']) {
      const { client } = start(endpoint.url, createHostFilter({ excludeHosts: exclude }), `office-${clients.length}`);
      await client.connected;
      const session = sessions.at(-1)!;
      for (const spelling of spellings) {
        await expect(session.open({ host: spelling, port }), `${spelling} with --exclude-hosts ${exclude}`).rejects.toThrow(
          /excluded by the tunnel's --exclude-hosts/,
        );
      }
    }
    expect(reached).toBe(0);
    // The same host is reachable through the same tunnel when loopback is not excluded: the refusals above are the filter's.
    const { client } = start(endpoint.url, createHostFilter({ excludeHosts: '10.0.0.0/8' }), 'office-open');
    await client.connected;
    expect(await httpGetOver(await sessions.at(-1)!.open({ host: '0.0.0.0', port }), '0.0.0.0')).toContain('in');
    expect(reached).toBe(1);
    endpoint.wss.close();
    host.close();
  });
  it('reconnects under the same name after the connection drops', async () => {
    const urls: string[] = [];
    const endpoint = await fakeEndpoint((ws, url) => {
      urls.push(url);
      serverSession(ws);
      ws.send(JSON.stringify({ type: 'ready', tunnelName: 'office' }));
      if (urls.length === 1) setImmediate(() => ws.terminate());
    });
    const { lines } = start(endpoint.url);
    while (urls.length < 2) await new Promise((r) => setTimeout(r, 10));
    expect(urls).toEqual(['/tunnel/connect?name=office', '/tunnel/connect?name=office']);
    while (lines.filter((l) => l.includes('connected to')).length < 2) await new Promise((r) => setTimeout(r, 10));
    expect(lines.some((l) => /disconnected .*reconnecting in/.test(l))).toBe(true);
    endpoint.wss.close();
  });

  it('gives up a control plane that stopped answering pings (no FIN ever comes) and dials again', async () => {
    const sockets: WebSocket[] = [];
    // The first connection is a black hole after its welcome: it never answers a ping.
    const endpoint = await fakeEndpoint(
      (ws) => {
        sockets.push(ws);
        if (sockets.length > 1) ws.on('ping', (data) => ws.pong(data));
        serverSession(ws);
        ws.send(JSON.stringify({ type: 'ready', tunnelName: 'office' }));
      },
      { autoPong: false },
    );
    const { lines } = start(endpoint.url, undefined, 'office', 50);
    while (lines.filter((l) => l.includes('connected to')).length < 2) await new Promise((r) => setTimeout(r, 10));
    expect(lines.find((l) => l.includes('disconnected'))).toMatch(/disconnected \(connection closed \(1006\)\); reconnecting in/);
    // The second answers its pings: the client keeps it through many intervals.
    await new Promise((r) => setTimeout(r, 400));
    expect(sockets).toHaveLength(2);
    expect(sockets[1]!.readyState).toBe(sockets[1]!.OPEN);
    endpoint.wss.close();
  });

  it.each([
    [TUNNEL_CLOSE_CODES.nameTaken, 'tunnel "office" is already connected in this organisation'],
    [TUNNEL_CLOSE_CODES.forbidden, 'audit keys cannot open tunnels'],
    [TUNNEL_CLOSE_CODES.unauthorized, 'API key missing, malformed, unknown or revoked'],
  ])('stops with the reason when refused with close code %i, without retrying', async (code, reason) => {
    let connections = 0;
    const endpoint = await fakeEndpoint((ws) => {
      connections += 1;
      ws.close(code, reason);
    });
    const { client } = start(endpoint.url);
    await expect(client.done).rejects.toThrow(new TunnelRefused(`the control plane refused the tunnel: ${reason}`));
    await new Promise((r) => setTimeout(r, 100));
    expect(connections).toBe(1);
    endpoint.wss.close();
  });
});
