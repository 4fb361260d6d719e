import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../errors.js';
import type { AppEnv } from './env.js';
import { jsonBodies } from './json-body.js';

/** The middleware in front of a route that reads the body twice, as a validator and a handler might. */
function app() {
  const a = new Hono<AppEnv>();
  a.onError((err, c) => c.json({ detail: err.message }, err instanceof ApiError ? (err.status as 400) : 500));
  a.use(jsonBodies(1024 * 1024, () => false, 60_000));
  a.post('/twice', async (c) => {
    const first = await c.req.json<{ list: number[] }>();
    first.list.push(99); // a reader that changes what it got
    const second = await c.req.json<{ list: number[] }>();
    return c.json({ first, second, text: await c.req.text() });
  });
  return a;
}
const post = (body: string) => app().request('/twice', { method: 'POST', body, headers: { 'content-type': 'application/json' } });

describe('jsonBodies', () => {
  afterEach(() => vi.restoreAllMocks());

  it('parses the body once for the first reader, and afresh for a later one', async () => {
    const body = JSON.stringify({ list: [1, 2] });
    const parse = vi.spyOn(JSON, 'parse');
    const res = await post(body);
    const bodyParses = parse.mock.calls.filter(([text]) => text === body).length;
    parse.mockRestore();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ first: { list: [1, 2, 99] }, second: { list: [1, 2] }, text: body });
    // One parse by the middleware's checks, one for the second reader; none for the first.
    expect(bodyParses).toBe(2);
  });

  it('still refuses what the checks refuse', async () => {
    expect((await post('{"a":')).status).toBe(400);
    expect(await (await post(`{"a":${'['.repeat(100)}${']'.repeat(100)}}`)).json()).toEqual({
      detail: 'JSON is nested more than 64 levels deep',
    });
  });
});
