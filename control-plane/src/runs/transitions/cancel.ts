/**
 * cancel: a running run ends `cancelled`; its pending attempts end `blocked` with
 * `statusMessage`. Returns the attempts agents hold (offered or running) and where
 * their agents are: the caller asks those agents to stop them, and their verdicts
 * arrive as usual. Blocking pending attempts before listing active ones matters: an
 * attempt being claimed at this moment is either blocked here (we win its row lock)
 * or listed as offered afterwards (the claim wins, and this statement sees its commit).
 */
import type { Db } from '../../db/index.js';
import { announceRunsEnded } from '../run-events.js';
import type { RunStatus } from '../run-queries.js';
import { lockRuns } from './complete.js';

/** The status message of a test stopped because its run was cancelled. */
export const CANCELLED_MESSAGE = 'The run was cancelled';

export interface HeldAttempt {
  id: string;
  tryNumber: number;
  /** null only for an attempt whose device record is gone. */
  agentId: string | null;
  /** The replica holding the agent's socket; null when the agent is not connected anywhere. */
  replicaId: string | null;
}

export type CancelOutcome =
  | { outcome: 'cancelled'; held: HeldAttempt[] }
  | { outcome: 'not_found' }
  | { outcome: 'finished'; status: RunStatus };

export async function cancelRun(db: Db, orgId: string, runId: string, statusMessage: string): Promise<CancelOutcome> {
  return db.transaction(async (tx) => {
    const owned = await tx.query('SELECT 1 FROM runs WHERE id = $1 AND org_id = $2', [runId, orgId]);
    if (owned.length === 0) return { outcome: 'not_found' };
    const run = (await lockRuns(tx, [runId]))[0]!;
    if (run.status !== 'running') return { outcome: 'finished', status: run.status as RunStatus };
    await tx.query(`UPDATE runs SET status = 'cancelled', finished_at = clock_timestamp() WHERE id = $1`, [runId]);
    await tx.query(
      `UPDATE attempts SET status = 'blocked', status_message = $2, finished_at = clock_timestamp() WHERE run_id = $1 AND status = 'pending'`,
      [runId, statusMessage],
    );
    // Webhooks hear of a cancelled run as run.completed with status cancelled, its held tests still pending.
    await announceRunsEnded(tx, [runId]);
    const held = await tx.query<HeldAttempt>(
      `SELECT a.id, a.try_number AS "tryNumber", d.agent_id AS "agentId", CASE WHEN ag.connected THEN ag.replica_id END AS "replicaId"
         FROM attempts a LEFT JOIN devices d ON d.id = a.device_id LEFT JOIN agents ag ON ag.id = d.agent_id
        WHERE a.run_id = $1 AND a.status IN ('offered', 'running') ORDER BY a.position`,
      [runId],
    );
    return { outcome: 'cancelled', held };
  });
}
