/**
 * A TCP connection that reads up to 256 KiB at a time instead of Node's 64 KiB, for the `ws`
 * client of the tunnel's plain ws:// ends (ws-options.ts, `createConnection`).
 *
 * Why: `ws` hands on a message that lies within one read as a slice of it, but joins one that
 * straddles two reads into a new buffer (a copy, and a fresh 64 KiB allocation). A lab agent's
 * relay receives the tunnel client's full data frames as the control plane forwards them:
 * 65,532 bytes on the wire, so with 64 KiB reads nearly every frame straddled two reads. With
 * 256 KiB reads at most one frame in about four does, and there are a quarter of the reads.
 *
 * How: net's `onread` reads into our buffer, and the bytes are pushed into the socket as Node
 * itself pushes a read, so the socket is an ordinary Readable to `ws` (and to node:http, which
 * reads the upgrade answer): `data` events, pause/resume, and backpressure (a push past the
 * high-water mark stops reading until the socket is read again). A read is handed on as a slice
 * of the buffer, and the next read goes into the rest of it while at least 64 KiB is left, so a
 * buffer is mostly used before a new one is allocated (a slice keeps its whole buffer alive:
 * a fresh 256 KiB per read would hold that much for every short read a slow reader keeps). A
 * read under 16 KiB (control frames, small answers) is copied out and its space used again.
 *
 * Whole frames only: once the server's answer is `101 Switching Protocols`, a read is handed on
 * up to the end of its last complete WebSocket frame (FrameBoundaries); the start of a frame the
 * read cut off is held until the next read, which lands right after it in the same buffer, so
 * the frame is handed on whole, as a slice. Without that, `ws` joined every frame a read cut off
 * into a fresh buffer of the frame's size (a 64 KiB allocation and copy), whether the read was
 * cut off by its size or by the sender's bytes not all having arrived yet: the largest item of
 * the agent side's user-space CPU in the tunnel benchmark (docs/benchmarks.md, issue 27's seventh
 * pass). A held start is copied only when its buffer is full, into the next one; a frame of more
 * than HOLD_MAX is handed on as it arrives (`ws` joins it, as before). A connection that ends
 * in the middle of a frame loses that frame's start, which `ws` could not have used either.
 */
import { connect, type NetConnectOpts, type Socket } from 'node:net';

export const LARGE_READ = 256 * 1024;
/** A read gets at least this much room (Node's own read size); less left, and a new buffer is allocated. */
const MIN_READ = 64 * 1024;
const COPY_BELOW = 16 * 1024;
/** The largest frame whose start is held for its rest (a tunnel data frame is at most 64 KiB and 8 bytes). */
export const HOLD_MAX = 128 * 1024;

const SWITCHING = Buffer.from('HTTP/1.1 101');

/**
 * Where the complete WebSocket frames of a connection's bytes end: first the server's HTTP
 * answer, handed on as it comes; then, after a 101 answer's head, frame by frame (RFC 6455 5.2).
 * Any other answer is not a WebSocket's: its bytes are handed on as they come.
 */
class FrameBoundaries {
  private mode: 'answer' | 'head' | 'frames' | 'plain' = 'answer';
  /** In the head: how much of its closing CRLF CRLF was seen. */
  private crlfs = 0;
  /** Bytes still to come of a frame over HOLD_MAX, handed on as they arrive. */
  private passing = 0;

  /**
   * `buffer[from, end)` was just read; `buffer[held, from)` is the start of a frame held from
   * the reads before. Returns the end of what may be handed on: the end of the last complete
   * frame, or `end`.
   */
  scan(buffer: Buffer, held: number, from: number, end: number): number {
    if (this.mode === 'answer') {
      this.mode =
        end - from >= SWITCHING.length && buffer.compare(SWITCHING, 0, SWITCHING.length, from, from + SWITCHING.length) === 0
          ? 'head'
          : 'plain';
    }
    if (this.mode === 'plain') return end;
    let at = held;
    if (this.mode === 'head') {
      at = from;
      while (at < end && this.crlfs < 4) {
        const byte = buffer[at++];
        this.crlfs = byte === (this.crlfs % 2 === 0 ? 13 : 10) ? this.crlfs + 1 : byte === 13 ? 1 : 0;
      }
      if (this.crlfs < 4) return end;
      this.mode = 'frames';
    }
    if (this.passing > 0) {
      const passed = Math.min(this.passing, end - from);
      this.passing -= passed;
      if (this.passing > 0) return end;
      at = from + passed;
    }
    for (;;) {
      const available = end - at;
      if (available < 2) return at;
      const second = buffer[at + 1]!;
      const short = second & 0x7f;
      const header = 2 + (short === 126 ? 2 : short === 127 ? 8 : 0) + (second & 0x80 ? 4 : 0);
      if (available < header) return at;
      const length =
        short < 126
          ? short
          : short === 126
            ? buffer.readUInt16BE(at + 2)
            : buffer.readUInt32BE(at + 2) * 2 ** 32 + buffer.readUInt32BE(at + 6);
      const size = header + length;
      if (size <= available) {
        at += size;
        continue;
      }
      if (size <= HOLD_MAX) return at;
      this.passing = size - available;
      return end;
    }
  }
}

/** net.connect with reads of up to 256 KiB; `ws` passes its request options (`path` is the URL's, not a socket path). */
export function connectWithLargeReads(options: NetConnectOpts): Socket {
  let buffer = Buffer.allocUnsafe(LARGE_READ);
  /** The start of the bytes of `buffer` not handed on yet (a frame's start, held). */
  let held = 0;
  /** The end of the bytes read into `buffer`. */
  let end = 0;
  const frames = new FrameBoundaries();
  const socket: Socket = connect({
    ...options,
    path: (options as { socketPath?: string }).socketPath,
    onread: {
      buffer: () => {
        if (LARGE_READ - end < MIN_READ) {
          const next = Buffer.allocUnsafe(LARGE_READ);
          end = buffer.copy(next, 0, held, end);
          held = 0;
          buffer = next;
        }
        return buffer.subarray(end);
      },
      callback: (bytes: number) => {
        const from = end;
        end += bytes;
        const upTo = frames.scan(buffer, held, from, end);
        if (upTo === held) return true;
        const start = held;
        if (upTo === end && end - start < COPY_BELOW) {
          end = start;
          return socket.push(Buffer.from(buffer.subarray(start, upTo)));
        }
        held = upTo;
        return socket.push(buffer.subarray(start, upTo));
      },
    },
  } as NetConnectOpts);
  return socket;
}
