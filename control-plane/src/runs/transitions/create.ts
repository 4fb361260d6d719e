/**
 * create: a run and all its attempts (pending, in the given order), in one
 * transaction: nobody sees a run without its tests.
 */
import type { Sql } from '../../db/index.js';
import type { AttemptSnapshot } from '../attempts.js';
import type { NewRun } from '../run-queries.js';

export interface NewAttempt {
  id: string;
  testId: string;
  title: string;
  snapshot: AttemptSnapshot;
}

/** Call with the transaction that also read the selection, so both see the same library. */
export async function insertRunWithAttempts(tx: Sql, run: NewRun, attempts: NewAttempt[]): Promise<void> {
  await tx.query(
    `INSERT INTO runs (id, org_id, api_key_id, status, platform, build_id, bundle_id, package_name, physical, tunnel_name, trigger)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      run.id,
      run.orgId,
      run.apiKeyId,
      run.status,
      run.platform,
      run.buildId,
      run.bundleId,
      run.packageName,
      run.physical,
      run.tunnelName,
      run.trigger,
    ],
  );
  // One statement for all attempts: a run of a whole library is one round trip. Each takes the
  // test's last duration on this platform (NULL: never ran), the order the claim starts them in.
  await tx.query(
    `INSERT INTO attempts (id, run_id, org_id, test_id, position, title, platform, physical, status, snapshot, expected_seconds)
     SELECT r.id, $1::text, $2::text, r.test_id, r.position, r.title, $3::text, $4::boolean, 'pending', r.snapshot, d.seconds
       FROM jsonb_to_recordset($5::jsonb) AS r(id text, test_id text, position int, title text, snapshot jsonb)
       LEFT JOIN test_durations d ON d.org_id = $2::text AND d.test_id = r.test_id AND d.platform = $3::text`,
    [
      run.id,
      run.orgId,
      run.platform,
      run.physical,
      attempts.map((t, position) => ({ id: t.id, test_id: t.testId, position, title: t.title, snapshot: t.snapshot })),
    ],
  );
}
