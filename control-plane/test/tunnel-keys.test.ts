/**
 * Tunnel keys (issue 11, mb-local's "a key that may only connect tunnels"): the key lives on
 * a machine inside the user's network, so it connects tunnels and is refused everywhere else
 * with 401 {detail} (not a key of this API): every Bearer route of the API, the upload's organisation_key field, the
 * SDK sessions' api_key field and the pages' sign-in. Real server, database and tunnel client.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHostFilter } from '../../lab-agent/src/tunnel/host-filter.js';
import { startTunnelClient, type TunnelClient } from '../../lab-agent/src/tunnel/tunnel-client.js';
import { type Client, client, type Org, seedOrg, startServer, type TestServer } from './harness.js';

const REFUSED = 'tunnel keys may only connect tunnels (devicelab tunnel start)';

let server: TestServer;
let org: Org;
let api: Client;
let tunnelKey: { apiKey: string; apiKeyId: string; kind: string };
let asTunnelKey: Client;
const tunnels: TunnelClient[] = [];

beforeAll(async () => {
  server = await startServer();
  org = await seedOrg(server.db, { name: 'Tunnel key org' });
  api = client(server.url, org.apiKey);
  tunnelKey = (await admin()('POST', '/admin/keys', { organisationId: org.id, kind: 'tunnel' })).body;
  asTunnelKey = client(server.url, tunnelKey.apiKey);
});
afterEach(async () => {
  await Promise.all(tunnels.splice(0).map((t) => t.close()));
});
afterAll(() => server.close());

function admin() {
  return client(server.url, 'test-operator-token');
}

function expectRefused(res: { status: number; body: any }, what: string): void {
  expect(res.status, what).toBe(401);
  expect(res.body, what).toEqual({ detail: REFUSED });
}

describe('issuing tunnel keys', () => {
  it('POST /admin/keys issues kind tunnel, the organisation listing shows it, and an unknown kind is 400', async () => {
    expect(tunnelKey).toEqual({ apiKey: expect.stringMatching(/^dl_live_/), apiKeyId: expect.any(String), kind: 'tunnel' });
    const listed = (await admin()('GET', '/admin/organisations')).body.organisations.find((o: { id: string }) => o.id === org.id);
    expect(listed.apiKeys).toContainEqual({ apiKeyId: tunnelKey.apiKeyId, kind: 'tunnel', createdAt: expect.any(String) });
    const bad = await admin()('POST', '/admin/keys', { organisationId: org.id, kind: 'root' });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/^invalid request: kind/);
  });

  it('POST /admin/keys with tunnelOnly: true issues kind tunnel; tunnelOnly with another kind is 400 and issues nothing', async () => {
    const before = (await server.db.query('SELECT count(*)::int AS n FROM api_keys'))[0] as { n: number };
    const key = await admin()('POST', '/admin/keys', { organisationId: org.id, tunnelOnly: true });
    expect(key.status).toBe(200);
    expect(key.body).toEqual({ apiKey: expect.stringMatching(/^dl_live_/), apiKeyId: expect.any(String), kind: 'tunnel' });
    expectRefused(await client(server.url, key.body.apiKey)('GET', '/me'), 'GET /me with a tunnelOnly key');
    const both = await admin()('POST', '/admin/keys', { organisationId: org.id, tunnelOnly: true, kind: 'audit' });
    expect(both.status).toBe(400);
    expect(both.body.detail).toMatch(/tunnelOnly/);
    const standard = await admin()('POST', '/admin/keys', { organisationId: org.id, tunnelOnly: false });
    expect(standard.body.kind).toBe('standard');
    const after = (await server.db.query('SELECT count(*)::int AS n FROM api_keys'))[0] as { n: number };
    expect(after.n).toBe(before.n + 2);
  });

  it('admin create-key --tunnel-only issues a tunnel key that connects tunnels and is refused elsewhere', async () => {
    const run = promisify(execFile);
    const cli = fileURLToPath(new URL('../src/cli/admin.ts', import.meta.url));
    const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
    const env = { ...process.env, DEVICELAB_URL: server.url, DEVICELAB_ADMIN_TOKEN: 'test-operator-token' };
    const key = JSON.parse((await run(tsx, [cli, 'create-key', '--org', org.id, '--tunnel-only'], { env })).stdout);
    expect(key).toMatchObject({ kind: 'tunnel', apiKey: expect.stringMatching(/^dl_live_/) });
    expectRefused(await client(server.url, key.apiKey)('GET', '/runs'), 'GET /runs with the --tunnel-only key');
    const t = startTunnelClient({
      controlPlaneUrl: server.url,
      apiKey: key.apiKey,
      tunnelName: 'cli-tunnel-only',
      filter: createHostFilter({}),
      backoff: { baseMs: 20, maxMs: 100 },
    });
    tunnels.push(t);
    await t.connected;
    const contradiction = await run(tsx, [cli, 'create-key', '--org', org.id, '--tunnel-only', '--kind', 'audit'], { env }).catch((e) => e);
    expect(contradiction.code).not.toBe(0);
    expect(contradiction.stderr).toContain('--tunnel-only contradicts --kind audit');
  }, 120_000);

  it('admin create-key --kind tunnel issues one, and its help says what it is for', async () => {
    const run = promisify(execFile);
    const cli = fileURLToPath(new URL('../src/cli/admin.ts', import.meta.url));
    const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
    const env = { ...process.env, DEVICELAB_URL: server.url, DEVICELAB_ADMIN_TOKEN: 'test-operator-token' };
    const { stdout } = await run(tsx, [cli, 'create-key', '--org', org.id, '--kind', 'tunnel'], { env });
    const key = JSON.parse(stdout);
    expect(key).toMatchObject({ kind: 'tunnel', apiKey: expect.stringMatching(/^dl_live_/) });
    expectRefused(await client(server.url, key.apiKey)('GET', '/tests'), "GET /tests with the CLI's key");
    const help = (await run(tsx, [cli, 'create-key', '--help'], { env })).stdout.replace(/\s+/g, ' ');
    expect(help).toContain('tunnel: may only connect tunnels (devicelab tunnel start)');
    expect(help).toContain('"standard", "audit", "tunnel"');
  }, 120_000);
});

describe('a tunnel key outside GET /tunnel/connect', () => {
  it('is refused on reads, writes, /me and /tunnels, changing nothing', async () => {
    expectRefused(await asTunnelKey('GET', '/tests'), 'GET /tests');
    expectRefused(await asTunnelKey('GET', '/runs'), 'GET /runs');
    expectRefused(await asTunnelKey('GET', '/me'), 'GET /me');
    expectRefused(await asTunnelKey('GET', '/tunnels'), 'GET /tunnels');
    expectRefused(await asTunnelKey('POST', '/tests', { commands: ['launchApp'] }), 'POST /tests');
    expectRefused(
      await asTunnelKey('POST', '/tests/execute', { organisationId: org.id, buildId: 'bld_x', testIds: ['tst_x'] }),
      'POST /tests/execute',
    );
    expect((await api('GET', '/tests')).body.tests).toEqual([]);
    // The same key as a standard one would be: the refusal is the kind, not the key.
    expect((await api('GET', '/me')).body.keyKind).toBe('standard');
  });

  it('is refused on every Bearer route of the OpenAPI document, before its input is validated', async () => {
    const doc = (await client(server.url)('GET', '/openapi.json')).body as {
      paths: Record<string, Record<string, { security?: Array<Record<string, unknown>> }>>;
    };
    const checked: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!operation.security?.some((s) => 'bearer' in s)) continue;
        const concrete = path.replace(/\{[^}]+\}/g, 'x1');
        const body = method === 'get' || method === 'head' ? undefined : {};
        expectRefused(await asTunnelKey(method.toUpperCase(), concrete, body), `${method.toUpperCase()} ${path}`);
        checked.push(`${method} ${path}`);
      }
    }
    // The sweep must have covered the API, not an empty or shrunken document.
    expect(checked).toEqual(
      expect.arrayContaining([
        'get /tests',
        'post /tests',
        'post /tests/execute',
        'post /uploadBuild',
        'post /sessions/create',
        'get /runs/{run_id}',
        'get /suite/{run_id}/run/{test_id}/interaction_logs',
        'get /me',
        'get /tunnels',
        'post /webhooks',
      ]),
    );
  });

  it("is refused on the upload, as Bearer and as organisation_key (GPT Driver's upload-build)", async () => {
    const upload = (headers: Record<string, string>, fields: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      form.set('build', new Blob([new Uint8Array([1, 2, 3])]), 'app.apk');
      return fetch(`${server.url}/uploadBuild`, { method: 'POST', headers, body: form }).then(async (res) => ({
        status: res.status,
        body: await res.json(),
      }));
    };
    expectRefused(await upload({ authorization: `Bearer ${tunnelKey.apiKey}` }, {}), 'upload with a Bearer tunnel key');
    expectRefused(await upload({}, { organisation_key: tunnelKey.apiKey }), 'upload with the tunnel key in organisation_key');
    expect((await api('GET', '/builds')).body.builds).toEqual([]);
  });

  it('is refused by the SDK sessions, as Bearer and as api_key in the body', async () => {
    expectRefused(await asTunnelKey('POST', '/sessions/create', { platform: 'android' }), 'POST /sessions/create (Bearer)');
    expectRefused(
      await client(server.url)('POST', '/sessions/create', { platform: 'android', api_key: tunnelKey.apiKey }),
      'POST /sessions/create (api_key)',
    );
    expectRefused(await asTunnelKey('GET', '/sessions/ses_x'), 'GET /sessions/{id}');
    expect(await server.db.query('SELECT id FROM sdk_sessions WHERE org_id = $1', [org.id])).toEqual([]);
  });

  it('cannot sign in to the pages: 401 with the reason and no session cookie', async () => {
    const res = await fetch(`${server.url}/app/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ api_key: tunnelKey.apiKey }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await res.text()).toContain(REFUSED);
  });
});

describe('a tunnel key on GET /tunnel/connect', () => {
  it('connects the real tunnel client; a standard key lists the tunnel under the tunnel key', async () => {
    const t = startTunnelClient({
      controlPlaneUrl: server.url,
      apiKey: tunnelKey.apiKey,
      tunnelName: 'office',
      filter: createHostFilter({}),
      backoff: { baseMs: 20, maxMs: 100 },
    });
    tunnels.push(t);
    await t.connected;
    const listed = await api('GET', '/tunnels');
    expect(listed.status).toBe(200);
    expect(listed.body.tunnels).toEqual([
      { name: 'office', connectedAt: expect.any(String), apiKeyId: tunnelKey.apiKeyId, streamsOpened: 0 },
    ]);
  });

  it('stops connecting once revoked', async () => {
    const key = (await admin()('POST', '/admin/keys', { organisationId: org.id, kind: 'tunnel' })).body;
    await admin()('POST', '/admin/keys/revoke', { keyId: key.apiKeyId });
    const t = startTunnelClient({
      controlPlaneUrl: server.url,
      apiKey: key.apiKey,
      tunnelName: 'revoked',
      filter: createHostFilter({}),
      backoff: { baseMs: 20, maxMs: 100 },
    });
    tunnels.push(t);
    await expect(t.done).rejects.toThrow('API key has been revoked');
  });
});
