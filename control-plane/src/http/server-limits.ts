import type { IncomingMessage, ServerOptions } from 'node:http';
import type { LimitSettings } from '../config.js';

/**
 * Node's own limits for slow clients, given when the server is made (main.ts and the test
 * harness): the headers within HEADERS_TIMEOUT_SECONDS, the whole request within
 * UPLOAD_TIMEOUT_SECONDS, both answered 408 by Node and the connection closed. Node checks
 * them every connectionsCheckingInterval (30 s by default, which would let a slow client stay
 * up to 30 s over): a quarter of the headers timeout here. Keep-alive settings are not ours.
 */
export function serverOptions(limits: LimitSettings): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: Math.max(250, Math.min(30_000, Math.floor(limits.headersTimeoutMs / 4))),
  };
}

/**
 * Calls `onIdle` once when no byte of `req`'s body has arrived for `idleMs` (checked a few times
 * per period, so it fires within 1.25 × idleMs). Time the server itself holds the body back does
 * not count: while the request's buffer is full, the client is waiting for us, not idle. Ends
 * by itself when the body is complete or the request closes; `stop` ends it earlier.
 */
export function watchBodyIdle(req: IncomingMessage, idleMs: number, onIdle: () => void): () => void {
  const step = Math.max(50, Math.floor(idleMs / 4));
  let lastBytes = req.socket?.bytesRead ?? 0;
  let lastProgress = Date.now();
  const timer = setInterval(() => {
    if (req.complete || req.destroyed || !req.socket) return stop();
    const bytes = req.socket.bytesRead;
    const heldBackByUs = req.readableLength >= req.readableHighWaterMark || req.socket.isPaused();
    if (bytes !== lastBytes || heldBackByUs) {
      lastBytes = bytes;
      lastProgress = Date.now();
      return;
    }
    if (Date.now() - lastProgress >= idleMs) {
      stop();
      onIdle();
    }
  }, step);
  timer.unref();
  const stop = () => {
    clearInterval(timer);
    req.off('close', stop);
  };
  req.once('close', stop);
  return stop;
}

export const bodyIdleDetail = (idleMs: number) =>
  `no part of the request body arrived for ${idleMs / 1000} s (BODY_IDLE_TIMEOUT_SECONDS): send the body without pauses`;
