import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { type IncomingStream, MuxSession, type MuxStream, StreamRefused, StreamReset } from './mux.js';
import { echo, readAll, sha } from './mux-test-helpers.js';
import {
  decodeDataFrame,
  encodeDataFrame,
  encodeTunnelControlFrame,
  INITIAL_WINDOW,
  MAX_DATA_FRAME,
  MAX_STREAM_ID,
  parseTunnelControlFrame,
  RECEIVE_WINDOW,
  type TunnelControlFrame,
} from './tunnel-protocol.js';

/**
 * Two sessions joined by an in-memory wire that delivers frames asynchronously, in order, and
 * counts data bytes. `window` sets both the initial and the receive window; `receiveWindow`
 * then widens the latter.
 */
function pair(onStream?: (incoming: IncomingStream) => void, window?: number, receiveWindow = window) {
  const wire = {
    dataBytesToServer: 0,
    protocolErrors: [] as string[],
    framesToServer: [] as (Buffer | string)[],
    textToClient: [] as string[],
  };
  let client!: MuxSession;
  let server!: MuxSession;
  const deliver = (to: () => MuxSession, frame: Buffer | string, binary: boolean) => setImmediate(() => to().receive(frame, binary));
  client = new MuxSession(
    {
      sendText: (t) => {
        wire.framesToServer.push(t);
        deliver(() => server, t, false);
      },
      sendBinary: (b) => {
        wire.dataBytesToServer += b.length - 4;
        wire.framesToServer.push(b);
        deliver(() => server, b, true);
      },
    },
    { side: 'client', window, receiveWindow, onProtocolError: (e) => wire.protocolErrors.push(e) },
  );
  server = new MuxSession(
    {
      sendText: (t) => {
        wire.textToClient.push(t);
        deliver(() => client, t, false);
      },
      sendBinary: (b) => deliver(() => client, b, true),
    },
    { side: 'server', window, receiveWindow, onStream, onProtocolError: (e) => wire.protocolErrors.push(e) },
  );
  return { client, server, wire };
}

const tick = () => new Promise((r) => setImmediate(r));

/** A stream from the client to a server whose reader does not read (paused), once both sides have it. */
async function openToPausedReader(window: number, receiveWindow = window) {
  let serverSide!: MuxStream;
  let markAccepted!: () => void;
  const accepted = new Promise<void>((resolve) => {
    markAccepted = resolve;
  });
  const { client, wire } = pair(
    (incoming) => {
      serverSide = incoming.accept();
      serverSide.pause();
      markAccepted();
    },
    window,
    receiveWindow,
  );
  const stream = await client.open({ host: 'h', port: 1 });
  await accepted;
  return { client, wire, stream, serverSide };
}

describe('tunnel frames', () => {
  it('validates control frames and names what is wrong', () => {
    expect(parseTunnelControlFrame('{"type":"open","id":1,"host":"10.0.0.5","port":8080}')).toEqual({
      ok: true,
      frame: { type: 'open', id: 1, host: '10.0.0.5', port: 8080 },
    });
    expect(parseTunnelControlFrame('{"type":"open","id":1,"host":"a b","port":80}')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/host: not a host/),
    });
    expect(parseTunnelControlFrame('{"type":"open","id":1,"host":"a","port":70000}')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/port/),
    });
    expect(parseTunnelControlFrame('{"type":"credit","id":0,"bytes":5}')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^invalid tunnel frame: id/),
    });
    expect(parseTunnelControlFrame('nope')).toMatchObject({ ok: false, error: expect.stringMatching(/not usable JSON/) });
  });

  it("writes the per-stream frames as JSON.stringify would and reads them back with the schema's bounds", () => {
    const frames: TunnelControlFrame[] = [
      { type: 'credit', id: 1, bytes: 262144 },
      { type: 'credit', id: MAX_STREAM_ID, bytes: MAX_STREAM_ID },
      { type: 'end', id: 7 },
      { type: 'opened', id: 2 },
      { type: 'reset', id: 3, reason: 'gone' },
      { type: 'open', id: 5, host: 'h', port: 80 },
    ];
    for (const frame of frames) {
      expect(encodeTunnelControlFrame(frame)).toBe(JSON.stringify(frame));
      expect(parseTunnelControlFrame(encodeTunnelControlFrame(frame))).toEqual({ ok: true, frame });
    }
    // Out of bounds or odd forms fall through to the schema, which names what is wrong.
    expect(parseTunnelControlFrame('{"type":"credit","id":1,"bytes":0}')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/bytes/),
    });
    expect(parseTunnelControlFrame(`{"type":"credit","id":${MAX_STREAM_ID + 1},"bytes":1}`)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/id/),
    });
    expect(parseTunnelControlFrame('{"type":"credit","id":1}')).toMatchObject({ ok: false, error: expect.stringMatching(/bytes/) });
    expect(parseTunnelControlFrame('{"type":"end","id":01}')).toMatchObject({ ok: false, error: expect.stringMatching(/JSON/) });
    expect(parseTunnelControlFrame('{"type":"end","id":1,"bytes":5}')).toEqual({ ok: true, frame: { type: 'end', id: 1 } });
    expect(parseTunnelControlFrame('{"id":3,"type":"end"}')).toEqual({ ok: true, frame: { type: 'end', id: 3 } });
  });

  it('round-trips a data frame and refuses malformed ones', () => {
    const decoded = decodeDataFrame(encodeDataFrame(7, Buffer.from('hi')));
    expect(decoded).toMatchObject({ ok: true, id: 7 });
    expect(decoded.ok && decoded.payload.toString()).toBe('hi');
    expect(decodeDataFrame(Buffer.from([0, 0, 0, 1]))).toMatchObject({ ok: false });
    expect(decodeDataFrame(encodeDataFrame(0, Buffer.from('x')))).toMatchObject({ ok: false, error: expect.stringMatching(/stream 0/) });
    expect(decodeDataFrame(encodeDataFrame(1, Buffer.alloc(MAX_DATA_FRAME + 1)))).toMatchObject({ ok: false });
  });
});

describe('mux session', () => {
  it('opens a stream to the target the acceptor sees, carries bytes both ways and half-closes cleanly', async () => {
    const targets: unknown[] = [];
    const { client, server, wire } = pair((incoming) => {
      targets.push(incoming.target);
      const stream = incoming.accept();
      void readAll(stream).then((all) => stream.end(`got ${all.toString()}`));
    });
    const stream = await client.open({ host: 'intranet.local', port: 8443 });
    stream.end('hello');
    expect((await readAll(stream)).toString()).toBe('got hello');
    await tick();
    await tick();
    expect(targets).toEqual([{ host: 'intranet.local', port: 8443 }]);
    expect(client.streamCount).toBe(0);
    expect(server.streamCount).toBe(0);
    expect(wire.framesToServer.some((f) => typeof f === 'string' && f.includes('"reset"'))).toBe(false);
    expect(stream.id % 2).toBe(1);
  });

  it("answers a refused open with the acceptor's reason", async () => {
    const { client } = pair((incoming) => incoming.refuse('host db.internal is excluded by --exclude-hosts'));
    await expect(client.open({ host: 'db.internal', port: 5432 })).rejects.toThrow(
      new StreamRefused('host db.internal is excluded by --exclude-hosts'),
    );
    expect(client.streamCount).toBe(0);
  });

  // Windows that are not a multiple of the 64 KiB frame too: the last frame must shrink to the credit left.
  it.each([128 * 1024, 100_000, MAX_DATA_FRAME + 1])(
    'never sends more than a window of %i before the reader consumes, and then delivers everything intact',
    async (window) => {
      const { wire, stream, serverSide } = await openToPausedReader(window);
      const payload = randomBytes(2 * 1024 * 1024);
      stream.end(payload);
      for (let i = 0; i < 50; i += 1) await tick();
      // The server's reader buffers up to its high-water mark and has not read: the sender stops at the window.
      expect(wire.dataBytesToServer).toBeLessThanOrEqual(window);
      expect(wire.dataBytesToServer).toBeGreaterThan(0);
      const received = await readAll(serverSide);
      expect(sha(received)).toBe(sha(payload));
      expect(wire.dataBytesToServer).toBe(payload.length);
      expect(wire.protocolErrors).toEqual([]);
    },
  );

  it('returns credit a quarter window at a time to a reader that keeps up, not once per data frame', async () => {
    let serverSide!: Promise<Buffer>;
    const { client, wire } = pair((incoming) => {
      serverSide = readAll(incoming.accept());
    });
    const stream = await client.open({ host: 'h', port: 1 });
    const payload = randomBytes(8 * 1024 * 1024);
    stream.end(payload);
    expect(sha(await serverSide)).toBe(sha(payload));
    const credits = wire.textToClient.filter((t) => t.includes('"credit"')).length;
    // Each credit frame is a write on every hop of a tunnel: one per 64 KiB frame made a 100 MiB
    // download send 1,600 of them. A quarter of the 4 MiB receive window at a time is 8 for
    // 8 MiB, and one more widens the window at the start.
    expect(credits).toBeGreaterThan(0);
    expect(credits).toBeLessThanOrEqual(payload.length / (RECEIVE_WINDOW / 4) + 2);
  });

  it('widens the window to the receive window once the stream is open, on both sides, and never past it', async () => {
    const window = 64 * 1024;
    const receiveWindow = 256 * 1024;
    const { wire, stream, serverSide } = await openToPausedReader(window, receiveWindow);
    // The opener widens its own reader's window too: one credit for what the acceptor may send.
    expect(wire.framesToServer.filter((f) => f === `{"type":"credit","id":${stream.id},"bytes":${receiveWindow - window}}`)).toHaveLength(
      1,
    );
    const payload = randomBytes(1024 * 1024);
    stream.end(payload);
    for (let i = 0; i < 50; i += 1) await tick();
    // More than the initial window went before the reader read, and no more than the receive window.
    expect(wire.dataBytesToServer).toBeGreaterThan(window);
    expect(wire.dataBytesToServer).toBeLessThanOrEqual(receiveWindow);
    expect(sha(await readAll(serverSide))).toBe(sha(payload));
    expect(wire.protocolErrors).toEqual([]);
  });

  it('works with a peer that keeps the initial window: it only receives more credit', async () => {
    const window = 64 * 1024;
    const wire: Buffer[] = [];
    // An older peer: its readers never grant more than the initial window.
    const old = new MuxSession(
      {
        sendText: (t) => setImmediate(() => current.receive(t, false)),
        sendBinary: (b) => {
          wire.push(b);
          setImmediate(() => current.receive(b, true));
        },
      },
      { side: 'server', window, receiveWindow: window, onStream: echo },
    );
    const current: MuxSession = new MuxSession(
      { sendText: (t) => setImmediate(() => old.receive(t, false)), sendBinary: (b) => setImmediate(() => old.receive(b, true)) },
      { side: 'client', window, receiveWindow: 4 * window },
    );
    const stream = await current.open({ host: 'echo', port: 7 });
    const payload = randomBytes(20 * window);
    stream.end(payload);
    expect(sha(await readAll(stream))).toBe(sha(payload));
  });

  it('keeps a stalled stream from holding up the others', async () => {
    const window = 64 * 1024;
    const accepted: MuxStream[] = [];
    const { client } = pair((incoming) => {
      const s = incoming.accept();
      accepted.push(s);
      s.on('error', () => {});
      if (incoming.target.host === 'stalled') s.pause();
      else s.pipe(s);
    }, window);
    const stalled = await client.open({ host: 'stalled', port: 1 });
    stalled.write(randomBytes(4 * window));
    const lively = await client.open({ host: 'lively', port: 1 });
    const payload = randomBytes(10 * window);
    lively.end(payload);
    expect(sha(await readAll(lively))).toBe(sha(payload));
    stalled.destroy();
  });

  it('multiplexes 100 concurrent streams without mixing their bytes', async () => {
    const { client } = pair(echo);
    const payloads = Array.from({ length: 100 }, (_, i) => randomBytes(1000 + i * 997));
    const echoed = await Promise.all(
      payloads.map(async (p) => {
        const s = await client.open({ host: 'echo', port: 7 });
        s.end(p);
        return readAll(s);
      }),
    );
    expect(echoed.map(sha)).toEqual(payloads.map(sha));
  });

  it("resets the peer's stream with the reason when one side destroys it", async () => {
    const reasons: string[] = [];
    const { client } = pair((incoming) => {
      const s = incoming.accept();
      s.on('error', (e) => reasons.push(`${e.constructor.name}: ${e.message}`));
      s.resume();
    });
    const stream = await client.open({ host: 'h', port: 1 });
    stream.write('x');
    await tick();
    stream.on('error', () => {});
    stream.destroy(new Error('the device went away'));
    for (let i = 0; i < 5; i += 1) await tick();
    expect(reasons).toEqual(['StreamReset: the device went away']);
  });

  it('fails its streams and later opens with the reason when the session closes', async () => {
    const { client } = pair(echo);
    const stream = await client.open({ host: 'h', port: 1 });
    const failed = once(stream, 'error');
    client.close('tunnel "office" disconnected');
    const [error] = (await failed) as [Error];
    expect(error).toBeInstanceOf(StreamReset);
    expect(error.message).toBe('tunnel "office" disconnected');
    await expect(client.open({ host: 'h', port: 1 })).rejects.toThrow('tunnel "office" disconnected');
  });

  it('resets a stream whose peer sends past its credit, and reports malformed frames', async () => {
    const { client, server, wire } = pair((incoming) => {
      const s = incoming.accept();
      s.pause();
      s.on('error', () => {});
    }, 1024);
    const stream = await client.open({ host: 'h', port: 1 });
    const reset = once(stream, 'error');
    // A misbehaving peer: raw data frames past the window (the paused reader's buffer is full), bypassing the stream's credit.
    for (let i = 0; i < 40; i += 1) server.receive(encodeDataFrame(stream.id, Buffer.alloc(1000)), true);
    const [error] = (await reset) as [Error];
    expect(error.message).toMatch(/flow control violated/);
    server.receive('{"type":"bogus"}', false);
    server.receive(Buffer.from([1]), true);
    expect(wire.protocolErrors).toHaveLength(2);
  });

  it('does not open a stream the peer reset before it was accepted: the accepted stream fails with the reason', async () => {
    let markAsked!: (incoming: IncomingStream) => void;
    const asked = new Promise<IncomingStream>((resolve) => {
      markAsked = resolve;
    });
    const { client, server } = pair((incoming) => markAsked(incoming));
    client.open({ host: 'h', port: 1 }).catch(() => {});
    const incoming = await asked;
    server.receive(JSON.stringify({ type: 'reset', id: 1, reason: 'the device gave up' }), false);
    const stream = incoming.accept();
    const [error] = (await once(stream, 'error')) as [Error];
    expect(error).toBeInstanceOf(StreamReset);
    expect(error.message).toBe('the device gave up');
    expect(server.streamCount).toBe(0);
  });

  it('rejects an open the peer resets instead of answering', async () => {
    const { client } = pair(() => {});
    const opening = client.open({ host: 'h', port: 1 });
    client.receive(JSON.stringify({ type: 'reset', id: 1, reason: 'no' }), false);
    await expect(opening).rejects.toThrow(new StreamRefused('no'));
    expect(client.streamCount).toBe(0);
  });

  it('allows the initial window as the default and refuses opens of the wrong parity', () => {
    const errors: string[] = [];
    const session = new MuxSession(
      { sendText: () => {}, sendBinary: () => {} },
      { side: 'server', onStream: echo, onProtocolError: (e) => errors.push(e) },
    );
    expect(session.window).toBe(INITIAL_WINDOW);
    expect(session.receiveWindow).toBe(RECEIVE_WINDOW);
    session.receive(JSON.stringify({ type: 'open', id: 2, host: 'h', port: 1 }), false);
    expect(errors).toEqual(["open of stream 2, which is not the peer's to open"]);
    expect(session.streamCount).toBe(0);
  });
});
