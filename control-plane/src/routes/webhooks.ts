import { createRoute, type z } from '@hono/zod-openapi';
import { ApiError, badRequest, notFound } from '../errors.js';
import { pageOf, seqCursor } from '../http/pagination.js';
import { createRouter } from '../http/validation.js';
import { newId } from '../ids.js';
import { assertPublicHost, hostOf, RefusedAddress } from '../net/address-guard.js';
import { ErrorBody, errorResponses, jsonBody, jsonResponse } from '../schemas/common.js';
import * as s from '../schemas/webhooks.js';
import { type DeliveryRecord, listDeliveries } from '../webhooks/deliveries.js';
import {
  deleteWebhook,
  findWebhook,
  insertWebhook,
  listWebhooks,
  MAX_WEBHOOKS_PER_ORG,
  type WebhookRecord,
} from '../webhooks/endpoints.js';
import { newSecret } from '../webhooks/signer.js';

const route = <R extends Parameters<typeof createRoute>[0]>(r: R) => createRoute({ ...r, tags: ['Webhooks'], security: [{ bearer: [] }] });

const create = route({
  method: 'post',
  path: '/webhooks',
  summary: 'Register an endpoint for signed event deliveries; the secret is shown only here',
  request: { body: jsonBody(s.CreateWebhook) },
  responses: {
    ...jsonResponse(s.WebhookCreated, 'The webhook, with its signing secret'),
    ...errorResponses,
    409: {
      description: `The organisation already has ${MAX_WEBHOOKS_PER_ORG} webhooks`,
      content: { 'application/json': { schema: ErrorBody } },
    },
  },
});
const list = route({
  method: 'get',
  path: '/webhooks',
  summary: "The organisation's webhooks (never their secrets)",
  responses: { ...jsonResponse(s.WebhookList, 'Webhooks, oldest first'), ...errorResponses },
});
const remove = route({
  method: 'delete',
  path: '/webhooks',
  summary: 'Delete a webhook; its queued deliveries are dropped',
  request: { body: jsonBody(s.DeleteWebhook) },
  responses: { ...jsonResponse(s.WebhookDeleted, 'Webhook deleted'), ...errorResponses },
});
const deliveries = route({
  method: 'get',
  path: '/webhooks/{webhook_id}/deliveries',
  summary: "A webhook's deliveries, newest first, with every attempt",
  request: { params: s.WebhookParam, query: s.DeliveriesQuery },
  responses: { ...jsonResponse(s.DeliveryList, 'One page of deliveries'), ...errorResponses },
});

const cursor = seqCursor('wd');
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const webhookView = (w: WebhookRecord): z.infer<typeof s.Webhook> => ({
  id: w.id,
  url: w.url,
  events: w.events,
  status: w.status,
  disabledReason: w.disabledReason,
  createdAt: iso(w.createdAt)!,
});

const deliveryView = (d: DeliveryRecord): z.infer<typeof s.Delivery> => ({
  id: d.eventId,
  event: d.eventType,
  status: d.status,
  attempts: d.attemptLog.map((a) => ({ ...a, at: iso(a.at)! })),
  nextAttemptAt: iso(d.nextAttemptAt),
  lastError: d.lastError,
  createdAt: iso(d.createdAt)!,
  deliveredAt: iso(d.deliveredAt),
});

/** Refuses, with a 400 that says why, an endpoint that the sender would refuse to call. */
async function assertCallable(url: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = hostOf(new URL(url));
  try {
    await assertPublicHost(host);
  } catch (e) {
    if (e instanceof RefusedAddress) throw badRequest(`url refused: ${e.message}`);
    throw badRequest(`url refused: cannot resolve ${host} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

export function webhookRoutes() {
  const app = createRouter();

  app.openapi(create, async (c) => {
    const { db, config } = c.var.deps;
    const body = c.req.valid('json');
    await assertCallable(body.url, config.webhooks.allowPrivate);
    const secret = newSecret();
    const created = await db.transaction((tx) =>
      insertWebhook(tx, { id: newId('whk'), orgId: c.var.caller.org.id, url: body.url, events: body.events, secret }),
    );
    if (!created) throw new ApiError(409, `an organisation may have at most ${MAX_WEBHOOKS_PER_ORG} webhooks: delete one first`);
    return c.json({ ...webhookView(created), secret }, 200);
  });

  app.openapi(list, async (c) => {
    const hooks = await listWebhooks(c.var.deps.db, c.var.caller.org.id);
    return c.json({ webhooks: hooks.map(webhookView) }, 200);
  });

  app.openapi(remove, async (c) => {
    const { webhookId } = c.req.valid('json');
    if (!(await deleteWebhook(c.var.deps.db, c.var.caller.org.id, webhookId))) throw notFound('webhook');
    return c.json({ message: 'webhook deleted; nothing more is sent to it', webhookId }, 200);
  });

  app.openapi(deliveries, async (c) => {
    const { db } = c.var.deps;
    const hook = await findWebhook(db, c.var.caller.org.id, c.req.valid('param').webhook_id);
    if (!hook) throw notFound('webhook');
    const q = c.req.valid('query');
    const rows = await listDeliveries(db, hook.id, {
      beforeSeq: q.cursor === undefined ? undefined : cursor.decode(q.cursor),
      limit: q.limit + 1, // one more than asked tells whether another page exists
    });
    const { page, nextCursor } = pageOf(rows, q.limit, cursor.encode);
    return c.json({ deliveries: page.map(deliveryView), nextCursor }, 200);
  });

  return app;
}
