/**
 * Signing in to the pages: an API key (standard or audit; not tunnel) is exchanged for an HttpOnly,
 * SameSite=Lax session cookie scoped to the pages' path. The cookie is only ever
 * accepted by the pages (all GET, plus sign-out, which needs the CSRF token); the API
 * keeps accepting Bearer keys only, so a cookie can never write through it.
 *
 * Lax rather than Strict: a recording link opened from CI output or chat is a top-level
 * cross-site navigation and should open the page for someone already signed in.
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { Db } from '../db/index.js';
import type { AppEnv } from '../http/env.js';
import { findApiKey } from '../queries/api-keys.js';
import { getSetting, initSetting } from '../queries/settings.js';
import { csrfTokenFor, csrfTokenMatches, keyIdOfToken, newSessionToken, SESSION_SECONDS } from './session-token.js';

const SESSION_COOKIE = 'dl_session';
const SECRET_SETTING = 'pages_session_secret';

export type PageEnv = AppEnv & { Variables: { csrf: string } };

const secrets = new WeakMap<Db, Promise<string>>();

/** The signing secret: made once by the first replica to need it, then shared through the settings table. */
function sessionSecret(db: Db): Promise<string> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = (async () => {
      await initSetting(db, SECRET_SETTING, randomBytes(32).toString('hex'));
      const stored = await getSetting(db, SECRET_SETTING);
      if (!stored) throw new Error('the pages session secret could not be stored');
      return stored;
    })();
    secret.catch(() => secrets.delete(db)); // a failed read is tried again on the next request
    secrets.set(db, secret);
  }
  return secret;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Where the pages live: APP_URL's path ('' when APP_URL is a host of its own). */
export const pagesBase = (appUrl: string) => new URL(appUrl).pathname.replace(/\/+$/, '');

function cookieOptions(c: Context<PageEnv>) {
  const { appUrl } = c.var.deps.config;
  return { path: pagesBase(appUrl) || '/', httpOnly: true, sameSite: 'Lax' as const, secure: appUrl.startsWith('https:') };
}

export async function startSession(c: Context<PageEnv>, keyId: string): Promise<void> {
  const token = newSessionToken(await sessionSecret(c.var.deps.db), keyId, nowSeconds());
  setCookie(c, SESSION_COOKIE, token, { ...cookieOptions(c), maxAge: SESSION_SECONDS });
}

export const endSession = (c: Context<PageEnv>) => deleteCookie(c, SESSION_COOKIE, cookieOptions(c));

/**
 * A path inside the pages to come back to after signing in; anything else is dropped.
 * Browsers strip tabs and newlines from a Location and read a backslash as `/`, so
 * `/<TAB>/evil.example` would leave the site: control characters and backslashes are
 * refused outright, and the rest is resolved as a browser would and answered in that
 * resolved form, so what was checked is exactly where the browser goes.
 */
export function safeNext(base: string, next: unknown): string | null {
  if (typeof next !== 'string' || next.length > 2000) return null;
  if (!next.startsWith(`${base}/`) || next.startsWith('//') || /[\x00-\x1f\x7f\\]/.test(next)) return null;
  // Any origin does: only whether `next` stays on it matters. A path from `/` always parses.
  const here = 'http://pages.invalid';
  const url = new URL(next, here);
  if (url.origin !== here || !url.pathname.startsWith(`${base}/`)) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * Puts the signed-in key's caller on the context (and the CSRF token for forms), or
 * sends the browser to sign in and back here afterwards.
 */
export const requireSession = createMiddleware<PageEnv>(async (c, next) => {
  const { db, config } = c.var.deps;
  const secret = await sessionSecret(db);
  const token = getCookie(c, SESSION_COOKIE);
  const keyId = keyIdOfToken(secret, token, nowSeconds());
  const key = keyId === null ? null : await findApiKey(db, keyId);
  // Sign-in refuses tunnel keys (callerFromKey), so no session names one; checked again
  // here because a key's kind is all that keeps a tunnel key out of the pages.
  if (!key || key.revoked || key.kind === 'tunnel' || !token) {
    const url = new URL(c.req.url);
    const base = pagesBase(config.appUrl);
    return c.redirect(`${base}/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`, 303);
  }
  c.set('caller', { org: key.org, keyId: key.id, kind: key.kind });
  c.set('csrf', csrfTokenFor(secret, token));
  await next();
});

/** Whether a form carries this session's CSRF token. */
export async function csrfValid(c: Context<PageEnv>, sent: unknown): Promise<boolean> {
  const token = getCookie(c, SESSION_COOKIE);
  return token !== undefined && csrfTokenMatches(await sessionSecret(c.var.deps.db), token, sent);
}
