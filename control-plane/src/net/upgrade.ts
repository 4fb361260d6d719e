/**
 * WebSocket upgrades below their users: the agents' hub (agents/hub.ts) owns the HTTP server's
 * upgrade listener and hands other paths to the routes the tunnels add (tunnels/), so neither
 * folder imports the other.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';

/** A WebSocket endpoint other than the agents', served on the hub's upgrade listener. */
export interface UpgradeRoute {
  path: string;
  handle(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Closes its sockets (shutting down), with the hub's. */
  close(): Promise<void>;
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};

/** Answers an upgrade request with an HTTP error and a `{detail}` body, like the API's errors. */
export function refuseUpgrade(socket: Duplex, status: number, detail: string): void {
  const body = JSON.stringify({ detail });
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function queryParam(req: IncomingMessage, name: string): string | null {
  return new URL(req.url ?? '/', 'http://upgrade').searchParams.get(name);
}

/** Closes every socket of a WebSocketServer and waits (at most 2 s each) for them to go. */
async function closeAll(clients: Iterable<WebSocket>, code: number, reason: string): Promise<void> {
  await Promise.all(
    [...clients].map(
      (ws) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === ws.CLOSED) return resolve();
          ws.once('close', () => resolve());
          ws.close(code, reason);
          setTimeout(() => ws.terminate(), 2000).unref();
        }),
    ),
  );
}

/**
 * Shuts a WebSocketServer down: from the first line on, a handshake still under way is refused
 * with 503 (ws does so once close() was called), then every open socket is closed. In this
 * order because ws calls close()'s callback only when its last client is gone: a client that
 * completed its handshake while the others were closing (an agent reconnecting 50 ms after
 * being closed) would otherwise keep the shutdown waiting for ever.
 */
export async function shutDown(wss: WebSocketServer, code: number, reason: string): Promise<void> {
  const closed = new Promise<void>((resolve) => wss.close(() => resolve()));
  await closeAll(wss.clients, code, reason);
  await closed;
}
