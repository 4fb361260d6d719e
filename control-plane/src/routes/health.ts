import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../http/validation.js';

const Health = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

const health = createRoute({
  method: 'get', path: '/healthz', tags: ['Service'], summary: 'Liveness and database reachability',
  responses: {
    200: { description: 'Healthy', content: { 'application/json': { schema: Health } } },
    503: { description: 'Database unreachable', content: { 'application/json': { schema: z.object({ detail: z.string() }) } } },
  },
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
  return app;
}
