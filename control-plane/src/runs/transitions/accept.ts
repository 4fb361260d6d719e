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

/** One accept; agents' accepts go in batches (agents/dispatcher.ts). */
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
    // The run's status is read per attempt (a scalar subquery), not as an EXISTS that the planner
    // may turn into a join: with statistics that counted 4 running runs where there were 200 it
    // walked every running run's active attempts for each batch (40-60 ms, auto_explain in
    // scripts/bench/lab-scale.ts); this way the attempts are found by their ids whatever the statistics say.
    const rows = await tx.query<{ id: string }>(
      `WITH x AS (
         SELECT * FROM unnest($1::text[], $2::int[], $3::text[]) AS x(id, try, session)
       ), started AS (
         UPDATE attempts a SET status = 'running', started_at = clock_timestamp(), session_id = x.session
           FROM x
          WHERE a.id = ANY($1::text[]) AND a.id = x.id AND a.try_number = x.try AND a.status = 'offered'
            AND (SELECT r.status FROM runs r WHERE r.id = a.run_id) = 'running'
          RETURNING a.org_id, a.test_id, a.platform, a.run_id, a.session_id)
       INSERT INTO sdk_sessions (id, org_id, api_key_id, test_id, platform)
       SELECT s.session_id, s.org_id, r.api_key_id, s.test_id, s.platform FROM started s JOIN runs r ON r.id = s.run_id
       RETURNING id`,
      [once.map((a) => a.ref.id), once.map((a) => a.ref.tryNumber), once.map((a) => a.sessionId)],
    );
    return new Set(rows.map((r) => r.id));
  });
  return accepts.map((a) => (started.has(a.sessionId) ? a.sessionId : null));
}
