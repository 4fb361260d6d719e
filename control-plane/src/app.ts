import { OpenAPIHono } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { requireApiKey, requireSdkKey } from './auth/middleware.js';
import { ApiError } from './errors.js';
import type { AppEnv, Deps } from './http/env.js';
import { jsonBodies } from './http/json-body.js';
import { serveOpenApi } from './http/openapi.js';
import { interactionLogPageForBrowsers, pageRoutes } from './pages/routes.js';
import { adminRoutes } from './routes/admin.js';
import { agentBuildRoutes } from './routes/agent-builds.js';
import { buildRoutes } from './routes/builds.js';
import { deviceRoutes } from './routes/devices.js';
import { folderRoutes } from './routes/folders.js';
import { healthRoutes } from './routes/health.js';
import { meRoutes } from './routes/me.js';
import { recordingRoutes } from './routes/recordings.js';
import { runRoutes } from './routes/runs.js';
import { sessionRoutes } from './routes/sessions.js';
import { testRoutes } from './routes/tests.js';
import { tunnelRoutes } from './routes/tunnels.js';
import { usageRoutes } from './routes/usage.js';
import { webhookRoutes } from './routes/webhooks.js';

const UPLOAD_PATHS = new Set(['/uploadBuild', '/uploadBuild/']);
const isUpload = (path: string) => UPLOAD_PATHS.has(path);

export function createApp(deps: Deps) {
  const app = new OpenAPIHono<AppEnv>();

  app.use(requestId());
  app.use(async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  if (deps.config.logRequests) app.use(requestLog);
  // The key first, then the body (spec: a missing or invalid key is 401, whatever the body is;
  // and nobody without a key makes the server parse a megabyte of JSON). Sessions take the
  // key from the body too, so theirs is checked after it (requireSdkKey).
  app.use('/tests/*', requireApiKey); // in Hono this also matches /tests itself
  app.use('/usage/*', requireApiKey);
  app.use('/devices', requireApiKey);
  app.use('/runs/*', requireApiKey); // also /runs itself; /tests/execute is under /tests/*
  app.use('/suite/*', interactionLogPageForBrowsers(deps.config.appUrl)); // before the key check: browsers get the page
  app.use('/suite/*', requireApiKey);
  app.use('/tunnels', requireApiKey);
  app.use('/webhooks/*', requireApiKey); // also /webhooks itself; audit keys may list, not change
  app.use('/me', requireApiKey);
  app.use(
    '/sessions/*',
    jsonBodies(deps.config.sessionMaxBytes, () => false, deps.config.limits.bodyIdleTimeoutMs),
  );
  // Page forms (their own small limit) and agents' recordings (streamed, routes/recordings.ts) are not JSON.
  // The pages are asked for their own paths: with an APP_URL without a path, "under the pages' path" is everything.
  const pages = pageRoutes(deps.config);
  const notJson = (path: string) => pages.takesForm(path) || path.startsWith('/agent/recordings/');
  app.use(
    jsonBodies(
      deps.config.jsonMaxBytes,
      (path) => isUpload(path) || path.startsWith('/sessions/') || notJson(path),
      deps.config.limits.bodyIdleTimeoutMs,
    ),
  );

  app.route('/', healthRoutes());
  app.route('/', adminRoutes());
  // Folder routes first: /tests/folders must not be taken for /tests/{testId}.
  app.route('/', folderRoutes());
  app.route('/', testRoutes());
  app.route('/', buildRoutes());
  app.use('/sessions/*', requireSdkKey);
  app.route('/', sessionRoutes());
  app.route('/', usageRoutes());
  app.route('/', deviceRoutes());
  app.route('/', runRoutes());
  app.route('/', agentBuildRoutes());
  app.route('/', tunnelRoutes());
  app.route('/', webhookRoutes());
  app.route('/', recordingRoutes());
  // Pages (issue 12): under APP_URL's path; / sends a browser there.
  app.route(pages.base, pages.app);
  app.get('/', (c) => c.redirect(`${pages.base.replace(/\/$/, '')}/runs`, 302));
  app.route('/', meRoutes());

  serveOpenApi(app, () => deps.config.baseUrl);

  app.notFound((c) => c.json({ detail: `no such endpoint: ${c.req.method} ${c.req.path}` }, 404));
  app.onError((err, c) => {
    if (err instanceof ApiError) {
      return c.json(err.errors ? { detail: err.detail, errors: err.errors } : { detail: err.detail }, err.status);
    }
    if (err instanceof HTTPException) {
      return c.json({ detail: err.message || 'bad request' }, err.status as ContentfulStatusCode);
    }
    const id = c.var.requestId;
    console.error(`[${id}] ${c.req.method} ${c.req.path} failed:`, err);
    return c.json({ detail: 'internal error', requestId: id }, 500);
  });
  return app;
}

// Health checks are polled every second or so by load balancers, agents and scripts: a line
// each would bury every other request.
const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.path === '/healthz') return next();
  const started = performance.now();
  await next();
  const ms = (performance.now() - started).toFixed(1);
  console.log(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms ${c.var.requestId}`);
});
