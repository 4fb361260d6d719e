/**
 * The pages under APP_URL's path (default /app): sign-in, runs, a run, a test's
 * recording, a build, the test library. Everything but sign-in needs the session
 * cookie; form posts must come from this site (Origin / Sec-Fetch-Site, hono/csrf),
 * and sign-out also carries the session's CSRF token.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { accepts } from 'hono/accepts';
import { bodyLimit } from 'hono/body-limit';
import { csrf } from 'hono/csrf';
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import { buildPage } from './build-page.js';
import { libraryPage } from './library-page.js';
import { recordingPage } from './recording-page.js';
import { recordingPath, runPage } from './run-page.js';
import { runsPage } from './runs-page.js';
import { type PageEnv, pagesBase, requireSession } from './session.js';
import { signInPages } from './sign-in.js';

export function pageRoutes(urls: { appUrl: string; baseUrl: string }) {
  const base = pagesBase(urls.appUrl);
  const trusted = new Set([new URL(urls.appUrl).origin, new URL(urls.baseUrl).origin]);
  const forms = [
    csrf({ origin: (origin, c) => trusted.has(origin) || origin === new URL(c.req.url).origin }),
    bodyLimit({
      maxSize: 16 * 1024,
      onError: () => {
        throw new ApiError(413, 'a form of the pages is at most 16 KiB');
      },
    }),
  ];
  const open = new Hono<PageEnv>();
  signInPages(open, base);
  const signedIn = new Hono<PageEnv>();
  signedIn.get('/', (c) => c.redirect(`${base}/runs`, 302));
  runsPage(signedIn, base);
  runPage(signedIn, base);
  recordingPage(signedIn, base);
  buildPage(signedIn, base);
  libraryPage(signedIn, base);

  const app = new Hono<PageEnv>();
  withMiddleware(app, open, ...forms);
  withMiddleware(app, signedIn, ...forms, requireSession);
  /**
   * True for a path (with APP_URL's path in front) where a page takes a form post. Only
   * these: with an APP_URL without a path the library page is GET /tests, and POST /tests
   * is still the API's, with its JSON body checks.
   */
  const takesForm = (path: string): boolean => {
    const own = base === '' ? path : path === base ? '/' : path.startsWith(`${base}/`) ? path.slice(base.length) : null;
    return own !== null && app.router.match('POST', own)[0].length > 0;
  };
  return { base: base || '/', app, takesForm };
}

/**
 * Mounts `pages` on `app` behind `middleware`, registered on each page's own method and
 * path, never on '*': with an APP_URL without a path the pages sit at '/', and a '*'
 * middleware would put every API path behind the session check (GET /me answered 303).
 * Taken from the routes themselves, so a new page cannot miss its sign-in check.
 */
function withMiddleware(app: Hono<PageEnv>, pages: Hono<PageEnv>, ...middleware: MiddlewareHandler<PageEnv>[]) {
  const seen = new Set<string>();
  for (const { method, path } of pages.routes) {
    if (seen.has(`${method} ${path}`)) continue;
    seen.add(`${method} ${path}`);
    app.on(method, [path], ...middleware);
  }
  app.route('/', pages);
}

/**
 * The interaction log URL of a result answers a browser with the test's recording
 * page (its own sign-in applies there) and API clients with JSON as before: a request
 * without an Authorization header that prefers text/html is sent to the page.
 */
export const interactionLogPageForBrowsers = (appUrl: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const match = /^\/suite\/([^/]+)\/run\/([^/]+)\/interaction_logs\/?$/.exec(c.req.path);
    const wantsHtml =
      accepts(c, { header: 'Accept', supports: ['application/json', 'text/html'], default: 'application/json' }) === 'text/html';
    if (!match || c.req.method !== 'GET' || c.req.header('authorization') !== undefined || !wantsHtml) return next();
    const runId = decoded(match[1]!);
    const testId = decoded(match[2]!);
    // A malformed %-escape names no run: the API route answers it as it answers any unknown id.
    if (runId === null || testId === null) return next();
    return c.redirect(recordingPath(pagesBase(appUrl), runId, testId), 303);
  });

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null; // URIError: a malformed %-escape
  }
}
