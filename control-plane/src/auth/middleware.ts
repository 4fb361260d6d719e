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

/**
 * The SDK protocol's authentication: a Bearer key, or `api_key` in the JSON body
 * (DESIGN.md section 3). Checked before the body is validated, so an anonymous
 * caller learns nothing but 401.
 */
export const requireSdkKey = createMiddleware<AppEnv>(async (c, next) => {
  let raw = bearerFrom(c.req.header('authorization'));
  if (!raw && c.req.method === 'POST') {
    const body: unknown = await c.req.json().catch(() => null);
    const field = body !== null && typeof body === 'object' ? (body as Record<string, unknown>).api_key : undefined;
    if (typeof field === 'string' && field !== '') raw = field;
  }
  if (!raw) throw new ApiError(401, 'missing API key: send "Authorization: Bearer <API key>" or "api_key" in the body');
  const caller = await callerFromKey(c.var.deps.db, raw);
  if (caller.kind === 'audit' && c.req.method !== 'GET' && c.req.method !== 'HEAD') {
    throw new ApiError(403, 'audit keys are read-only');
  }
  c.set('caller', caller);
  await next();
});
