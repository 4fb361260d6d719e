/**
 * The "internal host" of the tunnel tests: an HTTP server on loopback, which a lab device
 * (virtual or real, outside the user's network) cannot reach but through a tunnel. It
 * records each request it answers; `POST /seed` answers a JSON token (for pre-requests'
 * valuesToRemember), `/slow` the greeting after SLOW_MS (a backend that takes its time),
 * `/slow/<ms>` after that many milliseconds, `/never` nothing (a backend that hangs: the
 * fetch screen says "Loading…" for good), anything else the greeting at once: what the
 * tests' fetch screens look for.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const GREETING = 'Hello from staging';
export const SLOW_MS = 2000;

export interface InternalHost {
  url: string;
  close(): Promise<void>;
}

/** Starts it; every request is recorded as "METHOD /path" into `hits`. */
export async function startInternalHost(hits: string[]): Promise<InternalHost> {
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    if (req.url === '/seed') return res.setHeader('content-type', 'application/json').end(JSON.stringify({ token: 'seeded-1' }));
    if (req.url === '/slow') return void setTimeout(() => res.end(GREETING), SLOW_MS);
    const slow = /^\/slow\/(\d+)$/.exec(req.url ?? '');
    if (slow) return void setTimeout(() => res.end(GREETING), Number(slow[1]));
    if (req.url === '/never') return;
    res.end(GREETING);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
