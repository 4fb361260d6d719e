import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { connectWithLargeReads, HOLD_MAX, LARGE_READ } from './large-reads.js';
import { tunnelSocketOptions } from './ws-options.js';

const MiB = 1024 * 1024;
const closers: Array<() => unknown> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A server that writes `payload` to its first connection in 64 KiB writes; `flushed` counts what reached the kernel. */
async function serverSending(payload: Buffer): Promise<{ port: number; flushed: () => number }> {
  let flushed = 0;
  const server: Server = createServer((socket: Socket) => {
    socket.on('error', () => {});
    for (let at = 0; at < payload.length; at += 64 * 1024) {
      const chunk = payload.subarray(at, at + 64 * 1024);
      socket.write(chunk, () => {
        flushed += chunk.length;
      });
    }
    socket.end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  return { port: (server.address() as AddressInfo).port, flushed: () => flushed };
}

/** Waits (polling, nothing timed) until at least `bytes` of the server's writes reached the kernel. */
async function untilFlushed(flushed: () => number, bytes: number): Promise<void> {
  while (flushed() < bytes) await sleep(5);
}

describe('connectWithLargeReads', () => {
  it('reads more than 64 KiB at a time when that much is waiting, and loses or reorders nothing', async () => {
    const payload = randomBytes(4 * MiB);
    const { port, flushed } = await serverSending(payload);
    const socket = connectWithLargeReads({ host: '127.0.0.1', port });
    closers.push(() => socket.destroy());
    socket.pause();
    await untilFlushed(flushed, 512 * 1024);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.resume();
    await once(socket, 'end');
    expect(Buffer.concat(chunks).equals(payload)).toBe(true);
    const largest = Math.max(...chunks.map((c) => c.length));
    expect(largest).toBeGreaterThan(64 * 1024);
    expect(largest).toBeLessThanOrEqual(LARGE_READ);
    // Reads handed on share a buffer without overlapping (each read goes into the rest of it).
    const spans = chunks.filter((c) => c.length >= 16 * 1024).map((c) => [c.buffer, c.byteOffset, c.byteOffset + c.length] as const);
    for (const [i, [buffer, start, end]] of spans.entries())
      for (const [other, otherStart, otherEnd] of spans.slice(i + 1))
        if (other === buffer) expect(otherStart >= end || otherEnd <= start).toBe(true);
  });

  it('stops reading while its reader holds back (backpressure), and goes on when read', async () => {
    const payload = randomBytes(16 * MiB);
    const { port, flushed } = await serverSending(payload);
    const socket = connectWithLargeReads({ host: '127.0.0.1', port });
    closers.push(() => socket.destroy());
    // Nobody reads: the socket holds at most its high-water mark and one read, the rest stays in
    // the kernel's buffers and the server's process. Once the server's writes stop reaching the
    // kernel (both buffers full), nothing more was read.
    await untilFlushed(flushed, 256 * 1024);
    let before = -1;
    while (flushed() !== before) {
      before = flushed();
      await sleep(50);
    }
    expect(socket.readableLength).toBeGreaterThan(0);
    expect(socket.readableLength).toBeLessThanOrEqual(socket.readableHighWaterMark + LARGE_READ);
    expect(flushed()).toBeLessThan(payload.length);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    await once(socket, 'end');
    expect(Buffer.concat(chunks).equals(payload)).toBe(true);
  });

  it('carries a ws client: data frames of the relay’s size arrive whole and in order', async () => {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await once(wss, 'listening');
    closers.push(() => new Promise((resolve) => wss.close(resolve)));
    // Frames as the control plane forwards a tunnel client's full reads: 65,528-byte messages.
    const frames = Array.from({ length: 64 }, () => randomBytes(65_528));
    wss.on('connection', (ws) => {
      for (const frame of frames) ws.send(frame, { binary: true });
    });
    const url = new URL(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}/`);
    const options = tunnelSocketOptions(url);
    expect(options.createConnection).toBe(connectWithLargeReads);
    const ws = new WebSocket(url, options);
    closers.push(() => ws.terminate());
    const received: Buffer[] = [];
    await new Promise<void>((resolve, reject) => {
      ws.on('message', (data: Buffer) => {
        received.push(Buffer.from(data));
        if (received.length === frames.length) resolve();
      });
      ws.on('error', reject);
    });
    expect(received.every((r, i) => r.equals(frames[i]!))).toBe(true);
  });

  it('hands ws whole frames: a data frame a read cut off reaches ws whole, as a slice of a read, not joined into a copy', async () => {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await once(wss, 'listening');
    closers.push(() => new Promise((resolve) => wss.close(resolve)));
    // Full tunnel data frames (65,540 bytes: a stream id and 64 KiB), with a text frame between
    // some, a frame over HOLD_MAX (handed on as it comes) and small ones: 16 MiB, more than one
    // read holds, so reads end inside frames.
    const messages: Array<Buffer | string> = [];
    for (let i = 0; i < 256; i += 1) {
      messages.push(randomBytes(65_540));
      if (i % 16 === 0) messages.push(`{"type":"credit","id":${i},"bytes":262144}`);
      if (i % 64 === 1) messages.push(randomBytes(HOLD_MAX + 1000));
      if (i % 32 === 2) messages.push(randomBytes(100 + i));
    }
    wss.on('connection', (ws) => {
      for (const message of messages) ws.send(message, { binary: typeof message !== 'string' });
    });
    const url = new URL(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}/`);
    const ws = new WebSocket(url, tunnelSocketOptions(url));
    closers.push(() => ws.terminate());
    const received: Array<{ data: Buffer; copy: Buffer | string }> = [];
    await new Promise<void>((resolve, reject) => {
      ws.on('message', (data: Buffer, isBinary: boolean) => {
        received.push({ data, copy: isBinary ? Buffer.from(data) : data.toString() });
        if (received.length === messages.length) resolve();
      });
      ws.on('error', reject);
    });
    const intact = received.filter((r, i) => {
      const sent = messages[i]!;
      return typeof sent === 'string' ? r.copy === sent : Buffer.isBuffer(r.copy) && r.copy.equals(sent);
    });
    expect(intact).toHaveLength(messages.length);
    // A frame ws joined is a buffer of its own, just its size; one handed on whole is a slice of a read's buffer.
    const dataFrames = received.filter((r) => r.data.length === 65_540);
    const joined = dataFrames.filter((r) => r.data.buffer.byteLength === r.data.length);
    expect(dataFrames).toHaveLength(256);
    expect(joined).toHaveLength(0);
    expect(dataFrames.every((r) => r.data.buffer.byteLength === LARGE_READ)).toBe(true);
  });

  it('hands on the bytes of an answer that is not a WebSocket upgrade as they come', async () => {
    // An HTTP answer whose body looks like a frame's start that never completes (0x82 0x7e = a
    // 16-bit length follows): held as a frame, the body's bytes would never reach the reader.
    const server = createServer((socket) => {
      socket.on('error', () => {});
      socket.end(
        Buffer.concat([Buffer.from('HTTP/1.1 401 Unauthorized\r\nContent-Length: 4\r\n\r\n'), Buffer.from([0x82, 0x7e, 0xff, 0xff])]),
      );
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    closers.push(() => new Promise((resolve) => server.close(resolve)));
    const socket = connectWithLargeReads({ host: '127.0.0.1', port: (server.address() as AddressInfo).port });
    closers.push(() => socket.destroy());
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    await once(socket, 'end');
    expect(Buffer.concat(chunks).subarray(-4)).toEqual(Buffer.from([0x82, 0x7e, 0xff, 0xff]));
  });
});
