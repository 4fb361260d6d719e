/** Issue 20 part 8: the smaller things an operator met, each on both backends. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { client, seedOrg, startServer, type Org, type TestServer } from './harness.js';

let server: TestServer;
let org: Org;
beforeAll(async () => {
  server = await startServer({ LOG_REQUESTS: '1' });
  org = await seedOrg(server.db);
});
afterAll(() => server.close());

describe('query parameters are named as such', () => {
  it('GET /devices?os=ios blames the query parameter, not "(body)"', async () => {
    const res = await client(server.url, org.apiKey)('GET', '/devices?os=ios');
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('invalid request: unknown query parameter(s): os');
    expect(res.body.errors).toEqual([{ path: '(query)', message: 'unknown query parameter(s): os' }]);
  });

  it('limit=0 is out of range, not "not a number"; limit=x is not a number', async () => {
    const call = client(server.url, org.apiKey);
    for (const path of ['/runs', '/builds', '/webhooks/wh_none/deliveries']) {
      const zero = await call('GET', `${path}?limit=0`);
      expect(zero.status, path).toBe(400);
      expect(zero.body.detail, path).toBe('invalid request: limit: must be from 1 to 200');
    }
    expect((await call('GET', '/tests?limit=0')).body.detail).toBe('invalid request: limit: must be from 1 to 1000');
    expect((await call('GET', '/runs?limit=201')).body.detail).toBe('invalid request: limit: must be from 1 to 200');
    expect((await call('GET', '/runs?limit=1.5')).body.detail).toBe('invalid request: limit: must be a whole number from 1 to 200');
    expect((await call('GET', '/runs?limit=x')).body.detail).toBe('invalid request: limit: must be a number');
    expect((await call('GET', '/runs?limit=2')).status).toBe(200);
  });
});

describe('the request log', () => {
  it('has a line per request, but none for /healthz polls', async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
    try {
      for (let i = 0; i < 3; i += 1) expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      await client(server.url, org.apiKey)('GET', '/devices');
    } finally {
      spy.mockRestore();
    }
    expect(lines.filter((l) => l.includes('/devices'))).toHaveLength(1);
    expect(lines.filter((l) => l.includes('/healthz'))).toEqual([]);
  });
});
