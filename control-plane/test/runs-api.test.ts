import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as fixtures from '../../scripts/fixtures/builds.js';
import { useTempDir } from '../../scripts/fixtures/temp-dir.js';
import { addApiKey } from '../src/admin/provision.js';
import { insertSession, recordStep } from '../src/queries/sessions.js';
import { type Client, client, type Org, seedOrg, settledTest, startServer, type TestServer, uploadBuild } from './harness.js';

let server: TestServer;
let org: Org;
let api: Client;
let bundleOrg: Org;
let bundleApi: Client;
let otherOrg: Org;
let otherApi: Client;
const at = useTempDir('devicelab-runs-');

/** Builds of `org`: two android builds named "shop" (the second newer), an iOS .ipa also named "shop", a simulator .app. */
const builds = { apkOld: '', apk: '', ipa: '', app: '' };
/** Ready tests of `org`, in library order: smoke, smoke+login, login, and one of another org. */
const tests = { a: '', b: '', c: '', draft: '', foreign: '' };

const upload = (key: string, file: string, name: string, fields: Record<string, string>) =>
  uploadBuild(server.url, key, file, fields, name);

async function readyTest(call: Client, body: Record<string, unknown>): Promise<string> {
  const res = await call('POST', '/tests', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const settled = await settledTest(call, res.body.testId);
  if (body.autoGenerate !== false) expect(settled.platforms.android.status).toBe('ready');
  return res.body.testId;
}

const count = async (table: string) => (await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
const jobsOf = (runId: string) =>
  server.db.query<{ id: string; testId: string; status: string; physical: boolean; platform: string; snapshot: any }>(
    `SELECT id, test_id AS "testId", status, physical, platform, snapshot FROM attempts WHERE run_id = $1 ORDER BY position`,
    [runId],
  );
const runRow = async (runId: string) =>
  (
    await server.db.query<any>(
      `SELECT status, platform, build_id AS "buildId", bundle_id AS "bundleId", package_name AS "packageName", physical,
            tunnel_name AS "tunnelName", trigger, api_key_id AS "apiKeyId", finished_at AS "finishedAt" FROM runs WHERE id = $1`,
      [runId],
    )
  )[0];

beforeAll(async () => {
  server = await startServer();
  org = await seedOrg(server.db);
  api = client(server.url, org.apiKey);
  bundleOrg = await seedOrg(server.db, { name: 'Bundle org', bundleIdRuns: true });
  bundleApi = client(server.url, bundleOrg.apiKey);
  otherOrg = await seedOrg(server.db, { name: 'Other' });
  otherApi = client(server.url, otherOrg.apiKey);

  await fixtures.makeApk(at('old.apk'), { packageName: 'com.example.old', versionName: '1.0', versionCode: 1 });
  await fixtures.makeApk(at('new.apk'), { packageName: 'com.example.shop', versionName: '2.0', versionCode: 2 });
  await fixtures.makeIpa(at('shop.ipa'), { bundleId: 'com.example.ios', version: '1.0', build: '1', name: 'Shop' });
  await fixtures.makeAppZip(at('sim.zip'), { bundleId: 'com.example.sim', version: '1.0', build: '1', name: 'Sim' });
  builds.apkOld = await upload(org.apiKey, at('old.apk'), 'old.apk', { platform: 'android', metadata: '{"name":"shop"}' });
  builds.apk = await upload(org.apiKey, at('new.apk'), 'new.apk', { platform: 'android', metadata: '{"name":"shop"}' });
  builds.ipa = await upload(org.apiKey, at('shop.ipa'), 'shop.ipa', { platform: 'ios', metadata: '{"name":"shop"}' });
  builds.app = await upload(org.apiKey, at('sim.zip'), 'sim.zip', { platform: 'ios' });

  tests.a = await readyTest(api, {
    title: 'Smoke A',
    commands: ['launchApp', 'tapOn: "Start"'],
    tags: ['smoke'],
    preRequests: [{ curlCommand: 'curl -X POST https://api.example.test/seed', valuesToRemember: ['token'] }],
    teardownRequests: [{ curlCommand: 'curl -X DELETE https://api.example.test/seed', runOn: 'always' }],
    launchParams: [{ key: 'env', value: 'staging' }],
    testInputs: [{ key: 'email', defaultValue: 'ann@example.test' }],
  });
  tests.b = await readyTest(api, { title: 'Smoke and login B', commands: ['launchApp'], tags: ['smoke', 'login'] });
  tests.c = await readyTest(api, { title: 'Login C', commands: ['launchApp', 'assertVisible: "Welcome"'], tags: ['login'] });
  tests.draft = await readyTest(api, { title: 'Draft', commands: ['launchApp'], tags: ['draft'], autoGenerate: false });
  tests.foreign = await readyTest(otherApi, { title: 'Foreign', commands: ['launchApp'], tags: ['smoke'] });
});
afterAll(() => server.close());
afterEach(() => vi.restoreAllMocks());

/** Starts a run that must be accepted; returns its id. */
async function execute(body: Record<string, unknown>, call: Client = api): Promise<string> {
  const res = await call('POST', '/tests/execute', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.runId;
}

describe('POST /tests/execute refusals', () => {
  const base = () => ({ organisationId: org.id, buildId: builds.apk, testIds: [tests.a] });

  it.each<[string, () => Record<string, unknown>, number, string[]]>([
    ['organisationId missing', () => ({ buildId: builds.apk, testIds: [tests.a] }), 400, ['organisationId is required']],
    ['organisationId of another organisation', () => ({ ...base(), organisationId: bundleOrg.id }), 403, ['organisationId']],
    ['none of buildId, build, bundleId', () => ({ organisationId: org.id, testIds: [tests.a] }), 400, ['buildId', 'build', 'bundleId']],
    [
      'bundleId when not enabled',
      () => ({ organisationId: org.id, bundleId: 'com.x', platform: 'android', testIds: [tests.a] }),
      403,
      ['bundleId runs are not enabled'],
    ],
    [
      'unsupported fields',
      () => ({ ...base(), launchParams: [], iterations: 3, ephemeralTestSteps: [], tagsQuery: 'x', METADATA: {} }),
      400,
      ['unsupported', 'launchParams', 'iterations', 'ephemeralTestSteps', 'tagsQuery', 'METADATA'],
    ],
    ['unknown fields', () => ({ ...base(), colour: 'red', deviceName: 'Pixel' }), 400, ['unknown field', 'colour', 'deviceName']],
    ["a platform other than the build's", () => ({ ...base(), platform: 'ios' }), 400, ['platform', 'android']],
    ['an unknown platform', () => ({ ...base(), platform: 'windows' }), 400, ['platform']],
    [
      'an .ipa with usePhysicalDevice false',
      () => ({ ...base(), buildId: builds.ipa, usePhysicalDevice: false }),
      400,
      ['.ipa', 'real iPhone'],
    ],
    ['a simulator .app on a handset', () => ({ ...base(), buildId: builds.app, usePhysicalDevice: true }), 400, ['simulator']],
    ['neither testIds nor tags', () => ({ organisationId: org.id, buildId: builds.apk }), 400, ['testIds, tags']],
    [
      'tags matching no test',
      () => ({ organisationId: org.id, buildId: builds.apk, tags: ['nothing-has-this'] }),
      400,
      ['nothing-has-this'],
    ],
    ['an empty selection', () => ({ ...base(), testIds: [] }), 400, ['no test']],
    [
      'a test without automation',
      () => ({ ...base(), testIds: [tests.a, tests.draft] }),
      400,
      ['not runnable on android', 'Draft', 'POST /tests/generate'],
    ],
    ['testIds not an array', () => ({ ...base(), testIds: tests.a }), 400, ['testIds']],
    ['usePhysicalDevice not a boolean', () => ({ ...base(), usePhysicalDevice: 'yes' }), 400, ['usePhysicalDevice']],
    ['a too long trigger', () => ({ ...base(), trigger: 'x'.repeat(51) }), 400, ['trigger']],
    ['an empty tunnelName', () => ({ ...base(), tunnelName: ' ' }), 400, ['tunnelName']],
    ['buildId and uploadId that differ', () => ({ ...base(), uploadId: builds.apkOld }), 400, ['buildId', 'uploadId']],
    ['build without meta.name', () => ({ ...base(), build: { meta: {} } }), 400, ['build.meta.name']],
  ])('refuses %s', async (_name, body, status, words) => {
    const runs = await count('runs');
    const res = await api('POST', '/tests/execute', body());
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    for (const word of words) expect(res.body.detail).toContain(word);
    expect(await count('runs')).toBe(runs);
  });

  it('refuses bundleId without platform and bundleId with buildId, for an organisation that has bundleId runs', async () => {
    const testId = await readyTest(bundleApi, { commands: ['launchApp'] });
    let res = await bundleApi('POST', '/tests/execute', { organisationId: bundleOrg.id, bundleId: 'com.x', testIds: [testId] });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('requires platform');
    res = await bundleApi('POST', '/tests/execute', {
      organisationId: bundleOrg.id,
      bundleId: 'com.x',
      platform: 'android',
      buildId: 'bld_x',
      testIds: [testId],
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('cannot be combined with buildId');
    res = await bundleApi('POST', '/tests/execute', {
      organisationId: bundleOrg.id,
      bundleId: 'com.x',
      platform: 'android',
      usePhysicalDevice: false,
      testIds: [testId],
    });
    expect(res.status).toBe(400);
  });

  it('names tests whose automation is still being written', async () => {
    await server.db.query(`UPDATE tests SET automation = jsonb_set(automation, '{android,status}', '"generating"') WHERE id = $1`, [
      tests.b,
    ]);
    try {
      const res = await api('POST', '/tests/execute', { ...base(), testIds: [tests.a, tests.b] });
      expect(res.status).toBe(400);
      expect(res.body.detail).toContain(tests.b);
      expect(res.body.detail).toContain('generating');
      expect(res.body.detail).not.toContain(`${tests.a} (`);
      expect(res.body.errors).toEqual([{ path: tests.b, message: expect.stringContaining('still being written') }]);
    } finally {
      await server.db.query(`UPDATE tests SET automation = jsonb_set(automation, '{android,status}', '"ready"') WHERE id = $1`, [tests.b]);
    }
  });

  it('answers 404 naming unknown tests and tests of another organisation, and 404 for unknown builds', async () => {
    let res = await api('POST', '/tests/execute', { ...base(), testIds: [tests.a, 'tst_nope', tests.foreign] });
    expect(res.status).toBe(404);
    expect(res.body.detail).toContain('tst_nope');
    expect(res.body.detail).toContain(tests.foreign);
    res = await api('POST', '/tests/execute', { ...base(), buildId: 'bld_nope' });
    expect(res.status).toBe(404);
    res = await otherApi('POST', '/tests/execute', { organisationId: otherOrg.id, buildId: builds.apk, testIds: [tests.foreign] });
    expect(res.status).toBe(404); // another organisation's build
    res = await api('POST', '/tests/execute', { ...base(), buildId: undefined, build: { meta: { name: 'no-such-name' } } });
    expect(res.status).toBe(404);
    expect(res.body.detail).toContain('no-such-name');
  });

  it('refuses malformed and non-object bodies with 400', async () => {
    for (const raw of ['{"organisationId": ', 'null', '[]', '"x"', '42']) {
      const res = await api('POST', '/tests/execute', raw);
      expect(res.status, raw).toBe(400);
      expect(typeof res.body.detail).toBe('string');
    }
  });
});

describe('POST /tests/execute', () => {
  it('creates the run and its tests in one go, wakes the dispatcher, and answers running at once', async () => {
    const wake = vi.spyOn(server.services.dispatcher, 'wake').mockImplementation(() => {});
    const res = await api('POST', '/tests/execute', { organisationId: org.id, buildId: builds.apk, testIds: [tests.a, tests.c] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: expect.any(String),
      runId: expect.stringMatching(/^run_/),
      status: 'running',
      test_suite_ids: [res.body.runId],
      app_link: `${server.url}/app/runs/${res.body.runId}`,
    });
    expect(wake).toHaveBeenCalledTimes(1);
    const run = await runRow(res.body.runId);
    expect(run).toMatchObject({
      status: 'running',
      platform: 'android',
      buildId: builds.apk,
      bundleId: null,
      packageName: 'com.example.shop',
      physical: false,
      tunnelName: null,
      trigger: 'api',
      apiKeyId: org.apiKeyId,
      finishedAt: null,
    });
    const jobs = await jobsOf(res.body.runId);
    expect(jobs.map((j) => [j.testId, j.status, j.physical, j.platform])).toEqual([
      [tests.a, 'pending', false, 'android'],
      [tests.c, 'pending', false, 'android'],
    ]);
    expect(jobs[0]!.id).toMatch(/^att_[A-Za-z0-9]{16}$/);
    expect(jobs[0]!.snapshot).toEqual({
      title: 'Smoke A',
      commands: ['launchApp', 'tapOn: "Start"'],
      launchParams: [{ key: 'env', value: 'staging' }],
      testInputs: [{ key: 'email', defaultValue: 'ann@example.test' }],
      preRequests: [
        {
          curlCommand: 'curl -X POST https://api.example.test/seed',
          delayBeforeRequest: 0,
          throughTunnel: false,
          valuesToRemember: ['token'],
        },
      ],
      teardownRequests: [{ curlCommand: 'curl -X DELETE https://api.example.test/seed', runOn: 'always', throughTunnel: false }],
    });
  });

  it('accepts lowercase keys, uploadId as buildId, and stores trigger', async () => {
    const runId = await execute({
      organisationid: org.id,
      uploadid: builds.apk,
      testids: [tests.b],
      usephysicaldevice: false,
      TRIGGER: 'nightly',
      Platform: 'Android',
    });
    expect(await runRow(runId)).toMatchObject({ buildId: builds.apk, physical: false, trigger: 'nightly', platform: 'android' });
    // The same field twice (any spelling) is fine when the values agree.
    await execute({ organisationId: org.id, buildId: builds.apk, uploadId: builds.apk, testIds: [tests.b] });
  });

  it('selects the newest build of a name, per platform when given, and prefers build over buildId', async () => {
    const newest = await execute({ organisationId: org.id, build: { meta: { name: 'shop' } }, testIds: [tests.a] });
    expect(await runRow(newest)).toMatchObject({ buildId: builds.ipa, platform: 'ios', physical: true });
    const android = await execute({ organisationId: org.id, build: { meta: { name: 'shop' } }, platform: 'android', testIds: [tests.a] });
    expect(await runRow(android)).toMatchObject({ buildId: builds.apk, platform: 'android' });
    const both = await execute({
      organisationId: org.id,
      buildId: builds.apkOld,
      build: { meta: { name: 'shop' } },
      platform: 'android',
      testIds: [tests.a],
    });
    expect((await runRow(both)).buildId).toBe(builds.apk);
  });

  it("finds a build by name among the organisation's own builds only, though another's of that name is newer", async () => {
    const foreign = await upload(otherOrg.apiKey, at('new.apk'), 'new.apk', { platform: 'android', metadata: '{"name":"shop"}' });
    const run = await execute({ organisationId: org.id, build: { meta: { name: 'shop' } }, platform: 'android', testIds: [tests.a] });
    expect((await runRow(run)).buildId).toBe(builds.apk);
    // A name only the other organisation has is not found.
    await upload(otherOrg.apiKey, at('new.apk'), 'new.apk', { platform: 'android', metadata: '{"name":"theirs-only"}' });
    const missing = await api('POST', '/tests/execute', {
      organisationId: org.id,
      build: { meta: { name: 'theirs-only' } },
      testIds: [tests.a],
    });
    expect(missing).toEqual({ status: 404, body: { detail: 'no build named "theirs-only"' } });
    // The other organisation's own run by that name takes its own build.
    const theirs = await execute({ organisationId: otherOrg.id, build: { meta: { name: 'shop' } }, testIds: [tests.foreign] }, otherApi);
    expect((await runRow(theirs)).buildId).toBe(foreign);
  });

  it('runs an .ipa on a handset by default and a simulator .app on a simulator', async () => {
    const ipa = await execute({ organisationId: org.id, buildId: builds.ipa, testIds: [tests.a] });
    expect(await runRow(ipa)).toMatchObject({ platform: 'ios', physical: true, packageName: 'com.example.ios' });
    expect((await jobsOf(ipa))[0]).toMatchObject({ physical: true, platform: 'ios' });
    const app = await execute({ organisationId: org.id, buildId: builds.app, testIds: [tests.a] });
    expect(await runRow(app)).toMatchObject({ platform: 'ios', physical: false });
  });

  it('defaults to a real handset when one is reserved for the organisation and platform', async () => {
    const before = await execute({ organisationId: org.id, buildId: builds.apk, testIds: [tests.a] });
    expect((await runRow(before)).physical).toBe(false);
    await server.db.query(`INSERT INTO agent_tokens (id, org_id, token_hash) VALUES ('atk_runs', $1, 'hash-runs')`, [org.id]);
    await server.db.query(
      `INSERT INTO agents (id, token_id, org_id, hostname, version) VALUES ('agent-runs', 'atk_runs', $1, 'lab', '1')`,
      [org.id],
    );
    await server.db.query(
      `INSERT INTO devices (id, agent_id, serial, org_id, platform, kind, model, os_version, state)
       VALUES ('dev_runs', 'agent-runs', 'R5CT', $1, 'android', 'physical', 'Galaxy S23', '14', 'offline')`,
      [org.id],
    );
    try {
      const after = await execute({ organisationId: org.id, buildId: builds.apk, testIds: [tests.a] });
      expect((await runRow(after)).physical).toBe(true);
      const forced = await execute({ organisationId: org.id, buildId: builds.apk, testIds: [tests.a], usePhysicalDevice: false });
      expect((await runRow(forced)).physical).toBe(false);
    } finally {
      await server.db.query(`DELETE FROM devices WHERE id = 'dev_runs'`);
    }
  });

  it('runs testIds first, then tag matches in library order, each test once', async () => {
    const runId = await execute({ organisationId: org.id, buildId: builds.apk, testIds: [tests.c, tests.c], tags: ['smoke', 'login'] });
    expect((await jobsOf(runId)).map((j) => j.testId)).toEqual([tests.c, tests.a, tests.b]);
    const tagsOnly = await execute({ organisationId: org.id, buildId: builds.apk, tags: ['login'] });
    expect((await jobsOf(tagsOnly)).map((j) => j.testId)).toEqual([tests.b, tests.c]);
  });

  it('starts a bundleId run on a handset when the organisation has it enabled', async () => {
    const testId = await readyTest(bundleApi, { commands: ['launchApp'] });
    const runId = await execute(
      { organisationId: bundleOrg.id, bundleId: 'com.example.installed', platform: 'ios', testIds: [testId] },
      bundleApi,
    );
    expect(await runRow(runId)).toMatchObject({
      buildId: null,
      bundleId: 'com.example.installed',
      packageName: 'com.example.installed',
      physical: true,
      platform: 'ios',
    });
  });

  it('fails every test of a run naming a tunnel that is not connected, and completes the run', async () => {
    const res = await api('POST', '/tests/execute', {
      organisationId: org.id,
      buildId: builds.apk,
      testIds: [tests.a, tests.b],
      tunnelName: 'office',
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('running');
    const message = 'Tunnel "office" is not connected: start it with devicelab tunnel start --tunnel-name office';
    await server.services.dispatcher.sweep();
    const run = (await api('GET', `/runs/${res.body.runId}`)).body;
    expect(run).toMatchObject({
      status: 'completed',
      tunnelName: 'office',
      totalTests: 2,
      pendingTests: 0,
      succeededTests: [],
      blockedTests: [],
    });
    expect(run.finishedAt).toEqual(expect.any(String));
    expect(run.failedTests.map((e: any) => [e.id, e.status, e.statusMessage])).toEqual([
      [tests.a, 'failed', message],
      [tests.b, 'failed', message],
    ]);
  });
});

describe('GET /runs/{run_id}', () => {
  it('shows a new run as running with no verdicts, then the verdicts with exact entries', async () => {
    const runId = await execute({ organisationId: org.id, buildId: builds.apk, testIds: [tests.a, tests.b, tests.c], trigger: 'ci' });
    let res = await api('GET', `/runs/${runId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      runId,
      status: 'running',
      trigger: 'ci',
      platform: 'android',
      physical: false,
      buildId: builds.apk,
      bundleId: null,
      tunnelName: null,
      ci: null,
      createdAt: expect.any(String),
      finishedAt: null,
      totalTests: 3,
      pendingTests: 3,
      succeededTests: [],
      failedTests: [],
      blockedTests: [],
    });

    const [ja, jb, jc] = await jobsOf(runId);
    await server.db.query(
      `UPDATE attempts SET status = 'succeeded', device_label = 'Pixel 7 (emulator-5554)', started_at = '2025-01-02T03:04:05Z',
              finished_at = '2025-01-02T03:04:17.5Z', duration_seconds = 12.5 WHERE id = $1`,
      [jc!.id],
    );
    await server.db.query(
      `UPDATE attempts SET status = 'failed', status_message = 'Step 2 failed: "Start" is not on the screen',
              device_label = 'Pixel 7 (emulator-5554)', started_at = '2025-01-02T03:05:00Z', duration_seconds = 3 WHERE id = $1`,
      [ja!.id],
    );
    await server.db.query(`UPDATE attempts SET status = 'running' WHERE id = $1`, [jb!.id]);
    res = await api('GET', `/runs/${runId}`);
    const logs = (testId: string) => `${server.url}/suite/${runId}/run/${testId}/interaction_logs?organisation_id=${org.id}`;
    expect(res.body).toMatchObject({ status: 'running', totalTests: 3, pendingTests: 1, blockedTests: [] });
    expect(res.body.succeededTests).toEqual([
      {
        id: tests.c,
        title: 'Login C',
        status: 'succeeded',
        recording: `${server.url}/app/recording/${runId}/runs/${tests.c}`,
        interactionLogs: logs(tests.c),
        statusMessage: null,
        platform: 'android',
        device: 'Pixel 7 (emulator-5554)',
        startedAt: '2025-01-02T03:04:05.000Z',
        durationSeconds: 12.5,
      },
    ]);
    expect(res.body.failedTests).toEqual([
      {
        id: tests.a,
        title: 'Smoke A',
        status: 'failed',
        recording: `${server.url}/app/recording/${runId}/runs/${tests.a}`,
        interactionLogs: logs(tests.a),
        statusMessage: 'Step 2 failed: "Start" is not on the screen',
        platform: 'android',
        device: 'Pixel 7 (emulator-5554)',
        startedAt: '2025-01-02T03:05:00.000Z',
        durationSeconds: 3,
      },
    ]);
  });

  it("answers 404 for unknown runs and for another organisation's", async () => {
    const runId = await execute({ organisationId: org.id, buildId: builds.apk, testIds: [tests.a] });
    expect((await api('GET', '/runs/run_nope')).status).toBe(404);
    const res = await otherApi('GET', `/runs/${runId}`);
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('run not found');
    expect((await otherApi('POST', `/runs/${runId}/cancel`)).status).toBe(404);
    expect((await otherApi('GET', '/runs')).body.runs.map((r: any) => r.runId)).not.toContain(runId);
  });
});

describe('GET /runs', () => {
  it('lists runs newest first with counts, filters by status and trigger, and pages with a cursor', async () => {
    const trigger = `list-${Date.now()}`;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(await execute({ organisationId: org.id, buildId: builds.apk, testIds: [tests.a, tests.b], trigger }));
    await server.db.query(`UPDATE attempts SET status = 'succeeded' WHERE run_id = $1 AND test_id = $2`, [ids[0], tests.a]);
    await api('POST', `/runs/${ids[1]}/cancel`);

    let res = await api('GET', `/runs?trigger=${trigger}`);
    expect(res.status).toBe(200);
    expect(res.body.runs.map((r: any) => r.runId)).toEqual([...ids].reverse());
    expect(res.body.nextCursor).toBeNull();
    const oldest = res.body.runs[4];
    expect(oldest).toMatchObject({
      runId: ids[0],
      status: 'running',
      trigger,
      totalTests: 2,
      pendingTests: 1,
      succeededCount: 1,
      failedCount: 0,
      blockedCount: 0,
    });
    expect(oldest).not.toHaveProperty('succeededTests');

    res = await api('GET', `/runs?trigger=${trigger}&status=cancelled`);
    expect(res.body.runs.map((r: any) => r.runId)).toEqual([ids[1]]);
    expect(res.body.runs[0]).toMatchObject({ blockedCount: 2, pendingTests: 0 });
    expect((await api('GET', `/runs?trigger=${trigger}&status=completed`)).body.runs).toEqual([]);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await api('GET', `/runs?trigger=${trigger}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.runs.map((r: any) => r.runId));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());

    const all = (await api('GET', '/runs?limit=200')).body.runs.map((r: any) => r.runId);
    expect(all.indexOf(ids[4])).toBeLessThan(all.indexOf(ids[0]));
    for (const bad of ['status=done', 'limit=0', 'limit=201', 'cursor=garbage']) {
      expect((await api('GET', `/runs?${bad}`)).status, bad).toBe(400);
    }
  });
});

describe('POST /runs/{run_id}/cancel', () => {
  it('blocks pending tests, stops active ones through the dispatcher, and refuses a second cancel with 409', async () => {
    const cancel = vi.spyOn(server.services.dispatcher, 'cancel').mockImplementation(() => {});
    const runId = await execute({ organisationId: org.id, buildId: builds.apk, testIds: [tests.a, tests.b, tests.c] });
    const [ja, jb, jc] = await jobsOf(runId);
    await server.db.query(`UPDATE attempts SET status = 'running' WHERE id = $1`, [ja!.id]);
    await server.db.query(`UPDATE attempts SET status = 'offered' WHERE id = $1`, [jb!.id]);

    let res = await api('POST', `/runs/${runId}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String), runId, status: 'cancelled' });
    expect(cancel).toHaveBeenCalledWith(
      [expect.objectContaining({ id: ja!.id, tryNumber: 1 }), expect.objectContaining({ id: jb!.id, tryNumber: 1 })],
      'The run was cancelled',
    );
    const run = (await api('GET', `/runs/${runId}`)).body;
    expect(run).toMatchObject({ status: 'cancelled', pendingTests: 2, succeededTests: [], failedTests: [] });
    expect(run.finishedAt).toEqual(expect.any(String));
    expect(run.blockedTests).toEqual([expect.objectContaining({ id: tests.c, status: 'blocked', statusMessage: 'The run was cancelled' })]);
    expect((await jobsOf(runId)).map((j) => j.status)).toEqual(['running', 'offered', 'blocked']);
    expect(jc).toBeDefined();

    res = await api('POST', `/runs/${runId}/cancel`);
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain('cancelled');
    expect(cancel).toHaveBeenCalledTimes(1);
  });

  it('refuses to cancel a completed run and does not call the dispatcher when nothing is active', async () => {
    const cancel = vi.spyOn(server.services.dispatcher, 'cancel').mockImplementation(() => {});
    const tunnelRun = await execute({ organisationId: org.id, buildId: builds.apk, testIds: [tests.a], tunnelName: 'lab' });
    await server.services.dispatcher.sweep(); // the dispatcher fails a run without its tunnel, then it is completed
    const res = await api('POST', `/runs/${tunnelRun}/cancel`);
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain('completed');
    const runId = await execute({ organisationId: org.id, buildId: builds.apk, testIds: [tests.a] });
    expect((await api('POST', `/runs/${runId}/cancel`)).status).toBe(200);
    expect(cancel).not.toHaveBeenCalled();
    expect((await api('POST', '/runs/run_nope/cancel')).status).toBe(404);
  });
});

describe('interaction logs and screenshots', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

  it('serves the step log of a test in a run, with screenshot URLs that serve the PNG', async () => {
    const runId = await execute({ organisationId: org.id, buildId: builds.apk, testIds: [tests.a, tests.b] });
    const [ja] = await jobsOf(runId);
    const session = await insertSession(server.db, {
      id: `ses_runs${Date.now()}`,
      orgId: org.id,
      apiKeyId: org.apiKeyId,
      testId: tests.a,
      platform: 'android',
    });
    const shotKey = `sessions/${session.id}/1.png`;
    await server.services.storage.put(shotKey, png);
    const step = (over: Partial<Parameters<typeof recordStep>[1]>) =>
      recordStep(server.db, {
        sessionId: session.id,
        call: 'execute',
        kind: 'deterministic',
        stepIndex: 0,
        command: 'launchApp',
        actions: [{ type: 'launch' }],
        outcome: 'done',
        reason: null,
        fingerprint: null,
        screenshot: null,
        durationMs: 40,
        ...over,
      });
    expect(await step({ screenshot: shotKey })).toBe(1);
    expect(
      await step({
        kind: 'ai',
        stepIndex: 1,
        command: 'tapOn: "Start"',
        actions: [{ type: 'tap', target: { by: 'text', value: 'Start' }, point: { x: 1, y: 2 } }],
        outcome: 'failed',
        reason: 'not found',
        durationMs: 900,
      }),
    ).toBe(2);
    await server.db.query('UPDATE attempts SET session_id = $2, status = $3, status_message = $4 WHERE id = $1', [
      ja!.id,
      session.id,
      'failed',
      'not found',
    ]);

    const logsUrl = (await api('GET', `/runs/${runId}`)).body.failedTests[0].interactionLogs as string;
    const path = logsUrl.slice(server.url.length);
    const res = await api('GET', path);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      runId,
      testId: tests.a,
      title: 'Smoke A',
      status: 'failed',
      statusMessage: 'not found',
      deviceLog: null,
      steps: [
        {
          seq: 1,
          index: 0,
          call: 'execute',
          command: 'launchApp',
          actions: [{ type: 'launch' }],
          type: 'deterministic',
          outcome: 'done',
          reason: null,
          device: null,
          screenshot: `${server.url}/runs/${runId}/tests/${tests.a}/screenshots/1`,
          durationMs: 40,
          at: expect.any(String),
        },
        {
          seq: 2,
          index: 1,
          call: 'execute',
          command: 'tapOn: "Start"',
          actions: [{ type: 'tap', target: { by: 'text', value: 'Start' }, point: { x: 1, y: 2 } }],
          type: 'ai',
          outcome: 'failed',
          reason: 'not found',
          device: null,
          screenshot: null,
          durationMs: 900,
          at: expect.any(String),
        },
      ],
    });

    const shot = await fetch(res.body.steps[0].screenshot, { headers: { authorization: `Bearer ${org.apiKey}` } });
    expect(shot.status).toBe(200);
    expect(shot.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await shot.arrayBuffer())).toEqual(png);
    expect((await api('GET', `/runs/${runId}/tests/${tests.a}/screenshots/2`)).status).toBe(404); // no screenshot on that step
    expect((await api('GET', `/runs/${runId}/tests/${tests.a}/screenshots/9`)).status).toBe(404);
    expect((await api('GET', `/runs/${runId}/tests/${tests.a}/screenshots/x`)).status).toBe(400);
    expect((await otherApi('GET', `/runs/${runId}/tests/${tests.a}/screenshots/1`)).status).toBe(404);
    expect((await fetch(res.body.steps[0].screenshot)).status).toBe(401);
    await server.services.storage.remove(shotKey);
    expect((await api('GET', `/runs/${runId}/tests/${tests.a}/screenshots/1`)).status).toBe(404); // file gone

    // A test that has not started yet has an empty log, and says why it waits.
    const waiting = await api('GET', `/suite/${runId}/run/${tests.b}/interaction_logs?organisation_id=${org.id}`);
    expect(waiting.body).toMatchObject({ testId: tests.b, status: 'pending', statusMessage: expect.stringMatching(/^waiting/), steps: [] });

    // The organisation in the link must be the key's; it is required.
    expect((await api('GET', `/suite/${runId}/run/${tests.a}/interaction_logs`)).status).toBe(400);
    expect((await api('GET', `/suite/${runId}/run/${tests.a}/interaction_logs?organisation_id=${bundleOrg.id}`)).status).toBe(404);
    const foreign = await otherApi('GET', path);
    expect(foreign.status).toBe(404);
    expect((await api('GET', `/suite/${runId}/run/tst_nope/interaction_logs?organisation_id=${org.id}`)).status).toBe(404);
    expect((await fetch(logsUrl)).status).toBe(401);
  });
});

describe('audit keys', () => {
  it('may read runs but not start or cancel them', async () => {
    const audit = client(server.url, (await addApiKey(server.db, org.id, 'audit')).apiKey);
    const runId = await execute({ organisationId: org.id, buildId: builds.apk, testIds: [tests.a] });
    expect((await audit('GET', `/runs/${runId}`)).status).toBe(200);
    expect((await audit('GET', '/runs')).status).toBe(200);
    expect((await audit('GET', `/suite/${runId}/run/${tests.a}/interaction_logs?organisation_id=${org.id}`)).status).toBe(200);
    const runs = await count('runs');
    expect((await audit('POST', '/tests/execute', { organisationId: org.id, buildId: builds.apk, testIds: [tests.a] })).status).toBe(403);
    expect((await audit('POST', `/runs/${runId}/cancel`)).status).toBe(403);
    expect(await count('runs')).toBe(runs);
    expect((await api('GET', `/runs/${runId}`)).body.status).toBe('running');
  });

  it('requires a key at all', async () => {
    const anonymous = client(server.url);
    expect((await anonymous('GET', '/runs')).status).toBe(401);
    expect((await anonymous('POST', '/tests/execute', { organisationId: org.id })).status).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents the run endpoints', async () => {
    const paths = (await client(server.url)('GET', '/openapi.json')).body.paths;
    expect(paths['/tests/execute'].post.requestBody.content['application/json'].schema).toBeDefined();
    for (const [path, method] of [
      ['/runs', 'get'],
      ['/runs/{run_id}', 'get'],
      ['/runs/{run_id}/cancel', 'post'],
      ['/suite/{run_id}/run/{test_id}/interaction_logs', 'get'],
      ['/runs/{run_id}/tests/{test_id}/screenshots/{seq}', 'get'],
    ]) {
      expect(paths[path!]?.[method!], `${method} ${path}`).toBeDefined();
    }
  });
});
