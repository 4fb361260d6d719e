/**
 * One side of a tunnel multiplexing session (tunnel-protocol.ts): streams are Node
 * Duplexes, so callers pipe sockets into them; credit-based flow control maps onto the
 * streams' own backpressure. The session knows nothing of WebSockets: it sends through a
 * FrameSink and is fed every received frame with `receive`.
 */
import { Duplex } from 'node:stream';
import {
  INITIAL_WINDOW, MAX_DATA_FRAME, decodeDataFrame, encodeDataFrame, parseTunnelControlFrame, type TunnelControlFrame,
} from './tunnel-protocol.js';

export interface FrameSink {
  sendText(text: string): void;
  sendBinary(frame: Buffer): void;
}

export interface StreamTarget {
  host: string;
  port: number;
}

/** A stream the peer asks to open: accept it (and get the stream) or refuse it with a reason. */
export interface IncomingStream {
  readonly target: StreamTarget;
  accept(): MuxStream;
  refuse(reason: string): void;
}

export class StreamRefused extends Error {}

export interface MuxSessionOptions {
  /** Which ids this side allocates: odd for the side that connected, even for the other. */
  side: 'client' | 'server';
  onStream?: (incoming: IncomingStream) => void;
  /** The control plane's `ready` (tunnel clients wait for it before saying they are connected). */
  onReady?: (tunnelName: string) => void;
  /** Frames that break the protocol (logged by the owner; the session ignores them). */
  onProtocolError?: (error: string) => void;
  /** Per-stream receive window; the peer must use the same (INITIAL_WINDOW). */
  window?: number;
}

export class MuxSession {
  private readonly streams = new Map<number, MuxStream>();
  private readonly opening = new Map<number, { resolve: (s: MuxStream) => void; reject: (e: Error) => void; stream: MuxStream }>();
  private nextId: number;
  private closedReason: string | null = null;
  readonly window: number;

  constructor(
    private readonly sink: FrameSink,
    private readonly options: MuxSessionOptions,
  ) {
    this.nextId = options.side === 'client' ? 1 : 2;
    this.window = options.window ?? INITIAL_WINDOW;
  }

  get streamCount(): number {
    return this.streams.size;
  }

  get closed(): boolean {
    return this.closedReason !== null;
  }

  /** Opens a stream to host:port on the peer's side; rejects with StreamRefused and the peer's reason. */
  open(target: StreamTarget): Promise<MuxStream> {
    if (this.closedReason !== null) return Promise.reject(new StreamRefused(this.closedReason));
    const id = this.nextId;
    this.nextId += 2;
    const stream = new MuxStream(this, id);
    this.streams.set(id, stream);
    return new Promise((resolve, reject) => {
      this.opening.set(id, { resolve, reject, stream });
      this.control({ type: 'open', id, host: target.host, port: target.port });
    });
  }

  /** Ends every stream with the reason (the WebSocket closed); later opens are refused with it. */
  close(reason: string): void {
    if (this.closedReason !== null) return;
    this.closedReason = reason;
    for (const [id, pending] of this.opening) {
      this.opening.delete(id);
      pending.reject(new StreamRefused(reason));
    }
    for (const stream of this.streams.values()) stream.peerReset(reason);
    this.streams.clear();
  }

  /** Feeds one received WebSocket frame. */
  receive(data: Buffer | string, isBinary: boolean): void {
    if (this.closedReason !== null) return;
    if (isBinary) {
      const decoded = decodeDataFrame(typeof data === 'string' ? Buffer.from(data) : data);
      if (!decoded.ok) return this.options.onProtocolError?.(decoded.error);
      const stream = this.streams.get(decoded.id);
      if (stream && !stream.receiveData(decoded.payload)) this.reset(decoded.id, 'flow control violated: more data than credit');
      return;
    }
    const parsed = parseTunnelControlFrame(data.toString());
    if (!parsed.ok) return this.options.onProtocolError?.(parsed.error);
    this.handleControl(parsed.frame);
  }

  private handleControl(frame: TunnelControlFrame): void {
    if (frame.type === 'ready') return this.options.onReady?.(frame.tunnelName);
    if (frame.type === 'open') return this.handleOpen(frame.id, { host: frame.host, port: frame.port });
    if (frame.type === 'opened' || frame.type === 'refused') {
      const pending = this.opening.get(frame.id);
      if (!pending) return;
      this.opening.delete(frame.id);
      if (frame.type === 'opened') return pending.resolve(pending.stream);
      this.streams.delete(frame.id);
      pending.stream.destroy();
      return pending.reject(new StreamRefused(frame.reason));
    }
    const stream = this.streams.get(frame.id);
    if (!stream) return; // frames racing a reset are harmless
    if (frame.type === 'credit') stream.addCredit(frame.bytes);
    else if (frame.type === 'end') stream.peerEnded();
    else if (frame.type === 'reset') {
      this.streams.delete(frame.id);
      stream.peerReset(frame.reason);
    }
  }

  private handleOpen(id: number, target: StreamTarget): void {
    const ours = this.options.side === 'client' ? 1 : 0;
    if (id % 2 === ours || this.streams.has(id)) return this.options.onProtocolError?.(`open of stream ${id}, which is not the peer's to open`);
    if (!this.options.onStream) return this.control({ type: 'refused', id, reason: 'this side accepts no streams' });
    let answered = false;
    const once = () => {
      if (answered) throw new Error(`stream ${id} was already answered`);
      answered = true;
    };
    this.options.onStream({
      target,
      accept: () => {
        once();
        const stream = new MuxStream(this, id);
        this.streams.set(id, stream);
        this.control({ type: 'opened', id });
        return stream;
      },
      refuse: (reason) => {
        once();
        this.control({ type: 'refused', id, reason: reason.slice(0, 2000) });
      },
    });
  }

  /** @internal */
  control(frame: TunnelControlFrame): void {
    if (this.closedReason === null) this.sink.sendText(JSON.stringify(frame));
  }

  /** @internal */
  data(id: number, payload: Uint8Array): void {
    if (this.closedReason === null) this.sink.sendBinary(encodeDataFrame(id, payload));
  }

  /** @internal: the stream is gone on our side; tells the peer unless both ends finished cleanly. */
  forget(id: number, resetReason: string | null): void {
    if (!this.streams.has(id)) return;
    this.streams.delete(id);
    const pending = this.opening.get(id);
    if (pending) {
      this.opening.delete(id);
      pending.reject(new StreamRefused(resetReason ?? 'closed before it opened'));
    }
    if (resetReason !== null) this.control({ type: 'reset', id, reason: resetReason.slice(0, 2000) });
  }

  private reset(id: number, reason: string): void {
    const stream = this.streams.get(id);
    this.forget(id, reason);
    stream?.peerReset(reason);
  }
}

/** Error a stream is destroyed with when the peer reset it or the session closed. */
export class StreamReset extends Error {}

export class MuxStream extends Duplex {
  private sendCredit: number;
  /** Received and pushed, not yet given back as credit. */
  private unacknowledged = 0;
  private waitingWrite: { chunk: Buffer; callback: (error?: Error | null) => void } | null = null;
  private sentEnd = false;
  private receivedEnd = false;
  private resetByPeer = false;

  constructor(
    private readonly session: MuxSession,
    readonly id: number,
  ) {
    super({ allowHalfOpen: true });
    this.sendCredit = session.window;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.sendSome(chunk, callback);
  }

  /** Sends as much of the chunk as credit allows; the rest waits for a credit frame. */
  private sendSome(chunk: Buffer, callback: (error?: Error | null) => void): void {
    let rest = chunk;
    while (rest.length > 0 && this.sendCredit > 0) {
      const size = Math.min(rest.length, this.sendCredit, MAX_DATA_FRAME);
      this.session.data(this.id, rest.subarray(0, size));
      this.sendCredit -= size;
      rest = rest.subarray(size);
    }
    if (rest.length === 0) return callback();
    this.waitingWrite = { chunk: rest, callback };
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.sentEnd = true;
    this.session.control({ type: 'end', id: this.id });
    callback();
  }

  override _read(): void {
    this.giveCredit(1);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const clean = this.sentEnd && this.receivedEnd;
    this.session.forget(this.id, this.resetByPeer || clean ? null : (error?.message ?? 'closed'));
    if (this.waitingWrite) {
      this.waitingWrite.callback(error ?? new StreamReset('stream closed'));
      this.waitingWrite = null;
    }
    callback(error);
  }

  /** @internal: false when the peer sent more than its credit. */
  receiveData(payload: Buffer): boolean {
    if (this.receivedEnd) return true; // after end, ignore stragglers
    this.unacknowledged += payload.length;
    if (this.unacknowledged > this.session.window) return false;
    // Credit goes back at once while the reader keeps up, else when it next reads (_read).
    if (this.push(payload)) this.giveCredit(this.session.window / 4);
    return true;
  }

  private giveCredit(threshold: number): void {
    if (this.unacknowledged >= threshold && !this.receivedEnd && !this.destroyed) {
      this.session.control({ type: 'credit', id: this.id, bytes: this.unacknowledged });
      this.unacknowledged = 0;
    }
  }

  /** @internal */
  addCredit(bytes: number): void {
    this.sendCredit += bytes;
    const waiting = this.waitingWrite;
    if (!waiting) return;
    this.waitingWrite = null;
    this.sendSome(waiting.chunk, waiting.callback);
  }

  /** @internal */
  peerEnded(): void {
    if (this.receivedEnd) return;
    this.receivedEnd = true;
    this.push(null);
  }

  /** @internal */
  peerReset(reason: string): void {
    this.resetByPeer = true;
    this.destroy(new StreamReset(reason));
  }
}
