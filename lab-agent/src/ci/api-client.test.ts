import { describe, expect, it } from 'vitest';
import { type ApiClientOptions, createApiClient } from './api-client.js';
import { RefusedError, UnreachableError } from './errors.js';

type Answer = Response | Error;

/** A fetch that gives the scripted answers in turn and records what it was asked; sleeps are recorded, not slept. */
function scripted(answers: Answer[], extra: Partial<ApiClientOptions> = {}) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const sleeps: number[] = [];
  const api = createApiClient({
    baseUrl: 'http://dl.test',
    apiKey: 'dl_live_AbCdEfGhIjK_topsecret',
    random: () => 0.5,
    sleep: async (ms) => void sleeps.push(ms),
    fetch: (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      if (next instanceof Error) throw next;
      return next;
    }) as typeof fetch,
    ...extra,
  });
  return { api, calls, sleeps };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const refused = () => Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });

describe('the service client', () => {
  it('sends the key as a Bearer header and JSON bodies as JSON', async () => {
    const { api, calls } = scripted([json(200, { ok: 1 })]);
    expect(await api('POST', '/tests/execute', { json: { a: 1 } })).toEqual({ ok: 1 });
    expect(calls[0]!.url).toBe('http://dl.test/tests/execute');
    expect(calls[0]!.init.headers).toMatchObject({
      authorization: 'Bearer dl_live_AbCdEfGhIjK_topsecret',
      'content-type': 'application/json',
    });
    expect(calls[0]!.init.body).toBe('{"a":1}');
  });

  it('retries 5xx, 429 and network errors with growing jittered waits, then answers', async () => {
    const { api, calls, sleeps } = scripted([
      json(503, { detail: 'restarting' }),
      refused(),
      json(502, 'bad gateway'),
      json(200, { runId: 'run_1' }),
    ]);
    expect(await api('GET', '/runs/run_1')).toEqual({ runId: 'run_1' });
    expect(calls).toHaveLength(4);
    // full jitter at random() = 0.5: half of 1 s, 2 s, 4 s
    expect(sleeps).toEqual([500, 1000, 2000]);
  });

  it("waits as long as a 429's Retry-After says", async () => {
    const { api, sleeps } = scripted([json(429, { detail: 'slow down' }, { 'retry-after': '3' }), json(200, {})]);
    await api('GET', '/me');
    expect(sleeps).toEqual([3000]);
  });

  it('does not retry a refusal and surfaces its detail', async () => {
    const { api, calls } = scripted([json(400, { detail: 'tests not ready on android: tst_1' })]);
    const err = await api('POST', '/tests/execute', { json: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RefusedError);
    expect(err).toMatchObject({ status: 400, detail: 'tests not ready on android: tst_1' });
    expect(calls).toHaveLength(1);
  });

  it('gives up as unreachable after its retries, naming the reason but never the key', async () => {
    const { api, calls } = scripted([refused(), refused(), refused()], { retry: { retries: 2 } });
    const err = await api('GET', '/me').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnreachableError);
    expect(String(err)).toContain('ECONNREFUSED');
    expect(String(err)).not.toContain('topsecret');
    expect(calls).toHaveLength(3);
  });

  it('starts no retry that would end after the deadline', async () => {
    let clock = 0;
    const { api, calls } = scripted([json(500, {}), json(500, {}), json(200, {})], {
      now: () => clock,
      sleep: async (ms) => void (clock += ms),
    });
    const err = await api('GET', '/runs/run_1', { deadline: 1200 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnreachableError);
    expect(calls).toHaveLength(2); // 500 ms, then 1 s more would pass 1.2 s
  });

  it('makes a fresh body for each attempt of a streamed request', async () => {
    let made = 0;
    const { api, calls } = scripted([json(503, {}), json(200, { buildId: 'bld_1' })]);
    await api('POST', '/uploadBuild', { body: () => ({ body: `part ${(made += 1)}`, headers: { 'content-type': 'text/plain' } }) });
    expect(calls.map((c) => c.init.body)).toEqual(['part 1', 'part 2']);
  });
});
