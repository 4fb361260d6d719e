/**
 * Corks a socket until the end of this turn of the event loop's I/O phase (setImmediate), so
 * that what is written to it meanwhile leaves in one `writev`: the device proxy's writes toward
 * the device. The relay WebSocket reads up to 256 KiB at a time (large-reads.ts), four data
 * frames, and a turn may hold several such reads; node:http's response corks its socket only
 * until the end of the tick, and each read's callback runs in a tick of its own, so each read
 * became a write of its own to the device's socket, each waking the reader.
 * shared/src/mux-websocket.ts does the same for the frames toward the control plane.
 */
import type { Writable } from 'node:stream';

const corked = new Set<Writable>();

export function corkForThisTurn(socket: Writable): void {
  if (corked.has(socket)) return;
  corked.add(socket);
  socket.cork();
  setImmediate(() => {
    corked.delete(socket);
    socket.uncork();
  });
}
