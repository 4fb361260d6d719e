import { hashSecret, newAdminToken, secretMatches } from '../auth/keys.js';
import type { Config } from '../config.js';
import type { Sql } from '../db/index.js';
import { getSetting, initSetting, putSetting } from '../queries/settings.js';

/**
 * The operator token lives in the database (its sha256), made once per database. ADMIN_TOKEN
 * is a way to choose it, not a second token: a start with a value never seen before stores it
 * in place of the current one; a start without ADMIN_TOKEN keeps whatever is stored. So a
 * restart, with or without ADMIN_TOKEN, never mints a token behind the operator's back
 * (docs/service-lifecycle.md).
 */
const TOKEN_SETTING = 'admin_token_sha256';
/** The last ADMIN_TOKEN adopted: a start with that same value after a rotation must not undo the rotation. */
const ADOPTED_SETTING = 'admin_token_env_sha256';

export type OperatorTokenAtStart =
  /** The database had none and ADMIN_TOKEN is unset: a new one, to be shown once. */
  | { kind: 'generated'; token: string }
  /** ADMIN_TOKEN is a value not adopted before: it is the operator token from now on. */
  | { kind: 'adopted'; replacedAnother: boolean }
  /** ADMIN_TOKEN was adopted before and the token rotated since: the rotated one stays. */
  | { kind: 'ignored' }
  | { kind: 'kept' };

/** Call inside the start's transaction (under its advisory lock: replicas starting at once). */
export async function operatorTokenAtStart(tx: Sql, config: Pick<Config, 'adminToken'>): Promise<OperatorTokenAtStart> {
  const stored = await getSetting(tx, TOKEN_SETTING);
  if (!config.adminToken) {
    if (stored !== null) return { kind: 'kept' };
    const token = newAdminToken();
    await initSetting(tx, TOKEN_SETTING, hashSecret(token));
    return { kind: 'generated', token };
  }
  const hash = hashSecret(config.adminToken);
  if (stored === hash) {
    await putSetting(tx, ADOPTED_SETTING, hash);
    return { kind: 'kept' };
  }
  if ((await getSetting(tx, ADOPTED_SETTING)) === hash) return { kind: 'ignored' };
  await putSetting(tx, TOKEN_SETTING, hash);
  await putSetting(tx, ADOPTED_SETTING, hash);
  return { kind: 'adopted', replacedAnother: stored !== null };
}

/** A new operator token in place of the stored one, which stops working at once; shown only here. */
export async function rotateOperatorToken(sql: Sql): Promise<string> {
  const token = newAdminToken();
  await putSetting(sql, TOKEN_SETTING, hashSecret(token));
  return token;
}

/**
 * The stored token decides. A database without one (a test server that never ran a start's
 * provisioning) accepts ADMIN_TOKEN as given.
 */
export async function operatorTokenMatches(sql: Sql, config: Pick<Config, 'adminToken'>, token: string): Promise<boolean> {
  const stored = await getSetting(sql, TOKEN_SETTING);
  if (stored !== null) return secretMatches(token, stored);
  return config.adminToken !== undefined && secretMatches(token, hashSecret(config.adminToken));
}

/** The start's line about the operator token, when there is something to say (the generated one is in the banner). */
export function operatorTokenNotice(at: OperatorTokenAtStart): string | null {
  switch (at.kind) {
    case 'adopted':
      return at.replacedAnother
        ? 'operator token: replaced by ADMIN_TOKEN (a value not used before); the previous one no longer works. Later starts keep it with or without ADMIN_TOKEN'
        : 'operator token: ADMIN_TOKEN, stored as a hash in this database; later starts keep it with or without ADMIN_TOKEN';
    case 'ignored':
      return 'operator token: ADMIN_TOKEN ignored, the token was rotated (admin rotate-operator-token) since this value was adopted; unset ADMIN_TOKEN, or set a new value to replace the token';
    default:
      return null;
  }
}
