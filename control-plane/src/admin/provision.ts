import { hashSecret, newAgentToken, newApiKey, newOrgKey } from '../auth/keys.js';
import type { Config } from '../config.js';
import type { Db, Sql } from '../db/index.js';
import { newId, randomToken } from '../ids.js';
import { insertAgentToken } from '../queries/agent-tokens.js';
import { insertApiKey, type KeyKind } from '../queries/api-keys.js';
import {
  countOrganisations,
  findOrganisation,
  insertOrganisation,
  type OrganisationType,
  replaceOrgKeyHash,
} from '../queries/organisations.js';
import { type OperatorTokenAtStart, operatorTokenAtStart } from './operator-token.js';

export interface NewOrganisation {
  organisationId: string;
  organisationKey: string;
  apiKey: string;
  apiKeyId: string;
}

/**
 * Creates an organisation with its organisation key and a first standard API key. Keys are
 * shown only here. Two inserts: call it inside a transaction, or a failure between them
 * leaves an organisation without a key and with an organisation key nobody saw.
 */
export async function createOrganisation(
  sql: Sql,
  input: { name: string; type: OrganisationType; bundleIdRuns: boolean },
): Promise<NewOrganisation> {
  const organisationId = newId('org');
  const orgKey = newOrgKey();
  await insertOrganisation(sql, { id: organisationId, ...input, orgKeyHash: hashSecret(orgKey.secret) });
  const key = await addApiKey(sql, organisationId, 'standard');
  return { organisationId, organisationKey: orgKey.key, apiKey: key.apiKey, apiKeyId: key.apiKeyId };
}

/** A new organisation key in place of the old one, which stops working; shown only here. Null for an unknown organisation. */
export async function rotateOrgKey(sql: Sql, organisationId: string): Promise<{ organisationId: string; organisationKey: string } | null> {
  const orgKey = newOrgKey();
  if (!(await replaceOrgKeyHash(sql, organisationId, hashSecret(orgKey.secret)))) return null;
  return { organisationId, organisationKey: orgKey.key };
}

export async function addApiKey(sql: Sql, orgId: string, kind: KeyKind) {
  const key = newApiKey();
  await insertApiKey(sql, { id: key.keyId, orgId, kind, secretHash: hashSecret(key.secret) });
  return { apiKey: key.key, apiKeyId: key.keyId, kind };
}

/** An agent token for one organisation's reserved devices, or (orgId null) for the shared pool. Shown only here. */
export async function addAgentToken(sql: Sql, orgId: string | null): Promise<{ agentToken: string; agentTokenId: string }> {
  const agentToken = newAgentToken();
  const agentTokenId = `atk_${randomToken(16)}`;
  await insertAgentToken(sql, { id: agentTokenId, orgId, tokenHash: hashSecret(agentToken) });
  return { agentToken, agentTokenId };
}

export const organisationExists = async (sql: Sql, id: string) => (await findOrganisation(sql, id)) !== null;

export interface FirstStartSecrets {
  /** How this start found the operator token; `generated` carries the new one, shown once. */
  operatorToken: OperatorTokenAtStart;
  /** The database had no organisation: a default one with its keys, shown once. */
  organisation?: NewOrganisation;
}

/**
 * What a start provisions, once per database: the operator token (operator-token.ts) and a
 * default organisation's keys when the database has none, so a newcomer can call the API
 * straight away. A database that has both gets nothing new. Called only once the server
 * listens, so a start that fails (port taken) cannot make secrets nobody saw.
 */
export async function firstStart(db: Db, config: Config): Promise<FirstStartSecrets> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7411002)'); // two replicas starting at once
    const out: FirstStartSecrets = { operatorToken: await operatorTokenAtStart(tx, config) };
    if ((await countOrganisations(tx)) === 0) {
      out.organisation = await createOrganisation(tx, { name: 'Default', type: 'platform', bundleIdRuns: false });
    }
    return out;
  });
}
