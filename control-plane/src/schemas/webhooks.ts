import { z } from '@hono/zod-openapi';
import { WEBHOOK_EVENTS } from '../webhooks/events.js';
import { id, pageLimit } from './common.js';

const URL_MAX = 2000;

/** http(s) only, no credentials in it (they would be listed back to every key of the organisation), no fragment. */
const webhookUrl = z
  .string()
  .trim()
  .min(1, 'url must not be empty')
  .max(URL_MAX, `url must be at most ${URL_MAX} characters`)
  .superRefine((raw, ctx) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'url must be an absolute http:// or https:// URL' });
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') ctx.addIssue({ code: 'custom', message: 'url must use http or https' });
    if (url.username || url.password) ctx.addIssue({ code: 'custom', message: 'url must not contain a user name or password' });
    if (url.hash) ctx.addIssue({ code: 'custom', message: 'url must not contain a #fragment' });
  })
  .openapi({ example: 'https://ci.example.com/hooks/devicelab', maxLength: URL_MAX });

export const WebhookEvent = z.enum(WEBHOOK_EVENTS).openapi({
  description:
    'run.completed: a run ended (status completed or cancelled); test.finished: a test got its verdict while its run was running',
});

export const CreateWebhook = z.strictObject({
  url: webhookUrl,
  events: z
    .array(WebhookEvent)
    .min(1, 'events must name at least one event')
    .refine((e) => new Set(e).size === e.length, 'events must not repeat an event'),
});

export const Webhook = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(WebhookEvent),
    status: z.enum(['active', 'disabled']),
    disabledReason: z.string().nullable().openapi({ description: 'Why it was disabled (the endpoint answered 410 Gone)' }),
    createdAt: z.string(),
  })
  .openapi('Webhook');

export const WebhookCreated = Webhook.extend({
  secret: z.string().openapi({
    description: 'whsec_<base64>: shown only in this answer; verify signatures with it',
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  }),
}).openapi('WebhookCreated');

export const WebhookList = z.object({ webhooks: z.array(Webhook) });

export const DeleteWebhook = z.strictObject({ webhookId: id('webhookId') });
export const WebhookDeleted = z.object({ message: z.string(), webhookId: z.string() });

export const WebhookParam = z.object({ webhook_id: id('webhook_id') });

export const DeliveriesQuery = z.strictObject({
  limit: pageLimit(200, 50),
  cursor: z.string().max(100).optional(),
});

export const DeliveryAttempt = z.object({
  number: z.number().int(),
  at: z.string(),
  responseStatus: z.number().int().nullable().openapi({ description: 'null: no answer (timeout, connection refused, address refused)' }),
  error: z.string().nullable(),
  durationMs: z.number().int(),
});

export const Delivery = z
  .object({
    id: z.string().openapi({ description: 'The message id: the webhook-id header of every attempt' }),
    event: WebhookEvent,
    status: z.enum(['pending', 'sending', 'delivered', 'failed']),
    attempts: z.array(DeliveryAttempt),
    nextAttemptAt: z.string().nullable().openapi({ description: 'When a pending delivery is tried next' }),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    deliveredAt: z.string().nullable(),
  })
  .openapi('WebhookDelivery');

export const DeliveryList = z.object({ deliveries: z.array(Delivery), nextCursor: z.string().nullable() });
