import type { Platform } from '@devicelab/shared';
import type { Sql } from '../db/index.js';

/** The key of docs/architecture.md#engine. `testKey` is '' for sessions started without a test id. */
export interface StepCacheKey {
  orgId: string;
  testKey: string;
  platform: Platform;
  stepIndex: number;
  commandHash: string;
  fingerprint: string;
}

const keyParams = (k: StepCacheKey) => [k.orgId, k.testKey, k.platform, k.stepIndex, k.commandHash, k.fingerprint];
const keyWhere = 'org_id = $1 AND test_key = $2 AND platform = $3 AND step_index = $4 AND command_hash = $5 AND fingerprint = $6';

/** The cached decision for this key; null on a miss. */
export async function findCachedDecision<T>(sql: Sql, key: StepCacheKey): Promise<T | null> {
  const rows = await sql.query<{ decision: T }>(`SELECT decision FROM step_cache WHERE ${keyWhere}`, keyParams(key));
  return rows[0]?.decision ?? null;
}

/** Stores or replaces (self-healing) the decision for this key. */
export async function saveCachedDecision(sql: Sql, key: StepCacheKey, command: string, decision: unknown): Promise<void> {
  await sql.query(
    `INSERT INTO step_cache (org_id, test_key, platform, step_index, command_hash, fingerprint, command, decision)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (org_id, test_key, platform, step_index, command_hash, fingerprint)
     DO UPDATE SET decision = EXCLUDED.decision, command = EXCLUDED.command, updated_at = clock_timestamp()`,
    [...keyParams(key), command, decision],
  );
}

/**
 * Drops the entry for this key: its action failed on the device, so the next run asks
 * the model instead of replaying it (self-healing, docs/architecture.md#engine).
 */
export async function forgetCachedDecision(sql: Sql, key: StepCacheKey): Promise<boolean> {
  const rows = await sql.query(`DELETE FROM step_cache WHERE ${keyWhere} RETURNING step_index`, keyParams(key));
  return rows.length > 0;
}
