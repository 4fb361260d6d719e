/**
 * A mux session (mux.ts) over a `ws` WebSocket: text frames carry its control frames, binary
 * frames its data. One place for the three ends that hold one: the control plane's tunnel
 * endpoints, a lab agent's relay and the tunnel client.
 */
import { MuxSession, type MuxSessionOptions } from './mux.js';

/** What a mux session needs of a `ws` WebSocket (structural: shared/ does not depend on ws). */
export interface MuxWebSocket {
  send(data: Buffer | string, options?: { binary?: boolean }): void;
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): unknown;
}

/** The session is fed every message; the owner closes it when the socket closes, with its reason. */
export function muxOverWebSocket(ws: MuxWebSocket, options: MuxSessionOptions): MuxSession {
  const session = new MuxSession({ sendText: (text) => ws.send(text), sendBinary: (frame) => ws.send(frame, { binary: true }) }, options);
  ws.on('message', (data, isBinary) => session.receive(data, isBinary));
  return session;
}
