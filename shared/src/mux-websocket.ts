/**
 * A mux session (mux.ts) over a `ws` WebSocket: text frames carry its control frames, binary
 * frames its data. One place for the three ends that hold one: the control plane's tunnel
 * endpoints, a lab agent's relay and the tunnel client.
 */
import { MuxSession, type MuxSessionOptions } from './mux.js';

/** What a mux session needs of a `ws` WebSocket (structural: shared/ does not depend on ws). */
export interface MuxWebSocket {
  send(data: Buffer | string, options?: { binary?: boolean }, callback?: (error?: Error) => void): void;
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): unknown;
  /** `ws`'s socket, once open (not in its typings, but there since ws 1). */
  readonly _socket?: Corkable | null;
}

interface Corkable {
  cork(): void;
  uncork(): void;
}

/**
 * The session is fed every message; the owner closes it when the socket closes, with its reason.
 *
 * Frames sent in one turn of the event loop's I/O phase leave together: the first send corks the
 * socket and the check phase (setImmediate) uncorks it, so they go in one `writev` instead of one
 * system call each. A burst of streams (100 requests arriving at once, each with its data and
 * credit frames) otherwise cost a write per frame in every hop. The end of the I/O phase, not of
 * the tick (process.nextTick, until 2026-11-27): Node runs each socket read's callback in a tick
 * of its own, and libuv reads a busy socket up to 32 times (64 KiB each) in one turn, so a
 * relay's download went out in one write per read, each waking the next process. The frames wait
 * at most for the rest of that turn's reads (none of which waits for anything).
 */
export function muxOverWebSocket(ws: MuxWebSocket, options: MuxSessionOptions): MuxSession {
  let corked: Corkable | null = null;
  const uncork = () => {
    corked?.uncork();
    corked = null;
  };
  const cork = () => {
    if (corked) return;
    const socket = ws._socket;
    if (!socket) return;
    socket.cork();
    corked = socket;
    setImmediate(uncork);
  };
  const session = new MuxSession(
    {
      sendText: (text) => {
        cork();
        ws.send(text);
      },
      sendBinary: (frame, onWritten) => {
        cork();
        if (!onWritten) return ws.send(frame, { binary: true });
        // ws calls back once the socket wrote the bytes, or with an error (then the buffer may still be queued).
        ws.send(frame, { binary: true }, (error) => {
          if (!error) onWritten();
        });
      },
    },
    options,
  );
  ws.on('message', (data, isBinary) => session.receive(data, isBinary));
  return session;
}

/** What keepAlive needs of a `ws` WebSocket. */
export interface PingingWebSocket {
  ping(): void;
  terminate(): void;
  on(event: 'pong' | 'close', listener: () => void): unknown;
}

/**
 * Pings every interval; a peer that did not answer the previous ping is gone (a host that
 * vanished, or a NAT that dropped the connection, sends no FIN), so the socket is terminated
 * and its owner's close handling runs (the tunnel client reconnects). Every end of a tunnel
 * WebSocket runs it: without it, the side that sends nothing would wait forever.
 */
export function keepAlive(ws: PingingWebSocket, intervalMs: number): void {
  let alive = true;
  ws.on('pong', () => {
    alive = true;
  });
  const timer = setInterval(() => {
    if (!alive) return ws.terminate();
    alive = false;
    ws.ping();
  }, intervalMs);
  timer.unref();
  ws.on('close', () => clearInterval(timer));
}
