/**
 * Joins a TCP socket to a mux stream frame by frame: the tunnel client's side of every
 * stream, between the control plane and an internal host. It is what `socket.pipe(stream)`
 * did through a MuxStream (a Duplex), without the Duplex and without a copy:
 *
 * - Reading: the socket reads straight into the payload of a data frame (net's `onread` with
 *   a buffer per read, 4 bytes kept in front for the stream id), and the frame is sent as it
 *   is; once the WebSocket has written it, its buffer serves a later read. Before, each 64 KiB read was copied into a new frame, about 0.6 ms of
 *   CPU per MiB in the tunnel client on the benchmark's machine (docs/benchmarks.md).
 * - Flow control is the stream's, end to end: a read is sent only as far as the far reader
 *   granted credit; the socket stops reading when credit runs out, and its rest waits for
 *   the next credit frame. Writing to the socket, credit goes back while the socket keeps up,
 *   else once it drains, so a slow internal host holds back only its own stream.
 * - Ends: the host's FIN becomes `end` once everything read before it was sent; the peer's
 *   `end` half-closes the socket. A socket that fails or closes before its FIN resets the
 *   stream with the reason; a reset from the peer (or a lost session) destroys the socket.
 */
import { connect, type Socket, type TcpNetConnectOpts } from 'node:net';
import type { FrameHandler, FramePort, IncomingStream } from '@devicelab/shared';

const ID_BYTES = 4;
/** Reads smaller than this are copied into a frame of their own (see frameOfRead). */
const COPY_BELOW = 16 * 1024;
/** The first read buffer's payload: from Node's pool of small buffers (under 4 KiB in all). */
const FIRST_READ = 2048;
/**
 * A full read's payload: its data frame is then exactly 64 KiB on the wire (WebSocket header of
 * 2 + 2 length + 4 mask bytes, the stream id, the payload), the size of the control plane's
 * socket reads, so that a backlogged control plane reads whole frames and \`ws\` need not join
 * the two parts of a frame that straddles two reads into a new buffer (a copy of nearly every
 * frame with 64 KiB payloads: 65,550 bytes each).
 */
const FULL_READ = 65536 - 8 - ID_BYTES;
const READ_BUFFER = ID_BYTES + FULL_READ;
/**
 * Full-size read buffers whose frames the WebSocket has written (handed to the kernel), for the
 * next reads of any stream. A fresh 64 KiB buffer per read cost its allocation and, in bulk, the
 * collector's time and V8's external-memory accounting (createUnsafeBuffer alone was 110-120 ms of
 * the tunnel client's CPU over a benchmark run: docs/benchmarks.md). At most 4 MiB are kept.
 */
const spareReadBuffers: Buffer[] = [];
const MAX_SPARE_READ_BUFFERS = 64;

/** Where a frame goes back once written: the pool, if the frame lies in one of our full-size read buffers. */
function recyclerOf(frame: Buffer): (() => void) | undefined {
  // A buffer of READ_BUFFER bytes is never from Node's shared pool (only buffers under 4 KiB are).
  if (frame.byteOffset !== 0 || frame.buffer.byteLength !== READ_BUFFER) return undefined;
  const whole = frame.buffer;
  return () => {
    if (spareReadBuffers.length < MAX_SPARE_READ_BUFFERS) spareReadBuffers.push(Buffer.from(whole));
  };
}

export class SocketSplice implements FrameHandler {
  private port: FramePort | null = null;
  private sendCredit = 0;
  private receiveWindow = 0;
  /** Received from the peer and written, not yet given back as credit. */
  private unacknowledged = 0;
  /** A frame read but not (wholly) covered by credit yet; the socket does not read meanwhile. */
  private pending: Buffer | null = null;
  private readingStopped = false;
  private waitingDrain = false;
  private readEnded = false;
  private sentEnd = false;
  private receivedEnd = false;
  /** The stream is forgotten (released, reset by us or by the peer): nothing more is sent. */
  private finished = false;
  private failure: Error | null = null;
  private closed = false;
  /**
   * What the socket reads into: a data frame's payload, 4 bytes for the stream id in front.
   * Small at first (from Node's shared pool), since most streams carry a short answer: a
   * 64 KiB buffer for each of thousands of small requests made the collector run more often
   * than the copy it saves. It becomes 64 KiB once a read fills it.
   */
  private readBuffer: Buffer = Buffer.allocUnsafe(ID_BYTES + FIRST_READ);
  private readBufferSent = false;
  private readBufferFilled = false;
  readonly socket: Socket;

  /** Connects to the target; call `attach` with the accepted stream once it connected. */
  constructor(options: TcpNetConnectOpts) {
    this.socket = connect({
      ...options,
      onread: {
        buffer: () => {
          // Another buffer (a written one if there is one) once the last one left as a frame
          // (it is queued in the WebSocket), or once a small one was filled (more is coming).
          if (this.readBufferSent || this.readBufferFilled) this.readBuffer = spareReadBuffers.pop() ?? Buffer.allocUnsafe(READ_BUFFER);
          this.readBufferSent = false;
          this.readBufferFilled = false;
          return this.readBuffer.subarray(ID_BYTES);
        },
        callback: (bytes: number) => this.read(this.frameOfRead(bytes)),
      },
    });
    this.socket.on('end', () => {
      this.readEnded = true;
      this.sendEndWhenSent();
    });
    this.socket.on('error', (error) => {
      this.failure = error;
    });
    this.socket.on('close', () => {
      this.closed = true;
      this.socketClosed();
    });
  }

  /** Joins the connected socket to the stream the peer opened. */
  attach(incoming: IncomingStream): void {
    const port = incoming.acceptFrames(this);
    this.port = port;
    this.sendCredit = port.window;
    this.receiveWindow = port.receiveWindow;
    if (this.finished) return; // the peer gave up on it meanwhile (onReset ran)
    port.widenWindow();
    this.sendPending();
    this.sendEndWhenSent();
    this.resumeReading();
    if (this.closed) this.socketClosed();
  }

  /**
   * The frame a read becomes: the read buffer itself, or, for a small read, a copy of the
   * right size, so that a small answer does not hold (and make the collector account for)
   * 64 KiB, and the read buffer serves the next read.
   */
  private frameOfRead(bytes: number): Buffer {
    this.readBufferFilled = bytes === this.readBuffer.length - ID_BYTES;
    if (bytes >= COPY_BELOW) {
      this.readBufferSent = true;
      return this.readBuffer.subarray(0, ID_BYTES + bytes);
    }
    const frame = Buffer.allocUnsafe(ID_BYTES + bytes);
    this.readBuffer.copy(frame, ID_BYTES, ID_BYTES, ID_BYTES + bytes);
    return frame;
  }

  /** One read: false stops the socket reading until credit comes back. */
  private read(frame: Buffer): boolean {
    if (this.finished) return false;
    if (this.pending) {
      // Not expected (the socket stops reading while a frame waits), but never lose bytes.
      this.pending = Buffer.concat([this.pending, frame.subarray(ID_BYTES)]);
    } else {
      this.pending = frame;
    }
    this.sendPending();
    this.readingStopped = this.pending !== null || this.sendCredit <= 0;
    return !this.readingStopped;
  }

  /** Sends what credit allows of the waiting frame; a rest gets a frame of its own (a copy). */
  private sendPending(): void {
    const frame = this.pending;
    if (!frame || !this.port || this.finished || this.sendCredit <= 0) return;
    const size = frame.length - ID_BYTES;
    if (size <= this.sendCredit) {
      this.pending = null;
      this.sendCredit -= size;
      this.port.forward(frame, recyclerOf(frame));
      return;
    }
    const rest = Buffer.allocUnsafe(ID_BYTES + size - this.sendCredit);
    frame.copy(rest, ID_BYTES, ID_BYTES + this.sendCredit);
    this.port.forward(frame.subarray(0, ID_BYTES + this.sendCredit), recyclerOf(frame));
    this.sendCredit = 0;
    this.pending = rest;
  }

  private sendEndWhenSent(): void {
    if (!this.readEnded || this.pending || !this.port || this.sentEnd || this.finished) return;
    this.sentEnd = true;
    this.port.end();
    this.releaseWhenDone();
  }

  private releaseWhenDone(): void {
    if (!this.sentEnd || !this.receivedEnd || this.finished) return;
    this.finished = true;
    this.port!.release();
  }

  private socketClosed(): void {
    if (this.finished || !this.port) return;
    // Closed after its FIN, what it sent is on its way; else it failed or was cut off.
    if (this.readEnded && !this.failure) return;
    this.finished = true;
    this.port.reset(
      this.failure
        ? `the internal host's connection failed: ${(this.failure as NodeJS.ErrnoException).code ?? this.failure.message}`
        : 'the internal host closed the connection',
    );
  }

  onData(frame: Buffer): boolean {
    // Stragglers after end, or a socket already gone or half-closed (the host's FIN ends our side too).
    if (this.receivedEnd || this.socket.destroyed || this.socket.writableEnded) return true;
    const payload = frame.subarray(ID_BYTES);
    this.unacknowledged += payload.length;
    if (this.unacknowledged > this.receiveWindow) return false;
    if (this.socket.write(payload)) this.giveCredit(this.receiveWindow / 4);
    else if (!this.waitingDrain) {
      this.waitingDrain = true;
      this.socket.once('drain', () => {
        this.waitingDrain = false;
        this.giveCredit(1);
      });
    }
    return true;
  }

  private giveCredit(threshold: number): void {
    if (this.unacknowledged < threshold || this.receivedEnd || this.finished) return;
    this.port!.credit(this.unacknowledged);
    this.unacknowledged = 0;
  }

  onCredit(bytes: number): void {
    this.sendCredit += bytes;
    this.sendPending();
    this.sendEndWhenSent();
    this.resumeReading();
  }

  private resumeReading(): void {
    if (!this.readingStopped || this.pending || this.sendCredit <= 0) return;
    this.readingStopped = false;
    this.socket.resume();
  }

  onEnd(): void {
    if (this.receivedEnd) return;
    this.receivedEnd = true;
    // Ending a socket that is already destroyed (the host closed it) builds an error with its
    // stack for nobody: 110 ms of the tunnel client's CPU over the benchmark's small requests.
    if (!this.socket.destroyed && !this.socket.writableEnded) this.socket.end();
    this.releaseWhenDone();
  }

  onReset(): void {
    this.finished = true;
    this.socket.destroy();
  }
}
