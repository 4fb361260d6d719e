import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { type IncomingStream, type MuxStream, muxOverWebSocket } from '@devicelab/shared';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';

/** Accepts the stream and sends back what it reads. */
const echo = (incoming: IncomingStream) => {
  const stream = incoming.accept();
  stream.pipe(stream);
};

function readAll(stream: MuxStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    stream.once('end', () => resolve(Buffer.concat(chunks)));
    stream.once('error', reject);
  });
}

const closers: Array<() => unknown> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A session over a real ws pair on loopback; the client socket's system writes are counted. */
async function connectedPair() {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(wss, 'listening');
  closers.push(() => new Promise((resolve) => wss.close(resolve)));
  wss.on('connection', (ws) => muxOverWebSocket(ws, { side: 'server', onStream: echo }));
  const ws = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}/`);
  closers.push(() => ws.terminate());
  await once(ws, 'open');
  const socket = (ws as unknown as { _socket: { _write: unknown; _writev: unknown } })._socket;
  const writes = { count: 0 };
  for (const method of ['_write', '_writev'] as const) {
    const original = socket[method] as (...args: unknown[]) => unknown;
    socket[method] = function (this: unknown, ...args: unknown[]) {
      writes.count += 1;
      return original.apply(this, args);
    };
  }
  return { session: muxOverWebSocket(ws, { side: 'client' }), writes };
}

describe('muxOverWebSocket (shared/src/mux-websocket.ts) over ws', () => {
  it('sends the frames of one turn of the I/O phase in one write to the socket, across ticks', async () => {
    const { session, writes } = await connectedPair();
    const streams = await Promise.all(Array.from({ length: 20 }, () => session.open({ host: 'echo', port: 1 })));
    await new Promise((resolve) => setImmediate(resolve));
    const before = writes.count;
    // A data frame on each of 20 streams, each in a tick of its own, as Node runs the callbacks
    // of the socket reads libuv makes in one turn (a relay forwards a frame per read).
    for (const [i, stream] of streams.entries()) {
      stream.write(Buffer.from(`hello ${i}`));
      await new Promise((resolve) => process.nextTick(resolve));
    }
    expect(writes.count).toBe(before); // nothing written yet: corked until the I/O phase ends
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes.count).toBe(before + 1);
    // And every frame arrived, each on its stream.
    for (const stream of streams) stream.end();
    const answers = await Promise.all(streams.map((s) => readAll(s)));
    expect(answers.map(String)).toEqual(streams.map((_, i) => `hello ${i}`));
  });
  it("runs a frame's onWritten once the socket has written it, never before", async () => {
    const { session, writes } = await connectedPair();
    await new Promise((resolve) => setImmediate(resolve));
    const before = writes.count;
    let writesWhenCalled: number | null = null;
    // A data frame of a stream the peer does not know: it ignores it.
    const frame = Buffer.alloc(64 * 1024);
    frame.writeUInt32BE(999, 0);
    session.sendFrame(frame, () => {
      writesWhenCalled = writes.count;
    });
    expect(writesWhenCalled).toBeNull(); // corked: not written yet, so the buffer is not free
    for (let i = 0; i < 100 && writesWhenCalled === null; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(writesWhenCalled).toBe(before + 1);
  });
});
