/**
 * Health for load balancers and orchestrators: `/livez` says the process answers (restart
 * it when not), `/readyz` says it can serve (send it traffic): the database answers and
 * every migration of this build is applied, and the process is not draining for a stop
 * (http/readiness.ts). `/healthz` keeps its older meaning (the
 * process and the database) and shape.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { pendingMigrations } from '../db/migrate.js';
import { createRouter } from '../http/validation.js';

const Health = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
const Live = z.object({ status: z.literal('live') });
const Ready = z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) });
const Unavailable = { 503: { description: 'Not ready', content: { 'application/json': { schema: z.object({ detail: z.string() }) } } } };

const health = createRoute({
  method: 'get',
  path: '/healthz',
  tags: ['Service'],
  summary: 'Liveness and database reachability',
  responses: {
    200: { description: 'Healthy', content: { 'application/json': { schema: Health } } },
    503: { description: 'Database unreachable', content: { 'application/json': { schema: z.object({ detail: z.string() }) } } },
  },
});

const live = createRoute({
  method: 'get',
  path: '/livez',
  tags: ['Service'],
  summary: 'The process answers (touches nothing else)',
  responses: { 200: { description: 'Live', content: { 'application/json': { schema: Live } } } },
});

const ready = createRoute({
  method: 'get',
  path: '/readyz',
  tags: ['Service'],
  summary: 'Ready for traffic: database reachable, migrations applied, not stopping',
  responses: { 200: { description: 'Ready', content: { 'application/json': { schema: Ready } } }, ...Unavailable },
});

export function healthRoutes() {
  const app = createRouter();
  app.openapi(health, async (c) => {
    const { db } = c.var.deps;
    try {
      await db.query('SELECT 1');
    } catch (e) {
      return c.json({ detail: `database unreachable: ${(e as Error).message}` }, 503);
    }
    return c.json({ status: 'ok' as const, database: db.kind }, 200);
  });
  app.openapi(live, (c) => c.json({ status: 'live' as const }, 200));
  app.openapi(ready, async (c) => {
    const { db, readiness } = c.var.deps;
    if (readiness.draining !== null) return c.json({ detail: `draining: ${readiness.draining}` }, 503);
    let pending: string[];
    try {
      pending = await pendingMigrations(db);
    } catch (e) {
      return c.json({ detail: `database unreachable: ${(e as Error).message}` }, 503);
    }
    if (pending.length > 0) return c.json({ detail: `database migrations not applied: ${pending.join(', ')}` }, 503);
    return c.json({ status: 'ready' as const, database: db.kind }, 200);
  });
  return app;
}
