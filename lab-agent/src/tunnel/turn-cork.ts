/**
 * Corks a socket until the end of this turn of the event loop's I/O phase (setImmediate), so
 * that what is written to it meanwhile leaves in one `writev`: the device proxy's writes toward
 * the device. The relay WebSocket reads up to 256 KiB at a time (large-reads.ts), four data
 * frames, and a turn may hold several such reads; node:http's response corks its socket only
 * until the end of the tick, and each read's callback runs in a tick of its own, so each read
 * became a write of its own to the device's socket, each waking the reader.
 * shared/src/mux-websocket.ts does the same for the frames toward the control plane.
 *
 * Only once the turn's bytes to that socket reach CORK_FROM: a small answer (a JSON reply, a
 * redirect) leaves at once, as node:http alone sends it, instead of waiting for the turn's end;
 * the wait and its bookkeeping cost the agent side ~8 µs of CPU per small request
 * (docs/benchmarks.md, issue 27's sixth pass).
 */
import type { Writable } from 'node:stream';

/** Bytes toward one socket in one turn from which the socket is corked to the turn's end. */
export const CORK_FROM = 16 * 1024;

/** The turn of the event loop: advanced by one setImmediate for all sockets, scheduled in a turn that asks. */
let turn = 0;
let turnEnding = false;
const endTurn = () => {
  turn += 1;
  turnEnding = false;
};
function thisTurn(): number {
  if (!turnEnding) {
    turnEnding = true;
    setImmediate(endTurn);
  }
  return turn;
}

interface TurnBytes {
  turn: number;
  bytes: number;
  corked: boolean;
}
const written = new WeakMap<Writable, TurnBytes>();

/** Call before writing `bytes` to `socket`: corks it to the turn's end once the turn's bytes reach CORK_FROM. */
export function corkForThisTurn(socket: Writable, bytes: number): void {
  const now = thisTurn();
  let entry = written.get(socket);
  if (!entry) {
    entry = { turn: now, bytes: 0, corked: false };
    written.set(socket, entry);
  } else if (entry.turn !== now) {
    entry.turn = now;
    entry.bytes = 0;
    entry.corked = false;
  }
  entry.bytes += bytes;
  if (entry.corked || entry.bytes < CORK_FROM) return;
  entry.corked = true;
  socket.cork();
  setImmediate(() => socket.uncork());
}
