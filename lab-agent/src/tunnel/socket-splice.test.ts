import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { MuxSession, type MuxStream, StreamReset } from '@devicelab/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { SocketSplice } from './socket-splice.js';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const MiB = 1024 * 1024;

/**
 * The far end (a MuxSession opening streams, as the control plane does) and the near end (the
 * tunnel client's session, which splices each stream to a TCP connection to `port`), joined by
 * an in-memory wire that delivers frames asynchronously and in order.
 */
function tunnel(port: number, options: { window?: number; receiveWindow?: number; attachAfterMs?: number; asSocketWrites?: boolean } = {}) {
  const wire = { dataBytesToFar: 0, frameSizes: new Map<number, number>(), fullFrames: 0, fullFrameBuffers: new Set<ArrayBufferLike>() };
  let far!: MuxSession;
  const splices: SocketSplice[] = [];
  const near: MuxSession = new MuxSession(
    {
      sendText: (t) => setImmediate(() => far.receive(t, false)),
      sendBinary: (b, onWritten) => {
        wire.dataBytesToFar += b.length - 4;
        wire.frameSizes.set(b.length, (wire.frameSizes.get(b.length) ?? 0) + 1);
        if (b.length === 65536 - 8) {
          wire.fullFrames += 1;
          wire.fullFrameBuffers.add(b.buffer);
        }
        if (!options.asSocketWrites) return void setImmediate(() => far.receive(b, true));
        // As a socket does, later: the bytes are copied out, then the write's callback runs.
        setImmediate(() => {
          const copy = Buffer.from(b);
          onWritten?.();
          far.receive(copy, true);
        });
      },
    },
    {
      side: 'client',
      window: options.window,
      receiveWindow: options.receiveWindow,
      onStream: (incoming) => {
        const splice = new SocketSplice({ host: '127.0.0.1', port });
        splices.push(splice);
        splice.socket.once('connect', () => setTimeout(() => splice.attach(incoming), options.attachAfterMs ?? 0));
      },
    },
  );
  far = new MuxSession(
    {
      sendText: (t) => setImmediate(() => near.receive(t, false)),
      sendBinary: (b) => setImmediate(() => near.receive(b, true)),
    },
    { side: 'server', window: options.window, receiveWindow: options.receiveWindow },
  );
  return { far, near, wire, splices };
}

function readAll(stream: MuxStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  return new Promise((resolve, reject) => {
    stream.once('end', () => resolve(Buffer.concat(chunks)));
    stream.once('error', reject);
  });
}

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function host(onConnection: (socket: Socket) => void): Promise<number> {
  const server = createServer({ allowHalfOpen: true }, onConnection);
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe('socket splice (the tunnel client side of a stream)', () => {
  it('reads into buffers the WebSocket has written again, and the bytes arrive intact', async () => {
    const sent = randomBytes(16 * MiB);
    const port = await host((socket) => socket.end(sent));
    const { far, wire } = tunnel(port, { asSocketWrites: true });
    const received = await readAll(await far.open({ host: '127.0.0.1', port }));
    expect(sha(received)).toBe(sha(sent));
    expect(wire.fullFrames).toBeGreaterThan(100);
    // A fresh buffer per read would make one per full frame; written ones come back.
    expect(wire.fullFrameBuffers.size).toBeLessThan(wire.fullFrames / 4);
  });

  it('sends a full read as a frame of exactly 64 KiB on the wire (header of a masked frame with a 16-bit length: 8 bytes)', async () => {
    const port = await host((socket) => socket.end(randomBytes(8 * MiB)));
    const { far, wire } = tunnel(port);
    const stream = await far.open({ host: '127.0.0.1', port });
    expect((await readAll(stream)).length).toBe(8 * MiB);
    const largest = Math.max(...wire.frameSizes.keys());
    expect(largest + 8).toBe(65536);
    expect(wire.frameSizes.get(largest)).toBeGreaterThan(8 * 8); // most of the 128 reads are full ones
  });

  it('carries a download and an upload whole, ends cleanly, and both sessions forget the stream', async () => {
    const download = randomBytes(20 * MiB);
    const upload = randomBytes(5 * MiB);
    let received: Promise<Buffer> | null = null;
    const port = await host((socket) => {
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      received = new Promise((resolve) => socket.once('end', () => resolve(Buffer.concat(chunks))));
      socket.end(download);
    });
    const { far, near } = tunnel(port);
    const stream = await far.open({ host: '127.0.0.1', port });
    const read = readAll(stream);
    stream.end(upload);
    expect(sha(await read)).toBe(sha(download));
    await until(() => received !== null);
    expect(sha(await received!)).toBe(sha(upload));
    await until(() => near.streamCount === 0);
    stream.destroy();
    expect(far.streamCount).toBe(0);
  });

  it('sends no more than the far reader granted, and all of it once the reader reads', async () => {
    const body = randomBytes(12 * MiB);
    const port = await host((socket) => socket.end(body));
    const { far, wire } = tunnel(port, { window: 256 * 1024, receiveWindow: 1 * MiB });
    const stream = await far.open({ host: '127.0.0.1', port });
    stream.pause();
    await new Promise((r) => setTimeout(r, 300)); // the host has written all it could
    expect(wire.dataBytesToFar).toBeGreaterThan(0);
    // The paused reader's stream buffers up to its highWaterMark before it stops granting credit.
    expect(wire.dataBytesToFar).toBeLessThanOrEqual(1 * MiB + stream.readableHighWaterMark + 64 * 1024);
    const read = readAll(stream);
    stream.resume();
    expect(sha(await read)).toBe(sha(body));
  });

  it('splits a read that is larger than the credit left, and loses nothing', async () => {
    const body = randomBytes(3 * MiB);
    const port = await host((socket) => socket.end(body));
    const { far } = tunnel(port, { window: 1000, receiveWindow: 3000 });
    const stream = await far.open({ host: '127.0.0.1', port });
    expect(sha(await readAll(stream))).toBe(sha(body));
  });

  it('holds the far writer back while the internal host does not read, then delivers everything', async () => {
    const body = randomBytes(64 * MiB);
    let hostSocket!: Socket;
    const chunks: Buffer[] = [];
    const port = await host((socket) => {
      hostSocket = socket;
      socket.pause();
    });
    const { far } = tunnel(port);
    const stream = await far.open({ host: '127.0.0.1', port });
    let written = false;
    stream.end(body, () => {
      written = true;
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(written).toBe(false); // 64 MiB cannot fit in a 4 MiB window and the kernel's buffers
    hostSocket.on('data', (c: Buffer) => chunks.push(c));
    const ended = once(hostSocket, 'end');
    hostSocket.resume();
    await ended;
    expect(sha(Buffer.concat(chunks))).toBe(sha(body));
  });

  it('keeps what the host sent before the stream was accepted', async () => {
    const port = await host((socket) => socket.end('220 banner first\r\n'));
    const { far } = tunnel(port, { attachAfterMs: 100 });
    const stream = await far.open({ host: '127.0.0.1', port });
    expect((await readAll(stream)).toString()).toBe('220 banner first\r\n');
  });

  it('resets the stream with the reason when the host connection is cut off mid-stream', async () => {
    const port = await host((socket) => {
      socket.write(randomBytes(256 * 1024));
      setTimeout(() => socket.resetAndDestroy(), 50);
    });
    const { far, near } = tunnel(port);
    const stream = await far.open({ host: '127.0.0.1', port });
    stream.resume();
    const [error] = (await once(stream, 'error')) as [Error];
    expect(error).toBeInstanceOf(StreamReset);
    expect(error.message).toBe("the internal host's connection failed: ECONNRESET");
    await until(() => near.streamCount === 0);
  });

  it('closes the host connection when the far side resets the stream', async () => {
    let hostSocket!: Socket;
    const port = await host((socket) => {
      hostSocket = socket;
      socket.resume();
    });
    const { far, near, splices } = tunnel(port);
    const stream = await far.open({ host: '127.0.0.1', port });
    await until(() => hostSocket !== undefined);
    const closed = once(hostSocket, 'end');
    stream.on('error', () => {});
    stream.destroy(new Error('the device went away'));
    await closed;
    expect(splices[0]!.socket.destroyed).toBe(true);
    await until(() => near.streamCount === 0);
  });
});
