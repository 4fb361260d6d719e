/**
 * The one reader of JSON request bodies. Every route that takes JSON goes through
 * it (app.ts mounts it before any route), so the rules hold everywhere:
 *
 * - the body must say it is JSON (otherwise validation would see `{}` and report
 *   misleading missing fields): 415;
 * - it must stay under the configured size: 413, after draining so clients see it;
 * - it must keep arriving: nothing for BODY_IDLE_TIMEOUT_SECONDS is 408, and the connection closes;
 * - it must be valid UTF-8, hold no lone surrogate and nest at most MAX_JSON_DEPTH
 *   levels (shared/src/json-text.ts says why): 400.
 *
 * The checked text is put in Hono's body cache, and its parsed value handed to the
 * first `c.req.json()`, so the zod validators read exactly what was checked.
 */

import type { IncomingMessage } from 'node:http';
import { decodeUtf8, parseJsonText } from '@devicelab/shared';
import type { Context, HonoRequest } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { ApiError, badRequest } from '../errors.js';
import { drainBody } from './drain.js';
import type { AppEnv } from './env.js';
import { bodyIdleDetail, watchBodyIdle } from './server-limits.js';

const JSON_TYPE = /^application\/([\w.+-]*\+)?json\b/i;

export function jsonBodies(maxBytes: number, skip: (path: string) => boolean, idleMs: number) {
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
        const text = decodeUtf8(new Uint8Array(await readWithin(c, idleMs)));
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

/** The body, unless it stops arriving for `idleMs` (Node's request stream only; app.request bodies are whole). */
async function readWithin(c: Context<AppEnv>, idleMs: number): Promise<ArrayBuffer> {
  const reading = c.req.arrayBuffer();
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming?.socket) return reading;
  let stop = () => {};
  const idle = new Promise<never>((_resolve, reject) => {
    stop = watchBodyIdle(incoming, idleMs, () => reject(new ApiError(408, bodyIdleDetail(idleMs))));
  });
  reading.catch(() => {}); // the connection closes after a 408: its read then fails, and nobody waits for it
  try {
    return await Promise.race([reading, idle]);
  } catch (e) {
    if (e instanceof ApiError && e.status === 408) c.header('Connection', 'close');
    throw e;
  } finally {
    stop();
  }
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
