import { createRoute, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { operatorTokenMatches, rotateOperatorToken } from '../admin/operator-token.js';
import { addAgentToken, addApiKey, createOrganisation, organisationExists, rotateOrgKey } from '../admin/provision.js';
import { bearerToken } from '../auth/bearer.js';
import { ApiError, notFound } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import { createRouter } from '../http/validation.js';
import { revokeAgentToken } from '../queries/agent-tokens.js';
import { KEY_KINDS, revokeApiKey } from '../queries/api-keys.js';
import { listOrganisations, setMaxParallelTests } from '../queries/organisations.js';
import { errorResponses, id, jsonBody, jsonResponse, text } from '../schemas/common.js';

/** The operator token (stored once per database: admin/operator-token.ts) guards /admin/*. */
const requireOperator = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c.req.header('authorization'));
  if (token === null || !(await operatorTokenMatches(c.var.deps.db, c.var.deps.config, token))) {
    throw new ApiError(401, 'admin endpoints need "Authorization: Bearer <operator token>"');
  }
  await next();
});

const route = <R extends Parameters<typeof createRoute>[0]>(r: R) =>
  createRoute({ ...r, tags: ['Admin'], middleware: [requireOperator] as const, security: [{ operator: [] }] });

const CreateOrganisation = z.strictObject({
  name: text('name', 200),
  type: z.enum(['platform', 'studio']).default('platform'),
  bundleIdRuns: z.boolean().default(false),
});
const OrganisationCreated = z.object({
  organisationId: z.string(),
  organisationKey: z.string(),
  apiKey: z.string(),
  apiKeyId: z.string(),
});
const KeyKindSchema = z
  .enum(KEY_KINDS)
  .openapi({ description: 'standard: the whole API; audit: reads only; tunnel: only connects tunnels (GET /tunnel/connect)' });
const CreateKey = z
  .strictObject({
    organisationId: id('organisationId'),
    kind: KeyKindSchema.optional(),
    tunnelOnly: z.boolean().optional().openapi({ description: 'true: the same as kind "tunnel" (admin create-key --tunnel-only)' }),
  })
  .refine((b) => b.tunnelOnly !== true || b.kind === undefined || b.kind === 'tunnel', {
    message: 'tunnelOnly: true issues a tunnel key; it contradicts kind',
    path: ['tunnelOnly'],
  })
  .transform((b) => ({ organisationId: b.organisationId, kind: b.tunnelOnly === true ? ('tunnel' as const) : (b.kind ?? 'standard') }));
const KeyCreated = z.object({ apiKey: z.string(), apiKeyId: z.string(), kind: KeyKindSchema });
const RevokeKey = z.strictObject({ keyId: id('keyId') });
const KeyRevoked = z.object({ keyId: z.string(), revoked: z.literal(true) });
const RotateOrgKey = z.strictObject({ organisationId: id('organisationId') });
const OrgKeyRotated = z.object({ organisationId: z.string(), organisationKey: z.string() });
const MaxParallelTests = z
  .number()
  .int()
  .min(1)
  .max(10_000)
  .nullable()
  .openapi({ description: "how many of the organisation's tests may run at once; null: no cap" });
const SetOrgLimits = z.strictObject({ organisationId: id('organisationId'), maxParallelTests: MaxParallelTests });
const OrgLimits = z.object({ organisationId: z.string(), maxParallelTests: z.number().int().nullable() });
const OperatorTokenRotated = z.object({ operatorToken: z.string() });
const RevokeAgentToken = z.strictObject({ agentTokenId: id('agentTokenId') });
const AgentTokenRevoked = z.object({ agentTokenId: z.string(), revoked: z.literal(true) });

const CreateAgentToken = z
  .strictObject({ organisationId: id('organisationId').optional(), shared: z.boolean().optional() })
  .refine((b) => (b.organisationId === undefined) !== (b.shared !== true), {
    message: 'send organisationId (its reserved devices) or shared: true (the pool for every organisation), not both',
  });
const AgentTokenCreated = z.object({ agentToken: z.string(), agentTokenId: z.string(), organisationId: z.string().nullable() });

const OrganisationList = z.object({
  organisations: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      type: z.enum(['platform', 'studio']),
      bundleIdRuns: z.boolean(),
      maxParallelTests: z.number().int().nullable(),
      createdAt: z.string(),
      apiKeys: z.array(z.object({ apiKeyId: z.string(), kind: KeyKindSchema, createdAt: z.string() })),
    }),
  ),
});

const listOrgs = route({
  method: 'get',
  path: '/admin/organisations',
  summary: 'List organisations with their active API key ids (never a secret)',
  responses: { ...jsonResponse(OrganisationList, 'Every organisation, oldest first'), ...errorResponses },
});
const createOrg = route({
  method: 'post',
  path: '/admin/organisations',
  summary: 'Create an organisation with its organisation key and a first API key',
  request: { body: jsonBody(CreateOrganisation) },
  responses: { ...jsonResponse(OrganisationCreated, 'Keys are shown only in this response'), ...errorResponses },
});
const createKey = route({
  method: 'post',
  path: '/admin/keys',
  summary: 'Issue an API key',
  request: { body: jsonBody(CreateKey) },
  responses: { ...jsonResponse(KeyCreated, 'The key is shown only in this response'), ...errorResponses },
});
const revokeKey = route({
  method: 'post',
  path: '/admin/keys/revoke',
  summary: 'Revoke an API key (idempotent)',
  request: { body: jsonBody(RevokeKey) },
  responses: { ...jsonResponse(KeyRevoked, 'Key revoked'), ...errorResponses },
});

const createAgentToken = route({
  method: 'post',
  path: '/admin/agent-tokens',
  summary: 'Issue a lab agent token (one organisation, or the shared pool)',
  request: { body: jsonBody(CreateAgentToken) },
  responses: { ...jsonResponse(AgentTokenCreated, 'The token is shown only in this response'), ...errorResponses },
});

const rotateOrgKeyRoute = route({
  method: 'post',
  path: '/admin/organisations/rotate-key',
  summary: 'Issue a new organisation key (dl_org_…); the old one stops working at once',
  request: { body: jsonBody(RotateOrgKey) },
  responses: { ...jsonResponse(OrgKeyRotated, 'The new key is shown only in this response'), ...errorResponses },
});

const setOrgLimitsRoute = route({
  method: 'post',
  path: '/admin/organisations/limits',
  summary: "Cap (or, with null, uncap) how many of an organisation's tests run at once, on every replica",
  request: { body: jsonBody(SetOrgLimits) },
  responses: { ...jsonResponse(OrgLimits, 'The limit now in force'), ...errorResponses },
});

const revokeAgentTokenRoute = route({
  method: 'post',
  path: '/admin/agent-tokens/revoke',
  summary: 'Revoke a lab agent token (idempotent): refused from then on; its connected agents are closed (4401) within a heartbeat',
  request: { body: jsonBody(RevokeAgentToken) },
  responses: { ...jsonResponse(AgentTokenRevoked, 'Agent token revoked'), ...errorResponses },
});

const rotateOperatorTokenRoute = route({
  method: 'post',
  path: '/admin/operator-token/rotate',
  summary: 'Issue a new operator token; the one that called stops working at once (on every replica)',
  responses: { ...jsonResponse(OperatorTokenRotated, 'The new token is shown only in this response'), ...errorResponses },
});

export function adminRoutes() {
  const app = createRouter();
  app.openapi(listOrgs, async (c) => {
    const rows = await listOrganisations(c.var.deps.db);
    const organisations = rows.map((o) => ({
      ...o,
      createdAt: o.createdAt.toISOString(),
      apiKeys: o.apiKeys.map((k) => ({ ...k, createdAt: k.createdAt.toISOString() })),
    }));
    return c.json({ organisations }, 200);
  });
  app.openapi(createOrg, async (c) => {
    const input = c.req.valid('json');
    const created = await c.var.deps.db.transaction((tx) => createOrganisation(tx, input));
    return c.json(created, 200);
  });
  app.openapi(createKey, async (c) => {
    const { organisationId, kind } = c.req.valid('json');
    const { db } = c.var.deps;
    if (!(await organisationExists(db, organisationId))) throw notFound('organisation');
    return c.json(await addApiKey(db, organisationId, kind), 200);
  });
  app.openapi(revokeKey, async (c) => {
    const { keyId } = c.req.valid('json');
    if (!(await revokeApiKey(c.var.deps.db, keyId))) throw notFound('API key');
    return c.json({ keyId, revoked: true as const }, 200);
  });
  app.openapi(rotateOrgKeyRoute, async (c) => {
    const rotated = await rotateOrgKey(c.var.deps.db, c.req.valid('json').organisationId);
    if (!rotated) throw notFound('organisation');
    return c.json(rotated, 200);
  });
  app.openapi(setOrgLimitsRoute, async (c) => {
    const { organisationId, maxParallelTests } = c.req.valid('json');
    if (!(await setMaxParallelTests(c.var.deps.db, organisationId, maxParallelTests))) throw notFound('organisation');
    // A raised or lifted cap frees tests held back by it: offer them now, on whichever replica holds the devices.
    c.var.deps.dispatcher.wake();
    return c.json({ organisationId, maxParallelTests }, 200);
  });

  app.openapi(rotateOperatorTokenRoute, async (c) => c.json({ operatorToken: await rotateOperatorToken(c.var.deps.db) }, 200));
  app.openapi(revokeAgentTokenRoute, async (c) => {
    const { agentTokenId } = c.req.valid('json');
    if (!(await revokeAgentToken(c.var.deps.db, agentTokenId))) throw notFound('agent token');
    return c.json({ agentTokenId, revoked: true as const }, 200);
  });
  app.openapi(createAgentToken, async (c) => {
    const { organisationId } = c.req.valid('json');
    const { db } = c.var.deps;
    if (organisationId !== undefined && !(await organisationExists(db, organisationId))) throw notFound('organisation');
    return c.json({ ...(await addAgentToken(db, organisationId ?? null)), organisationId: organisationId ?? null }, 200);
  });
  return app;
}
