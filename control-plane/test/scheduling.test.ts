/**
 * The scheduler (docs/scheduling.md) over the real HTTP server, database and agent WebSocket,
 * with protocol-level fake agents: per-organisation parallel limits (also under concurrent
 * claims), fair share of free devices between organisations and between runs, and a run's
 * tests started longest-expected-first. The limit across replica processes is in
 * scheduling-replicas.test.ts.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { JobOffer } from '@devicelab/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeApk } from '../../scripts/fixtures/builds.js';
import { addAgentToken } from '../src/admin/provision.js';
import { lockOrganisations } from '../src/queries/organisations.js';
import { claimAttempt, claimAttempts, claimAttemptsOutcome } from '../src/runs/transitions/claim.js';
import { lockRuns } from '../src/runs/transitions/complete.js';
import { androidDevice, type FakeAgent, fakeAgents } from './agent-client.js';
import { backend, client, seedOrg, settledTest, startServer, type TestServer, uploadBuild } from './harness.js';
import { blockUnfinished, seedRun } from './seed-runs.js';

let server: TestServer;
let shared: string;
let work: string;

beforeAll(async () => {
  // No timer sweep: every offer here follows a wake-up (a new run, a freed device, a changed limit).
  server = await startServer({ SWEEP_MS: '100000', REPLICA_LEASE_SECONDS: '300', RUN_DEVICE_WAIT_SECONDS: '300', AGENT_LOST_SECONDS: '1' });
  shared = (await addAgentToken(server.db, null)).agentToken;
  work = mkdtempSync(join(tmpdir(), 'devicelab-scheduling-'));
});
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

const agents = fakeAgents({ welcomed: true });
afterEach(async () => {
  agents.terminateAll();
  await blockUnfinished(server.db);
});

const admin = () => client(server.url, 'test-operator-token');
const setLimit = (organisationId: string, maxParallelTests: unknown) =>
  admin()('POST', '/admin/organisations/limits', { organisationId, maxParallelTests });
const devices = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => androidDevice(`${prefix}-${i}`));
const attemptOf = (offer: JobOffer) => offer.jobId.split('.')[0]!;
const activeCount = async (orgId: string) =>
  (
    await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM attempts WHERE org_id = $1 AND status IN ('offered', 'running')`, [
      orgId,
    ])
  )[0]!.n;

/** An agent holding no socket here, with `n` idle emulators: only a test's own claims take work for them. */
async function socketlessAgent(agentId: string, n: number): Promise<void> {
  const { agentTokenId } = await addAgentToken(server.db, null);
  await server.db.query(`INSERT INTO agents (id, token_id, org_id, hostname, version, connected) VALUES ($1, $2, NULL, $1, '0', true)`, [
    agentId,
    agentTokenId,
  ]);
  for (let i = 0; i < n; i++) {
    await server.db.query(
      `INSERT INTO devices (id, agent_id, serial, org_id, platform, kind, model, os_version, state)
       VALUES ($1, $2, $3, NULL, 'android', 'emulator', 'Pixel', '14', 'online')`,
      [`dev_${agentId}${i}`, agentId, `${agentId}-${i}`],
    );
  }
}

/** Accepts the offer and reports its verdict after `seconds` of (pretended) testing; resolves on the ack. */
async function finish(agent: FakeAgent, offer: JobOffer, seconds = 1): Promise<void> {
  agent.send({ type: 'job.accepted', jobId: offer.jobId });
  agent.send({ type: 'job.result', jobId: offer.jobId, verdict: 'succeeded', durationSeconds: seconds });
  await agent.next('job.result.ack');
}

/** REPLICA_LEASE_SECONDS of the server above: what the claim loop passes as the tunnels' lease. */
const LEASE = 300;

const noOffer = (agent: FakeAgent) => expect(agent.next('job.offer', 400)).rejects.toThrow(/no job.offer/);

describe('parallel limits', () => {
  it('an organisation capped at 2 never has more than 2 tests out; the rest say why they wait; raising and lifting the cap frees them', async () => {
    const org = await seedOrg(server.db, { name: 'Capped' });
    const set = await setLimit(org.id, 2);
    expect(set).toEqual({ status: 200, body: { organisationId: org.id, maxParallelTests: 2 } });
    expect((await client(server.url, org.apiKey)('GET', '/me')).body).toMatchObject({ organisationId: org.id, maxParallelTests: 2 });
    expect((await admin()('GET', '/admin/organisations')).body.organisations.find((o: { id: string }) => o.id === org.id)).toMatchObject({
      maxParallelTests: 2,
    });

    const agent = await agents.connect(server.url, shared, { agentId: 'cap-agent', devices: devices('cap', 5) });
    const { runId, ids } = await seedRun(server.db, org, { count: 6 });
    server.services.dispatcher.wake();
    const first = [await agent.next('job.offer'), await agent.next('job.offer')];
    await noOffer(agent);
    expect(await activeCount(org.id)).toBe(2);

    // A held-back test says so in its interaction log.
    const waiting = (
      await server.db.query<{ test_id: string }>(
        `SELECT test_id FROM attempts WHERE run_id = $1 AND status = 'pending' ORDER BY position LIMIT 1`,
        [runId],
      )
    )[0]!.test_id;
    const log = await client(server.url, org.apiKey)('GET', `/suite/${runId}/run/${waiting}/interaction_logs?organisation_id=${org.id}`);
    expect(log.body).toMatchObject({
      status: 'pending',
      statusMessage: "waiting: the organisation's limit of 2 parallel tests is reached",
    });

    // One finishes: one more starts, no more.
    await finish(agent, first[0]!);
    const third = await agent.next('job.offer');
    await noOffer(agent);
    expect(await activeCount(org.id)).toBe(2);

    // Raised to 3: one more at once (the change wakes the dispatcher).
    expect((await setLimit(org.id, 3)).status).toBe(200);
    await agent.next('job.offer');
    await noOffer(agent);
    expect(await activeCount(org.id)).toBe(3);

    // Lifted: every free device gets one of the rest (2 left, 2 devices free).
    expect((await setLimit(org.id, null)).body).toEqual({ organisationId: org.id, maxParallelTests: null });
    await agent.next('job.offer');
    await agent.next('job.offer');
    expect(await activeCount(org.id)).toBe(5);
    expect((await client(server.url, org.apiKey)('GET', '/me')).body.maxParallelTests).toBeNull();
    expect(ids).toContain(attemptOf(third));
  });

  it('refuses bad limits with a 4xx and a detail, and changes nothing', async () => {
    const org = await seedOrg(server.db);
    expect((await setLimit(org.id, 4)).status).toBe(200);
    for (const bad of [0, -1, 1.5, '2', 100_001, undefined]) {
      const res = await setLimit(org.id, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.detail).toEqual(expect.any(String));
    }
    expect((await admin()('POST', '/admin/organisations/limits', { organisationId: org.id, maxParallelTests: 2, extra: 1 })).status).toBe(
      400,
    );
    const unknown = await setLimit('org_doesnotexist', 2);
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toMatch(/organisation/);
    const notOperator = await client(server.url, org.apiKey)('POST', '/admin/organisations/limits', {
      organisationId: org.id,
      maxParallelTests: 9,
    });
    expect(notOperator.status).toBe(401);
    expect((await client(server.url, org.apiKey)('GET', '/me')).body.maxParallelTests).toBe(4);
  });

  it('admin set-org-limits sets and lifts the cap, printing JSON, and refuses a bad number', async () => {
    const org = await seedOrg(server.db);
    const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
    const cli = fileURLToPath(new URL('../src/cli/admin.ts', import.meta.url));
    const env = { ...process.env, DEVICELAB_URL: server.url, DEVICELAB_ADMIN_TOKEN: 'test-operator-token' };
    const admin = async (...args: string[]) =>
      JSON.parse((await promisify(execFile)(tsx, [cli, 'set-org-limits', ...args], { env })).stdout);
    expect(await admin('--org', org.id, '--max-parallel', '3')).toEqual({ organisationId: org.id, maxParallelTests: 3 });
    expect((await client(server.url, org.apiKey)('GET', '/me')).body.maxParallelTests).toBe(3);
    expect(await admin('--org', org.id, '--max-parallel', 'none')).toEqual({ organisationId: org.id, maxParallelTests: null });
    const refused = await admin('--org', org.id, '--max-parallel', '0').catch((e: { code: number; stderr: string }) => e);
    expect(refused).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--max-parallel must be a whole number of 1 or more, or "none"/),
    });
    expect((await client(server.url, org.apiKey)('GET', '/me')).body.maxParallelTests).toBeNull();
  }, 120_000);

  it('holds when many claims race on separate connections', async () => {
    const org = await seedOrg(server.db);
    expect((await setLimit(org.id, 2)).status).toBe(200);
    const agentId = 'race-agent';
    await socketlessAgent(agentId, 12);
    await seedRun(server.db, org, { count: 12 });
    // On PostgreSQL each claim is its own transaction on its own pooled connection, all at once.
    const claims = await Promise.all(Array.from({ length: 12 }, () => claimAttempt(server.db, [agentId], LEASE)));
    expect(claims.filter((c) => c !== null)).toHaveLength(2);
    expect(await activeCount(org.id)).toBe(2);
    await server.db.query(`UPDATE devices SET state = 'offline' WHERE agent_id = $1`, [agentId]);
  });
});

describe.skipIf(backend !== 'postgres')('a claim beside a cancel (two connections)', () => {
  it('does not deadlock with a transaction that locks the run and then its pending tests, as a cancel does', async () => {
    const org = await seedOrg(server.db);
    const agentId = 'cancel-race-agent';
    await socketlessAgent(agentId, 1);
    const { runId } = await seedRun(server.db, org, { count: 2 });
    let locked!: () => void;
    const runLocked = new Promise<void>((resolve) => (locked = resolve));
    let claim: Promise<unknown> | null = null;
    const cancel = server.db.transaction(async (tx) => {
      await lockRuns(tx, [runId]);
      locked();
      // The claim runs now; give it time to finish (or to queue behind this lock), then do what a cancel does next.
      await Promise.race([runLocked.then(() => claim), new Promise((r) => setTimeout(r, 500))]);
      await tx.query(`UPDATE attempts SET status = 'blocked', status_message = 'cancelled here' WHERE run_id = $1 AND status = 'pending'`, [
        runId,
      ]);
    });
    await runLocked;
    claim = claimAttempt(server.db, [agentId], LEASE);
    // Before the turns had tables of their own, one of the two ended in "deadlock detected".
    const [claimed] = await Promise.all([claim, cancel]);
    expect(claimed).not.toBeNull();
    const statuses = (
      await server.db.query<{ status: string }>('SELECT status FROM attempts WHERE run_id = $1 ORDER BY position', [runId])
    ).map((r) => r.status);
    expect(statuses.sort()).toEqual(['blocked', 'offered']);
    await server.db.query(`UPDATE devices SET state = 'offline' WHERE agent_id = $1`, [agentId]);
  });
});

describe.skipIf(backend !== 'postgres')('a verdict and the duration it leaves (two connections)', () => {
  it("offers the freed device its next test without waiting for the test's duration to be written", async () => {
    const org = await seedOrg(server.db);
    const agent = await agents.connect(server.url, shared, { agentId: 'duration-agent', devices: devices('duration', 1) });
    await seedRun(server.db, org, { count: 2 });
    server.services.dispatcher.wake();
    const first = await agent.next('job.offer');
    // Another connection holds the durations table: the verdict's duration write waits for it.
    let locked!: () => void;
    let release!: () => void;
    const tableLocked = new Promise<void>((resolve) => (locked = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const holder = server.db.transaction(async (tx) => {
      await tx.query('LOCK TABLE test_durations IN EXCLUSIVE MODE');
      locked();
      await released;
    });
    await tableLocked;
    try {
      agent.send({ type: 'job.accepted', jobId: first.jobId });
      agent.send({ type: 'job.result', jobId: first.jobId, verdict: 'succeeded', durationSeconds: 1 });
      // Before, the claim followed the duration's write, and no offer came while the table was held.
      const second = await agent.next('job.offer', 5000);
      expect(second.jobId).not.toBe(first.jobId);
      release();
      await holder;
      await agent.next('job.result.ack');
      await finish(agent, second);
    } finally {
      release();
      await holder;
    }
    const remembered = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM test_durations WHERE org_id = $1', [org.id]);
    expect(remembered[0]!.n).toBe(2);
  });
});

describe('fair share', () => {
  it("a second organisation's single test gets the next free device, ahead of the first one's backlog of 50", async () => {
    const first = await seedOrg(server.db, { name: 'Nightly' });
    const second = await seedOrg(server.db, { name: 'Developer' });
    const agent = await agents.connect(server.url, shared, { agentId: 'fair-agent', devices: devices('fair', 2) });
    const backlog = await seedRun(server.db, first, { count: 50 });
    server.services.dispatcher.wake();
    const running = [await agent.next('job.offer'), await agent.next('job.offer')];
    const single = await seedRun(server.db, second, { count: 1 });
    server.services.dispatcher.wake();
    await noOffer(agent); // both devices are busy

    // Every verdict frees a device; whatever is offered is finished at once, in order.
    const order: string[] = [];
    const done = async (offer: JobOffer) => {
      await finish(agent, offer);
      order.push(attemptOf(offer));
    };
    await done(running.shift()!);
    const next = await agent.next('job.offer');
    expect(attemptOf(next)).toBe(single.ids[0]);
    running.push(next);
    while (running.length > 0) {
      await done(running.shift()!);
      if (order.length + running.length < 51) running.push(await agent.next('job.offer'));
    }
    expect(order).toHaveLength(51);
    expect(order.indexOf(single.ids[0]!)).toBeLessThan(order.indexOf(backlog.ids.at(-1)!));
    expect(order.indexOf(single.ids[0]!)).toBeLessThan(3);
  });

  it('within an organisation, free devices go round-robin between its runs', async () => {
    const org = await seedOrg(server.db);
    const agent = await agents.connect(server.url, shared, { agentId: 'runs-agent', devices: devices('runs', 1) });
    const big = await seedRun(server.db, org, { count: 4 });
    server.services.dispatcher.wake();
    const firstOffer = await agent.next('job.offer');
    expect(big.ids).toContain(attemptOf(firstOffer));
    const small = await seedRun(server.db, org, { count: 2 });
    const taken: string[] = [attemptOf(firstOffer)];
    let offer = firstOffer;
    for (let i = 0; i < 5; i++) {
      await finish(agent, offer);
      offer = await agent.next('job.offer');
      taken.push(attemptOf(offer));
    }
    await finish(agent, offer);
    const runOf = (id: string) => (small.ids.includes(id) ? 'small' : 'big');
    // The runs alternate while both have tests waiting, then the big one finishes.
    expect(taken.map(runOf)).toEqual(['big', 'small', 'big', 'small', 'big', 'big']);
  });
});

describe('a batch of claims (one transaction for many free devices)', () => {
  const orgOf = async (attemptIds: string[]) =>
    (
      await server.db.query<{ org_id: string; run_id: string }>('SELECT org_id, run_id FROM attempts WHERE id = ANY($1::text[])', [
        attemptIds,
      ])
    ).reduce((m, r) => m.set(r.org_id, [...(m.get(r.org_id) ?? []), r.run_id]), new Map<string, string[]>());

  it('shares the free devices between organisations, and an organisation’s share between its runs, as claims one by one would', async () => {
    const [a, b, c] = [await seedOrg(server.db), await seedOrg(server.db), await seedOrg(server.db)];
    const agentId = 'batch-fair-agent';
    await socketlessAgent(agentId, 9);
    const a1 = await seedRun(server.db, a, { count: 10 });
    const a2 = await seedRun(server.db, a, { count: 10 });
    await seedRun(server.db, b, { count: 10 });
    await seedRun(server.db, c, { count: 10 });
    const batch = await claimAttempts(server.db, [agentId], 9, LEASE);
    expect(batch).toHaveLength(9);
    expect(new Set(batch.map((x) => x.device.id)).size).toBe(9); // one test per device
    // Round-robin: the first three claims are of three organisations, and each gets three.
    expect(new Set(batch.slice(0, 3).map((x) => x.attempt.orgId)).size).toBe(3);
    const byOrg = await orgOf(batch.map((x) => x.attempt.id));
    expect([a.id, b.id, c.id].map((o) => byOrg.get(o)?.length)).toEqual([3, 3, 3]);
    const runsOfA = byOrg.get(a.id)!;
    expect([a1.runId, a2.runId].map((r) => runsOfA.filter((x) => x === r).length).sort()).toEqual([1, 2]);
    await server.db.query(`UPDATE devices SET state = 'offline' WHERE agent_id = $1`, [agentId]);
  });

  it('reaches a run queued behind runs with nothing left to start (a claim reads only the first runs of each organisation)', async () => {
    const org = await seedOrg(server.db);
    await socketlessAgent('front-runs-busy', 4);
    await socketlessAgent('front-runs-free', 1);
    const started = [
      await seedRun(server.db, org, { count: 1 }),
      await seedRun(server.db, org, { count: 1 }),
      await seedRun(server.db, org, { count: 1 }),
    ];
    const last = await seedRun(server.db, org, { count: 2 });
    // Four devices take the three one-test runs and the last run's first test, in that order.
    const first = await claimAttempts(server.db, ['front-runs-busy'], 4, LEASE);
    expect(first.map((x) => x.attempt.runId)).toEqual([...started.map((r) => r.runId), last.runId]);
    // The three runs under way rank before the last one (as many under way, served earlier) but have nothing pending.
    const next = await claimAttempts(server.db, ['front-runs-free'], 1, LEASE);
    expect(next.map((x) => x.attempt.runId)).toEqual([last.runId]);
    await server.db.query(`UPDATE devices SET state = 'offline' WHERE agent_id = ANY($1::text[])`, [
      ['front-runs-busy', 'front-runs-free'],
    ]);
  });

  it('stops a capped organisation at its cap and gives the rest of the batch to the others', async () => {
    const capped = await seedOrg(server.db);
    const other = await seedOrg(server.db);
    expect((await setLimit(capped.id, 2)).status).toBe(200);
    const agentId = 'batch-cap-agent';
    await socketlessAgent(agentId, 6);
    await seedRun(server.db, capped, { count: 10 });
    await seedRun(server.db, other, { count: 10 });
    const batch = await claimAttempts(server.db, [agentId], 6, LEASE);
    const byOrg = await orgOf(batch.map((x) => x.attempt.id));
    expect([byOrg.get(capped.id)?.length, byOrg.get(other.id)?.length]).toEqual([2, 4]);
    expect(await activeCount(capped.id)).toBe(2);
    await server.db.query(`UPDATE devices SET state = 'offline' WHERE agent_id = $1`, [agentId]);
  });
});

describe.skipIf(backend !== 'postgres')('two batches of a capped organisation at once (two connections)', () => {
  it('counts again under the organisation row lock, so the second of two batches that both paired a test stays within the cap', async () => {
    const org = await seedOrg(server.db);
    expect((await setLimit(org.id, 1)).status).toBe(200);
    await socketlessAgent('batch-race-a', 2);
    await socketlessAgent('batch-race-b', 2);
    const first = await seedRun(server.db, org, { count: 10 });
    await server.db.query(`INSERT INTO run_claim_turns (run_id, last_claimed_at) VALUES ($1, now() - interval '1 day')`, [first.runId]);
    const pause = () => new Promise((r) => setTimeout(r, 700));
    const claims: Promise<unknown[]>[] = [];
    // Batch A reads the queue (0 under way: it pairs the first run's test), then a newer run comes
    // (never served: first in line) and batch B reads (still 0 under way: it pairs that one). The
    // organisation's row and the first run's turn are held meanwhile, so neither commits before both read.
    await server.db.transaction(async (tx) => {
      await lockOrganisations(tx, [org.id]);
      await tx.query('SELECT 1 FROM run_claim_turns WHERE run_id = $1 FOR UPDATE', [first.runId]);
      claims.push(claimAttempts(server.db, ['batch-race-a'], 2, LEASE));
      await pause();
      await seedRun(server.db, org, { count: 1 });
      claims.push(claimAttempts(server.db, ['batch-race-b'], 2, LEASE));
      await pause();
    });
    const claimed = (await Promise.all(claims)).flat();
    expect(claimed).toHaveLength(1);
    expect(await activeCount(org.id)).toBe(1);
    await server.db.query(`UPDATE devices SET state = 'offline' WHERE agent_id IN ('batch-race-a', 'batch-race-b')`);
  });
});

describe.skipIf(backend !== 'postgres')('two batches at once, of one organisation without a cap (two connections)', () => {
  it('a batch locks only the tests it pairs: a second batch reading the same queue claims the next ones, not nothing', async () => {
    const org = await seedOrg(server.db);
    await socketlessAgent('front-race-a', 2);
    await socketlessAgent('front-race-b', 2);
    const run = await seedRun(server.db, org, { count: 12 });
    await server.db.query(`INSERT INTO run_claim_turns (run_id, last_claimed_at) VALUES ($1, now() - interval '1 day')`, [run.runId]);
    const pause = () => new Promise((r) => setTimeout(r, 700));
    const claims: Promise<Array<{ attempt: { id: string } }>>[] = [];
    // Both batches read the same front of the queue while the run's turn row is held, so neither
    // commits before both have locked their tests.
    await server.db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM run_claim_turns WHERE run_id = $1 FOR UPDATE', [run.runId]);
      claims.push(claimAttempts(server.db, ['front-race-a'], 2, LEASE));
      await pause();
      claims.push(claimAttempts(server.db, ['front-race-b'], 2, LEASE));
      await pause();
    });
    const [a, b] = await Promise.all(claims);
    expect([a!.length, b!.length]).toEqual([2, 2]);
    expect(new Set([...a!, ...b!].map((c) => c.attempt.id)).size).toBe(4);
    await server.db.query(`UPDATE devices SET state = 'offline' WHERE agent_id IN ('front-race-a', 'front-race-b')`);
  });

  it('says a claim was contended when the tests its idle device could have had are held by a claim in flight', async () => {
    const org = await seedOrg(server.db);
    await socketlessAgent('contended-agent', 1);
    const run = await seedRun(server.db, org, { count: 2 });
    let held: Awaited<ReturnType<typeof claimAttemptsOutcome>> | null = null;
    await server.db.transaction(async (tx) => {
      await tx.query(`SELECT id FROM attempts WHERE run_id = $1 AND status = 'pending' FOR UPDATE`, [run.runId]);
      held = await claimAttemptsOutcome(server.db, ['contended-agent'], 1, LEASE);
    });
    expect(held).toEqual({ claims: [], contended: true });
    const free = await claimAttemptsOutcome(server.db, ['contended-agent'], 1, LEASE);
    expect([free.claims.length, free.contended]).toEqual([1, false]);
    await server.db.query(`UPDATE devices SET state = 'offline' WHERE agent_id = 'contended-agent'`);
  });
});

describe('longest first', () => {
  it("a run's tests start longest-expected-first, never-timed ones first of all, by their last duration on the platform", async () => {
    const org = await seedOrg(server.db);
    const api = client(server.url, org.apiKey);
    const apk = join(work, 'sample.apk');
    await makeApk(apk, { packageName: 'com.devicelab.sample', versionName: '1.0', versionCode: 1, label: 'Sample' });
    const buildId = await uploadBuild(server.url, org.apiKey, apk);
    const newTest = async (title: string) => {
      const res = await api('POST', '/tests', { title, commands: ['assertVisible: "Products"'] });
      expect(res.status).toBe(200);
      await settledTest(api, res.body.testId);
      return res.body.testId as string;
    };
    const quick = await newTest('Quick');
    const long = await newTest('Long');
    const middle = await newTest('Middle');
    const agent = await agents.connect(server.url, shared, { agentId: 'longest-agent', devices: devices('longest', 1) });

    // First run: nothing is known, so the run's own order; each reports how long it took.
    const took: Record<string, number> = { [quick]: 1, [long]: 8, [middle]: 4 };
    const execute = async (testIds: string[]) => {
      const res = await api('POST', '/tests/execute', { organisationId: org.id, buildId, testIds });
      expect(res.status).toBe(200);
      return res.body.runId as string;
    };
    const testOf = async (offer: JobOffer) =>
      (await server.db.query<{ test_id: string }>('SELECT test_id FROM attempts WHERE id = $1', [attemptOf(offer)]))[0]!.test_id;
    const runThrough = async (count: number): Promise<string[]> => {
      const order: string[] = [];
      for (let i = 0; i < count; i++) {
        const offer = await agent.next('job.offer');
        const testId = await testOf(offer);
        order.push(testId);
        await finish(agent, offer, took[testId] ?? 1);
      }
      return order;
    };
    await execute([quick, long, middle]);
    expect(await runThrough(3)).toEqual([quick, long, middle]);

    // An iOS duration of the quick test says nothing about Android.
    await server.db.query(`INSERT INTO test_durations (org_id, test_id, platform, seconds) VALUES ($1, $2, 'ios', 100)`, [org.id, quick]);
    const fresh = await newTest('Never ran');
    await execute([quick, middle, fresh, long]);
    expect(await runThrough(4)).toEqual([fresh, long, middle, quick]);
  });
});

describe('runs through a tunnel', () => {
  it('passes over a run whose tunnel is connected nowhere, in the claim itself, and takes it once the tunnel connects', async () => {
    // A run created after the claim pass's check of tunnels and before its claim: the claim must
    // not offer it (the relay would refuse the tunnel, and the verdict would say "blocked").
    const org = await seedOrg(server.db);
    await socketlessAgent('tunnel-claim-agent', 1);
    const run = await seedRun(server.db, org, { count: 1 });
    await server.db.query(`UPDATE runs SET tunnel_name = 'office' WHERE id = $1`, [run.runId]);
    expect(await claimAttempts(server.db, ['tunnel-claim-agent'], 1, LEASE)).toEqual([]);

    // Another organisation's tunnel of the same name is not this run's tunnel.
    const other = await seedOrg(server.db);
    const replicaId = (await server.db.query<{ id: string }>('SELECT id FROM replicas ORDER BY seen_at DESC LIMIT 1'))[0]!.id;
    const connect = (orgId: string) =>
      server.db.query(`INSERT INTO tunnels (org_id, name, replica_id, connection_id, key_id) VALUES ($1, 'office', $2, $3, 'key')`, [
        orgId,
        replicaId,
        `conn-${orgId}`,
      ]);
    await connect(other.id);
    expect(await claimAttempts(server.db, ['tunnel-claim-agent'], 1, LEASE)).toEqual([]);

    await connect(org.id);
    const claimed = await claimAttempts(server.db, ['tunnel-claim-agent'], 1, LEASE);
    expect(claimed.map((c) => c.attempt.id)).toEqual(run.ids);
    await server.db.query(`DELETE FROM tunnels WHERE name = 'office' AND org_id = ANY($1::text[])`, [[org.id, other.id]]);
    await server.db.query(`UPDATE devices SET state = 'offline' WHERE agent_id = 'tunnel-claim-agent'`);
  });
});
