/**
 * The parties of the tunnel benchmark (tunnel.ts) that are not the control plane or the
 * tunnel client, each run as its own process (party-process.ts):
 *
 *   host  --mib N            the "internal" HTTP server: GET /big answers N MiB, anything else "ok"
 *   agent --tree ROOT --control-plane URL --job ID --tunnel NAME   (agent token in BENCH_AGENT_TOKEN)
 *                            the lab agent's side of a tunnelled test: the relay WebSocket to
 *                            `GET /agent/tunnel` and the device proxy on it, both from the source
 *                            tree ROOT (the working tree, or another commit's: source-tree.ts)
 *
 *   relay --to PORT          a bare TCP relay (socket.pipe both ways) to 127.0.0.1:PORT: three of
 *                            them in a row are the baseline of what any three-process relay
 *                            costs on this machine
 *
 * Each prints `READY <port>` once listening, and closes on SIGTERM.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import { type AddressInfo, connect, createServer as createTcpServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { flag, MiB } from './report.js';

const role = process.argv[2];

async function host(): Promise<() => Promise<void>> {
  const mib = Number(flag('mib', '100'));
  const chunk = Buffer.alloc(MiB, 7);
  const server = createServer((req, res) => {
    if (req.url === '/big') {
      res.setHeader('content-length', mib * MiB);
      let sent = 0;
      const more = () => {
        while (sent < mib) {
          sent += 1;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      return more();
    }
    res.end('ok');
  });
  server.on('connection', (socket) => socket.setNoDelay(true));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  console.log(`READY ${(server.address() as AddressInfo).port}`);
  return async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
}

async function agent(): Promise<() => Promise<void>> {
  const tree = flag('tree', '');
  const load = (path: string) => import(pathToFileURL(join(tree, path)).href);
  const { openTunnelRelay } = await load('lab-agent/src/tunnel/relay-client.ts');
  const { startDeviceProxy } = await load('lab-agent/src/tunnel/device-proxy.ts');
  const relayUrl = new URL('/agent/tunnel', flag('control-plane', '')).toString().replace(/^http/, 'ws');
  const relay = await openTunnelRelay({
    relayUrl,
    token: process.env.BENCH_AGENT_TOKEN!,
    jobId: flag('job', ''),
    tunnelName: flag('tunnel', ''),
  });
  relay.lost.addEventListener('abort', () => {
    console.error(`relay lost: ${(relay.lost.reason as Error).message}`);
    process.exit(3);
  });
  const proxy = await startDeviceProxy(relay.dial);
  console.log(`READY ${proxy.port}`);
  return async () => {
    await proxy.close();
    await relay.close();
  };
}

async function relay(): Promise<() => Promise<void>> {
  const to = Number(flag('to', ''));
  const sockets = new Set<Socket>();
  const keep = (socket: Socket) => {
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createTcpServer((client) => {
    const upstream = connect(to, '127.0.0.1');
    keep(client);
    keep(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  console.log(`READY ${(server.address() as AddressInfo).port}`);
  return async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  };
}

const roles: Record<string, () => Promise<() => Promise<void>>> = { host, agent, relay };
if (!roles[role!]) throw new Error(`unknown role ${role}`);
const close = await roles[role!]!();
process.once('SIGTERM', () => void close().finally(() => process.exit(0)));
