/**
 * Issue 15: CI jobs built on GPT Driver's public actions (upload-build, run-tests)
 * pointed at DeviceLab with their `api-url`. The requests are written here from the
 * issue's description of what the actions send; a real lab agent drives a virtual
 * handset so that the tracked runs really complete.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAgent, startAgent } from '../../lab-agent/src/agent.js';
import { makeApk } from '../../scripts/fixtures/builds.js';
import { SAMPLE_EMAIL, SAMPLE_PACKAGE, SAMPLE_PASSWORD } from '../../virtual-devices/src/index.js';
import { addAgentToken } from '../src/admin/provision.js';
import { type Client, client, type Org, seedOrg, settledTest, startServer, type TestServer } from './harness.js';

let server: TestServer;
let org: Org;
let other: Org;
let api: Client;
let agent: RunningAgent;
let work: string;
let apk: string;
const ids = { login: '', checkout: '' };

/** What upload-build collects about the job on GitHub Actions, as the `ci` part. */
const CI = {
  provider: 'github',
  repository: 'acme/shop',
  sha: '3f2c9e1b7a5d4c3b2a1f0e9d8c7b6a5f4e3d2c1b',
  ref: 'refs/pull/42/merge',
  runId: '9876543210',
  runAttempt: 2,
  pullRequest: 42,
};

/** upload-build: multipart to {api-url}/uploadBuild/ with the organisation id in organisation_key and the key as Bearer. */
async function actionUpload(parts: { organisationKey?: string; bearer?: string | null; metadata?: string; ci?: string }) {
  const form = new FormData();
  form.append('build', new Blob([readFileSync(apk)]), 'app-release.apk');
  form.append('organisation_key', parts.organisationKey ?? org.id);
  if (parts.metadata !== undefined) form.append('metadata', parts.metadata);
  if (parts.ci !== undefined) form.append('ci', parts.ci);
  const bearer = parts.bearer === undefined ? org.apiKey : parts.bearer;
  const res = await fetch(`${server.url}/uploadBuild/`, {
    method: 'POST',
    body: form,
    headers: { accept: 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** run-tests: POST /tests/execute with lowercase keys; it tracks test_suite_ids[0]. */
const actionTrigger = (body: Record<string, unknown>) => api('POST', '/tests/execute', body, { accept: 'application/json' });

/**
 * run-tests' tracking: poll GET /runs/{id} with a growing interval (the action's 10 s ×1.5
 * up to 30 s, scaled down here), 404s within the grace period read as "not registered
 * yet"; the job fails when anything failed or was blocked.
 */
async function actionTrack(runId: string, opts = { firstMs: 40, factor: 1.5, maxMs: 120, graceMs: 2_000, timeoutMs: 60_000 }) {
  const started = Date.now();
  const answers: number[] = [];
  let wait = opts.firstMs;
  for (;;) {
    await new Promise((r) => setTimeout(r, wait));
    wait = Math.min(opts.maxMs, wait * opts.factor);
    const res = await api('GET', `/runs/${encodeURIComponent(runId)}`, undefined, { accept: 'application/json' });
    answers.push(res.status);
    if (res.status === 404 && Date.now() - started < opts.graceMs) continue;
    if (res.status !== 200) throw new Error(`GET /runs/${runId} answered ${res.status}: ${JSON.stringify(res.body)}`);
    if (res.body.status === 'completed' || res.body.status === 'cancelled') {
      const entries = (group: string) =>
        (res.body[group] as any[]).map(({ id, title, status, recording }) => ({ id, title, status, recording }));
      const [succeeded, failed, blocked] = [entries('succeededTests'), entries('failedTests'), entries('blockedTests')];
      return { run: res.body, answers, succeeded, failed, blocked, jobFails: failed.length + blocked.length > 0 };
    }
    if (Date.now() - started > opts.timeoutMs) throw new Error(`run ${runId} still ${res.body.status}`);
  }
}

async function createTest(title: string, commands: string[], extra: Record<string, unknown> = {}): Promise<string> {
  const res = await api('POST', '/tests', { title, commands, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect((await settledTest(api, res.body.testId)).platforms.android.status).toBe('ready');
  return res.body.testId;
}

/**
 * A digest of every row of every table of ours: equal digests mean a refusal wrote
 * nothing. Only the liveness timestamps the agent's heartbeats and the replica lease
 * renew on their own (last_seen_at, seen_at) are left out.
 */
async function snapshot(): Promise<string> {
  const tables = await server.db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const parts = await Promise.all(
    tables.map(async ({ name }) => {
      const rows = await server.db.query<{ d: string | null }>(
        `SELECT md5(string_agg(r, '|' ORDER BY r)) AS d FROM (SELECT (to_jsonb(x) - 'last_seen_at' - 'seen_at')::text AS r FROM "${name}" x) t`,
      );
      return `${name}:${rows[0]!.d}`;
    }),
  );
  return parts.join(',');
}
const storedBuilds = (o: Org) => {
  try {
    return readdirSync(join(server.dataDir, 'files', 'builds', o.id));
  } catch {
    return [];
  }
};

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'devicelab-gptd-'));
  server = await startServer();
  org = await seedOrg(server.db);
  other = await seedOrg(server.db, { name: 'Other' });
  api = client(server.url, org.apiKey);
  apk = join(work, 'app-release.apk');
  await makeApk(apk, { packageName: SAMPLE_PACKAGE, versionName: '1.0', versionCode: 1, label: 'DeviceLab Sample' });
  const inputs = {
    testInputs: [
      { key: 'email', defaultValue: SAMPLE_EMAIL },
      { key: 'password', defaultValue: SAMPLE_PASSWORD },
    ],
  };
  ids.login = await createTest(
    'Login works',
    [
      'Enter {{email}} in the Email field',
      'Enter {{password}} in the Password field',
      'Tap the Log in button',
      'assertVisible: "Products"',
    ],
    { ...inputs, tags: ['smoke'] },
  );
  ids.checkout = await createTest('Checkout button', ['Tap the Checkout button'], { tags: ['broken'] });
  agent = await startAgent({
    controlPlaneUrl: server.url,
    token: (await addAgentToken(server.db, null)).agentToken,
    virtualDevices: 1,
    stateDir: mkdtempSync(join(work, 'agent-')),
    log: () => {},
    backoff: { baseMs: 50, maxMs: 500 },
    drainSeconds: 1,
  });
  // The agent's hello writes its rows a moment after it starts: the refusals' snapshots must
  // not see that write as theirs.
  for (let i = 0; i < 200; i += 1) {
    const rows = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM devices WHERE state = 'online'`);
    if (rows[0]!.n > 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
});
afterAll(async () => {
  await agent?.stop({ drainSeconds: 0 });
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('upload-build pointed at DeviceLab', () => {
  it('uploads with the organisation id, a Bearer key and the ci part; the build record returns the ci', async () => {
    const res = await actionUpload({ metadata: JSON.stringify({ name: 'shop' }), ci: JSON.stringify(CI) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      buildId: expect.stringMatching(/^bld_/),
      app_link: `${server.config.appUrl}/organisations/${org.id}/build/${res.body.buildId}`,
    });
    const build = await api('GET', `/builds/${res.body.buildId}`);
    expect(build.body).toMatchObject({ buildId: res.body.buildId, packageName: SAMPLE_PACKAGE, meta: { name: 'shop' }, ci: CI });
    const listed = await api('GET', '/builds?name=shop');
    expect(listed.body.builds.map((b: any) => [b.buildId, b.ci])).toEqual([[res.body.buildId, CI]]);
  });

  it("stores a ci of another release's field names as sent, and no ci as null", async () => {
    const older = { commitSha: 'abc123', branch: 'main', repo: 'acme/shop', event: 'push' };
    const withOlder = await actionUpload({ ci: JSON.stringify(older) });
    const without = await actionUpload({});
    expect((await api('GET', `/builds/${withOlder.body.buildId}`)).body.ci).toEqual(older);
    expect((await api('GET', `/builds/${without.body.buildId}`)).body.ci).toBeNull();
  });

  it('keeps the secret organisation key working, alone or with a Bearer key of its organisation', async () => {
    expect((await actionUpload({ organisationKey: org.orgKey, bearer: null })).status).toBe(200);
    expect((await actionUpload({ organisationKey: org.orgKey })).status).toBe(200);
  });

  const refusals: Array<[string, () => Parameters<typeof actionUpload>[0], number, RegExp]> = [
    ['an organisation id without a key', () => ({ bearer: null }), 401, /organisation id.*Bearer/],
    ['an organisation id with an invalid Bearer key', () => ({ bearer: `dl_live_AAAAAAAAAAA_${'b'.repeat(40)}` }), 401, /invalid API key/],
    ["another organisation's id with our Bearer key", () => ({ organisationKey: other.id }), 403, /not the organisation of the Bearer key/],
    [
      "our organisation id with another organisation's Bearer key",
      () => ({ bearer: other.apiKey }),
      403,
      /not the organisation of the Bearer key/,
    ],
    ['an organisation id that does not exist', () => ({ organisationKey: 'org_doesnotexist0000' }), 403, /not the organisation/],
    ["another organisation's secret key with our Bearer key", () => ({ organisationKey: other.orgKey }), 401, /different organisations/],
    ['ci that is not JSON', () => ({ ci: '{provider: github' }), 400, /^ci must be a JSON object/],
    ['ci that is an array', () => ({ ci: '["github"]' }), 400, /invalid ci: expected a JSON object/],
    ['ci that is a string', () => ({ ci: '"github"' }), 400, /invalid ci/],
    ['ci that is null', () => ({ ci: 'null' }), 400, /invalid ci/],
    ['ci larger than 16 KiB', () => ({ ci: JSON.stringify({ ...CI, note: 'x'.repeat(17 * 1024) }) }), 400, /ci is larger than 16 KiB/],
    ['ci holding a NUL character', () => ({ ci: JSON.stringify({ ...CI, ref: 'main\u0000' }) }), 400, /NUL/],
  ];

  it.each(refusals)('refuses %s, and changes nothing in any table or in storage', async (_name, parts, status, detail) => {
    const [before, files] = [await snapshot(), storedBuilds(org)];
    const res = await actionUpload({ metadata: '{"name":"refused"}', ...parts() });
    expect(res.status).toBe(status);
    expect(res.body.detail).toMatch(detail);
    expect(await snapshot()).toBe(before);
    expect(storedBuilds(org)).toEqual(files);
  });

  it('refuses an organisation id with an audit key of that organisation', async () => {
    const audit = await client(server.url, 'test-operator-token')('POST', '/admin/keys', { organisationId: org.id, kind: 'audit' });
    const res = await actionUpload({ bearer: audit.body.apiKey });
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/read-only/);
  });
});

describe('run-tests pointed at DeviceLab', () => {
  let buildId: string;
  beforeAll(async () => {
    buildId = (await actionUpload({ metadata: '{"name":"ci-build"}', ci: JSON.stringify(CI) })).body.buildId;
  });

  it('triggers with lowercase keys, tracks test_suite_ids[0] to completion and passes when everything passed', async () => {
    const trigger = await actionTrigger({ organisationid: org.id, buildid: buildId, tags: ['smoke'] });
    expect(trigger.status, JSON.stringify(trigger.body)).toBe(200);
    expect(trigger.body).toEqual({
      message: expect.any(String),
      runId: expect.stringMatching(/^run_/),
      status: 'running',
      test_suite_ids: [trigger.body.runId],
      app_link: `${server.config.appUrl}/runs/${trigger.body.runId}`,
    });
    const tracked = await actionTrack(trigger.body.test_suite_ids[0]);
    expect(tracked.answers).not.toContain(404); // registered before the trigger answered
    expect(tracked.run).toMatchObject({ runId: trigger.body.runId, status: 'completed', totalTests: 1, buildId, ci: CI });
    expect(tracked.succeeded).toEqual([
      {
        id: ids.login,
        title: 'Login works',
        status: 'succeeded',
        recording: `${server.config.appUrl}/recording/${trigger.body.runId}/runs/${ids.login}`,
      },
    ]);
    expect(tracked.jobFails).toBe(false);
  });

  it("fails the job when a test failed, and the run list carries the build's ci", async () => {
    const trigger = await actionTrigger({ organisationid: org.id, buildid: buildId, testids: [ids.login, ids.checkout] });
    expect(trigger.status, JSON.stringify(trigger.body)).toBe(200);
    const tracked = await actionTrack(trigger.body.test_suite_ids[0]);
    expect(tracked.run.totalTests).toBe(2);
    expect(tracked.succeeded.map((e) => e.id)).toEqual([ids.login]);
    expect(tracked.failed).toEqual([expect.objectContaining({ id: ids.checkout, title: 'Checkout button', status: 'failed' })]);
    expect(tracked.jobFails).toBe(true);
    const listed = (await api('GET', '/runs?limit=1')).body.runs[0];
    expect(listed).toMatchObject({ runId: trigger.body.runId, ci: CI, failedCount: 1 });
  });

  const countRuns = async () => (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM runs'))[0]!.n;
  it.each([
    ['tagsquery', 'smoke AND NOT broken'],
    ['iterations', 3],
    ['launchparams', { env: 'staging' }],
    ['deviceprovidersettings', { provider: 'x' }],
    ['testinputs', { email: 'a@b.c' }],
    ['deviceconfigs', [{ device: 'Pixel 7' }]],
    ['metadata', { team: 'checkout' }],
  ])('refuses %s with a 400 naming it, and starts nothing', async (field, value) => {
    const before = await countRuns();
    const res = await actionTrigger({ organisationid: org.id, buildid: buildId, testids: [ids.login], [field]: value });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(new RegExp(`unsupported field\\(s\\): ${field}\\b`));
    expect(await countRuns()).toBe(before);
  });
});

describe('OpenAPI document', () => {
  it("documents GET /builds, the ci part, test_suite_ids and the runs' ci", async () => {
    const doc = (await client(server.url)('GET', '/openapi.json')).body;
    expect(doc.paths['/builds'].get.parameters.map((p: any) => p.name).sort()).toEqual(['cursor', 'limit', 'name', 'platform']);
    expect(Object.keys(doc.paths['/uploadBuild'].post.requestBody.content['multipart/form-data'].schema.properties)).toContain('ci');
    const started = doc.paths['/tests/execute'].post.responses['200'].content['application/json'].schema;
    expect(Object.keys(started.properties)).toContain('test_suite_ids');
    expect(Object.keys(doc.components.schemas.Run.properties)).toContain('ci');
    expect(Object.keys(doc.components.schemas.Build.properties)).toContain('ci');
  });
});
