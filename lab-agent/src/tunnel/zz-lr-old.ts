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
 */
import { connect, type NetConnectOpts, type Socket } from 'node:net';

export const LARGE_READ = 256 * 1024;
/** A read gets at least this much room (Node's own read size); less left, and a new buffer is allocated. */
const MIN_READ = 64 * 1024;
const COPY_BELOW = 16 * 1024;

/** net.connect with reads of up to 256 KiB; `ws` passes its request options (`path` is the URL's, not a socket path). */
export function connectWithLargeReads(options: NetConnectOpts): Socket {
  let buffer = Buffer.allocUnsafe(LARGE_READ);
  /** Bytes at the start of `buffer` already handed on. */
  let used = 0;
  const socket: Socket = connect({
    ...options,
    path: (options as { socketPath?: string }).socketPath,
    onread: {
      buffer: () => {
        if (LARGE_READ - used < MIN_READ) {
          buffer = Buffer.allocUnsafe(LARGE_READ);
          used = 0;
        }
        return buffer.subarray(used);
      },
      callback: (bytes: number) => {
        const read = buffer.subarray(used, used + bytes);
        if (bytes < COPY_BELOW) return socket.push(Buffer.from(read));
        used += bytes;
        return socket.push(read);
      },
    },
  } as NetConnectOpts);
  return socket;
}
