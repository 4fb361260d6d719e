/**
 * Verdicts and accepts that land together are written together (control-plane/src/db/group-commit.ts,
 * agents/verdict-batches.ts, runs/transitions/accept.ts): each caller still gets its own result,
 * once; a bad verdict fails alone; a verdict's promise settles only after its run is completed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createVerdictBatches } from '../src/agents/verdict-batches.js';
import { groupCommit } from '../src/db/group-commit.js';
import type { Db } from '../src/db/index.js';
import { acceptAttempts } from '../src/runs/transitions/accept.js';
import type { Verdict } from '../src/runs/transitions/finish.js';
import type { AttemptRef } from '../src/runs/transitions/ref.js';
import { freshDatabase, type Org, seedOrg } from './harness.js';
import { blockUnfinished, seedRun } from './seed-runs.js';

let db: Db;
let drop: () => Promise<void>;
let org: Org;
/** Transactions begun on `db` since the last reset (the batches' and their runs' completions). */
let transactions = 0;

beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  db = { ...fresh.db, transaction: (fn) => (transactions++, fresh.db.transaction(fn)) };
  org = await seedOrg(db);
});
afterAll(() => drop());
afterEach(() => blockUnfinished(db));

async function runningRun(count: number): Promise<{ runId: string; ids: string[] }> {
  const seeded = await seedRun(db, org, { count });
  await db.query(`UPDATE attempts SET status = 'running', started_at = clock_timestamp() WHERE run_id = $1`, [seeded.runId]);
  return seeded;
}

const ok: Verdict = { status: 'succeeded', statusMessage: '' };

describe('verdicts landing together', () => {
  it('are written in a few transactions, each caller getting its own try, and settle after their run completed', async () => {
    const { runId, ids } = await runningRun(40);
    let commits = 0;
    const record = createVerdictBatches(db, () => commits++);
    transactions = 0;
    const verdicts = ids.map((id, i) =>
      record({ id, tryNumber: 1 }, i % 2 ? ok : { status: 'failed', statusMessage: `no ${i}`, failedStep: i }),
    );
    const finished = await Promise.all(verdicts);
    expect(finished.map((a) => a?.id)).toEqual(ids);
    expect(finished.map((a) => a?.status)).toEqual(ids.map((_, i) => (i % 2 ? 'succeeded' : 'failed')));
    expect(finished[4]).toMatchObject({ statusMessage: 'no 4' });
    // The first alone, the 39 that arrived meanwhile in one more; plus the run's completion.
    expect(commits).toBe(2);
    expect(transactions).toBeLessThanOrEqual(3);
    const [run] = await db.query<{ status: string }>('SELECT status FROM runs WHERE id = $1', [runId]);
    expect(run!.status).toBe('completed');
  });

  it('a try given twice in one batch is finished once, by the first', async () => {
    const {
      ids: [first, second],
    } = await runningRun(2);
    const record = createVerdictBatches(db, () => {});
    const [a, b, again] = await Promise.all([
      record({ id: first!, tryNumber: 1 }, ok),
      record({ id: second!, tryNumber: 1 }, ok),
      record({ id: second!, tryNumber: 1 }, { status: 'failed', statusMessage: 're-sent' }),
    ]);
    expect([a?.id, b?.id, again]).toEqual([first, second, null]);
    const [row] = await db.query<{ status: string }>('SELECT status FROM attempts WHERE id = $1', [second]);
    expect(row!.status).toBe('succeeded');
  });

  it('a verdict the database refuses fails alone; the others of its batch are written', async () => {
    const { ids } = await runningRun(4);
    const record = createVerdictBatches(db, () => {});
    const results = await Promise.allSettled([
      record({ id: ids[0]!, tryNumber: 1 }, ok), // written alone, while the rest queue
      record({ id: ids[1]!, tryNumber: 1 }, ok),
      record({ id: ids[2]!, tryNumber: 1 }, { status: 'bogus' as Verdict['status'], statusMessage: '' }),
      record({ id: ids[3]!, tryNumber: 1 }, ok),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const rows = await db.query<{ id: string; status: string }>('SELECT id, status FROM attempts WHERE id = ANY($1::text[])', [ids]);
    const status = Object.fromEntries(rows.map((r) => [r.id, r.status]));
    expect(ids.map((id) => status[id])).toEqual(['succeeded', 'succeeded', 'running', 'succeeded']);
  });
});

describe('accepts landing together', () => {
  async function offeredRun(count: number): Promise<{ runId: string; ids: string[] }> {
    const seeded = await seedRun(db, org, { count });
    await db.query(`UPDATE attempts SET status = 'offered', offered_at = clock_timestamp() WHERE run_id = $1`, [seeded.runId]);
    return seeded;
  }
  const accept = () => groupCommit((batch: Array<{ ref: AttemptRef; sessionId: string }>) => acceptAttempts(db, batch), 256);

  it('start each try under its own session in a few transactions; a try accepted twice starts once, by the first', async () => {
    const { ids } = await offeredRun(30);
    const start = accept();
    transactions = 0;
    const sessions = await Promise.all([
      ...ids.map((id, i) => start({ ref: { id, tryNumber: 1 }, sessionId: `ses_batch${i}` })),
      start({ ref: { id: ids[7]!, tryNumber: 1 }, sessionId: 'ses_again' }),
    ]);
    expect(sessions).toEqual([...ids.map((_, i) => `ses_batch${i}`), null]);
    expect(transactions).toBeLessThanOrEqual(2);
    const rows = await db.query<{ id: string; status: string; session_id: string }>(
      'SELECT id, status, session_id FROM attempts WHERE id = ANY($1::text[])',
      [ids],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(ids.map((id) => byId.get(id))).toEqual(ids.map((id, i) => ({ id, status: 'running', session_id: `ses_batch${i}` })));
    const [{ n }] = (await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sdk_sessions WHERE id LIKE 'ses_batch%' OR id = 'ses_again'`,
    )) as [{ n: number }];
    expect(n).toBe(30);
  });

  it('a try whose run was cancelled meanwhile starts nothing; the others of its batch start', async () => {
    const live = await offeredRun(2);
    const gone = await offeredRun(1);
    await db.query(`UPDATE runs SET status = 'cancelled', finished_at = clock_timestamp() WHERE id = $1`, [gone.runId]);
    const start = accept();
    const sessions = await Promise.all([
      start({ ref: { id: live.ids[0]!, tryNumber: 1 }, sessionId: 'ses_live0' }),
      start({ ref: { id: gone.ids[0]!, tryNumber: 1 }, sessionId: 'ses_gone' }),
      start({ ref: { id: live.ids[1]!, tryNumber: 1 }, sessionId: 'ses_live1' }),
    ]);
    expect(sessions).toEqual(['ses_live0', null, 'ses_live1']);
  });
});
