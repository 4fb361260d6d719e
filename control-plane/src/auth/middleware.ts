import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../http/env.js';
import { ApiError } from '../errors.js';
import { bearerFrom, callerFromKey } from './caller.js';

/**
 * Requires a Bearer API key (spec part 5) and puts the caller on the context.
 * Audit keys are read-only: anything but GET/HEAD answers 403.
 */
export const requireApiKey = createMiddleware<AppEnv>(async (c, next) => {
  const raw = bearerFrom(c.req.header('authorization'));
  if (!raw) throw new ApiError(401, 'missing API key: send "Authorization: Bearer <API key>"');
  const caller = await callerFromKey(c.var.deps.db, raw);
  if (caller.kind === 'audit' && c.req.method !== 'GET' && c.req.method !== 'HEAD') {
    throw new ApiError(403, 'audit keys are read-only');
  }
  c.set('caller', caller);
  await next();
});
