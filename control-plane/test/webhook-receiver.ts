/**
 * A local webhook endpoint for tests: it verifies every request the Standard Webhooks
 * way, twice — with the reference library, and with the few lines of node:crypto that
 * docs/api.md#webhooks shows (timestamp tolerance, constant-time compare) — and answers what the
 * test's script says for that path and attempt.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** The verification docs/api.md#webhooks shows, for receivers without a library. */
export function verifySignature(secret: string, headers: IncomingHttpHeaders, body: string, toleranceSeconds = 300): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return false;
  if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceSeconds) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.split(' ').some((versioned) => {
    const [version, signature] = versioned.split(',');
    const given = Buffer.from(signature ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

export interface Received {
  path: string;
  id: string;
  timestamp: number;
  headers: IncomingHttpHeaders;
  body: any;
  /** Both verifications passed. */
  verified: boolean;
  answered: number | 'no answer';
}

/** What to answer the n-th request (1-based) to a path; 'hang' never answers. */
export type Script = (n: number, r: Received) => number | 'hang';

export interface Receiver {
  url: string;
  received: Received[];
  /** Requests to a path, in arrival order. */
  at(path: string): Received[];
  /** Sets the secret that a path's requests must be signed with, and how the path answers. */
  route(path: string, secret: string, script?: Script): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const routes = new Map<string, { secret: string; script: Script }>();
  const received: Received[] = [];
  const hanging = new Set<() => void>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString();
      const path = req.url ?? '/';
      const route = routes.get(path);
      let verified = false;
      if (route) {
        try {
          new Webhook(route.secret).verify(raw, req.headers as Record<string, string>);
          verified = verifySignature(route.secret, req.headers, raw);
        } catch {
          verified = false;
        }
      }
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // kept as text: the test fails on it
      }
      const r: Received = {
        path,
        id: String(req.headers['webhook-id']),
        timestamp: Number(req.headers['webhook-timestamp']),
        headers: req.headers,
        body,
        verified,
        answered: 'no answer',
      };
      received.push(r);
      const n = received.filter((x) => x.path === path).length;
      const answer = route ? route.script(n, r) : 404;
      if (answer === 'hang') {
        hanging.add(() => res.destroy());
        return;
      }
      r.answered = answer;
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    at: (path) => received.filter((r) => r.path === path),
    route(path, secret, script = () => 200) {
      routes.set(path, { secret, script });
    },
    async close() {
      for (const destroy of hanging) destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
