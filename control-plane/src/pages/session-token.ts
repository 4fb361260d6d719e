/**
 * The pages' session cookie and CSRF token, both stateless HMACs under one secret
 * kept in the settings table (every replica signs and checks with the same one).
 *
 *   cookie:  v1.<api key id>.<expiry, unix seconds>.<HMAC of "<key id>.<expiry>">
 *   csrf:    HMAC of "csrf.<cookie>": bound to this session, useless with another.
 *
 * The cookie names the key, not the organisation: each request looks the key up again,
 * so a revoked key ends its sessions at once. It never contains the key's secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SESSION_SECONDS = 12 * 3600;

const sign = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64url');

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function newSessionToken(secret: string, keyId: string, nowSeconds: number): string {
  const expires = nowSeconds + SESSION_SECONDS;
  return `v1.${keyId}.${expires}.${sign(secret, `${keyId}.${expires}`)}`;
}

/** The key id of a valid, unexpired token; null for anything else. */
export function keyIdOfToken(secret: string, token: string | undefined, nowSeconds: number): string | null {
  const [, keyId = '', expires = '', mac = ''] = /^v1\.([A-Za-z0-9]{11})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '') ?? [];
  if (!mac) return null;
  if (!same(mac, sign(secret, `${keyId}.${expires}`))) return null;
  return Number(expires) > nowSeconds ? keyId : null;
}

export const csrfTokenFor = (secret: string, sessionToken: string) => sign(secret, `csrf.${sessionToken}`);

export const csrfTokenMatches = (secret: string, sessionToken: string, sent: unknown) =>
  typeof sent === 'string' && same(sent, csrfTokenFor(secret, sessionToken));
