/**
 * accept: the agent took the offer. The attempt runs under a new SDK session that
 * carries the test's id and the key that started the run (so platform runs count in
 * the usage report), created in the same statement: a session exists exactly when
 * its attempt started. Answers null when this try is no longer offered or its run
 * no longer running (the agent is then told to cancel). The run is share-locked first,
 * so no session starts in a run that a cancel under way has already ended.
 */
import type { Db } from '../../db/index.js';
import { shareRunsOfAttempts } from './complete.js';
import type { AttemptRef } from './ref.js';

export async function acceptAttempt(db: Db, ref: AttemptRef, sessionId: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    await shareRunsOfAttempts(tx, [ref.id]);
    const rows = await tx.query<{ id: string }>(
      `WITH started AS (
         UPDATE attempts a SET status = 'running', started_at = clock_timestamp(), session_id = $3
          WHERE a.id = $1 AND a.try_number = $2 AND a.status = 'offered'
            AND EXISTS (SELECT 1 FROM runs r WHERE r.id = a.run_id AND r.status = 'running')
          RETURNING a.org_id, a.test_id, a.platform, a.run_id)
       INSERT INTO sdk_sessions (id, org_id, api_key_id, test_id, platform)
       SELECT $3, s.org_id, r.api_key_id, s.test_id, s.platform FROM started s JOIN runs r ON r.id = s.run_id
       RETURNING id`,
      [ref.id, ref.tryNumber, sessionId],
    );
    return rows[0]?.id ?? null;
  });
}
