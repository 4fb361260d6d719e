/**
 * Runs end to end over real sockets: the control plane (HTTP + agent WebSocket), the
 * real lab agent (in-process, or as a child process where it must be killed) and
 * the virtual handset it drives through adbkit. The only doubles are the handsets.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningAgent } from '../../lab-agent/src/agent.js';
import { makeApk } from '../../scripts/fixtures/builds.js';
import { SAMPLE_EMAIL, SAMPLE_PASSWORD } from '../../virtual-devices/src/index.js';
import { addAgentToken } from '../src/admin/provision.js';
import {
  type Client,
  client,
  type Org,
  runEnded,
  seedOrg,
  settledTest,
  startServer,
  type TestServer,
  until,
  uploadBuild,
} from './harness.js';
import { labAgents, startAgentProcess } from './lab-agents.js';

let server: TestServer;
let org: Org;
let api: Client;
let token: string;
let work: string;
const children: ChildProcess[] = [];
const agents = labAgents(() => ({ controlPlaneUrl: server.url, token, work }));
const agent = (devices = 1): Promise<RunningAgent> => agents.start({ virtualDevices: devices });

async function upload(name: string, versionCode: number): Promise<string> {
  const file = join(work, `sample-${versionCode}.apk`);
  await makeApk(file, { packageName: 'com.devicelab.sample', versionName: `1.${versionCode}`, versionCode, label: 'DeviceLab Sample' });
  return uploadBuild(server.url, org.apiKey, file, { metadata: JSON.stringify({ name }) }, 'sample.apk');
}

async function createTest(title: string, commands: string[], extra: Record<string, unknown> = {}): Promise<string> {
  const res = await api('POST', '/tests', { title, commands, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const settled = await settledTest(api, res.body.testId);
  expect(settled.platforms.android.status).toBe('ready');
  return res.body.testId;
}

const finished = (runId: string, timeoutMs = 90_000) => runEnded(api, runId, timeoutMs);

const testRow = async (runId: string, testId: string) =>
  (
    await server.db.query<{ status: string; attempt: number; session_id: string | null }>(
      'SELECT status, try_number AS attempt, session_id FROM attempts WHERE run_id = $1 AND test_id = $2',
      [runId, testId],
    )
  )[0]!;

/**
 * What a failed kill-and-retry assertion prints: every row of the run's attempts and the agents'
 * liveness (CI under load once saw such runs end unsucceeded or still running, and passing alone).
 */
const diagnosis = async (runId: string) =>
  JSON.stringify({
    attempts: await server.db.query(
      `SELECT test_id, status, try_number, device_id, lost_device_id, status_message, queued_at, offered_at, started_at, finished_at
         FROM attempts WHERE run_id = $1`,
      [runId],
    ),
    devices: await server.db.query(
      'SELECT d.id, d.agent_id, d.state, a.connected, a.last_seen_at FROM devices d JOIN agents a ON a.id = d.agent_id',
    ),
    now: new Date().toISOString(),
  });

const login = ['Enter {{email}} in the Email field', 'Enter {{password}} in the Password field', 'Tap the Log in button'];
const inputs = (password = SAMPLE_PASSWORD) => ({
  testInputs: [
    { key: 'email', defaultValue: SAMPLE_EMAIL },
    { key: 'password', defaultValue: password },
  ],
});
const ids = { login: '', wrong: '', checkout: '', cart: '', slow: '' };
let buildId: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'devicelab-e2e-'));
  server = await startServer({ AGENT_LOST_SECONDS: '2', SWEEP_MS: '200', AGENT_HEARTBEAT_MS: '500' });
  org = await seedOrg(server.db);
  api = client(server.url, org.apiKey);
  token = (await addAgentToken(server.db, null)).agentToken;
  buildId = await upload('sample', 1);
  ids.login = await createTest('Login works', [...login, 'assertVisible: "Products"'], { ...inputs(), tags: ['smoke'] });
  ids.wrong = await createTest('Wrong password is refused', [...login, 'Check that Invalid email or password is shown'], {
    ...inputs('nope'),
    tags: ['smoke'],
  });
  ids.checkout = await createTest('Checkout button', ['Tap the Log in button', 'Tap the Checkout button'], { tags: ['broken'] });
  ids.cart = await createTest('Add to cart', [...login, 'Tap Product 1', 'Tap Add to cart', 'assertVisible: "Added to cart"'], {
    ...inputs(),
    tags: ['cart'],
  });
  ids.slow = await createTest('Slow', ['launchApp', 'wait: 3', 'assertVisible: "Log in"']);
});
afterEach(async () => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  await agents.stopAll();
  // Each test starts with no agent connected: a killed child's socket may close only after
  // the next test made its run, and an offer to its device would then be lost and retried.
  await until(async () => (await server.db.query('SELECT 1 FROM agents WHERE connected')).length === 0);
});
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

describe('runs end to end on virtual handsets', () => {
  it('runs passing and failing tests and reports the exact groups', async () => {
    await agent(2);
    const res = await api('POST', '/tests/execute', { organisationId: org.id, buildId, testIds: [ids.login, ids.wrong, ids.checkout] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'running', runId: expect.stringMatching(/^run_/) });
    const run = await finished(res.body.runId);
    expect(run.status).toBe('completed');
    expect(run.totalTests).toBe(3);
    expect(run.succeededTests.map((e: any) => e.id)).toEqual([ids.login, ids.wrong]);
    expect(run.failedTests.map((e: any) => e.id)).toEqual([ids.checkout]);
    expect(run.blockedTests).toEqual([]);
    const failed = run.failedTests[0];
    expect(failed).toMatchObject({
      title: 'Checkout button',
      status: 'failed',
      platform: 'android',
      recording: `${server.config.appUrl}/recording/${run.runId}/runs/${ids.checkout}`,
      interactionLogs: `${server.url}/suite/${run.runId}/run/${ids.checkout}/interaction_logs?organisation_id=${org.id}`,
    });
    expect(failed.statusMessage).toMatch(/Checkout/);
    expect(run.succeededTests[0]).toMatchObject({ status: 'succeeded', device: expect.stringMatching(/virtual-\d/) });

    // The interaction log: each step with its command, action, AI or cached, and a screenshot link.
    const log = await api(
      'GET',
      new URL(run.succeededTests[0].interactionLogs).pathname + new URL(run.succeededTests[0].interactionLogs).search,
    );
    expect(log.status).toBe(200);
    expect(log.body.steps.map((s: any) => s.command)).toEqual([...login, 'assertVisible: "Products"']);
    expect(log.body.steps.map((s: any) => s.type)).toEqual(['ai', 'ai', 'ai', 'deterministic']);
    const shot = await fetch(log.body.steps[0].screenshot, { headers: { authorization: `Bearer ${org.apiKey}` } });
    expect(shot.status).toBe(200);
    expect(
      Buffer.from(await shot.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');

    // Platform runs are sessions with the test's id: the usage report shows them.
    const usage = (await api('GET', '/usage/sdk-sessions')).body;
    expect(usage.byTestId.find((r: any) => r.testId === ids.login)).toMatchObject({ runs: 1, aiSteps: 3, cachedSteps: 0 });
    expect(usage.byTestId.find((r: any) => r.testId === ids.checkout)).toMatchObject({ runs: 1, failedRuns: 1 });

    // The same tests again: the model's steps now come from the cache.
    const again = await finished(
      (await api('POST', '/tests/execute', { organisationId: org.id, buildId, testIds: [ids.login] })).body.runId,
    );
    expect(again.succeededTests.map((e: any) => e.id)).toEqual([ids.login]);
    const row = (await api('GET', '/usage/sdk-sessions')).body.byTestId.find((r: any) => r.testId === ids.login);
    expect(row).toMatchObject({ runs: 2, aiSteps: 3, cachedSteps: 3, cacheHitRate: 50 });
  });

  it('records what the device did with each step; a cached step that failed on the device leaves the cache', async () => {
    const tapper = await createTest('Forgot password', ['Tap the Forgot password? link', 'assertVisible: "Send reset link"']);
    const run = async () =>
      finished((await api('POST', '/tests/execute', { organisationId: org.id, buildId, testIds: [tapper] })).body.runId);
    const logOf = async (entry: any) =>
      (await api('GET', new URL(entry.interactionLogs).pathname + new URL(entry.interactionLogs).search)).body;
    const a = await agent(1);

    const first = await run(); // the model decides; the decision is cached
    expect(first.succeededTests.map((e: any) => e.id)).toEqual([tapper]);
    expect((await logOf(first.succeededTests[0])).steps).toEqual([
      expect.objectContaining({
        type: 'ai',
        outcome: 'action',
        device: { outcome: 'performed', error: null, durationMs: expect.any(Number) },
      }),
      expect.objectContaining({ type: 'deterministic', device: expect.objectContaining({ outcome: 'performed' }) }),
    ]);

    // The device now refuses injected input: the cached tap is replayed and fails on the device.
    a.virtual!.getDevice('virtual-1')!.faults.inputFails = 'Injecting to another application requires INJECT_EVENTS permission';
    const second = await run();
    expect(second.failedTests.map((e: any) => e.id)).toEqual([tapper]);
    expect(second.failedTests[0].statusMessage).toMatch(/INJECT_EVENTS/);
    const failedLog = await logOf(second.failedTests[0]);
    expect(failedLog.steps).toEqual([
      expect.objectContaining({
        type: 'cached',
        device: expect.objectContaining({
          outcome: 'failed',
          error: expect.stringMatching(/input tap failed: Injecting to another application/),
        }),
      }),
    ]);

    // The device works again: the failed decision left the cache, so the model decides afresh.
    a.virtual!.getDevice('virtual-1')!.faults.inputFails = false;
    const third = await run();
    expect(third.succeededTests.map((e: any) => e.id)).toEqual([tapper]);
    expect((await logOf(third.succeededTests[0])).steps.map((s: any) => [s.type, s.device.outcome])).toEqual([
      ['ai', 'performed'],
      ['deterministic', 'performed'],
    ]);
    const fourth = await run();
    expect((await logOf(fourth.succeededTests[0])).steps.map((s: any) => s.type)).toEqual(['cached', 'deterministic']);
    // Each step was counted once, as it was decided: ai, cached, ai, cached.
    expect((await api('GET', '/usage/sdk-sessions')).body.byTestId.find((r: any) => r.testId === tapper)).toMatchObject({
      runs: 4,
      failedRuns: 1,
      aiSteps: 2,
      cachedSteps: 2,
    });
  });

  it('runs by tags, on the newest build of a name', async () => {
    await agent(1);
    await upload('sample', 2);
    const newest = await upload('sample', 3);
    const res = await api('POST', '/tests/execute', {
      organisationid: org.id,
      build: { meta: { name: 'sample' } },
      tags: ['cart', 'smoke'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const run = await finished(res.body.runId, 60_000);
    expect(run.buildId).toBe(newest);
    expect(run.succeededTests.map((e: any) => e.id).sort()).toEqual([ids.login, ids.wrong, ids.cart].sort());
  });

  it('runs pre-requests first (their values feed the test) and teardown requests after', async () => {
    // The team's own backend: seeds a user, then cleans up.
    const seen: string[] = [];
    const backend: Server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers['x-run'] ?? ''}`);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ user: { email: SAMPLE_EMAIL, password: SAMPLE_PASSWORD } }));
    });
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', () => resolve()));
    const base = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
    try {
      const seeded = await createTest('Seeded login', [...login, 'assertVisible: "Products"'], {
        preRequests: [
          {
            curlCommand: `curl -X POST -H 'x-run: e2e' ${base}/seed`,
            valuesToRemember: [
              { name: 'email', path: 'user.email' },
              { name: 'password', path: 'user.password' },
            ],
          },
        ],
        teardownRequests: [{ curlCommand: `curl -X DELETE ${base}/seed/{{email}}`, runOn: 'always' }],
      });
      await agent(1);
      const run = await finished((await api('POST', '/tests/execute', { organisationId: org.id, buildId, testIds: [seeded] })).body.runId);
      expect(run.succeededTests.map((e: any) => e.id)).toEqual([seeded]);
      await until(async () => seen.length === 2);
      expect(seen).toEqual(['POST /seed e2e', `DELETE /seed/${SAMPLE_EMAIL} `]);
    } finally {
      backend.close();
    }
  });

  it('a failed install blocks the test', async () => {
    await agents.start({ virtualDevices: 1, virtualDeviceOptions: [{ installFails: true }], drainSeconds: 0 });
    const run = await finished((await api('POST', '/tests/execute', { organisationId: org.id, buildId, testIds: [ids.login] })).body.runId);
    expect(run.blockedTests).toMatchObject([{ id: ids.login, status: 'blocked', statusMessage: expect.stringMatching(/install/i) }]);
  });

  /** A lab agent process of its own with one virtual device, for a test to kill -9 mid-test. */
  const agentToKill = () => {
    const child = startAgentProcess(server.url, token, mkdtempSync(join(work, 'killed-')));
    children.push(child);
    return child;
  };

  it('retries a test on a second device when its agent is killed mid-test', async () => {
    const child = agentToKill();
    const { runId } = (await api('POST', '/tests/execute', { organisationId: org.id, buildId, testIds: [ids.slow] })).body;
    await until(async () => (await testRow(runId, ids.slow)).status === 'running');
    await new Promise((r) => setTimeout(r, 500)); // inside its 3-second wait
    child.kill('SIGKILL');
    await agent(1);
    const run = await finished(runId);
    // On failure, say how the test ended and on which try (CI once saw it end unsucceeded under load).
    const why = JSON.stringify({ row: await testRow(runId, ids.slow), failed: run.failedTests, blocked: run.blockedTests });
    expect(
      run.succeededTests.map((e: any) => e.id),
      why,
    ).toEqual([ids.slow]);
    expect((await testRow(runId, ids.slow)).attempt).toBe(2);
  });

  it("a try lost with its agent runs its teardown too, once, besides the retried try's", async () => {
    const deletes: string[] = [];
    const backend: Server = createServer((req, res) => {
      if (req.method === 'DELETE') deletes.push(req.url ?? '');
      res.end('{}');
    });
    backend.listen(0, '127.0.0.1');
    await new Promise((r) => backend.once('listening', r));
    try {
      const base = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
      const testId = await createTest('Slow with a clean-up', ['launchApp', 'wait: 3', 'assertVisible: "Log in"'], {
        teardownRequests: [{ curlCommand: `curl -X DELETE ${base}/fixtures`, runOn: 'always' }],
      });
      const child = agentToKill();
      const { runId } = (await api('POST', '/tests/execute', { organisationId: org.id, buildId, testIds: [testId] })).body;
      await until(async () => (await testRow(runId, testId)).status === 'running');
      child.kill('SIGKILL');
      await agent(1);
      const run = await finished(runId);
      expect(
        run.succeededTests.map((e: any) => e.id),
        await diagnosis(runId),
      ).toEqual([testId]);
      expect((await testRow(runId, testId)).attempt).toBe(2);
      await until(async () => deletes.length >= 2);
      await new Promise((r) => setTimeout(r, 300));
      expect(deletes).toEqual(['/fixtures', '/fixtures']);
    } finally {
      backend.close();
    }
  });

  it('an agent killed and restarted at once, again and again, never stalls a run', async () => {
    // The same state dir is the same agent id: the restarted agent says hello without the
    // test it was running. Its device must come back idle, not stay busy with a lost test.
    const stateDir = mkdtempSync(join(work, 'restarted-'));
    const startChild = () => {
      const child = startAgentProcess(server.url, token, stateDir);
      children.push(child);
      return child;
    };
    let child = startChild();
    for (let round = 1; round <= 3; round++) {
      const { runId } = (await api('POST', '/tests/execute', { organisationId: org.id, buildId, testIds: [ids.slow] })).body;
      // A round takes about 10 s on a quiet machine (it starts an agent process, which tsx compiles); harness.ts's waits allow a slow CI day.
      await until(async () => (await testRow(runId, ids.slow)).status === 'running');
      child.kill('SIGKILL');
      child = startChild(); // at once: well within AGENT_LOST_SECONDS
      const run = await finished(runId).catch(async (e: Error) => {
        throw new Error(`round ${round}: ${e.message}\n${await diagnosis(runId)}`);
      });
      expect(
        run.succeededTests.map((e: any) => e.id),
        `round ${round}: ${await diagnosis(runId)}`,
      ).toEqual([ids.slow]);
      expect((await testRow(runId, ids.slow)).attempt, `round ${round}`).toBe(2);
    }
  }, 400_000);

  it('survives a control-plane restart mid-run: the agent reconnects, nothing is lost or run twice', async () => {
    await agent(1);
    const { runId } = (await api('POST', '/tests/execute', { organisationId: org.id, buildId, testIds: [ids.slow, ids.login] })).body;
    await until(async () => (await testRow(runId, ids.slow)).status === 'running');
    await server.restart();
    const run = await finished(runId);
    expect(run.failedTests.concat(run.blockedTests).map((e: any) => e.statusMessage)).toEqual([]);
    expect(run.succeededTests.map((e: any) => e.id)).toEqual([ids.slow, ids.login]);
    for (const id of [ids.slow, ids.login]) {
      expect((await testRow(runId, id)).attempt).toBe(1);
      const sessions = await server.db.query(
        'SELECT 1 FROM sdk_sessions WHERE test_id = $1 AND started_at >= (SELECT created_at FROM runs WHERE id = $2)',
        [id, runId],
      );
      expect(sessions).toHaveLength(1);
    }
  });

  it('cancels a run: the running test stops and is reported blocked', async () => {
    // A test never timed goes first (longest first, docs/scheduling.md): with the shared "Slow", the order
    // followed the earlier tests' durations, and under load "Log in" once ran first and succeeded before the cancel.
    const slow = await createTest('Slow, never timed', ['launchApp', 'wait: 3', 'assertVisible: "Log in"']);
    await agent(1);
    const { runId } = (await api('POST', '/tests/execute', { organisationId: org.id, buildId, testIds: [slow, ids.login] })).body;
    await until(async () => (await testRow(runId, slow)).status === 'running');
    expect((await testRow(runId, ids.login)).status).toBe('pending');
    const cancel = await api('POST', `/runs/${runId}/cancel`, {});
    expect(cancel.status).toBe(200);
    const run = await finished(runId);
    expect(run.status).toBe('cancelled');
    await until(async () => (await testRow(runId, slow)).status === 'blocked');
    const final = (await api('GET', `/runs/${runId}`)).body;
    expect(final.blockedTests.map((e: any) => [e.id, e.statusMessage])).toEqual([
      [slow, 'The run was cancelled'],
      [ids.login, 'The run was cancelled'],
    ]);
  });
});
