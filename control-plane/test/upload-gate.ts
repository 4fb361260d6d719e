/**
 * A slow network between lab agents and the control plane, for uploads only: an HTTP proxy
 * on a loopback port that holds every request to `/agent/recordings/…` (the recordings and
 * device logs agents upload) until released, and passes everything else straight on. Point
 * the server's BASE_URL at it (the offers' upload URLs come from it); the agents' sockets
 * go to the server itself.
 */
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface UploadGate {
  url: string;
  /** Requests held so far (not yet released or dropped). */
  held(): number;
  /** Passes the held requests on, and every later one. */
  release(): void;
  /** Answers the held uploads (PUT), and every later one, with `status` and a {detail}, as a refusing server would; passes the rest on. */
  refuse(status: number): void;
  /** Answers the held requests by closing their connections (a network that failed them). */
  drop(): void;
  close(): Promise<void>;
}

export async function startUploadGate(target: string): Promise<UploadGate> {
  const to = new URL(target);
  let holding = true;
  let refusing: number | null = null;
  const waiting: Array<{ req: IncomingMessage; res: ServerResponse }> = [];
  const forward = (req: IncomingMessage, res: ServerResponse) => {
    const upstream = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  };
  const pass = (req: IncomingMessage, res: ServerResponse) => {
    if (refusing !== null && req.method === 'PUT' && req.url?.startsWith('/agent/recordings/')) {
      req.resume();
      res.writeHead(refusing, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: 'refused by the test' }));
    } else forward(req, res);
  };
  const server = createServer((req, res) => {
    if (holding && req.url?.startsWith('/agent/recordings/')) waiting.push({ req, res });
    else pass(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const release = () => {
    holding = false;
    for (const { req, res } of waiting.splice(0)) pass(req, res);
  };
  const drop = () => {
    for (const { res } of waiting.splice(0)) res.destroy();
  };
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held: () => waiting.length,
    release,
    refuse(status) {
      refusing = status;
      release();
    },
    drop,
    async close() {
      drop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
