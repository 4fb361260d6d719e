/**
 * Steps that wait like a tester, end to end over real sockets (docs/steps-and-waits.md): the
 * real lab agent drives a virtual handset whose sample app fetches from an internal host
 * through a tunnel. The host answers `/slow` after 2 s (`/slow/<ms>` after that long, `/never`
 * not at all); the screen says "Loading…" until then.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAgent, startAgent } from '../../lab-agent/src/agent.js';
import { createHostFilter } from '../../lab-agent/src/tunnel/host-filter.js';
import { startTunnelClient, type TunnelClient } from '../../lab-agent/src/tunnel/tunnel-client.js';
import { makeApk } from '../../scripts/fixtures/builds.js';
import { addAgentToken } from '../src/admin/provision.js';
import { type Client, client, type Org, seedOrg, settledTest, startServer, type TestServer, uploadBuild } from './harness.js';
import { GREETING, type InternalHost, SLOW_MS, startInternalHost } from './internal-host.js';

let server: TestServer;
let org: Org;
let api: Client;
let internal: InternalHost;
let work: string;
let agent: RunningAgent;
let tunnel: TunnelClient;
let buildId: string;
let cookie: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'devicelab-waits-'));
  internal = await startInternalHost([]);
  server = await startServer();
  org = await seedOrg(server.db, { name: 'Waits org' });
  api = client(server.url, org.apiKey);
  const file = join(work, 'sample.apk');
  await makeApk(file, { packageName: 'com.devicelab.sample', versionName: '1.0', versionCode: 1, label: 'DeviceLab Sample' });
  buildId = await uploadBuild(server.url, org.apiKey, file, { metadata: JSON.stringify({ name: 'sample' }) });
  const { agentToken } = await addAgentToken(server.db, null);
  agent = await startAgent({
    controlPlaneUrl: server.url,
    token: agentToken,
    virtualDevices: 1,
    stateDir: mkdtempSync(join(work, 'agent-')),
    log: () => {},
    backoff: { baseMs: 50, maxMs: 500 },
    drainSeconds: 1,
  });
  tunnel = startTunnelClient({
    controlPlaneUrl: server.url,
    apiKey: org.apiKey,
    tunnelName: 'office',
    filter: createHostFilter({}),
    backoff: { baseMs: 20, maxMs: 100 },
  });
  await tunnel.connected;
  const signIn = await fetch(`${server.url}/app/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({ api_key: org.apiKey }),
    headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
  });
  cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
});
afterAll(async () => {
  await tunnel?.close();
  await agent?.stop({ drainSeconds: 0 });
  await server?.close();
  await internal?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Runs one test whose app opens on the fetch screen for `path` of the internal host; answers the run's test entry. */
async function runFetchTest(title: string, path: string, commands: string[]): Promise<any> {
  const created = await api('POST', '/tests', { title, commands, launchParams: [{ key: 'fetchUrl', value: `${internal.url}${path}` }] });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect((await settledTest(api, created.body.testId)).platforms.android.status).toBe('ready');
  const res = await api('POST', '/tests/execute', {
    organisationId: org.id,
    buildId,
    testIds: [created.body.testId],
    tunnelName: 'office',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const run = (await api('GET', `/runs/${res.body.runId}`)).body;
    if (run.status === 'completed')
      return { ...[...run.succeededTests, ...run.failedTests, ...run.blockedTests][0], runId: run.runId, testId: created.body.testId };
    if (Date.now() > deadline) throw new Error(`run still ${run.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The waits the recording page's step timeline shows, in seconds, one per step. */
async function timelineWaits(runId: string, testId: string): Promise<Array<{ seconds: number; settled: boolean }>> {
  const page = await fetch(`${server.url}/app/recording/${runId}/runs/${testId}`, { headers: { cookie, accept: 'text/html' } });
  expect(page.status).toBe(200);
  const html = await page.text();
  return [...html.matchAll(/waited (\d+\.\d) s for the screen( \(it never settled\))?/g)].map((m) => ({
    seconds: Number(m[1]),
    settled: !m[2],
  }));
}

describe('steps that wait like a tester', () => {
  it('a check on a screen still loading from a slow host passes without a wait: step, and the wait shows in the timeline', async () => {
    const test = await runFetchTest('Slow staging greets us', '/slow', [`assertVisible: "${GREETING}"`]);
    expect([test.status, test.statusMessage ?? '']).toEqual(['succeeded', '']);
    const waits = await timelineWaits(test.runId, test.testId);
    expect(waits).toHaveLength(1);
    // The step was decided once the answer was on the screen, not on the first "Loading…".
    expect(waits[0]!.seconds).toBeGreaterThanOrEqual((SLOW_MS - 500) / 1000);
    expect(waits[0]!.settled).toBe(true);
  });

  it("an absent text fails after the step's wait, 5 s by default or as the step sets it, with the time waited in its reason", async () => {
    const absent = await runFetchTest('Staging says goodbye', '/hello', [`assertVisible: "Goodbye from staging"`]);
    expect(absent.status).toBe('failed');
    const waited = Number(/\(waited (\d+\.\d) s\)/.exec(absent.statusMessage)?.[1]);
    expect(absent.statusMessage).toMatch(
      /^Step 1 "assertVisible: \\?"Goodbye from staging\\?"": .*Goodbye from staging.* \(waited \d+\.\d s\)$/,
    );
    expect(waited).toBeGreaterThanOrEqual(5);
    expect(waited).toBeLessThan(15);
    expect((await timelineWaits(absent.runId, absent.testId)).map((w) => w.seconds)).toEqual([waited]);

    const short = await runFetchTest('Staging says goodbye soon', '/hello', [`assertVisible: "Goodbye from staging" (timeout: 1.5 s)`]);
    expect(short.status).toBe('failed');
    const shortWait = Number(/\(waited (\d+\.\d) s\)/.exec(short.statusMessage)?.[1]);
    expect(shortWait).toBeGreaterThanOrEqual(1.5);
    expect(shortWait).toBeLessThan(waited);
  });

  it('an "is not shown" check waits for the element to go: "Loading…" gone after 2 s, or after the screen\'s settling bound, passes without a wait: step', async () => {
    const check = 'Check that "Loading…" is not shown';
    const quick = await runFetchTest('Loading ends', '/slow', [check]);
    expect([quick.status, quick.statusMessage ?? '']).toEqual(['succeeded', '']);
    const [quickWait] = await timelineWaits(quick.runId, quick.testId);
    expect(quickWait!.seconds).toBeGreaterThanOrEqual((SLOW_MS - 500) / 1000);

    // 4 s is past the 3 s settling bound (lab-agent/src/screen-settle.ts): the first decision is on
    // a screen still loading, and only the step's wait (5 s by default) carries it to the answer.
    const late = await runFetchTest('Loading ends late', '/slow/4000', [check]);
    expect([late.status, late.statusMessage ?? '']).toEqual(['succeeded', '']);
    const [lateWait] = await timelineWaits(late.runId, late.testId);
    expect(lateWait!.seconds).toBeGreaterThanOrEqual(3.5);
    expect(lateWait!.settled).toBe(true);
  });

  it('an "is not shown" check whose element never goes fails after the step\'s wait, with the time waited in its reason', async () => {
    const stuck = await runFetchTest('Loading never ends', '/never', ['Check that "Loading…" is not shown']);
    expect(stuck.status).toBe('failed');
    expect(stuck.statusMessage).toMatch(
      /^Step 1 "Check that \\?"Loading…\\?" is not shown": .*Loading.* \(waited \d+\.\d s; the screen never settled\)$/,
    );
    const waited = Number(/\(waited (\d+\.\d) s/.exec(stuck.statusMessage)?.[1]);
    expect(waited).toBeGreaterThanOrEqual(5);
    expect(waited).toBeLessThan(15);
    expect(await timelineWaits(stuck.runId, stuck.testId)).toEqual([{ seconds: waited, settled: false }]);
  });
});
