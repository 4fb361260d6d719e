import type { Sql } from '../db/index.js';
import { findAgentTokenByHash, type AgentTokenRecord } from '../queries/agent-tokens.js';
import { hashSecret, isAgentToken } from './keys.js';

/** The agent token an Authorization header carries; null when it is missing, malformed, unknown or revoked. */
export async function agentTokenFrom(sql: Sql, authorization: string | undefined): Promise<AgentTokenRecord | null> {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  return token !== undefined && isAgentToken(token) ? findAgentTokenByHash(sql, hashSecret(token)) : null;
}
