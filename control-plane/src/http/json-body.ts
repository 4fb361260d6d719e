/**
 * The one reader of JSON request bodies. Every route that takes JSON goes through
 * it (app.ts mounts it before any route), so the rules hold everywhere:
 *
 * - the body must say it is JSON (otherwise validation would see `{}` and report
 *   misleading missing fields): 415;
 * - it must stay under the configured size: 413, after draining so clients see it;
 * - it must be valid UTF-8, hold no lone surrogate and nest at most MAX_JSON_DEPTH
 *   levels (shared/src/json-text.ts says why): 400.
 *
 * The checked text is put in Hono's body cache, and its parsed value handed to the
 * first `c.req.json()`, so the zod validators read exactly what was checked.
 */
import { decodeUtf8, parseJsonText } from '@devicelab/shared';
import type { HonoRequest } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { ApiError, badRequest } from '../errors.js';
import { drainBody } from './drain.js';
import type { AppEnv } from './env.js';

const JSON_TYPE = /^application\/([\w.+-]*\+)?json\b/i;

export function jsonBodies(maxBytes: number, skip: (path: string) => boolean) {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: async (c) => {
      if (!(await drainBody(c.req.raw))) c.header('Connection', 'close');
      throw new ApiError(413, `request body is larger than ${maxBytes} bytes`);
    },
  });
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || skip(c.req.path)) return next();
    const type = c.req.header('content-type');
    if (type !== undefined && !JSON_TYPE.test(type) && hasBody(c.req.raw)) {
      throw new ApiError(415, 'send the body as JSON with "Content-Type: application/json"');
    }
    return limit(c, async () => {
      if (hasBody(c.req.raw)) {
        const text = decodeUtf8(new Uint8Array(await c.req.arrayBuffer()));
        if (text === null) throw badRequest('the request body is not valid UTF-8 text');
        // Hono's types describe the cache by value; at run time it holds the promises its readers share.
        (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
        if (text !== '') {
          const parsed = parseJsonText(text);
          if (!parsed.ok) throw badRequest(parsed.error.startsWith('malformed JSON') ? 'malformed JSON in the request body' : parsed.error);
          handOver(c.req, parsed.value);
        }
      }
      await next();
    });
  });
}

const hasBody = (req: Request) => req.headers.get('content-length') !== '0' && req.body !== null;

/**
 * The validators read the body with `c.req.json()`, which parses the cached text again
 * (Hono caches text, not values): on an 84 KB execute body that was a second JSON.parse
 * per request. The first reader gets the value parsed here; any later one parses the
 * text afresh, so no reader sees an object another has changed.
 */
function handOver(req: HonoRequest, value: unknown) {
  const parseAgain = req.json.bind(req);
  let taken = false;
  req.json = (() => {
    if (taken) return parseAgain();
    taken = true;
    return Promise.resolve(value);
  }) as HonoRequest['json'];
}
