import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApiKey } from '../src/admin/provision.js';
import { type Client, client, type Org, seedOrg, startServer, type TestServer } from './harness.js';

const fixture = (name: string) => readFileSync(new URL(`../src/brain/fixtures/${name}.xml`, import.meta.url), 'utf8');
const screens = {
  login: fixture('android-login'),
  home: fixture('android-home'),
  settings: fixture('android-settings'),
  products: fixture('android-products'),
};

let server: TestServer;
let org: Org;
let api: Client;

beforeAll(async () => {
  server = await startServer();
  org = await seedOrg(server.db);
  api = client(server.url, org.apiKey);
});
afterAll(() => server.close());

async function start(testId: string | null = null, call: Client = api): Promise<string> {
  const res = await call('POST', '/sessions/create', testId === null ? { platform: 'android' } : { test_id: testId, platform: 'android' });
  expect(res.status).toBe(200);
  return res.body.session_id;
}

const execute = (session: string, command: string, page_source: string, extra: Record<string, unknown> = {}) =>
  api('POST', `/sessions/${session}/execute`, { command, page_source, ...extra });

/**
 * The scripted run of the issue: five model steps over four screens, with a
 * deterministic command and a step of the caller's own code in between (neither
 * counts). `vary` makes the volatile text of each screen differ from run to run.
 */
async function scriptedRun(testId: string, run: number, home = screens.home) {
  const vary = (xml: string) => xml.replace(/\d\d:\d\d/g, `0${run}:1${run}`).replace('3 new messages', `${run + 4} new messages`);
  const session = await start(testId);
  const kinds: string[] = [];
  const step = async (res: Promise<{ status: number; body: any }>) => {
    const r = await res;
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    kinds.push(r.body.step_type);
    return r.body;
  };
  const email = `user${run}@example.com`;
  const typed = await step(execute(session, 'Enter {{email}} in the Email field', vary(screens.login), { values: { email } }));
  expect(typed.actions[0]).toMatchObject({ type: 'type', text: email });
  await step(execute(session, 'tapOn: "Log in"', vary(screens.login)));
  const code = await api('POST', `/sessions/${session}/log_code_execution`, { code: 'await driver.pause(500)' });
  expect(code.status).toBe(200);
  const orders = await step(execute(session, 'Tap Orders', vary(home)));
  expect(orders.actions[0]).toMatchObject({ type: 'tap', target: { value: expect.stringMatching(/navigation_orders$/) } });
  await step(execute(session, 'Tap Log out', vary(screens.settings)));
  await step(execute(session, 'Tap Bluetooth Speaker', vary(screens.products)));
  const check = await api('POST', `/sessions/${session}/assert`, {
    command: '3 items in your cart is shown',
    page_source: vary(screens.products),
  });
  expect(check.body.passed).toBe(true);
  kinds.push(check.body.step_type);
  expect((await api('POST', `/sessions/${session}/stop`, { status: 'success' })).status).toBe(200);
  return { session, kinds };
}

describe('SDK sessions and the step cache', () => {
  it('first pass all AI, second all cached; a changed button text makes exactly that step AI again', async () => {
    const testId = 'checkout-flow';
    const first = await scriptedRun(testId, 1);
    expect(first.kinds).toEqual(['ai', 'deterministic', 'ai', 'ai', 'ai', 'ai']);

    const second = await scriptedRun(testId, 2);
    expect(second.kinds).toEqual(['cached', 'deterministic', 'cached', 'cached', 'cached', 'cached']);

    const renamed = screens.home.replace('text="Shop now"', 'text="Shop the sale"');
    expect(renamed).not.toBe(screens.home);
    const third = await scriptedRun(testId, 3, renamed);
    expect(third.kinds).toEqual(['cached', 'deterministic', 'ai', 'cached', 'cached', 'cached']);

    const session = (await api('GET', `/sessions/${third.session}`)).body;
    expect(session).toMatchObject({
      status: 'succeeded',
      test_id: testId,
      api_key_id: org.apiKeyId,
      ai_steps: 1,
      cached_steps: 4,
      other_steps: 2,
    });

    const usage = await api('GET', '/usage/sdk-sessions');
    expect(usage.status).toBe(200);
    const row = usage.body.byTestId.find((r: { testId: string }) => r.testId === testId);
    expect(row).toMatchObject({ runs: 3, failedRuns: 0, aiSteps: 6, cachedSteps: 9, avgAiSteps: 2, cacheHitRate: 60 });
    expect(row.avgRuntimeSeconds).toBeGreaterThan(0);
  });

  it('the cache is per test id: another test starts with AI steps', async () => {
    const s = await start('another-test');
    expect((await execute(s, 'Tap Log out', screens.settings)).body.step_type).toBe('ai');
  });

  it('heals itself: an element missing on a same-shaped screen goes to the model, and the new decision replaces the entry', async () => {
    const screen = (order: string) => `<?xml version="1.0"?><hierarchy rotation="0">
      <node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="com.shop" content-desc="" clickable="false" enabled="true" bounds="[0,0][1080,2400]">
        <node index="0" text="Your orders" resource-id="" class="android.widget.TextView" package="com.shop" content-desc="" clickable="false" enabled="true" bounds="[0,100][1080,200]"/>
        <node index="1" text="${order}" resource-id="" class="android.widget.TextView" package="com.shop" content-desc="" clickable="true" enabled="true" bounds="[0,300][1080,400]"/>
      </node></hierarchy>`;
    const kinds: string[] = [];
    for (const order of ['Order 1001', 'Order 1002', 'Order 1002']) {
      const s = await start('orders-test');
      const res = await execute(s, 'Tap the order', screen(order));
      expect(res.status).toBe(200);
      expect(res.body.actions[0]).toMatchObject({ type: 'tap', target: { by: 'text', value: order } });
      kinds.push(res.body.step_type);
    }
    // Same fingerprint each time (digits are volatile), but "Order 1001" is gone in run two.
    expect(kinds).toEqual(['ai', 'ai', 'cached']);
  });

  it("replays taps at the element's current position", async () => {
    const s1 = await start('moved-button');
    const first = await execute(s1, 'Tap the Login button', screens.login);
    const shifted = screens.login.replace(
      /bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/g,
      (_m, a, b, c, d) => `bounds="[${a},${+b + 50}][${c},${+d + 50}]"`,
    );
    const s2 = await start('moved-button');
    const second = await execute(s2, 'Tap the Login button', shifted);
    expect(second.body.step_type).toBe('cached');
    expect(second.body.actions[0].point.y).toBe(first.body.actions[0].point.y + 50);
  });

  it('keeps an iterative instruction on one step index until it finishes', async () => {
    const s = await start(null);
    const scroll = await execute(s, 'Scroll down until Privacy policy is visible', screens.settings);
    expect(scroll.body).toMatchObject({ finished: false, actions: [{ type: 'scroll', direction: 'down' }], step_index: 0 });
    const again = await execute(s, 'Scroll down until Privacy policy is visible', screens.settings);
    expect(again.body.step_index).toBe(0);
    const next = await execute(s, 'Tap Log out', screens.settings);
    expect(next.body.step_index).toBe(1);
  });

  it('replays a cached decision only at its own step index', async () => {
    const kind = async (s: string, command: string, xml: string, extra: Record<string, unknown> = {}) => {
      const r = await execute(s, command, xml, extra);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return `${r.body.step_index}:${r.body.step_type}`;
    };
    const first = await start('index-test');
    expect(await kind(first, 'Tap Orders', screens.home)).toBe('0:ai');
    expect(await kind(first, 'Tap Log out', screens.settings)).toBe('1:ai');
    // The same command on the same screen one step later is another cache entry, in both directions.
    const second = await start('index-test');
    expect(await kind(second, 'Tap Orders', screens.home)).toBe('0:cached');
    expect(await kind(second, 'Tap Orders', screens.home)).toBe('1:ai');
    const third = await start('index-test');
    expect(await kind(third, 'Tap Log out', screens.settings)).toBe('0:ai');
    // The caller's own step numbers key the cache the same way.
    const numbered = await start('index-test');
    expect(await kind(numbered, 'Tap Log out', screens.settings, { step_number: 1 })).toBe('1:cached');
    expect(await kind(numbered, 'Tap Log out', screens.settings, { step_number: 5 })).toBe('5:ai');
  });

  it('reports an unknown or ended session before what is wrong with the step', async () => {
    const bad = [
      { command: 'Tap Log in', page_source: '<hierarchy><node' },
      { command: 'tapOn: Login', page_source: screens.login },
      { command: 'Tap Log in', page_source: readFileSync(new URL('../src/brain/fixtures/ios-login.xml', import.meta.url), 'utf8') },
    ];
    const ended = await start('ended-first');
    expect((await api('POST', `/sessions/${ended}/stop`, {})).status).toBe(200);
    for (const body of bad) {
      expect((await api('POST', '/sessions/ses_nope/execute', body)).status, JSON.stringify(body).slice(0, 80)).toBe(404);
      expect((await api('POST', `/sessions/${ended}/execute`, body)).status, JSON.stringify(body).slice(0, 80)).toBe(409);
    }
    const android = await start('platform-check');
    const ios = await api('POST', `/sessions/${android}/execute`, bad[2]);
    expect(ios.status).toBe(400);
    expect(ios.body.detail).toBe('page_source: Expected an android hierarchy but this is an iOS page source');
  });

  it('reports a failed assertion as passed: false, and failures are never cached', async () => {
    const s = await start('assert-test');
    const res = await api('POST', `/sessions/${s}/assert`, { assertion: 'Check that Order confirmed is shown', page_source: screens.home });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ passed: false, step_type: 'ai' });
    expect(res.body.reason).toMatch(/Order confirmed/);
    const again = await api('POST', `/sessions/${await start('assert-test')}/assert`, {
      command: 'Check that Order confirmed is shown',
      page_source: screens.home,
    });
    expect(again.body.step_type).toBe('ai');
  });

  it('accepts the key as api_key in the body, records legacy for the organisation key, and counts failed sessions', async () => {
    const viaBody = await client(server.url)('POST', '/sessions/create', { api_key: org.apiKey, test_id: 'body-key' });
    expect(viaBody.status).toBe(200);
    const legacy = await client(server.url, org.orgKey)('POST', '/sessions/create', { test_id: 'legacy-key' });
    const viewed = await api('GET', `/sessions/${legacy.body.session_id}`);
    expect(viewed.body.api_key_id).toBe('legacy');
    const stopped = await client(server.url)('POST', `/sessions/${viaBody.body.session_id}/stop`, {
      api_key: org.apiKey,
      status: 'failed',
    });
    expect(stopped.body).toMatchObject({ status: 'failed', test_id: 'body-key' });
    expect(stopped.body.ended_at).not.toBeNull();
  });

  it('keeps the test id exactly as sent', async () => {
    const odd = '  Checkout / Ünïcode — "quoted" ';
    const res = await api('POST', '/sessions/create', { test_id: odd });
    expect(res.body.test_id).toBe(odd);
    expect((await api('GET', `/sessions/${res.body.session_id}`)).body.test_id).toBe(odd);
  });

  it('refuses what it cannot use with a clear 4xx, changing nothing', async () => {
    const anonymous = client(server.url);
    expect((await anonymous('POST', '/sessions/create', { test_id: 'x' })).status).toBe(401);
    expect((await anonymous('POST', '/sessions/create', { api_key: 'dl_live_nope' })).status).toBe(401);
    const audit = await addApiKey(server.db, org.id, 'audit');
    expect((await client(server.url, audit.apiKey)('POST', '/sessions/create', {})).status).toBe(403);

    const s = await start('refusals');
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ page_source: screens.login }, /command/],
      [{ command: 'Tap Log in', page_source: '<hierarchy><node' }, /page_source/],
      [{ command: 'Tap Log in', page_source: '' }, /page_source/],
      [{ command: 'tapOn: Login', page_source: screens.login }, /double quotes/],
      [{ command: 'type: "{{password}}"', page_source: screens.login }, /No value for \{\{password\}\}/],
      [{ command: 'Tap Log in', page_source: screens.login, step_number: -1 }, /step_number/],
      [{ command: 'Tap Log in', page_source: screens.login, screenshot: 'bm90IGEgcG5n' }, /PNG/],
    ];
    for (const [body, detail] of cases) {
      const res = await api('POST', `/sessions/${s}/execute`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail).toMatch(detail);
    }
    expect((await api('GET', `/sessions/${s}`)).body).toMatchObject({ ai_steps: 0, cached_steps: 0, other_steps: 0 });
    expect((await api('POST', `/sessions/ses_nope/execute`, { command: 'Tap Log in', page_source: screens.login })).status).toBe(404);
    const other = client(server.url, (await seedOrg(server.db)).apiKey);
    expect((await other('POST', `/sessions/${s}/execute`, { command: 'Tap Log in', page_source: screens.login })).status).toBe(404);
    expect((await api('POST', `/sessions/${s}/assert`, { command: 'tapOn: "Log in"', page_source: screens.login })).status).toBe(400);
  });

  it('a stopped session takes no more steps (409) and cannot be stopped twice', async () => {
    const s = await start('stopped');
    expect((await api('POST', `/sessions/${s}/stop`, {})).body.status).toBe('succeeded');
    expect((await execute(s, 'Tap Log in', screens.login)).status).toBe(409);
    expect((await api('POST', `/sessions/${s}/log_code_execution`, { code: 'x' })).status).toBe(409);
    expect((await api('POST', `/sessions/${s}/stop`, { status: 'failed' })).status).toBe(409);
    expect((await api('GET', `/sessions/${s}`)).body).toMatchObject({ status: 'succeeded', ai_steps: 0 });
  });

  it('stores a screenshot sent with a step', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const s = await start('with-screenshot');
    const res = await execute(s, 'Tap Log in', screens.login, { screenshot: png.toString('base64') });
    expect(res.status).toBe(200);
    const rows = await server.db.query<{ screenshot: string }>('SELECT screenshot FROM session_steps WHERE session_id = $1', [s]);
    expect(rows[0]!.screenshot).toMatch(new RegExp(`^sessions/${s}/`));
    expect(await server.services.storage.get(rows[0]!.screenshot)).toEqual(png);
  });
});
