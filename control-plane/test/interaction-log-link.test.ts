/**
 * A result's interactionLogs URL sends a browser (Accept: text/html, no Authorization)
 * to the test's recording page and answers anyone else with the API's JSON.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.js';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

const asBrowser = (path: string) => fetch(server.url + path, { redirect: 'manual', headers: { accept: 'text/html,*/*;q=0.8' } });
const asApi = (path: string) => fetch(server.url + path, { redirect: 'manual' });

it('sends a browser to the recording page, ids re-encoded', async () => {
  const res = await asBrowser('/suite/run_1/run/tst%201/interaction_logs');
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe('/app/recording/run_1/runs/tst%201');
});

it('answers a malformed %-escape as the API answers it, never a 500', async () => {
  for (const path of [
    '/suite/%E0%A4%A/run/tst_1/interaction_logs',
    '/suite/run_1/run/%ZZ/interaction_logs',
    '/suite/%/run/%/interaction_logs',
  ]) {
    const api = await asApi(path);
    const browser = await asBrowser(path);
    expect(browser.status, path).toBeLessThan(500);
    expect(browser.status, path).toBe(api.status);
    expect((await browser.json()).detail, path).toEqual((await api.json()).detail);
  }
});
