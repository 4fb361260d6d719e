import { Readable } from 'node:stream';
import { createRoute, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { agentTokenFrom } from '../auth/agent-token.js';
import { ApiError, notFound } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import { createRouter } from '../http/validation.js';
import { agentTokenHoldsBuild, findBuildById } from '../queries/builds.js';

/** Lab agents download builds (and upload recordings) with their agent token. */
export const requireAgentToken = createMiddleware<AppEnv & { Variables: { agentOrgId: string | null; agentTokenId: string } }>(
  async (c, next) => {
    const token = await agentTokenFrom(c.var.deps.db, c.req.header('authorization'));
    if (!token) throw new ApiError(401, 'send "Authorization: Bearer <agent token>"');
    c.set('agentOrgId', token.orgId);
    c.set('agentTokenId', token.id);
    await next();
  },
);

const download = createRoute({
  method: 'get',
  path: '/agent/builds/{buildId}',
  tags: ['Lab agents'],
  summary: 'Download a build (agent token)',
  middleware: [requireAgentToken] as const,
  request: { params: z.object({ buildId: z.string().min(1).max(64) }) },
  responses: { 200: { description: 'The build file', content: { 'application/octet-stream': { schema: z.any() } } } },
});

export function agentBuildRoutes() {
  const app = createRouter();
  app.openapi(download, async (c) => {
    const { db, storage } = c.var.deps;
    const build = await findBuildById(db, c.req.valid('param').buildId);
    // An organisation's agent sees its organisation's builds. A shared-pool agent runs every
    // organisation's tests, so it sees a build only while one of the token's agents holds a
    // test of a run of it: its token cannot fetch other organisations' apps at will.
    const { agentOrgId: orgId, agentTokenId: tokenId } = c.var as { agentOrgId: string | null; agentTokenId: string };
    const allowed = build && (orgId ? build.orgId === orgId : await agentTokenHoldsBuild(db, tokenId, build.id));
    if (!build || !allowed) throw notFound('build');
    const headers = (size: number) => ({
      'content-type': 'application/octet-stream',
      'content-length': String(size),
      'content-disposition': `attachment; filename="${build.fileName.replace(/["\\\r\n]/g, '_')}"`,
    });
    // Hono answers HEAD with this handler and drops the body unread: a file stream opened
    // for it would never be closed, so HEAD only looks at the size.
    if (c.req.method === 'HEAD') {
      const size = await storage.size(build.storageKey);
      if (size === null) throw notFound('build file');
      return c.body(null, 200, headers(size));
    }
    const file = await storage.openRead(build.storageKey);
    if (!file) throw notFound('build file');
    return c.body(Readable.toWeb(file.stream) as ReadableStream, 200, headers(file.size));
  });
  return app;
}
