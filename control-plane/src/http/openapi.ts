/**
 * `GET /openapi.json`: the document @hono/zod-openapi generates from the routes' zod schemas,
 * completed here by rules that hold for every route, so a route module declares only what is
 * its own (its body, its answers, its 409) and a client generated from the document can trust it:
 *
 * - every operation has an `operationId` (generators otherwise invent method names), derived
 *   from its method and path unless the route names one;
 * - every operation names who may call it: the lab agents' endpoints (`/agent/…`) take an agent
 *   token; an operation naming nobody is public (`security: []`);
 * - every status the shared middleware can answer is declared: 401 for a credential, 403 for an
 *   API key (audit keys only read, tunnel keys only connect tunnels), 400/413/415 for a JSON body
 *   (http/json-body.ts), 400 for parameters, 404 for an id in the path, 500 everywhere;
 * - request bodies and parameters are inlined rather than shared with responses, so a field
 *   with a default is optional in generated request types (openapi-typescript makes a property
 *   with a default required unless it sits under a requestBody or parameters);
 * - `/uploadBuild/` (the path GPT Driver's action posts to) is served but not listed twice.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './env.js';

type Json = Record<string, any>;

const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options'] as const;

export const SECURITY_SCHEMES = {
  bearer: { type: 'http', scheme: 'bearer', description: 'API key: dl_live_<keyId>_<secret>, or the organisation key dl_org_<secret>' },
  operator: { type: 'http', scheme: 'bearer', description: 'Operator token (ADMIN_TOKEN, or the one printed at first start)' },
  agentToken: { type: 'http', scheme: 'bearer', description: 'Lab agent token: dl_agent_<secret> (admin create-agent-token)' },
} as const;

/** Statuses a route answers by itself that no rule below can know of. */
const OWN_ANSWERS: Record<string, Record<string, string>> = {
  'post /uploadBuild': { 503: 'Too many uploads authenticated by the organisation key alone are being received; try again' },
  'put /agent/recordings/{jobId}': { 413: 'Larger than a recording may be', 415: 'Not a recording type the pages can play' },
};

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** Serves the completed document at /openapi.json. */
export function serveOpenApi(app: OpenAPIHono<AppEnv>, serverUrl: () => string): void {
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) app.openAPIRegistry.registerComponent('securitySchemes', name, scheme);
  let cached: { url: string; doc: Json } | null = null;
  app.get('/openapi.json', (c) => {
    const url = serverUrl();
    if (cached?.url !== url) {
      const generated = app.getOpenAPI31Document({
        openapi: '3.1.0',
        info: { title: 'DeviceLab API', version: '1.0.0', description: 'Self-hosted mobile test automation' },
        servers: [{ url }],
      });
      cached = { url, doc: completeDocument(generated) };
    }
    return c.json(cached.doc);
  });
}

/** The generated document with the rules above applied (a new object; the input is not changed). */
export function completeDocument(generated: object): Json {
  const doc = structuredClone(generated) as Json;
  const schemas: Json = doc.components?.schemas ?? {};
  schemas.InternalError ??= {
    type: 'object',
    properties: { detail: { type: 'string' }, requestId: { type: 'string' } },
    required: ['detail', 'requestId'],
  };
  schemas.Error ??= { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] };
  doc.components = { ...doc.components, schemas };

  for (const path of Object.keys(doc.paths ?? {})) {
    if (path.endsWith('/') && path.length > 1 && doc.paths[path.slice(0, -1)]) {
      for (const method of METHODS) {
        const op = doc.paths[path.slice(0, -1)][method];
        if (op && doc.paths[path][method]) op.description = [op.description, `Also served at \`${path}\`.`].filter(Boolean).join(' ');
      }
      delete doc.paths[path];
    }
  }

  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op: Json | undefined = item[method];
      if (!op) continue;
      op.operationId ??= operationId(method, path);
      op.security ??= path.startsWith('/agent/') ? [{ agentToken: [] }] : [];
      if (op.requestBody) op.requestBody = inlineRefs(op.requestBody, schemas);
      if (op.parameters) op.parameters = inlineRefs(op.parameters, schemas);
      declareAnswers(op, method, path);
    }
  }
  return doc;
}

function declareAnswers(op: Json, method: string, path: string): void {
  const answers: Json = (op.responses ??= {});
  const add = (status: number, description: string) => {
    answers[status] ??= errorAnswer(description);
  };
  const schemes = new Set((op.security as Json[]).flatMap((requirement) => Object.keys(requirement)));
  if (schemes.size > 0) add(401, 'Missing, malformed, unknown or revoked credentials');
  if (schemes.has('bearer'))
    add(403, 'A key that may not do this: an audit key on a change, a tunnel key, or an id of another organisation');
  const body = Object.keys(op.requestBody?.content ?? {});
  if (body.some((type) => type.includes('json'))) {
    add(400, 'Invalid request');
    add(413, 'Request body too large');
    add(415, 'The body is not JSON (send Content-Type: application/json)');
  }
  if (body.includes('multipart/form-data')) {
    add(400, 'Invalid request');
    add(413, 'Larger than the upload limit');
  }
  if ((op.parameters ?? []).length > 0) add(400, 'Invalid parameters');
  if (path.includes('{')) add(404, 'Unknown id, or one of another organisation');
  for (const [status, description] of Object.entries(OWN_ANSWERS[`${method} ${path}`] ?? {})) add(Number(status), description);
  answers[500] ??= {
    description: 'Unexpected failure, logged with the request id',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/InternalError' } } },
  };
}

/** `post /runs/{run_id}/cancel` → `postRunsByRunIdCancel`. */
export function operationId(method: string, path: string): string {
  const pascal = (word: string) =>
    word
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join('');
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith('{') ? `By${pascal(s.slice(1, -1))}` : pascal(s)));
  return method + segments.join('');
}

/** A copy with every `#/components/schemas/…` reference replaced by the schema it names. */
function inlineRefs<T>(value: T, schemas: Json, seen: readonly string[] = []): T {
  if (Array.isArray(value)) return value.map((v) => inlineRefs(v, schemas, seen)) as T;
  if (value === null || typeof value !== 'object') return value;
  const ref = (value as Json).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
    const name = ref.slice('#/components/schemas/'.length);
    if (seen.includes(name) || !schemas[name]) return value; // a recursive schema stays a reference
    const { $ref: _ref, ...siblings } = value as Json;
    return { ...inlineRefs(schemas[name], schemas, [...seen, name]), ...siblings } as T;
  }
  return Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, inlineRefs(v, schemas, seen)])) as T;
}
