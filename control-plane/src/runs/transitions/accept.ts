/**
 * accept: the agent took the offer. The attempt runs under a new SDK session that
 * carries the test's id and the key that started the run (so platform runs count in
 * the usage report), created in the same statement: a session exists exactly when
 * its attempt started. Answers null when this try is no longer offered or its run
 * no longer running (the agent is then told to cancel). The runs are share-locked first,
 * so no session starts in a run that a cancel under way has already ended.
 */
import type { Db } from '../../db/index.js';
import { shareRunsOfAttempts } from './complete.js';
import type { AttemptRef } from './ref.js';

export async function acceptAttempt(db: Db, ref: AttemptRef, sessionId: string): Promise<string | null> {
  return (await acceptAttempts(db, [{ ref, sessionId }]))[0]!;
}

/**
 * Accepts, in one transaction (the agents' accepts that land together, agents/dispatcher.ts):
 * per accept, the session it started or null. A try accepted twice among them starts once.
 */
export async function acceptAttempts(
  db: Db,
  accepts: ReadonlyArray<{ ref: AttemptRef; sessionId: string }>,
): Promise<Array<string | null>> {
  // A try accepted twice among them (a re-sent accept) starts once, under the first one's session.
  const seen = new Set<string>();
  const once = accepts.filter((a) => {
    const key = `${a.ref.id}.${a.ref.tryNumber}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (once.length === 0) return [];
  const started = await db.transaction(async (tx) => {
    await shareRunsOfAttempts(
      tx,
      once.map((a) => a.ref.id),
    );
    // As text: the driver would send a string given for a jsonb parameter as a JSON string.
    const rows = await tx.query<{ id: string }>(
      `WITH started AS (
         UPDATE attempts a SET status = 'running', started_at = clock_timestamp(), session_id = x.session
           FROM jsonb_to_recordset($1::text::jsonb) AS x(id text, try int, session text)
          WHERE a.id = x.id AND a.try_number = x.try AND a.status = 'offered'
            AND EXISTS (SELECT 1 FROM runs r WHERE r.id = a.run_id AND r.status = 'running')
          RETURNING a.org_id, a.test_id, a.platform, a.run_id, a.session_id)
       INSERT INTO sdk_sessions (id, org_id, api_key_id, test_id, platform)
       SELECT s.session_id, s.org_id, r.api_key_id, s.test_id, s.platform FROM started s JOIN runs r ON r.id = s.run_id
       RETURNING id`,
      [JSON.stringify(once.map((a) => ({ id: a.ref.id, try: a.ref.tryNumber, session: a.sessionId })))],
    );
    return new Set(rows.map((r) => r.id));
  });
  return accepts.map((a) => (started.has(a.sessionId) ? a.sessionId : null));
}
