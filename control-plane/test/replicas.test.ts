/**
 * Control-plane replicas on one PostgreSQL (docs/architecture.md#replicas), as separate
 * processes that can be killed: a run started on one replica reaches an agent
 * connected to the other through LISTEN/NOTIFY, a cancel travels the same way, and
 * when the agent's replica is killed (SIGKILL) the agent fails over and every test
 * still gets exactly one verdict. Embedded PGlite is one process by design, so this
 * file runs on the real server only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAgent, startAgent } from '../../lab-agent/src/agent.js';
import { makeApk } from '../../scripts/fixtures/builds.js';
import { SAMPLE_EMAIL, SAMPLE_PASSWORD } from '../../virtual-devices/src/index.js';
import { addAgentToken } from '../src/admin/provision.js';
import type { Db } from '../src/db/index.js';
import { backend, type Client, client, freshDatabase, type Org, runEnded, seedOrg, settledTest, uploadBuild } from './harness.js';
import { type Replica, startReplica } from './replica-processes.js';

const login = ['Enter {{email}} in the Email field', 'Enter {{password}} in the Password field', 'Tap the Log in button'];
const inputs = (password: string) => ({
  testInputs: [
    { key: 'email', defaultValue: SAMPLE_EMAIL },
    { key: 'password', defaultValue: password },
  ],
});

describe.skipIf(backend !== 'postgres')('replicas on one PostgreSQL', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let databaseUrl: string;
  let work: string;
  let org: Org;
  let token: string;
  let a: Replica;
  let b: Replica;
  let apiA: Client;
  let apiB: Client;
  let agent: RunningAgent;
  let buildId: string;
  const ids = { login: '', wrong: '', slow: '', slower: '', long: '' };

  const finished = (api: Client, runId: string, timeoutMs = 80_000) => runEnded(api, runId, timeoutMs);

  async function until(check: () => Promise<boolean>, timeoutMs = 40_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  const statuses = async (runId: string) =>
    db.query<{ status: string; try_number: number; sessions: number }>(
      `SELECT a.status, a.try_number, (SELECT count(*)::int FROM sdk_sessions s WHERE s.test_id = a.test_id AND s.id = a.session_id) AS sessions
         FROM attempts a WHERE a.run_id = $1 ORDER BY a.position`,
      [runId],
    );

  beforeAll(async () => {
    const fresh = await freshDatabase();
    db = fresh.db;
    drop = fresh.drop;
    databaseUrl = fresh.url!;
    work = mkdtempSync(join(tmpdir(), 'devicelab-replicas-'));
    org = await seedOrg(db);
    token = (await addAgentToken(db, null)).agentToken;
    [a, b] = await Promise.all([startReplica(databaseUrl, join(work, 'data')), startReplica(databaseUrl, join(work, 'data'))]);
    apiA = client(a.url, org.apiKey);
    apiB = client(b.url, org.apiKey);
    // The agent holds its socket to B; A is its second choice.
    agent = await startAgent({
      controlPlaneUrl: `${b.url},${a.url}`,
      token,
      virtualDevices: 1,
      stateDir: mkdtempSync(join(work, 'agent-')),
      log: () => {},
      backoff: { baseMs: 50, maxMs: 400 },
      drainSeconds: 1,
    });
    await until(async () => (await db.query(`SELECT 1 FROM devices WHERE state = 'online'`)).length === 1);

    const file = join(work, 'sample.apk');
    await makeApk(file, { packageName: 'com.devicelab.sample', versionName: '1.0', versionCode: 1, label: 'DeviceLab Sample' });
    buildId = await uploadBuild(a.url, org.apiKey, file);
    const create = async (title: string, commands: string[], extra: object = {}) => {
      const res = await apiA('POST', '/tests', { title, commands, ...extra });
      expect((await settledTest(apiA, res.body.testId)).platforms.android.status).toBe('ready');
      return res.body.testId as string;
    };
    ids.login = await create('Login works', [...login, 'assertVisible: "Products"'], inputs(SAMPLE_PASSWORD));
    ids.wrong = await create('Wrong password', [...login, 'assertVisible: "Products"'], inputs('nope'));
    ids.slow = await create('Slow', ['launchApp', 'wait: 2', 'assertVisible: "Log in"']);
    ids.slower = await create('Slower', ['launchApp', 'wait: 3', 'assertVisible: "Log in"']);
    ids.long = await create('Long', ['launchApp', 'wait: 60', 'assertVisible: "Log in"']);
  }, 180_000);

  afterAll(async () => {
    await agent?.stop({ drainSeconds: 0 });
    for (const r of [a, b]) if (r && r.child.exitCode === null) r.child.kill('SIGKILL');
    await drop?.();
    rmSync(work, { recursive: true, force: true });
  });

  it('a run created on one replica runs on the agent of the other, with the right verdicts', async () => {
    const agentReplica = (await db.query<{ replica: string }>(`SELECT replica_id AS replica FROM agents`))[0]!.replica;
    const res = await apiA('POST', '/tests/execute', { organisationId: org.id, buildId, testIds: [ids.login, ids.wrong] });
    expect(res.status).toBe(200);
    const run = await finished(apiB, res.body.runId);
    expect(run.succeededTests.map((e: any) => e.id)).toEqual([ids.login]);
    expect(run.failedTests.map((e: any) => e.id)).toEqual([ids.wrong]);
    // The run was created by A, yet B (the agent's replica) offered it: NOTIFY woke B.
    const replicas = await db.query<{ id: string }>('SELECT id FROM replicas ORDER BY started_at');
    expect(replicas).toHaveLength(2);
    expect(replicas.map((r) => r.id)).toContain(agentReplica);
  });

  it('a cancel sent to the other replica stops the running test', async () => {
    const { runId } = (await apiA('POST', '/tests/execute', { organisationId: org.id, buildId, testIds: [ids.long] })).body;
    await until(async () => (await statuses(runId))[0]?.status === 'running');
    const started = Date.now();
    expect((await apiA('POST', `/runs/${runId}/cancel`)).status).toBe(200);
    // The test waits 60 s on the device: only a job.cancel delivered through B ends it this soon.
    await until(async () => (await statuses(runId))[0]?.status === 'blocked', 15_000);
    expect(Date.now() - started).toBeLessThan(15_000);
    const run = await finished(apiA, runId);
    expect(run.blockedTests).toEqual([expect.objectContaining({ id: ids.long, statusMessage: 'The run was cancelled' })]);
    await until(async () => (await db.query(`SELECT 1 FROM devices WHERE state = 'online'`)).length === 1);
  });

  it("the agent's replica killed mid-run: the agent fails over and every test gets one verdict", async () => {
    const bReplicaId = (await db.query<{ replica: string }>('SELECT replica_id AS replica FROM agents'))[0]!.replica;
    const { runId } = (await apiA('POST', '/tests/execute', { organisationId: org.id, buildId, testIds: [ids.slow, ids.slower] })).body;
    await until(async () => (await statuses(runId))[0]?.status === 'running');
    b.child.kill('SIGKILL');
    expect(await b.exited).toBe(null);
    const run = await finished(apiA, runId, 60_000);
    expect(run.status).toBe('completed');
    expect(run.succeededTests.map((e: any) => e.id)).toEqual([ids.slow, ids.slower]);
    // Exactly one verdict each, the first on its first try, each under one session.
    const rows = await statuses(runId);
    expect(rows.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    expect(rows[0]).toMatchObject({ try_number: 1, sessions: 1 });
    const sessions = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sdk_sessions WHERE test_id = ANY($1::text[]) AND status = 'succeeded'`,
      [[ids.slow, ids.slower]],
    );
    expect(sessions[0]!.n).toBe(2);
    // The agent now lives on A (its socket and its row say so).
    const [agentRow] = await db.query<{ replica: string; connected: boolean }>('SELECT replica_id AS replica, connected FROM agents');
    expect(agentRow).toMatchObject({ connected: true, replica: expect.stringMatching(/^rep_/) });
    expect(agentRow!.replica).not.toBe(bReplicaId);
  });
});
