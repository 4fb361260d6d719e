/**
 * A run completes when its last test gets its verdict. A verdict does not lock its run (the
 * run's verdicts, which often land together, would wait for each other): it checks after its
 * own commit (runs/transitions/finish.ts, complete.ts), and the sweep completes a run whose
 * last verdict committed but whose completion a crash lost.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { finishAttempt } from '../src/runs/transitions/finish.js';
import { type Org, seedOrg, startServer, type TestServer } from './harness.js';
import { blockUnfinished, seedRun } from './seed-runs.js';

let server: TestServer;
let org: Org;

beforeAll(async () => {
  // The sweep is called by hand (no timer); the replica lease must outlast the long sweep period.
  server = await startServer({ SWEEP_MS: '100000', REPLICA_LEASE_SECONDS: '300' });
  org = await seedOrg(server.db);
  // A subscriber, so each completion leaves its run.completed event to count (nothing listens on port 9).
  await server.db.query(
    `INSERT INTO webhooks (id, org_id, url, events, secret) VALUES ('whk_done', $1, 'http://127.0.0.1:9/hook', '{run.completed}', 'whsec_x')`,
    [org.id],
  );
});
afterAll(() => server.close());
afterEach(() => blockUnfinished(server.db));

/** A running run whose `count` tests all run on no device (a verdict needs none). */
async function runningRun(count: number): Promise<{ runId: string; ids: string[] }> {
  const seeded = await seedRun(server.db, org, { count });
  await server.db.query(`UPDATE attempts SET status = 'running', started_at = clock_timestamp() WHERE run_id = $1`, [seeded.runId]);
  return seeded;
}

async function runState(runId: string): Promise<{ status: string; events: number }> {
  const [row] = await server.db.query<{ status: string; events: number }>(
    `SELECT r.status, (SELECT count(*)::int FROM webhook_events e WHERE e.type = 'run.completed' AND e.data->'run'->>'id' = r.id) AS events
       FROM runs r WHERE r.id = $1`,
    [runId],
  );
  return row!;
}

describe('a run completes with its last verdict', () => {
  it('when its verdicts land all at once: completed once, with one run.completed event', async () => {
    // Several rounds: on PostgreSQL the verdicts commit side by side, in varying orders.
    for (let round = 0; round < 10; round++) {
      const { runId, ids } = await runningRun(8);
      const verdicts = await Promise.all(
        ids.map((id) => finishAttempt(server.db, { id, tryNumber: 1 }, { status: 'succeeded', statusMessage: '' })),
      );
      expect(verdicts.every((v) => v?.status === 'succeeded')).toBe(true);
      expect(await runState(runId)).toEqual({ status: 'completed', events: 1 });
    }
  });

  it('not before: a run with a test still running stays running', async () => {
    const { runId, ids } = await runningRun(2);
    await finishAttempt(server.db, { id: ids[0]!, tryNumber: 1 }, { status: 'failed', statusMessage: 'no' });
    expect(await runState(runId)).toEqual({ status: 'running', events: 0 });
    await finishAttempt(server.db, { id: ids[1]!, tryNumber: 1 }, { status: 'succeeded', statusMessage: '' });
    expect(await runState(runId)).toEqual({ status: 'completed', events: 1 });
  });

  it('after a crash between the last verdict and its run: the sweep completes the run, once', async () => {
    const { runId } = await runningRun(3);
    // The verdicts' own statements committed, the process died before the run's completion.
    await server.db.query(`UPDATE attempts SET status = 'succeeded', finished_at = clock_timestamp() WHERE run_id = $1`, [runId]);
    const other = await runningRun(1); // a run with a test under way is left alone
    expect(await runState(runId)).toEqual({ status: 'running', events: 0 });
    await server.services.dispatcher.sweep();
    expect(await runState(runId)).toEqual({ status: 'completed', events: 1 });
    expect(await runState(other.runId)).toEqual({ status: 'running', events: 0 });
    await server.services.dispatcher.sweep();
    expect(await runState(runId)).toEqual({ status: 'completed', events: 1 });
  });
});
