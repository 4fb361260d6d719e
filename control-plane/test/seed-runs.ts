/**
 * Runs and attempts written straight into the database, for tests of the agent hub and the
 * run transitions (the execute endpoint has tests of its own), and a poll for what they lead to.
 */
import type { Sql } from '../src/db/index.js';
import { randomToken } from '../src/ids.js';
import type { Org } from './harness.js';

/** A test's snapshot as execute stores it; `extra` replaces fields (commands, teardownRequests, …). */
export const snapshot = (extra: object = {}) => ({
  title: 'T',
  commands: ['launchApp'],
  launchParams: [],
  testInputs: [],
  preRequests: [],
  teardownRequests: [],
  ...extra,
});

/** A running Android run of `count` pending tests; `ids` are the attempts' (jobs') ids. */
export async function seedRun(
  db: Sql,
  org: Org,
  opts: { physical?: boolean; count?: number; snapshot?: object } = {},
): Promise<{ runId: string; ids: string[] }> {
  const runId = `run_${randomToken(16)}`;
  const physical = opts.physical ?? false;
  await db.query(
    `INSERT INTO runs (id, org_id, api_key_id, status, platform, package_name, physical, trigger)
     VALUES ($1, $2, $3, 'running', 'android', 'com.example.shop', $4, 'api')`,
    [runId, org.id, org.apiKeyId, physical],
  );
  const ids: string[] = [];
  for (let i = 0; i < (opts.count ?? 1); i++) {
    const id = `job_${randomToken(16)}`;
    ids.push(id);
    await db.query(
      `INSERT INTO attempts (id, run_id, org_id, test_id, position, title, platform, physical, status, snapshot)
       VALUES ($1, $2, $3, $4, $5, $6, 'android', $7, 'pending', $8)`,
      [id, runId, org.id, `tst_seed${i}${randomToken(6)}`, i, `T${i}`, physical, { ...(opts.snapshot ?? snapshot()), title: `T${i}` }],
    );
  }
  return { runId, ids };
}

/** Polls `what` until `ok` holds (every 25 ms); throws with the last value after `timeoutMs` (a bound for what must happen, not a timing). */
export async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await what();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Ends every test still in flight (afterEach): leftovers would be offered to the next test's agents. */
export async function blockUnfinished(db: Sql): Promise<void> {
  await db.query(
    `UPDATE attempts SET status = 'blocked', status_message = 'test cleanup' WHERE status IN ('pending', 'offered', 'running')`,
  );
}
