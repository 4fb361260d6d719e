/**
 * GET/POST sign-in and POST sign-out. Signing in checks the key exactly as the API
 * does (callerFromKey); audit keys may sign in, the pages only read; tunnel keys may not
 * (401). The sign-in form has no session to bind a token to, so it relies on the Origin
 * check (hono/csrf, in routes.ts) against login CSRF; sign-out also needs the session's
 * CSRF token.
 */
import type { Hono } from 'hono';
import { html } from 'hono/html';
import { callerFromKey } from '../auth/caller.js';
import { ApiError } from '../errors.js';
import { page } from './layout.js';
import { csrfValid, endSession, type PageEnv, pagesBase, safeNext, startSession } from './session.js';

function signInForm(base: string, next: string | null, error: string | null) {
  return html`<form class="signin" method="post" action="${base}/sign-in">
  <h1>Sign in to DeviceLab</h1>
  ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
  <label for="api_key">API key</label>
  <input id="api_key" name="api_key" type="password" autocomplete="off" required placeholder="dl_live_…" maxlength="300">
  ${next ? html`<input type="hidden" name="next" value="${next}">` : ''}
  <button type="submit">Sign in</button>
  <p class="muted">A standard or audit API key of your organisation works (an audit key gives the same read-only view); a tunnel key cannot sign in. The key is checked and then forgotten: the browser keeps only a session cookie.</p>
</form>`;
}

export function signInPages(app: Hono<PageEnv>, base: string) {
  app.get('/sign-in', (c) => page(c, { title: 'Sign in', bare: true }, signInForm(base, safeNext(base, c.req.query('next')), null)));

  app.post('/sign-in', async (c) => {
    const form = await c.req.parseBody();
    const next = safeNext(base, form.next);
    const raw = typeof form.api_key === 'string' ? form.api_key.trim() : '';
    try {
      if (!raw.startsWith('dl_live_')) throw new ApiError(401, 'Sign in with an API key (dl_live_…).');
      const caller = await callerFromKey(c.var.deps.db, raw);
      await startSession(c, caller.keyId);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return page(c, { title: 'Sign in', bare: true }, signInForm(base, next, err.detail), err.status === 403 ? 403 : 401);
    }
    return c.redirect(next ?? `${base}/runs`, 303);
  });

  app.post('/sign-out', async (c) => {
    const form = await c.req.parseBody();
    if (!(await csrfValid(c, form.csrf))) throw new ApiError(403, 'the form is stale or was not sent by this site: reload the page');
    endSession(c);
    return c.redirect(`${pagesBase(c.var.deps.config.appUrl)}/sign-in`, 303);
  });
}
