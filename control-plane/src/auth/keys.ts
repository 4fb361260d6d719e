import { createHash, timingSafeEqual } from 'node:crypto';
import { randomToken } from '../ids.js';

/**
 * Key shapes (docs/architecture.md#keys-and-ids):
 * - API key: dl_live_<keyId>_<secret>, keyId 11 chars [A-Za-z0-9], secret 40 chars.
 * - Organisation key: dl_org_<secret>; sessions started with it are attributed to `legacy`.
 * Only sha256 hashes of secrets are stored; the secrets have 238 bits of entropy, so a
 * fast hash is enough (no password stretching needed).
 */
const API_KEY = /^dl_live_([A-Za-z0-9]{11})_([A-Za-z0-9]{32,128})$/;
const ORG_KEY = /^dl_org_([A-Za-z0-9]{32,128})$/;

export type ParsedKey = { type: 'api'; keyId: string; secret: string } | { type: 'org'; secret: string };

export function parseKey(raw: string): ParsedKey | null {
  const api = API_KEY.exec(raw);
  if (api) return { type: 'api', keyId: api[1]!, secret: api[2]! };
  const org = ORG_KEY.exec(raw);
  if (org) return { type: 'org', secret: org[1]! };
  return null;
}

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function secretMatches(secret: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function newApiKey(): { keyId: string; secret: string; key: string } {
  const keyId = randomToken(11);
  const secret = randomToken(40);
  return { keyId, secret, key: `dl_live_${keyId}_${secret}` };
}

export function newOrgKey(): { secret: string; key: string } {
  const secret = randomToken(40);
  return { secret, key: `dl_org_${secret}` };
}

export const newAdminToken = () => `dl_admin_${randomToken(40)}`;

/** Agent token: dl_agent_<secret>; stored as sha256 of the whole token, looked up by that hash. */
const AGENT_TOKEN = /^dl_agent_[A-Za-z0-9]{32,128}$/;
export const newAgentToken = () => `dl_agent_${randomToken(40)}`;
export const isAgentToken = (raw: string) => AGENT_TOKEN.test(raw);
