import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '../http/validation.js';
import { errorResponses, jsonResponse } from '../schemas/common.js';
import { TunnelList, TunnelQuery } from '../schemas/tunnels.js';

const list = createRoute({
  method: 'get',
  path: '/tunnels',
  tags: ['Tunnels'],
  security: [{ bearer: [] }],
  summary: "The organisation's connected tunnels (devicelab tunnel start --tunnel-name NAME)",
  request: { query: TunnelQuery },
  responses: { ...jsonResponse(TunnelList, 'Connected tunnels by name'), ...errorResponses },
});

export function tunnelRoutes() {
  const app = createRouter();
  // Every replica's tunnels of the organisation (the tunnels table), whichever replica answers.
  app.openapi(list, async (c) => {
    const tunnels = (await c.var.deps.tunnels.list(c.var.caller.org.id)).map((t) => ({
      name: t.name,
      connectedAt: t.connectedAt.toISOString(),
      apiKeyId: t.keyId,
      streamsOpened: t.streamsOpened,
    }));
    return c.json({ tunnels }, 200);
  });
  return app;
}
