import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runPreRequests, runTeardown, substitute, valueAt } from './pre-requests.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let base = '';
/** The API listens on loopback, which requests sent directly may reach only when the operator allows it. */
const local = { allowPrivate: true };
let seen: Seen[] = [];
let bigCut: boolean | null = null;

/** A small API: /seed answers JSON, /status/<n> answers n, /text answers text, /slow answers after 2 s. */
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const url = new URL(req.url!, 'http://x');
      if (url.pathname === '/seed') {
        res.setHeader('content-type', 'application/json');
        return res.end(JSON.stringify({ token: 'tok-123', data: { user: { id: 42 }, items: [{ id: 'first' }], empty: null } }));
      }
      const status = /^\/status\/(\d+)$/.exec(url.pathname);
      if (status) {
        res.statusCode = Number(status[1]);
        return res.end(`  error   details\n${'x'.repeat(500)}`);
      }
      if (url.pathname === '/text') return res.end('plain text');
      // Valid JSON whose token PostgreSQL cannot store (jsonb): a NUL, an unpaired surrogate.
      if (url.pathname === '/nul') return res.end('{"token":"a\\u0000b"}');
      if (url.pathname === '/surrogate') return res.end('{"token":"a\\ud800b"}');
      if (url.pathname === '/big') {
        // 64 MiB of JSON with the value at its end, sent as fast as it is read; bigCut: whether the reader hung up first.
        res.setHeader('content-type', 'application/json');
        res.write('{"pad":"');
        let sent = 0;
        const more = () => {
          while (sent < 1024 && !res.destroyed) {
            sent++;
            if (!res.write('x'.repeat(64 * 1024))) return void res.once('drain', more);
          }
          res.end('","token":"late"}');
        };
        res.on('close', () => (bigCut = !res.writableFinished));
        return more();
      }
      const redirect = /^\/redirect\/(\d+)$/.exec(url.pathname);
      if (redirect) return res.writeHead(Number(redirect[1]), { location: `/seed?from=${req.method}` }).end();
      if (url.pathname === '/to-private') return res.writeHead(302, { location: url.searchParams.get('to')! }).end();
      if (url.pathname === '/slow') return void setTimeout(() => res.end('{}'), 2000);
      res.setHeader('content-type', 'application/json');
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
});

describe('runPreRequests', () => {
  it('sends each request with method, headers and body, substituting {{values}} and remembering values for later ones', async () => {
    const result = await runPreRequests(
      [
        {
          curlCommand: `curl -X POST '${base}/seed?email={{email}}' -H 'Content-Type: application/json' -H 'X-Env: {{ env }}' -d '{"email":"{{email}}"}'`,
          valuesToRemember: ['token', { name: 'userId', path: 'data.user.id' }, { name: 'firstItem', path: 'data.items[0].id' }],
        },
        { curlCommand: `curl ${base}/next/{{userId}} -H 'Authorization: Bearer {{token}}' -H 'X-Unknown: {{nope}}'` },
      ],
      { email: 'ann@example.test', env: 'staging' },
      local,
    );
    expect(result).toEqual({
      ok: true,
      values: { email: 'ann@example.test', env: 'staging', token: 'tok-123', userId: '42', firstItem: 'first' },
    });
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/seed?email=ann@example.test', body: '{"email":"ann@example.test"}' });
    expect(seen[0]!.headers).toMatchObject({ 'content-type': 'application/json', 'x-env': 'staging' });
    expect(seen[1]).toMatchObject({ method: 'GET', url: '/next/42' });
    expect(seen[1]!.headers).toMatchObject({ authorization: 'Bearer tok-123', 'x-unknown': '{{nope}}' });
    // curl's defaults, which some APIs require (a User-Agent above all).
    expect(seen[1]!.headers).toMatchObject({ 'user-agent': 'DeviceLab-Requests/1.0', accept: '*/*' });
  });

  it('fails on a non-2xx answer with the status and a short excerpt, and sends nothing after it', async () => {
    const result = await runPreRequests(
      [
        { curlCommand: `curl ${base}/ok` },
        { curlCommand: `curl -X PUT '${base}/status/503?secret=s3'` },
        { curlCommand: `curl ${base}/never` },
      ],
      {},
      local,
    );
    expect(result).toMatchObject({ ok: false, index: 1 });
    if (result.ok) throw new Error('unreachable');
    expect(result.message).toMatch(new RegExp(`^PUT ${base}/status/503 answered HTTP 503: error details x+…$`));
    expect(result.message).not.toContain('secret');
    expect(result.message.length).toBeLessThan(300);
    expect(seen.map((s) => s.url)).toEqual(['/ok', '/status/503?secret=s3']);
  });

  it('fails naming a value the response does not have, or a response that is not JSON', async () => {
    let result = await runPreRequests([{ curlCommand: `curl ${base}/seed`, valuesToRemember: ['data.user.name'] }], {}, local);
    expect(result).toMatchObject({ ok: false, index: 0, message: expect.stringContaining('"data.user.name" is not in the response') });
    result = await runPreRequests([{ curlCommand: `curl ${base}/seed`, valuesToRemember: [{ name: 'e', path: 'data.empty' }] }], {}, local);
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining('"data.empty" is null') });
    result = await runPreRequests([{ curlCommand: `curl ${base}/text`, valuesToRemember: ['token'] }], {}, local);
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining('not with JSON') });
  });

  it('refuses requests through a tunnel and invalid curl commands without sending anything', async () => {
    let result = await runPreRequests([{ curlCommand: `curl ${base}/seed`, throughTunnel: true }], {});
    expect(result).toMatchObject({ ok: false, index: 0, message: expect.stringContaining('needs a tunnel') });
    result = await runPreRequests([{ curlCommand: `wget ${base}/seed` }], {});
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining('invalid curl command') });
    expect(seen).toEqual([]);
  });

  it('waits delayBeforeRequest seconds before sending', async () => {
    const waits: number[] = [];
    const result = await runPreRequests(
      [{ curlCommand: `curl ${base}/ok`, delayBeforeRequest: 1.5 }, { curlCommand: `curl ${base}/ok` }],
      {},
      {
        ...local,
        sleep: async (ms) => void waits.push(ms),
      },
    );
    expect(result.ok).toBe(true);
    expect(waits).toEqual([1500]);
    const started = Date.now();
    await runPreRequests([{ curlCommand: `curl ${base}/ok`, delayBeforeRequest: 0.2 }], {}, local);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('times out a slow request and reports an unreachable host', async () => {
    let result = await runPreRequests([{ curlCommand: `curl ${base}/slow` }], {}, { ...local, timeoutMs: 100 });
    expect(result).toMatchObject({ ok: false, message: `GET ${base}/slow timed out after 0.1 s` });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    result = await runPreRequests([{ curlCommand: `curl http://127.0.0.1:${port}/x` }], {}, local);
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining('ECONNREFUSED') });
  });

  it('sends nothing once the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('the run was cancelled'));
    const result = await runPreRequests([{ curlCommand: `curl ${base}/ok` }], {}, { signal: controller.signal });
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining('the run was cancelled') });
    expect(seen).toEqual([]);
  });

  it('refuses loopback and other private addresses unless the operator allows them, naming the way to internal hosts', async () => {
    const port = new URL(base).port;
    for (const url of [
      `${base}/seed`,
      `http://localhost:${port}/seed`,
      `http://[::1]:${port}/seed`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/x',
    ]) {
      const result = await runPreRequests([{ curlCommand: `curl ${url}`, valuesToRemember: ['token'] }], {}, { timeoutMs: 2000 });
      expect(result, url).toMatchObject({ ok: false, index: 0 });
      if (result.ok) throw new Error('unreachable');
      expect(result.message).toMatch(/was not sent: .*a private, loopback or otherwise non-public address/);
      expect(result.message).toContain('throughTunnel: true');
      expect(result.message).toContain('REQUESTS_ALLOW_PRIVATE=1');
    }
    const errors = await runTeardown([{ curlCommand: `curl -X DELETE ${base}/seed` }], 'failed', {});
    expect(errors).toEqual([expect.stringMatching(/^teardown request 1: DELETE .* was not sent: .*REQUESTS_ALLOW_PRIVATE=1/)]);
    expect(seen).toEqual([]);
  });

  it('follows redirects only with -L, as curl does, turning a POST into a GET on 302 and 303', async () => {
    let result = await runPreRequests([{ curlCommand: `curl ${base}/redirect/302`, valuesToRemember: ['token'] }], {}, local);
    expect(result).toMatchObject({
      ok: false,
      message: expect.stringContaining('answered HTTP 302 (redirects are followed only with -L, as curl does)'),
    });
    result = await runPreRequests([{ curlCommand: `curl -L -X POST -d a=1 ${base}/redirect/302`, valuesToRemember: ['token'] }], {}, local);
    expect(result).toEqual({ ok: true, values: { token: 'tok-123' } });
    await runPreRequests([{ curlCommand: `curl -L -X POST -d a=1 ${base}/redirect/307` }], {}, local);
    expect(seen.slice(1).map((s) => `${s.method} ${s.url} ${s.body}`)).toEqual([
      'POST /redirect/302 a=1',
      'GET /seed?from=POST ',
      'POST /redirect/307 a=1',
      'POST /seed?from=POST a=1',
    ]);
  });

  it('reads at most 1 MiB of an answer: a cut-off JSON answer cannot give values, and the rest is not downloaded', async () => {
    let result = await runPreRequests([{ curlCommand: `curl ${base}/big`, valuesToRemember: ['token'] }], {}, local);
    expect(result).toMatchObject({
      ok: false,
      message: `GET ${base}/big answered more than 1 MiB, so valuesToRemember cannot be read from it (only the first MiB is read)`,
    });
    await vi.waitFor(() => expect(bigCut).toBe(true));
    result = await runPreRequests([{ curlCommand: `curl ${base}/big` }], {}, local);
    expect(result.ok).toBe(true);
  });

  it('refuses a remembered value the attempt cannot store (NUL, unpaired surrogate) as a failed pre-request', async () => {
    for (const path of ['/nul', '/surrogate']) {
      const result = await runPreRequests([{ curlCommand: `curl ${base}${path}`, valuesToRemember: ['token'] }], {}, local);
      expect(result, path).toEqual({
        ok: false,
        index: 0,
        message: `GET ${base}${path}: valuesToRemember "token" holds a NUL character or an unpaired UTF-16 surrogate, which cannot be kept`,
      });
    }
  });

  it('fails without sending when a {{value}} would put a line break into a header', async () => {
    const result = await runPreRequests(
      [{ curlCommand: `curl ${base}/ok -H 'X-Token: {{token}}'` }],
      { token: 'a\r\nX-Injected: 1' },
      local,
    );
    expect(result).toEqual({
      ok: false,
      index: 0,
      message: 'invalid curl command: the value of header "X-Token" holds a line break or another control character',
    });
    expect(seen).toEqual([]);
  });

  it('returns the input values when there is nothing to run', async () => {
    expect(await runPreRequests([], { a: '1' })).toEqual({ ok: true, values: { a: '1' } });
  });
});

describe('runTeardown', () => {
  // A function: `base` is only known once the server listens.
  const withBase = () => [
    { curlCommand: `curl -X DELETE ${base}/always/{{id}}` },
    { curlCommand: `curl -X DELETE ${base}/success`, runOn: 'success' as const },
    { curlCommand: `curl -X DELETE ${base}/failure`, runOn: 'failure' as const },
  ];

  it.each([
    ['succeeded', ['/always/7', '/success']],
    ['failed', ['/always/7', '/failure']],
    ['blocked', ['/always/7', '/failure']],
  ] as const)('after %s runs the requests that apply', async (verdict, urls) => {
    expect(await runTeardown(withBase(), verdict, { id: '7' }, local)).toEqual([]);
    expect(seen.map((s) => s.url)).toEqual(urls);
    expect(seen.every((s) => s.method === 'DELETE')).toBe(true);
  });

  it('collects errors and carries on after a failed request', async () => {
    const errors = await runTeardown(
      [
        { curlCommand: `curl -X DELETE ${base}/status/500` },
        { curlCommand: `curl ${base}/ok`, throughTunnel: true },
        { curlCommand: 'curl' },
        { curlCommand: `curl ${base}/ok`, runOn: 'always' },
      ],
      'failed',
      {},
      local,
    );
    expect(errors).toEqual([
      expect.stringMatching(/^teardown request 1: DELETE .*\/status\/500 answered HTTP 500/),
      expect.stringMatching(/^teardown request 2: .*needs a tunnel/),
      expect.stringMatching(/^teardown request 3: invalid curl command/),
    ]);
    expect(seen.map((s) => s.url)).toEqual(['/status/500', '/ok']);
  });
});

describe('helpers', () => {
  it('substitutes known names only, with or without spaces in the braces', () => {
    expect(substitute('{{a}}-{{ b }}-{{c}}', { a: '1', b: '2' })).toBe('1-2-{{c}}');
    expect(substitute('{{constructor}}', {})).toBe('{{constructor}}');
  });

  it('reads dotted and indexed paths', () => {
    const json = { a: { b: [{ c: 1 }, { c: false }] } };
    expect(valueAt(json, 'a.b.1.c')).toBe(false);
    expect(valueAt(json, 'a.b[0].c')).toBe(1);
    expect(valueAt(json, 'a.x.c')).toBeUndefined();
    expect(valueAt(json, 'a.b.length')).toBeUndefined();
  });
});
