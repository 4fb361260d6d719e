import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { type IncomingStream, MuxSession, type MuxStream, StreamRefused, StreamReset } from './mux.js';
import { spliceStream } from './mux-splice.js';
import { echo, readAll, sha } from './mux-test-helpers.js';
import { encodeDataFrame } from './tunnel-protocol.js';

/** What crossed one wire: data bytes, and every text frame. */
interface Wire {
  dataBytes: number;
  texts: string[];
}

/**
 * Two sessions joined by an in-memory wire that delivers frames asynchronously and in order.
 * Binary frames are copied on the way, as a WebSocket would, so a splice rewriting them in
 * place cannot touch the sender's buffer.
 */
function join(
  a: { side: 'client' | 'server'; onStream?: (i: IncomingStream) => void },
  b: { side: 'client' | 'server'; onStream?: (i: IncomingStream) => void },
  window: number,
  receiveWindow = window,
) {
  const toB: Wire = { dataBytes: 0, texts: [] };
  const toA: Wire = { dataBytes: 0, texts: [] };
  let sa!: MuxSession;
  let sb!: MuxSession;
  const sink = (wire: Wire, to: () => MuxSession) => ({
    sendText: (t: string) => {
      wire.texts.push(t);
      setImmediate(() => to().receive(t, false));
    },
    sendBinary: (f: Buffer) => {
      wire.dataBytes += f.length - 4;
      const copy = Buffer.from(f);
      setImmediate(() => to().receive(copy, true));
    },
  });
  sa = new MuxSession(
    sink(toB, () => sb),
    { side: a.side, onStream: a.onStream, window, receiveWindow },
  );
  sb = new MuxSession(
    sink(toA, () => sa),
    { side: b.side, onStream: b.onStream, window, receiveWindow },
  );
  return { a: sa, b: sb, toB, toA };
}

/**
 * opener (a lab agent) ⇄ relay ⇄ far (a tunnel client), the relay splicing each stream the
 * opener opens onto the far session, as the control plane does.
 */
function relayed(far: (incoming: IncomingStream) => void, window = 1024 * 1024, receiveWindow = window) {
  let relayFar!: MuxSession;
  const outer = join(
    { side: 'client' },
    { side: 'server', onStream: (incoming) => spliceStream(incoming, relayFar) },
    window,
    receiveWindow,
  );
  const inner = join({ side: 'server' }, { side: 'client', onStream: far }, window, receiveWindow);
  relayFar = inner.a;
  return {
    opener: outer.a,
    relayNear: outer.b,
    relayFar,
    far: inner.b,
    /** Opener → relay and relay → far. */
    wires: { openerToRelay: outer.toB, relayToOpener: outer.toA, relayToFar: inner.toB, farToRelay: inner.toA },
  };
}

const ticks = async (n: number) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setImmediate(r));
};

describe('spliced relay', () => {
  it('carries bytes both ways intact to the target the far side sees, and forgets the stream after both ends', async () => {
    const targets: unknown[] = [];
    const { opener, relayNear, relayFar, far, wires } = relayed((incoming) => {
      targets.push(incoming.target);
      const s = incoming.accept();
      void readAll(s).then((all) => s.end(Buffer.concat([Buffer.from(sha(all)), randomBytes(3 * 1024 * 1024)])));
    });
    const stream = await opener.open({ host: 'intranet.local', port: 8080 });
    const payload = randomBytes(3 * 1024 * 1024 + 17);
    stream.end(payload);
    const answer = await readAll(stream);
    expect(answer.subarray(0, 64).toString()).toBe(sha(payload));
    expect(answer.length).toBe(64 + 3 * 1024 * 1024);
    await ticks(5);
    expect(targets).toEqual([{ host: 'intranet.local', port: 8080 }]);
    expect([opener.streamCount, relayNear.streamCount, relayFar.streamCount, far.streamCount]).toEqual([0, 0, 0, 0]);
    expect(
      Object.values(wires)
        .flatMap((w) => w.texts)
        .filter((t) => t.includes('"reset"')),
    ).toEqual([]);
    expect(wires.relayToFar.dataBytes).toBe(payload.length);
  });

  it("passes the far side's refusal back with its reason", async () => {
    const { opener, relayNear, relayFar } = relayed((incoming) => incoming.refuse('host db.internal is excluded by --exclude-hosts'));
    await expect(opener.open({ host: 'db.internal', port: 5432 })).rejects.toThrow(
      new StreamRefused('host db.internal is excluded by --exclude-hosts'),
    );
    expect([relayNear.streamCount, relayFar.streamCount]).toEqual([0, 0]);
  });

  it('keeps flow control end to end: the relay takes no more than the far reader granted', async () => {
    const window = 128 * 1024;
    let farStream!: MuxStream;
    const { opener, wires } = relayed((incoming) => {
      farStream = incoming.accept();
      farStream.pause();
    }, window);
    const stream = await opener.open({ host: 'h', port: 1 });
    const payload = randomBytes(2 * 1024 * 1024);
    stream.end(payload);
    await ticks(60);
    // The far reader has not read: neither hop carried more than the one window it granted.
    expect(wires.relayToFar.dataBytes).toBeGreaterThan(0);
    expect(wires.relayToFar.dataBytes).toBeLessThanOrEqual(window);
    expect(wires.openerToRelay.dataBytes).toBeLessThanOrEqual(window);
    expect(sha(await readAll(farStream))).toBe(sha(payload));
  });

  it("passes the far reader's wider window through: the opener may send it all, and no more", async () => {
    const window = 64 * 1024;
    const receiveWindow = 256 * 1024;
    let farStream!: MuxStream;
    const { opener, wires } = relayed(
      (incoming) => {
        farStream = incoming.accept();
        farStream.pause();
      },
      window,
      receiveWindow,
    );
    const stream = await opener.open({ host: 'h', port: 1 });
    const payload = randomBytes(1024 * 1024);
    stream.end(payload);
    await ticks(60);
    expect(wires.relayToFar.dataBytes).toBeGreaterThan(window);
    expect(wires.relayToFar.dataBytes).toBeLessThanOrEqual(receiveWindow);
    expect(wires.openerToRelay.dataBytes).toBeLessThanOrEqual(receiveWindow);
    expect(sha(await readAll(farStream))).toBe(sha(payload));
  });

  it("lets one stream run while another's far reader stalls", async () => {
    const window = 64 * 1024;
    const { opener } = relayed((incoming) => {
      const s = incoming.accept();
      s.on('error', () => {});
      if (incoming.target.host === 'stalled') s.pause();
      else s.pipe(s);
    }, window);
    const stalled = await opener.open({ host: 'stalled', port: 1 });
    stalled.on('error', () => {});
    stalled.write(randomBytes(4 * window));
    const lively = await opener.open({ host: 'lively', port: 1 });
    const payload = randomBytes(10 * window);
    lively.end(payload);
    expect(sha(await readAll(lively))).toBe(sha(payload));
    stalled.destroy();
  });

  it('passes a half-close each way: the far side reads the end and still answers', async () => {
    const { opener } = relayed((incoming) => {
      const s = incoming.accept();
      void readAll(s).then((all) => setTimeout(() => s.end(`read ${all.length} bytes, then answered`), 5));
    });
    const stream = await opener.open({ host: 'h', port: 1 });
    stream.end(Buffer.alloc(1000));
    expect((await readAll(stream)).toString()).toBe('read 1000 bytes, then answered');
  });

  it('passes a reset from the opener to the far side with its reason', async () => {
    const reasons: string[] = [];
    const { opener, relayNear, relayFar } = relayed((incoming) => {
      const s = incoming.accept();
      s.on('error', (e) => reasons.push(`${e.constructor.name}: ${e.message}`));
      s.resume();
    });
    const stream = await opener.open({ host: 'h', port: 1 });
    stream.write('x');
    await ticks(5);
    stream.on('error', () => {});
    stream.destroy(new Error('the device went away'));
    await ticks(10);
    expect(reasons).toEqual(['StreamReset: the device went away']);
    expect([relayNear.streamCount, relayFar.streamCount]).toEqual([0, 0]);
  });

  it('passes a reset from the far side to the opener with its reason', async () => {
    let farStream!: MuxStream;
    const { opener, relayNear, relayFar } = relayed((incoming) => {
      farStream = incoming.accept();
    });
    const stream = await opener.open({ host: 'h', port: 1 });
    const failed = once(stream, 'error');
    farStream.on('error', () => {});
    farStream.destroy(new Error('ECONNRESET from 10.0.0.5:8080'));
    const [error] = (await failed) as [Error];
    expect(error).toBeInstanceOf(StreamReset);
    expect(error.message).toBe('ECONNRESET from 10.0.0.5:8080');
    await ticks(5);
    expect([relayNear.streamCount, relayFar.streamCount]).toEqual([0, 0]);
  });

  it("resets the opener's streams with the reason when the far session closes (the tunnel went away)", async () => {
    const { opener, relayFar } = relayed(echo);
    const stream = await opener.open({ host: 'h', port: 1 });
    const failed = once(stream, 'error');
    relayFar.close('tunnel "office" disconnected');
    const [error] = (await failed) as [Error];
    expect(error.message).toBe('tunnel "office" disconnected');
    await expect(opener.open({ host: 'h', port: 1 })).rejects.toThrow('tunnel "office" disconnected');
  });

  it('resets the far stream when the opener gave up before the far side answered', async () => {
    let markAsked!: (incoming: IncomingStream) => void;
    const asked = new Promise<IncomingStream>((resolve) => {
      markAsked = resolve;
    });
    const r = relayed((incoming) => markAsked(incoming));
    r.opener.open({ host: 'h', port: 1 }).catch(() => {}); // never answered: the relay forgot it
    const incoming = await asked;
    // The opener's reset of stream 1 reaches the relay before the far side accepts.
    r.relayNear.receive(JSON.stringify({ type: 'reset', id: 1, reason: 'the device gave up' }), false);
    const farStream = incoming.accept();
    const failed = once(farStream, 'error');
    const [error] = (await failed) as [Error];
    expect(error.message).toBe('the device gave up');
    await ticks(5);
    expect([r.relayNear.streamCount, r.relayFar.streamCount, r.far.streamCount]).toEqual([0, 0, 0]);
  });

  it('resets, and does not pass on, data sent past the credit the far reader granted', async () => {
    const window = 16 * 1024;
    let farStream!: MuxStream;
    const { opener, relayNear, wires } = relayed((incoming) => {
      farStream = incoming.accept();
      farStream.pause();
      farStream.on('error', () => {});
    }, window);
    const stream = await opener.open({ host: 'h', port: 1 });
    const failed = once(stream, 'error');
    // A misbehaving opener: raw data frames past the window, bypassing its stream's credit.
    for (let i = 0; i < 40; i += 1) relayNear.receive(encodeDataFrame(stream.id, Buffer.alloc(1000)), true);
    const [error] = (await failed) as [Error];
    expect(error.message).toMatch(/flow control violated/);
    await ticks(10);
    expect(farStream.destroyed).toBe(true);
    expect(wires.relayToFar.dataBytes).toBeLessThanOrEqual(window);
  });
});
