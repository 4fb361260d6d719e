import type { Db } from '../db/index.js';
import { ApiError } from '../errors.js';
import { findApiKey } from '../queries/api-keys.js';
import { findOrganisationByKeyHash, type Organisation } from '../queries/organisations.js';
import { bearerToken } from './bearer.js';
import { hashSecret, parseKey, secretMatches } from './keys.js';

/** Who is calling: the organisation and the key that authenticated the request. */
export interface Caller {
  org: Organisation;
  /** The API key id, or `legacy` for the organisation key. */
  keyId: string;
  kind: 'standard' | 'audit' | 'organisation';
}

/** Whoever may connect a tunnel: any caller, or a tunnel key (which may do nothing else). */
export type TunnelCaller = Omit<Caller, 'kind'> & { kind: Caller['kind'] | 'tunnel' };

const unauthorized = (detail: string) => new ApiError(401, detail);

const TUNNEL_KEY_REFUSED = 'tunnel keys may only connect tunnels (devicelab tunnel start)';

/**
 * Resolves a raw key (Bearer value or organisation_key field) for everything but the tunnel
 * endpoint: throws 401 for anything unusable, a tunnel key included (outside the tunnel
 * endpoint it is not a key of this API: the spec's 401 "key missing or invalid"). Every API
 * route, the upload, the SDK sessions and the pages' sign-in come through here, so this one
 * check keeps a tunnel key (kept on a shared machine inside the user's network) away from all of them.
 */
export async function callerFromKey(db: Db, raw: string): Promise<Caller> {
  const caller = await anyCallerFromKey(db, raw);
  if (caller.kind === 'tunnel') throw unauthorized(TUNNEL_KEY_REFUSED);
  return { org: caller.org, keyId: caller.keyId, kind: caller.kind };
}

/** For GET /tunnel/connect only: admits tunnel keys too (the endpoint refuses audit keys itself). */
export const tunnelCallerFromKey = (db: Db, raw: string): Promise<TunnelCaller> => anyCallerFromKey(db, raw);

async function anyCallerFromKey(db: Db, raw: string): Promise<TunnelCaller> {
  const parsed = parseKey(raw);
  if (!parsed) throw unauthorized('malformed API key');
  if (parsed.type === 'org') {
    const org = await findOrganisationByKeyHash(db, hashSecret(parsed.secret));
    if (!org) throw unauthorized('invalid API key');
    return { org, keyId: 'legacy', kind: 'organisation' };
  }
  const key = await findApiKey(db, parsed.keyId);
  if (!key || !secretMatches(parsed.secret, key.secretHash)) throw unauthorized('invalid API key');
  if (key.revoked) throw unauthorized('API key has been revoked');
  return { org: key.org, keyId: key.id, kind: key.kind };
}

/** Extracts the Bearer value; undefined when there is no Authorization header at all. */
export function bearerFrom(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const token = bearerToken(header);
  if (token === null) throw unauthorized('Authorization header must be "Bearer <API key>"');
  return token;
}
