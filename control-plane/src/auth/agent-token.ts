import type { Sql } from '../db/index.js';
import { type AgentTokenRecord, findAgentTokenByHash } from '../queries/agent-tokens.js';
import { bearerToken } from './bearer.js';
import { hashSecret, isAgentToken } from './keys.js';

/** The agent token an Authorization header carries; null when it is missing, malformed, unknown or revoked. */
export async function agentTokenFrom(sql: Sql, authorization: string | undefined): Promise<AgentTokenRecord | null> {
  const token = bearerToken(authorization);
  return token !== null && isAgentToken(token) ? findAgentTokenByHash(sql, hashSecret(token)) : null;
}
