/** Issue 20 part 8: the smaller things an operator met, each on both backends. */

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeApk } from '../../scripts/fixtures/builds.js';
import { makeSampleBuilds } from '../../scripts/fixtures/make-sample-builds.js';
import { addAgentToken } from '../src/admin/provision.js';
import { client, type Org, runEnded, seedOrg, startServer, type TestServer, uploadBuild } from './harness.js';
import { labAgents } from './lab-agents.js';

let server: TestServer;
let org: Org;
beforeAll(async () => {
  server = await startServer({ LOG_REQUESTS: '1', AGENT_HEARTBEAT_MS: '200' });
  org = await seedOrg(server.db);
});
let agentToken = '';
const agents = labAgents(() => ({ controlPlaneUrl: server.url, token: agentToken, work: mkdtempSync(`${tmpdir()}/papercuts-`) }));
afterAll(async () => {
  await agents.stopAll();
  await server.close();
});

describe('query parameters are named as such', () => {
  it('GET /devices?os=ios blames the query parameter, not "(body)"', async () => {
    const res = await client(server.url, org.apiKey)('GET', '/devices?os=ios');
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('invalid request: unknown query parameter(s): os');
    expect(res.body.errors).toEqual([{ path: '(query)', message: 'unknown query parameter(s): os' }]);
  });

  it('limit=0 is out of range, not "not a number"; limit=x is not a number', async () => {
    const call = client(server.url, org.apiKey);
    for (const path of ['/runs', '/builds', '/webhooks/wh_none/deliveries']) {
      const zero = await call('GET', `${path}?limit=0`);
      expect(zero.status, path).toBe(400);
      expect(zero.body.detail, path).toBe('invalid request: limit: must be from 1 to 200');
    }
    expect((await call('GET', '/tests?limit=0')).body.detail).toBe('invalid request: limit: must be from 1 to 1000');
    expect((await call('GET', '/runs?limit=201')).body.detail).toBe('invalid request: limit: must be from 1 to 200');
    expect((await call('GET', '/runs?limit=1.5')).body.detail).toBe('invalid request: limit: must be a whole number from 1 to 200');
    expect((await call('GET', '/runs?limit=x')).body.detail).toBe('invalid request: limit: must be a number');
    expect((await call('GET', '/runs?limit=2')).status).toBe(200);
  });
});

describe('the request log', () => {
  it('has a line per request, but none for /healthz polls', async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
    try {
      for (let i = 0; i < 3; i += 1) expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      await client(server.url, org.apiKey)('GET', '/devices');
    } finally {
      spy.mockRestore();
    }
    expect(lines.filter((l) => l.includes('/devices'))).toHaveLength(1);
    expect(lines.filter((l) => l.includes('/healthz'))).toEqual([]);
  });
});

describe('lastSeenAt', () => {
  it("keeps up with an online device: its agent's heartbeats vouch for it", async () => {
    agentToken = (await addAgentToken(server.db, null)).agentToken;
    await agents.start({ virtualDevices: 1 });
    const call = client(server.url, org.apiKey);
    const device = async () => ((await call('GET', '/devices')).body.devices as Array<{ state: string; lastSeenAt: string }>)[0];
    await vi.waitFor(async () => expect((await device())?.state).toBe('online'), { timeout: 20_000, interval: 100 });
    // As if the device had been reported ten minutes ago and nothing had changed since.
    await server.db.query(`UPDATE devices SET last_seen_at = clock_timestamp() - interval '10 minutes'`);
    await server.db.query(`UPDATE agents SET last_seen_at = clock_timestamp() - interval '10 minutes'`);
    const now = (await server.db.query<{ now: Date }>('SELECT clock_timestamp() AS now'))[0]!.now;
    await vi.waitFor(async () => expect(new Date((await device())!.lastSeenAt).getTime()).toBeGreaterThanOrEqual(now.getTime()), {
      timeout: 10_000,
      interval: 100,
    });
    expect((await device())!.state).toBe('online');
  }, 120_000);
});

async function signedInCookie(): Promise<string> {
  const signedIn = await fetch(`${server.url}/app/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ api_key: org.apiKey, next: '/app' }),
  });
  return signedIn.headers.get('set-cookie')!.split(';')[0]!;
}

describe('the build page', () => {
  it("shows the name given at upload as its heading, and the app's own name beside it", async () => {
    const work = mkdtempSync(join(tmpdir(), 'papercuts-apk-'));
    await makeApk(join(work, 'a.apk'), { packageName: 'com.example.named', versionName: '1.0', versionCode: 1, label: 'Shop App' });
    const buildId = await uploadBuild(server.url, org.apiKey, join(work, 'a.apk'), { metadata: JSON.stringify({ name: 'nightly-shop' }) });
    const signedIn = await fetch(`${server.url}/app/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ api_key: org.apiKey, next: '/app' }),
    });
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
    const page = await fetch(`${server.url}/app/organisations/${org.id}/build/${buildId}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('<h1>nightly-shop</h1>');
    expect(text).toMatch(/<dt>Name at upload<\/dt><dd>nightly-shop<\/dd>/);
    expect(text).toMatch(/<dt>App name<\/dt><dd>Shop App<\/dd>/);
  });
});

describe('the recording page', () => {
  it("labels the recording and the step screenshot, and shows a failed step's reason once", async () => {
    // The agent of the lastSeenAt test (a virtual handset) runs it.
    const work = mkdtempSync(join(tmpdir(), 'papercuts-sample-'));
    await makeSampleBuilds(work);
    const buildId = await uploadBuild(server.url, org.apiKey, join(work, 'sample.apk'));
    const call = client(server.url, org.apiKey);
    const test = await call('POST', '/tests', { title: 'Checkout', tags: ['papercut'], commands: ['Tap the Checkout button'] });
    expect(test.status, JSON.stringify(test.body)).toBe(200);
    const started = await call('POST', '/tests/execute', { organisationId: org.id, buildId, tags: ['papercut'] });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const run = await runEnded(call, started.body.runId, 60_000);
    const failed = run.failedTests[0];
    expect(failed.statusMessage).toMatch(/No element matching/);
    const page = await fetch(`${server.url}/app/recording/${run.runId}/runs/${failed.id}`, { headers: { cookie: await signedInCookie() } });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('<figcaption>Recording of the test</figcaption>');
    expect(text).toContain('Screenshot of a step: select one');
    expect(text).toContain('failed at step 1, below');
    expect(text.match(/No element matching/g)).toHaveLength(1);
  }, 180_000);
});
