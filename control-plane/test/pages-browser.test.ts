/**
 * The pages in a real browser: Debian's chromium driven by playwright-core, against the
 * whole control plane with a real lab agent on a virtual handset (so the recording and
 * the step screenshots are what an agent really produced). HTTP-level checks cover what
 * a browser hides: redirects, cookie attributes, CSRF refusals, byte ranges, and that a
 * cookie is never an API credential. Screenshots of each page go to docs/screenshots/ with
 * UPDATE_SCREENSHOTS=1 (to a temporary folder otherwise).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAgent, startAgent } from '../../lab-agent/src/agent.js';
import { makeApk } from '../../scripts/fixtures/builds.js';
import { SAMPLE_EMAIL, SAMPLE_PASSWORD } from '../../virtual-devices/src/index.js';
import { addAgentToken } from '../src/admin/provision.js';
import { partKey } from '../src/recordings/formats.js';
import {
  artifactsLanded,
  backend,
  type Client,
  client,
  type Org,
  runEnded,
  seedOrg,
  settledTest,
  startServer,
  type TestServer,
  uploadBuild,
} from './harness.js';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium && process.env.CI) throw new Error(`${CHROMIUM} is missing: .ci/run installs Debian's chromium before the tests`);
if (!haveChromium) console.warn(`pages-browser: skipped, ${CHROMIUM} is not installed (apt-get install chromium)`);

// The guides' screenshots (docs/screenshots/) are refreshed on purpose (UPDATE_SCREENSHOTS=1); otherwise they go to a
// temporary folder, so that running the suite leaves the working tree as it was.
const shots =
  process.env.UPDATE_SCREENSHOTS === '1'
    ? fileURLToPath(new URL('../../docs/screenshots/', import.meta.url))
    : mkdtempSync(join(tmpdir(), 'devicelab-page-shots-'));
const XSS_TITLE = '<script>alert(1)</script> logs in';

let server: TestServer;
let org: Org;
let other: Org;
let api: Client;
let agent: RunningAgent;
let work: string;
let browser: Browser;
let runId: string;
let buildId: string;
const ids = { login: '', xss: '', wrong: '' };

async function upload(): Promise<string> {
  const file = join(work, 'sample.apk');
  await makeApk(file, { packageName: 'com.devicelab.sample', versionName: '1.4.2', versionCode: 42, label: 'DeviceLab Sample' });
  return uploadBuild(server.url, org.apiKey, file, { metadata: JSON.stringify({ name: 'sample' }) });
}

async function createTest(title: string, commands: string[], extra: Record<string, unknown> = {}): Promise<string> {
  const res = await api('POST', '/tests', { title, commands, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await settledTest(api, res.body.testId);
  return res.body.testId;
}

const finished = (runId: string) => runEnded(api, runId, 60_000);

const noRedirect = (path: string, init: RequestInit = {}) => fetch(server.url + path, { redirect: 'manual', ...init });

/** A session cookie for a key, signed in over HTTP (as the form posts). */
async function sessionCookie(key: string): Promise<string> {
  const res = await noRedirect('/app/sign-in', {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ api_key: key }),
  });
  expect(res.status).toBe(303);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(shots, { recursive: true });
  // One backend writes the guides' pictures; both take them (a broken page fails either way).
  await page.screenshot({ path: backend === 'pglite' ? join(shots, `${name}.png`) : join(work, `${name}.png`), fullPage: true });
}

async function signIn(page: Page, key: string): Promise<void> {
  await page.fill('#api_key', key);
  await Promise.all([page.waitForLoadState('load'), page.click('button[type=submit]')]);
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'devicelab-pages-'));
  server = await startServer({ SWEEP_MS: '200', AGENT_HEARTBEAT_MS: '500' });
  org = await seedOrg(server.db, { name: 'Acme Mobile' });
  other = await seedOrg(server.db, { name: 'Other org' });
  api = client(server.url, org.apiKey);
  agent = await startAgent({
    controlPlaneUrl: server.url,
    token: (await addAgentToken(server.db, null)).agentToken,
    virtualDevices: 1,
    stateDir: mkdtempSync(join(work, 'agent-')),
    log: () => {},
    backoff: { baseMs: 50, maxMs: 500 },
    drainSeconds: 1,
  });
  buildId = await upload();
  const inputs = (password: string) => ({
    testInputs: [
      { key: 'email', defaultValue: SAMPLE_EMAIL },
      { key: 'password', defaultValue: password },
    ],
  });
  const login = ['Enter {{email}} in the Email field', 'Enter {{password}} in the Password field', 'Tap the Log in button'];
  ids.login = await createTest('Log in with the sample account', [...login, 'assertVisible: "Products"'], {
    ...inputs(SAMPLE_PASSWORD),
    tags: ['smoke'],
  });
  ids.xss = await createTest(XSS_TITLE, ['Tap the Log in button', 'Tap the <img src=x onerror=alert(2)> button'], {
    tags: ['<b>bold</b>'],
  });
  ids.wrong = await createTest('Wrong password is refused', [...login, 'Check that Invalid email or password is shown'], {
    ...inputs('nope'),
    tags: ['smoke'],
  });
  const started = await api('POST', '/tests/execute', {
    organisationId: org.id,
    buildId,
    testIds: [ids.login, ids.xss, ids.wrong],
    trigger: 'nightly',
  });
  expect(started.status).toBe(200);
  runId = started.body.runId;
  const run = await finished(runId);
  await artifactsLanded(server.db, runId);
  expect(run.status).toBe('completed');
  if (haveChromium) {
    // playwright-core gives every launch a fresh temporary profile (it refuses --user-data-dir in launch()).
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  }
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await agent?.stop({ drainSeconds: 0 });
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('recordings', () => {
  it('are uploaded by the agent and named by every finished test', async () => {
    const rows = await server.db.query<{ key: string | null; test: string }>(
      'SELECT recording_key AS key, test_id AS test FROM attempts WHERE run_id = $1',
      [runId],
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.key).toMatch(new RegExp(`^recordings/${org.id}/${runId}/.+\\.gif$`));
  });

  it('stream with byte ranges to a signed-in browser of the organisation only', async () => {
    const cookie = await sessionCookie(org.apiKey);
    const path = `/app/recording/${runId}/runs/${ids.login}/video`;
    const whole = await noRedirect(path, { headers: { cookie } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/gif');
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.subarray(0, 6).toString()).toBe('GIF89a');
    const part = await noRedirect(path, { headers: { cookie, range: 'bytes=2-9' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 2-9/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(2, 10));
    expect((await noRedirect(path, { headers: { cookie, range: `bytes=${bytes.length}-` } })).status).toBe(416);
    // A recording in parts (Android past 3 minutes): the page offers each, the stream serves each.
    expect(await (await noRedirect(path.replace(/\/video$/, ''), { headers: { cookie } })).text()).not.toContain('Part 2');
    const [row] = await server.db.query<{ key: string }>('SELECT recording_key AS key FROM attempts WHERE run_id = $1 AND test_id = $2', [
      runId,
      ids.login,
    ]);
    const second = Buffer.concat([bytes.subarray(0, 6), Buffer.from('second part')]);
    await server.services.storage.put(partKey(row!.key, 1), second);
    expect(Buffer.from(await (await noRedirect(`${path}?part=1`, { headers: { cookie } })).arrayBuffer())).toEqual(second);
    expect((await noRedirect(`${path}?part=2`, { headers: { cookie } })).status).toBe(404);
    expect(await (await noRedirect(path.replace(/\/video$/, ''), { headers: { cookie } })).text()).toContain('Part 2');
    await server.services.storage.remove(partKey(row!.key, 1));
    expect((await noRedirect(path, { headers: { cookie: await sessionCookie(other.apiKey) } })).status).toBe(404);
    expect((await noRedirect(path)).status).toBe(303); // no session: to sign-in
  });

  it('are accepted from an agent only for a job one of its token holds', async () => {
    const stranger = (await addAgentToken(server.db, other.id)).agentToken;
    const [attempt] = await server.db.query<{ id: string; try: number }>(
      'SELECT id, try_number AS try FROM attempts WHERE run_id = $1 LIMIT 1',
      [runId],
    );
    const put = (token: string, type = 'image/gif') =>
      fetch(`${server.url}/agent/recordings/${attempt!.id}.${attempt!.try}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': type },
        body: Buffer.from('GIF89a'),
      });
    expect((await put(stranger)).status).toBe(404);
    expect((await put('dl_agent_' + 'x'.repeat(40))).status).toBe(401);
    expect((await put(org.apiKey)).status).toBe(401);
  });
});

describe('sessions, CSRF and content negotiation', () => {
  it('sends browsers without a session to sign in and back, with a safe cookie', async () => {
    expect((await noRedirect('/')).headers.get('location')).toBe('/app/runs');
    const page = await noRedirect(`/app/runs/${runId}?x=1`);
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe(`/app/sign-in?next=${encodeURIComponent(`/app/runs/${runId}?x=1`)}`);
    const res = await noRedirect('/app/sign-in', {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ api_key: org.apiKey, next: `/app/runs/${runId}` }),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/app/runs/${runId}`);
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^dl_session=v1\./);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/app/);
    expect(cookie).not.toContain(org.apiKey.split('_').pop()!); // the key's secret never travels in the cookie
  });

  it('refuses a wrong key, a foreign next, a cross-site form and a sign-out without its token', async () => {
    const form = (body: Record<string, string>, origin = server.url) =>
      noRedirect('/app/sign-in', {
        method: 'POST',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body),
      });
    const wrong = await form({ api_key: `${org.apiKey.slice(0, -4)}AAAA` });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('invalid API key');
    expect((await form({ api_key: org.apiKey, next: 'https://evil.example/app/x' })).headers.get('location')).toBe('/app/runs');
    expect((await form({ api_key: org.apiKey, next: '//evil.example/app/x' })).headers.get('location')).toBe('/app/runs');
    expect((await form({ api_key: org.apiKey }, 'https://evil.example')).status).toBe(403);
    const cookie = await sessionCookie(org.apiKey);
    const signOut = (body: Record<string, string>) =>
      noRedirect('/app/sign-out', {
        method: 'POST',
        headers: { cookie, origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body),
      });
    expect((await signOut({})).status).toBe(403);
    expect((await signOut({ csrf: 'forged' })).status).toBe(403);
    const html = await (await noRedirect('/app/runs', { headers: { cookie } })).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)![1]!;
    const out = await signOut({ csrf });
    expect(out.status).toBe(303);
    expect(out.headers.get('set-cookie')).toMatch(/dl_session=;.*Max-Age=0/);
  });

  it('lets audit keys sign in to read, and ends a session when its key is revoked', async () => {
    const operator = client(server.url, 'test-operator-token');
    const audit = await operator('POST', '/admin/keys', { organisationId: org.id, kind: 'audit' });
    expect(audit.status).toBe(200);
    const auditCookie = await sessionCookie(audit.body.apiKey);
    const page = await noRedirect(`/app/runs/${runId}`, { headers: { cookie: auditCookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Acme Mobile (audit key)');
    expect((await operator('POST', '/admin/keys/revoke', { keyId: audit.body.apiKeyId })).status).toBe(200);
    const after = await noRedirect(`/app/runs/${runId}`, { headers: { cookie: auditCookie } });
    expect(after.status).toBe(303);
    expect(after.headers.get('location')).toMatch(/^\/app\/sign-in\?next=/);
  });

  it('shows the CI provenance an upload carried on its build page, as text', async () => {
    const file = join(work, 'sample-ci.apk');
    await makeApk(file, { packageName: 'com.devicelab.sample', versionName: '1.4.3', versionCode: 43, label: 'DeviceLab Sample' });
    const form = new FormData();
    form.append('build', new Blob([readFileSync(file)]), 'sample.apk');
    form.append('ci', JSON.stringify({ provider: 'github', repository: 'acme/<b>shop</b>', sha: '3f2c9e1', pullRequest: 17 }));
    const res = await fetch(`${server.url}/uploadBuild`, {
      method: 'POST',
      headers: { authorization: `Bearer ${org.apiKey}` },
      body: form,
    });
    const { app_link: appLink } = (await res.json()) as { app_link: string };
    const page = await (await noRedirect(new URL(appLink).pathname, { headers: { cookie: await sessionCookie(org.apiKey) } })).text();
    expect(page).toContain('repository: acme/&lt;b&gt;shop&lt;/b&gt;');
    expect(page).toContain('sha: 3f2c9e1');
    expect(page).toContain('pullRequest: 17');
  });

  it('never takes the cookie as an API credential', async () => {
    const cookie = await sessionCookie(org.apiKey);
    expect((await noRedirect('/runs', { headers: { cookie } })).status).toBe(401);
    const execute = await noRedirect('/tests/execute', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ organisationId: org.id, testIds: [ids.login] }),
    });
    expect(execute.status).toBe(401);
    expect((await noRedirect(`/runs/${runId}/cancel`, { method: 'POST', headers: { cookie } })).status).toBe(401);
  });

  it('answers the interaction log URL with the page to a browser and JSON to an API client', async () => {
    const run = (await api('GET', `/runs/${runId}`)).body;
    const url = new URL(run.succeededTests.find((t: any) => t.id === ids.login).interactionLogs);
    const browserAsk = await noRedirect(url.pathname + url.search, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(browserAsk.status).toBe(303);
    expect(browserAsk.headers.get('location')).toBe(`/app/recording/${runId}/runs/${ids.login}`);
    const json = await api('GET', url.pathname + url.search, undefined, { accept: 'text/html' });
    expect(json.status).toBe(200);
    expect(json.body.steps.length).toBeGreaterThan(0);
    expect((await noRedirect(url.pathname + url.search)).status).toBe(401); // no Accept: an API client without a key
  });
});

describe.skipIf(!haveChromium)('pages in chromium', () => {
  it('signs in from a deep link, and shows the runs list and the run with its groups', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`${server.url}/app/runs/${runId}`);
    expect(new URL(page.url()).pathname).toBe('/app/sign-in');
    await shot(page, 'sign-in');
    await signIn(page, org.apiKey);
    expect(new URL(page.url()).pathname).toBe(`/app/runs/${runId}`);
    expect(await page.textContent('h1')).toContain(runId);
    const headings = await page.locator('h2').allTextContents();
    expect(headings).toEqual(['Failed (1)', 'Succeeded (2)']);
    // The title is text on the page, not markup; nothing ran.
    expect(await page.locator('table a', { hasText: '<script>alert(1)</script>' }).count()).toBe(1);
    expect(await page.locator('main script').count()).toBe(0);
    await shot(page, 'run');

    await page.click('header a:text("Runs")');
    expect(await page.locator('tbody tr').count()).toBe(1);
    expect(await page.textContent('tbody')).toContain('2 passed · 1 failed · 0 blocked');
    await page.click('tbody a:text("nightly")');
    expect(new URL(page.url()).searchParams.get('trigger')).toBe('nightly');
    expect(await page.locator('tbody tr').count()).toBe(1);
    await page.click('.filters a:text("cancelled")');
    expect(await page.textContent('main')).toContain('No runs match these filters');
    await page.goto(`${server.url}/app/runs`);
    await shot(page, 'runs');
    expect(dialogs).toEqual([]);
    await context.close();
  });

  it("plays the recording beside the step timeline, and shows each step's screenshot", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/app/recording/${runId}/runs/${ids.login}`);
    await signIn(page, org.apiKey);
    const recording = page.locator('img#recording');
    await recording.waitFor();
    await page.waitForFunction(() => (document.querySelector('img#recording') as HTMLImageElement | null)?.complete === true);
    expect(await recording.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([270, 600]);
    const steps = page.locator('ol.timeline li');
    expect(await steps.count()).toBeGreaterThanOrEqual(4);
    expect(await steps.first().textContent()).toContain('Enter {{email}} in the Email field');
    expect(await steps.first().textContent()).toMatch(/device: performed/);
    await steps.nth(2).click();
    const screenshot = page.locator('#shot');
    await page.waitForFunction(() => {
      const img = document.getElementById('shot') as HTMLImageElement;
      return !img.hidden && img.complete && img.naturalWidth > 0;
    });
    expect(await screenshot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1080);
    expect(await page.textContent('#shot-caption')).toContain('Tap the Log in button');
    await shot(page, 'recording');

    await page.goto(`${server.url}/app/recording/${runId}/runs/${ids.xss}`);
    expect(await page.textContent('h1')).toContain('<script>alert(1)</script>');
    expect(await page.textContent('ol.timeline')).toContain('<img src=x onerror=alert(2)>');
    expect(await page.locator('ol.timeline img').count()).toBe(0);
    await context.close();
  });

  it('shows the build at its app_link and the test library', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const appLink = (await api('GET', `/builds/${buildId}`)).body.app_link as string;
    await page.goto(appLink);
    await signIn(page, org.apiKey);
    expect(page.url()).toBe(appLink);
    const facts = await page.textContent('dl.facts');
    expect(facts).toContain('com.devicelab.sample');
    expect(facts).toContain('1.4.2 (42)');
    expect(await page.locator('main table a').allTextContents()).toEqual([runId]);
    await shot(page, 'build');
    await page.click('header a:text("Tests")');
    expect(await page.textContent('main')).toContain('All tests 3');
    expect(await page.locator('tbody tr').count()).toBe(3);
    expect(await page.locator('tbody b').count()).toBe(0); // the tag <b>bold</b> is text
    expect(await page.textContent('tbody')).toContain('<b>bold</b>');
    await shot(page, 'tests');
    await context.close();
  });

  it('reads well on a phone', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    // As if recorded in two parts (Android past 3 minutes): the second is one tap away, and back.
    const [row] = await server.db.query<{ key: string }>('SELECT recording_key AS key FROM attempts WHERE run_id = $1 AND test_id = $2', [
      runId,
      ids.wrong,
    ]);
    await server.services.storage.put(partKey(row!.key, 1), (await server.services.storage.get(row!.key))!);
    await page.goto(`${server.url}/app/recording/${runId}/runs/${ids.wrong}`);
    await signIn(page, org.apiKey);
    const recording = page.locator('#recording');
    await page.click('.parts button:text("Part 2")');
    expect(await recording.getAttribute('src')).toMatch(/\/video\?part=1$/);
    await page.waitForFunction(() => (document.getElementById('recording') as HTMLImageElement).complete);
    expect(await recording.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(270);
    await page.click('.parts button:text("Part 1")');
    expect(await recording.getAttribute('src')).toMatch(/\/video$/);
    // Nothing wider than the screen: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'recording-phone');
    await context.close();
  });

  it("answers 404 for another organisation's run, recording, screenshot and build", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/app/runs`);
    await signIn(page, other.apiKey);
    expect(await page.textContent('main')).toContain('No runs yet');
    for (const path of [
      `/app/runs/${runId}`,
      `/app/recording/${runId}/runs/${ids.login}`,
      `/app/recording/${runId}/runs/${ids.login}/screenshots/1`,
      `/app/recording/${runId}/runs/${ids.login}/video`,
      `/app/organisations/${org.id}/build/${buildId}`,
      `/app/organisations/${other.id}/build/${buildId}`,
    ]) {
      const res = await page.goto(server.url + path);
      expect(res!.status(), path).toBe(404);
    }
    await context.close();
  });
});
