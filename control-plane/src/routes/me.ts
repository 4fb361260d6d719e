import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../http/validation.js';
import { errorResponses, jsonResponse } from '../schemas/common.js';

/**
 * Who the key belongs to. CI clients (the `devicelab` command) learn the organisation id
 * that execute needs from the key alone, so a pipeline holds one secret, not two values.
 * Everything comes from the authenticated caller: no query of its own.
 */
const Me = z
  .object({
    organisationId: z.string(),
    organisationName: z.string(),
    apiKeyId: z.string().openapi({ description: 'the key id, or `legacy` for the organisation key' }),
    keyKind: z.enum(['standard', 'audit', 'organisation']),
    maxParallelTests: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "how many of the organisation's tests run at once at most (set by the operator); null: no cap" }),
  })
  .openapi('Me');

const me = createRoute({
  method: 'get',
  path: '/me',
  tags: ['Service'],
  security: [{ bearer: [] }],
  summary: "The calling key's organisation and the key itself",
  responses: { ...jsonResponse(Me, 'The organisation and key'), ...errorResponses },
});

export function meRoutes() {
  const app = createRouter();
  app.openapi(me, (c) => {
    const { org, keyId, kind } = c.var.caller;
    return c.json(
      { organisationId: org.id, organisationName: org.name, apiKeyId: keyId, keyKind: kind, maxParallelTests: org.maxParallelTests },
      200,
    );
  });
  return app;
}
