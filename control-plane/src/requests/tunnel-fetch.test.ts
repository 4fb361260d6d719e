import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { StreamRefused } from '@devicelab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPreRequests, runTeardown } from '../runs/pre-requests.js';
import { fetchThroughTunnel, type TunnelDialer, type TunnelRequest } from './tunnel-fetch.js';

let internal: Server;
let port: number;
const seen: { method: string; url: string; headers: Record<string, unknown>; body: string }[] = [];

beforeAll(async () => {
  internal = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      if (req.url === '/missing') return res.writeHead(404).end('no such thing');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ user: { id: 'u-42' }, host: req.headers.host }));
    });
  });
  internal.listen(0, '127.0.0.1');
  await once(internal, 'listening');
  port = (internal.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => internal.close(() => r())));

/** A dialer whose "tunnel" is a plain socket; it records where it was asked to go. */
function socketDialer(): TunnelDialer & { dialed: string[] } {
  const dialed: string[] = [];
  return {
    name: 'office',
    dialed,
    open: async (host, p) => {
      dialed.push(`${host}:${p}`);
      const socket = connect(p, '127.0.0.1');
      await once(socket, 'connect');
      return socket;
    },
  };
}

const refusingDialer: TunnelDialer = {
  name: 'office',
  open: () => Promise.reject(new StreamRefused("db.corp is excluded by the tunnel's --exclude-hosts")),
};

describe('requests through a tunnel', () => {
  it('sends method, headers and body over the dialed stream and reads the answer', async () => {
    const dialer = socketDialer();
    const res = await fetchThroughTunnel(
      `http://staging.corp:${port}/seed?x=1`,
      {
        method: 'POST',
        headers: [
          ['Content-Type', 'application/json'],
          ['X-Token', 'a'],
          ['x-token', 'b'],
        ],
        body: '{"n":1}',
        signal: AbortSignal.timeout(5000),
      },
      dialer,
    );
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ user: { id: 'u-42' }, host: `staging.corp:${port}` });
    expect(dialer.dialed).toEqual([`staging.corp:${port}`]);
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      url: '/seed?x=1',
      body: '{"n":1}',
      headers: { 'x-token': 'a, b', 'content-type': 'application/json' },
    });
  });

  it('dials port 80 and 443 by default and refuses other schemes', async () => {
    const dialed: string[] = [];
    const recorder: TunnelDialer = {
      name: 't',
      open: async (h, p) => {
        dialed.push(`${h}:${p}`);
        throw new StreamRefused('stop here');
      },
    };
    const init = { method: 'GET', headers: [], body: null, signal: AbortSignal.timeout(5000) };
    await expect(fetchThroughTunnel('http://a.corp/x', init, recorder)).rejects.toThrow('stop here');
    await expect(fetchThroughTunnel('https://[fd00::1]/x', init, recorder)).rejects.toThrow('stop here');
    await expect(fetchThroughTunnel('ftp://a.corp/x', init, recorder)).rejects.toThrow(
      'only http and https URLs can go through a tunnel, not ftp:',
    );
    expect(dialed).toEqual(['a.corp:80', 'fd00::1:443']);
  });

  it("runs a pre-request with throughTunnel over the run's tunnel and remembers values from it; others go direct", async () => {
    const dialer = socketDialer();
    const result = await runPreRequests(
      [
        {
          curlCommand: `curl -X POST http://staging.corp:${port}/users -d '{"a":1}'`,
          throughTunnel: true,
          valuesToRemember: [{ name: 'userId', path: 'user.id' }],
        },
        { curlCommand: `curl http://127.0.0.1:${port}/direct/{{userId}}` },
      ],
      {},
      { tunnel: dialer, allowPrivate: true },
    );
    expect(result).toEqual({ ok: true, values: { userId: 'u-42' } });
    expect(dialer.dialed).toEqual([`staging.corp:${port}`]);
    expect(seen.at(-1)!.url).toBe('/direct/u-42');
  });

  it('names the tunnel and the reason when the tunnel refuses or the host answers an error', async () => {
    const refused = await runPreRequests(
      [{ curlCommand: 'curl http://db.corp/reset', throughTunnel: true }],
      {},
      { tunnel: refusingDialer },
    );
    expect(refused).toEqual({
      ok: false,
      index: 0,
      message: 'GET http://db.corp/reset through tunnel "office" failed: db.corp is excluded by the tunnel\'s --exclude-hosts',
    });
    const missing = await runPreRequests(
      [{ curlCommand: `curl http://staging.corp:${port}/missing`, throughTunnel: true }],
      {},
      { tunnel: socketDialer() },
    );
    expect(missing).toEqual({
      ok: false,
      index: 0,
      message: `GET http://staging.corp:${port}/missing through tunnel "office" answered HTTP 404: no such thing`,
    });
    const noTunnel = await runPreRequests([{ curlCommand: 'curl http://db.corp/reset', throughTunnel: true }], {});
    expect(noTunnel).toMatchObject({
      ok: false,
      message: 'the request needs a tunnel (throughTunnel: true), and the run names none (tunnelName)',
    });
  });

  it('closes the tunnel stream when the request cannot be built (an invalid method, header name or value)', async () => {
    const streams: Socket[] = [];
    const dialer: TunnelDialer = {
      name: 'office',
      open: async (_host, p) => {
        const socket = connect(p, '127.0.0.1');
        await once(socket, 'connect');
        streams.push(socket);
        return socket;
      },
    };
    const invalid: Array<Pick<TunnelRequest, 'method' | 'headers'>> = [
      { method: 'GE T', headers: [] },
      { method: 'GET', headers: [['Bad Name', 'x']] },
      { method: 'GET', headers: [['X-Token', 'a\nb']] },
    ];
    for (const init of invalid) {
      await expect(
        fetchThroughTunnel(`http://staging.corp:${port}/x`, { ...init, body: null, signal: AbortSignal.timeout(5000) }, dialer),
      ).rejects.toThrow();
    }
    expect(streams.length).toBeGreaterThanOrEqual(2); // the header value is refused before dialing
    expect(streams.every((s) => s.destroyed)).toBe(true);
  });

  it('sends teardown requests through the tunnel too', async () => {
    const dialer = socketDialer();
    const errors = await runTeardown(
      [{ curlCommand: `curl -X DELETE http://staging.corp:${port}/users/{{userId}}`, throughTunnel: true }],
      'failed',
      { userId: 'u-42' },
      { tunnel: dialer },
    );
    expect(errors).toEqual([]);
    expect(seen.at(-1)).toMatchObject({ method: 'DELETE', url: '/users/u-42' });
    expect(dialer.dialed).toEqual([`staging.corp:${port}`]);
  });
});
