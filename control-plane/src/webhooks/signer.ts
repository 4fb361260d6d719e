/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): the secret is
 * `whsec_` + base64 of random bytes; each attempt carries `webhook-id` (the same on
 * every retry, so receivers can drop duplicates), `webhook-timestamp` (seconds, the
 * time of this attempt) and `webhook-signature`: `v1,` + base64 HMAC-SHA256 of
 * "<id>.<timestamp>.<body>" keyed with the secret's decoded bytes. The reference
 * library signs, so what receivers verify with it matches by construction.
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** 32 random bytes, as the spec recommends (between 24 and 64). */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export function signatureHeaders(secret: string, messageId: string, body: string, at: Date): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, at, body),
  };
}
