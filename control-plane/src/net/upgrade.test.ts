import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { shutDown } from './upgrade.js';

let http: Server | undefined;
afterEach(() => {
  http?.closeAllConnections();
  http?.close();
});

async function endpoint(): Promise<{ wss: WebSocketServer; url: string }> {
  const wss = new WebSocketServer({ noServer: true });
  http = createServer();
  http.on('upgrade', (req, socket, head) => wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req)));
  await new Promise<void>((resolve) => http!.listen(0, '127.0.0.1', resolve));
  return { wss, url: `ws://127.0.0.1:${(http.address() as AddressInfo).port}` };
}

const opened = (ws: WebSocket) => new Promise<void>((resolve, reject) => ws.once('open', resolve).once('error', reject));

describe('shutDown', () => {
  it('ends although a client connects while the others are still closing (it is refused with 503)', async () => {
    const { wss, url } = await endpoint();
    const slow = new WebSocket(url);
    await opened(slow);
    // This client never answers the close frame: the shutdown waits out its 2 s grace, the
    // window in which a reconnecting agent used to get in and keep the shutdown waiting for ever.
    (slow as unknown as { _socket: { pause(): void } })._socket.pause();

    let done = false;
    const shutting = shutDown(wss, 4001, 'shutting down').then(() => {
      done = true;
    });
    const late = new WebSocket(url);
    const refusal = await new Promise<number>((resolve) => {
      late.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      late.once('open', () => resolve(101));
    });
    expect(refusal).toBe(503);
    expect(done).toBe(false); // still waiting for the slow client
    await shutting;
    expect(wss.clients.size).toBe(0);
  });

  it('closes every open socket with the code given', async () => {
    const { wss, url } = await endpoint();
    const clients = [new WebSocket(url), new WebSocket(url)];
    await Promise.all(clients.map(opened));
    const codes = clients.map((ws) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code))));
    await shutDown(wss, 4002, 'bye');
    expect(await Promise.all(codes)).toEqual([4002, 4002]);
  });
});
