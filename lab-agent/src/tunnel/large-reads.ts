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
 * high-water mark stops reading until the socket is read again). A read under 16 KiB (control
 * frames, small answers) is copied out so that the big buffer serves the next read; a larger
 * one is handed on as a slice, and the next read gets a fresh buffer.
 */
import { connect, type NetConnectOpts, type Socket } from 'node:net';

export const LARGE_READ = 256 * 1024;
const COPY_BELOW = 16 * 1024;

/** net.connect with 256 KiB reads; `ws` passes its request options (`path` is the URL's, not a socket path). */
export function connectWithLargeReads(options: NetConnectOpts): Socket {
  let buffer = Buffer.allocUnsafe(LARGE_READ);
  let handedOn = false;
  const socket: Socket = connect({
    ...options,
    path: (options as { socketPath?: string }).socketPath,
    onread: {
      buffer: () => {
        if (handedOn) {
          buffer = Buffer.allocUnsafe(LARGE_READ);
          handedOn = false;
        }
        return buffer;
      },
      callback: (bytes: number) => {
        if (bytes < COPY_BELOW) return socket.push(Buffer.from(buffer.subarray(0, bytes)));
        handedOn = true;
        return socket.push(buffer.subarray(0, bytes));
      },
    },
  } as NetConnectOpts);
  return socket;
}
