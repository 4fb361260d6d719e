/**
 * One side of a tunnel multiplexing session (tunnel-protocol.ts): streams are Node
 * Duplexes, so callers pipe sockets into them; credit-based flow control maps onto the
 * streams' own backpressure. The session knows nothing of WebSockets: it sends through a
 * FrameSink and is fed every received frame with `receive`.
 */
import { Duplex } from 'node:stream';
import {
  decodeDataFrame,
  encodeDataFrame,
  encodeTunnelControlFrame,
  INITIAL_WINDOW,
  MAX_DATA_FRAME,
  parseTunnelControlFrame,
  RECEIVE_WINDOW,
  type TunnelControlFrame,
} from './tunnel-protocol.js';

export interface FrameSink {
  sendText(text: string): void;
  /** `onWritten` runs once the frame's bytes are handed to the socket (not if the send fails): its buffer may be used again. */
  sendBinary(frame: Buffer, onWritten?: () => void): void;
}

export interface StreamTarget {
  host: string;
  port: number;
}

/** A stream the peer asks to open: accept it (and get the stream) or refuse it with a reason. */
export interface IncomingStream {
  readonly target: StreamTarget;
  accept(): MuxStream;
  /** Accepts it frame by frame (mux-splice.ts): the handler gets its frames, the port sends them. */
  acceptFrames(handler: FrameHandler): FramePort;
  refuse(reason: string): void;
}

/**
 * What a session hands a stream's frames to: a MuxStream, or one side of a splice
 * (mux-splice.ts), which forwards them to another session without decoding the bytes.
 */
export interface FrameHandler {
  /** A data frame of the stream, its 4-byte stream id included (the payload follows it); false when it exceeds the credit given. */
  onData(frame: Buffer): boolean;
  onCredit(bytes: number): void;
  onEnd(): void;
  /** The peer reset the stream, or the session closed (the stream is already forgotten). */
  onReset(reason: string): void;
}

/** A stream opened frame by frame: its handler also learns whether the peer accepted it. */
export interface OpeningFrameHandler extends FrameHandler {
  onOpened(): void;
  /** The peer refused it, or the session closed before it answered (the stream is already forgotten). */
  onRefused(reason: string): void;
}

/** Sends the frames of one stream of a session (mux-splice.ts). */
export class FramePort {
  constructor(
    private readonly session: MuxSession,
    readonly id: number,
  ) {}

  /** The session's windows: the credit each side starts with, and what our reader lets the peer have in flight. */
  get window(): number {
    return this.session.window;
  }

  get receiveWindow(): number {
    return this.session.receiveWindow;
  }

  /** For a reader (socket-splice.ts): grants the peer the receive window, once the stream is open. */
  widenWindow(): void {
    this.session.widenWindow(this.id);
  }

  /**
   * Sends a data frame received on another stream or read for it: its stream id is rewritten in
   * place (the buffer is the port's now, until `onWritten`, if given, runs).
   */
  forward(frame: Buffer, onWritten?: () => void): void {
    frame.writeUInt32BE(this.id, 0);
    this.session.sendFrame(frame, onWritten);
  }

  credit(bytes: number): void {
    this.session.control({ type: 'credit', id: this.id, bytes });
  }

  end(): void {
    this.session.control({ type: 'end', id: this.id });
  }

  /** Forgets the stream and tells the peer with the reason. */
  reset(reason: string): void {
    this.session.forget(this.id, reason);
  }

  /** Forgets the stream without a frame (both directions ended cleanly). */
  release(): void {
    this.session.forget(this.id, null);
  }
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
  /** Credit each side of a stream starts with; the peer must use the same (INITIAL_WINDOW). */
  window?: number;
  /** What our streams' readers let the peer have in flight (RECEIVE_WINDOW; at least `window`). */
  receiveWindow?: number;
}

export class MuxSession {
  private readonly streams = new Map<number, FrameHandler>();
  /** Streams we opened that the peer has not answered yet. */
  private readonly opening = new Map<number, { opened(): void; refused(reason: string): void }>();
  /** Streams the peer opened that we have not answered yet; `reset` once the peer gave up on one. */
  private readonly answering = new Map<number, { reset: string | null }>();
  private nextId: number;
  private closedReason: string | null = null;
  readonly window: number;
  readonly receiveWindow: number;

  constructor(
    private readonly sink: FrameSink,
    private readonly options: MuxSessionOptions,
  ) {
    this.nextId = options.side === 'client' ? 1 : 2;
    this.window = options.window ?? INITIAL_WINDOW;
    this.receiveWindow = Math.max(this.window, options.receiveWindow ?? RECEIVE_WINDOW);
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
    const id = this.allocateId();
    const stream = new MuxStream(this, id);
    this.streams.set(id, stream);
    return new Promise((resolve, reject) => {
      this.opening.set(id, {
        opened: () => {
          stream.widenWindow();
          resolve(stream);
        },
        refused: (reason) => {
          this.streams.delete(id);
          stream.destroy();
          reject(new StreamRefused(reason));
        },
      });
      this.control({ type: 'open', id, host: target.host, port: target.port });
    });
  }

  /**
   * Opens a stream handled frame by frame (mux-splice.ts); the handler hears whether it
   * opened. On a closed session it is refused at once, before this returns.
   */
  openFrames(target: StreamTarget, handler: OpeningFrameHandler): FramePort {
    const id = this.allocateId();
    const port = new FramePort(this, id);
    if (this.closedReason !== null) {
      handler.onRefused(this.closedReason);
      return port;
    }
    this.streams.set(id, handler);
    this.opening.set(id, {
      opened: () => handler.onOpened(),
      refused: (reason) => {
        this.streams.delete(id);
        handler.onRefused(reason);
      },
    });
    this.control({ type: 'open', id, host: target.host, port: target.port });
    return port;
  }

  private allocateId(): number {
    const id = this.nextId;
    this.nextId += 2;
    return id;
  }

  /** Ends every stream with the reason (the WebSocket closed); later opens are refused with it. */
  close(reason: string): void {
    if (this.closedReason !== null) return;
    this.closedReason = reason;
    const pending = [...this.opening];
    const streams = [...this.streams].filter(([id]) => !this.opening.has(id));
    this.opening.clear();
    for (const answer of this.answering.values()) answer.reset ??= reason;
    for (const [, opening] of pending) opening.refused(reason);
    this.streams.clear();
    for (const [, stream] of streams) stream.onReset(reason);
  }

  /** Feeds one received WebSocket frame. */
  receive(data: Buffer | string, isBinary: boolean): void {
    if (this.closedReason !== null) return;
    if (isBinary) {
      const frame = typeof data === 'string' ? Buffer.from(data) : data;
      const decoded = decodeDataFrame(frame);
      if (!decoded.ok) return this.options.onProtocolError?.(decoded.error);
      const stream = this.streams.get(decoded.id);
      if (stream && !stream.onData(frame)) this.reset(decoded.id, 'flow control violated: more data than credit');
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
      return frame.type === 'opened' ? pending.opened() : pending.refused(frame.reason);
    }
    if (frame.type === 'reset') {
      const answer = this.answering.get(frame.id);
      if (answer) answer.reset ??= frame.reason; // the peer gave up before we answered: our answer must not open it
      const pending = this.opening.get(frame.id);
      if (pending) {
        this.opening.delete(frame.id);
        return pending.refused(frame.reason);
      }
    }
    const stream = this.streams.get(frame.id);
    if (!stream) return; // frames racing a reset are harmless
    if (frame.type === 'credit') stream.onCredit(frame.bytes);
    else if (frame.type === 'end') stream.onEnd();
    else if (frame.type === 'reset') {
      this.streams.delete(frame.id);
      stream.onReset(frame.reason);
    }
  }

  private handleOpen(id: number, target: StreamTarget): void {
    const ours = this.options.side === 'client' ? 1 : 0;
    if (id % 2 === ours || this.streams.has(id) || this.answering.has(id))
      return this.options.onProtocolError?.(`open of stream ${id}, which is not the peer's to open`);
    if (!this.options.onStream) return this.control({ type: 'refused', id, reason: 'this side accepts no streams' });
    const answer = { reset: null as string | null };
    this.answering.set(id, answer);
    /** Marks the stream answered; false when the peer reset it (or the session closed) meanwhile. */
    const answering = (): boolean => {
      if (this.answering.get(id) !== answer) throw new Error(`stream ${id} was already answered`);
      this.answering.delete(id);
      return answer.reset === null;
    };
    const accepted = <T extends FrameHandler>(handler: T): T => {
      if (!answering()) {
        handler.onReset(answer.reset!);
        return handler;
      }
      this.streams.set(id, handler);
      this.control({ type: 'opened', id });
      return handler;
    };
    this.options.onStream({
      target,
      accept: () => {
        const stream = accepted(new MuxStream(this, id));
        stream.widenWindow();
        return stream;
      },
      acceptFrames: (handler) => {
        accepted(handler);
        return new FramePort(this, id);
      },
      refuse: (reason) => {
        if (answering()) this.control({ type: 'refused', id, reason: reason.slice(0, 2000) });
      },
    });
  }

  /** @internal */
  control(frame: TunnelControlFrame): void {
    if (this.closedReason === null) this.sink.sendText(encodeTunnelControlFrame(frame));
  }

  /** @internal */
  data(id: number, payload: Uint8Array): void {
    if (this.closedReason === null) this.sink.sendBinary(encodeDataFrame(id, payload));
  }

  /** @internal: grants what the receive window adds to the initial one (a reader, once the stream is open). */
  widenWindow(id: number): void {
    const extra = this.receiveWindow - this.window;
    if (extra > 0) this.control({ type: 'credit', id, bytes: extra });
  }

  /** @internal: a data frame whose stream id is already written. */
  sendFrame(frame: Buffer, onWritten?: () => void): void {
    if (this.closedReason === null) this.sink.sendBinary(frame, onWritten);
  }

  /** @internal: the stream is gone on our side; tells the peer unless both ends finished cleanly. */
  forget(id: number, resetReason: string | null): void {
    if (!this.streams.has(id)) return;
    this.streams.delete(id);
    const pending = this.opening.get(id);
    if (pending) {
      this.opening.delete(id);
      pending.refused(resetReason ?? 'closed before it opened');
    }
    if (resetReason !== null) this.control({ type: 'reset', id, reason: resetReason.slice(0, 2000) });
  }

  private reset(id: number, reason: string): void {
    const stream = this.streams.get(id);
    this.forget(id, reason);
    stream?.onReset(reason);
  }
}

/** Error a stream is destroyed with when the peer reset it or the session closed. */
export class StreamReset extends Error {}

export class MuxStream extends Duplex implements FrameHandler {
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
    // A quarter window at a time, like receiveData: Node calls _read after nearly every push,
    // and one credit frame per data frame cost a write on every hop of the tunnel. No
    // deadlock: a sender out of credit means a full window unacknowledged, over the threshold.
    this.giveCredit(this.session.receiveWindow / 4);
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

  /** @internal: grants the peer what the receive window adds to the initial one, once the stream is open. */
  widenWindow(): void {
    if (!this.destroyed) this.session.widenWindow(this.id);
  }

  /** @internal: false when the peer sent more than its credit. */
  onData(frame: Buffer): boolean {
    if (this.receivedEnd) return true; // after end, ignore stragglers
    const payload = frame.subarray(4);
    this.unacknowledged += payload.length;
    if (this.unacknowledged > this.session.receiveWindow) return false;
    // Credit goes back while the reader keeps up, else when it next reads (_read).
    if (this.push(payload)) this.giveCredit(this.session.receiveWindow / 4);
    return true;
  }

  private giveCredit(threshold: number): void {
    if (this.unacknowledged >= threshold && !this.receivedEnd && !this.destroyed) {
      this.session.control({ type: 'credit', id: this.id, bytes: this.unacknowledged });
      this.unacknowledged = 0;
    }
  }

  /** @internal */
  onCredit(bytes: number): void {
    this.sendCredit += bytes;
    const waiting = this.waitingWrite;
    if (!waiting) return;
    this.waitingWrite = null;
    this.sendSome(waiting.chunk, waiting.callback);
  }

  /** @internal */
  onEnd(): void {
    if (this.receivedEnd) return;
    this.receivedEnd = true;
    this.push(null);
  }

  /** @internal */
  onReset(reason: string): void {
    this.resetByPeer = true;
    this.destroy(new StreamReset(reason));
  }
}
