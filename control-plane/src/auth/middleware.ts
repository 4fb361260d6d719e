import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import { bearerFrom, callerFromKey } from './caller.js';

/** Resolves the key, refuses audit keys anything but reads, and puts the caller on the context. */
async function admit(c: Context<AppEnv>, raw: string | undefined, missing: string): Promise<void> {
  if (!raw) throw new ApiError(401, missing);
  const caller = await callerFromKey(c.var.deps.db, raw);
  if (caller.kind === 'audit' && c.req.method !== 'GET' && c.req.method !== 'HEAD') {
    throw new ApiError(403, 'audit keys are read-only');
  }
  c.set('caller', caller);
}

/**
 * Requires a Bearer API key (docs/api.md, "Keys"). Audit keys are read-only: anything but
 * GET/HEAD answers 403.
 */
export const requireApiKey = createMiddleware<AppEnv>(async (c, next) => {
  await admit(c, bearerFrom(c.req.header('authorization')), 'missing API key: send "Authorization: Bearer <API key>"');
  await next();
});

/**
 * The SDK protocol's authentication: a Bearer key, or `api_key` in the JSON body
 * (docs/architecture.md#keys-and-ids). Checked before the body is validated, so an anonymous
 * caller learns nothing but 401.
 */
export const requireSdkKey = createMiddleware<AppEnv>(async (c, next) => {
  let raw = bearerFrom(c.req.header('authorization'));
  if (!raw && c.req.method === 'POST') {
    const body: unknown = await c.req.json().catch(() => null);
    const field = body !== null && typeof body === 'object' ? (body as Record<string, unknown>).api_key : undefined;
    if (typeof field === 'string' && field !== '') raw = field;
  }
  await admit(c, raw, 'missing API key: send "Authorization: Bearer <API key>" or "api_key" in the body');
  await next();
});
