/**
 * An APP_URL without a path (the pages on a host of their own) puts the pages at '/'.
 * Their middleware (CSRF, the 16 KiB form limit, the session check) used to be mounted on
 * '*' and so caught every API path registered after them: GET /me with a valid key answered
 * 303 to the sign-in page, and unknown paths 303 instead of 404 {detail}; the JSON body
 * checks were skipped everywhere. Real HTTP server and database, configured as in production
 * (the harness pins APP_URL to BASE_URL/app).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApk } from '../../scripts/fixtures/builds.js';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createServices, type Services } from '../src/services.js';
import { createFileStorage } from '../src/storage/files.js';
import { type Client, client, freshDatabase, type Org, seedOrg, uploadBuild } from './harness.js';

let url: string;
let org: Org;
let api: Client;
let services: Services;
let server: Server;
let drop: () => Promise<void>;
let dataDir: string;

beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  dataDir = mkdtempSync(join(tmpdir(), 'devicelab-app-url-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_REQUESTS: '0', ADMIN_TOKEN: 'test-operator-token', APP_URL: 'http://localhost:9999' });
  services = createServices({ db: fresh.db, config, storage: createFileStorage(join(dataDir, 'files')) });
  server = serve({ fetch: createApp(services).fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  org = await seedOrg(fresh.db);
  api = client(url, org.apiKey);
});

afterAll(async () => {
  await services.dispatcher.stop();
  await services.webhooks.stop();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await services.generator.idle();
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const noRedirect = (path: string, init: RequestInit = {}) => fetch(url + path, { redirect: 'manual', ...init });

describe('APP_URL without a path', () => {
  it('leaves the API alone: GET /me answers 200, an unknown path 404 {detail}', async () => {
    const me = await api('GET', '/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ organisationId: org.id });
    for (const method of ['GET', 'POST'] as const) {
      const res = await noRedirect('/no-such-endpoint', { method });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ detail: `no such endpoint: ${method} /no-such-endpoint` });
    }
  });

  it('applies the JSON body rules to the API as with a path', async () => {
    const post = (body: BodyInit, type = 'application/json') =>
      noRedirect('/tests', {
        method: 'POST',
        headers: { authorization: `Bearer ${org.apiKey}`, 'content-type': type },
        body,
      });
    expect((await post('{}', 'text/plain')).status).toBe(415);
    const notUtf8 = await post(new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d])); // {"\xff":1}
    expect(notUtf8.status).toBe(400);
    expect(await notUtf8.json()).toEqual({ detail: 'the request body is not valid UTF-8 text' });
    const created = await api('POST', '/tests', { commands: ['tapOn: "Login"'], autoGenerate: false });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
  });

  it('still serves the pages at their own paths, behind sign-in and the CSRF check', async () => {
    const work = mkdtempSync(join(tmpdir(), 'devicelab-app-url-apk-'));
    try {
      await makeApk(join(work, 'a.apk'), { packageName: 'com.example.rootpages', versionName: '1.0', versionCode: 1, label: 'Root' });
      const buildId = await uploadBuild(url, org.apiKey, join(work, 'a.apk'));
      const buildPage = `/organisations/${org.id}/build/${buildId}`;

      expect((await noRedirect('/sign-in')).status).toBe(200);
      const anonymous = await noRedirect(buildPage);
      expect(anonymous.status).toBe(303);
      expect(anonymous.headers.get('location')).toBe(`/sign-in?next=${encodeURIComponent(buildPage)}`);

      const signIn = (origin: string) =>
        noRedirect('/sign-in', {
          method: 'POST',
          headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ api_key: org.apiKey, next: buildPage }),
        });
      expect((await signIn('https://evil.example')).status).toBe(403);
      const signedIn = await signIn(url);
      expect(signedIn.status).toBe(303);
      expect(signedIn.headers.get('location')).toBe(buildPage);
      const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
      const page = await noRedirect(buildPage, { headers: { cookie } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('com.example.rootpages');
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
