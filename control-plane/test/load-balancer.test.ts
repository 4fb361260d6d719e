/**
 * Behind a load balancer: idle keep-alive connections outlive Node's default 5 s (the
 * balancer reuses them), and /livez, /readyz tell a live process from one ready for traffic,
 * including a real process draining after SIGTERM.
 */
import { Agent, request } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { freePort, processDatabase, STARTED, startControlPlane } from './control-plane-process.js';
import { client, startServer, type TestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

const database = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

describe('readiness', () => {
  it('is live and ready once migrated; /healthz keeps its shape', async () => {
    const api = client(server.url);
    expect(await api('GET', '/livez')).toMatchObject({ status: 200, body: { status: 'live' } });
    expect(await api('GET', '/readyz')).toMatchObject({ status: 200, body: { status: 'ready', database } });
    expect(await api('GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok', database } });
  });

  it('is not ready while a migration of this build is not applied, and says which', async () => {
    const api = client(server.url);
    const [last] = await server.db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1');
    await server.db.query('DELETE FROM schema_migrations WHERE name = $1', [last!.name]);
    try {
      const res = await api('GET', '/readyz');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ detail: `database migrations not applied: ${last!.name}` });
      expect((await api('GET', '/livez')).status).toBe(200); // alive all the same: no restart needed
    } finally {
      await server.db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [last!.name]);
    }
  });
});

describe('a replica stopping', () => {
  it('answers /readyz with 503 and the reason from SIGTERM on, while it still serves, then exits', async () => {
    const db = await processDatabase();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const proc = startControlPlane({ ...db.env, PORT: String(port), HOST: '127.0.0.1', DRAIN_DELAY_MS: '3000' });
    try {
      await proc.waitFor(STARTED);
      const api = client(url);
      expect((await api('GET', '/readyz')).status).toBe(200);
      proc.child.kill('SIGTERM');
      // Polled as a balancer does, until the process has gone: it must have said "not ready" first.
      const seen: Array<{ status: number; body: unknown }> = [];
      for (;;) {
        const res = await api('GET', '/readyz').catch(() => null);
        if (!res) break;
        seen.push({ status: res.status, body: res.body });
        if (res.status === 503) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(seen.at(-1)).toEqual({ status: 503, body: { detail: 'draining: SIGTERM received; this replica is stopping' } });
      expect((await api('GET', '/livez')).status).toBe(200); // still serving: only readiness changed
      expect(await proc.exited).toBe(0);
      expect(proc.output()).toContain('SIGTERM: draining; /readyz answers 503 for 3000 ms before the stop');
    } finally {
      proc.child.kill('SIGKILL');
      await proc.exited;
      await db.drop();
    }
  }, 180_000);

  it('reads the drain delay from the environment', () => {
    expect(loadConfig({ DRAIN_DELAY_MS: '0' }).http.drainDelayMs).toBe(0);
    expect(loadConfig({ DRAIN_DELAY_MS: '15000' }).http.drainDelayMs).toBe(15_000);
    expect(() => loadConfig({ DRAIN_DELAY_MS: '-1' })).toThrow(/DRAIN_DELAY_MS must be a positive integer/);
  });
});

describe('idle keep-alive connections', () => {
  it("keeps an idle connection open past Node's 5 s default, so a balancer's next request on it is answered", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; socket: Socket }>((resolve, reject) => {
        const req = request(`${server.url}/livez`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, socket: req.socket as Socket }));
        });
        req.on('error', reject);
        req.end();
      });
    try {
      const first = await get();
      let closedByServer = false;
      first.socket.once('close', () => {
        closedByServer = true;
      });
      await new Promise((r) => setTimeout(r, 6500)); // a balancer's connection, idle between two requests
      expect(closedByServer).toBe(false);
      const second = await get();
      expect(second.status).toBe(200);
      expect(second.socket).toBe(first.socket);
    } finally {
      agent.destroy();
    }
  }, 40_000);

  it('reads the keep-alive timeout from the environment', () => {
    expect(loadConfig({}).http).toEqual({ keepAliveTimeoutMs: 75_000, drainDelayMs: 0 });
    expect(loadConfig({ KEEP_ALIVE_TIMEOUT_MS: '650000' }).http).toMatchObject({ keepAliveTimeoutMs: 650_000 });
    expect(() => loadConfig({ KEEP_ALIVE_TIMEOUT_MS: '0' })).toThrow(/KEEP_ALIVE_TIMEOUT_MS must be a positive integer/);
  });
});
