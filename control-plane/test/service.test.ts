import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTokenMatches, firstStart } from '../src/admin/provision.js';
import { loadConfig } from '../src/config.js';
import { client, freshDatabase, startServer, type TestServer } from './harness.js';

const run = promisify(execFile);
const cli = fileURLToPath(new URL('../src/cli/admin.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('first start', () => {
  it('creates a default organisation and an operator token once', async () => {
    const { db, drop } = await freshDatabase();
    try {
      const config = loadConfig({ DATA_DIR: '/tmp/unused' });
      const first = await firstStart(db, config);
      expect(first.adminToken).toMatch(/^dl_admin_/);
      expect(first.organisation?.apiKey).toMatch(/^dl_live_/);
      expect(await adminTokenMatches(db, config, first.adminToken!)).toBe(true);
      expect(await adminTokenMatches(db, config, 'dl_admin_wrong')).toBe(false);
      expect(await firstStart(db, config)).toEqual({});
      const withToken = loadConfig({ DATA_DIR: '/tmp/unused', ADMIN_TOKEN: 'set-by-operator' });
      expect(await adminTokenMatches(db, withToken, 'set-by-operator')).toBe(true);
    } finally {
      await drop();
    }
  });
});

describe('admin CLI', () => {
  const admin = async (...args: string[]) => {
    const env = { ...process.env, DEVICELAB_URL: server.url, DEVICELAB_ADMIN_TOKEN: 'test-operator-token' };
    const { stdout } = await run(tsx, [cli, ...args], { env });
    return JSON.parse(stdout);
  };

  it('creates an organisation, issues and revokes keys, printing JSON', async () => {
    const org = await admin('create-org', '--name', 'From CLI', '--type', 'platform');
    expect(Object.keys(org).sort()).toEqual(['apiKey', 'apiKeyId', 'organisationId', 'organisationKey']);
    const audit = await admin('create-key', '--org', org.organisationId, '--kind', 'audit');
    expect(audit).toMatchObject({ kind: 'audit', apiKey: expect.stringMatching(/^dl_live_/) });
    expect((await client(server.url, audit.apiKey)('POST', '/tests', { commands: ['a'] })).status).toBe(403);
    expect(await admin('revoke-key', '--key-id', audit.apiKeyId)).toEqual({ keyId: audit.apiKeyId, revoked: true });
    const rotated = await admin('rotate-org-key', '--org', org.organisationId);
    expect(rotated).toEqual({ organisationId: org.organisationId, organisationKey: expect.stringMatching(/^dl_org_/) });
    expect((await client(server.url, org.organisationKey)('GET', '/tests')).status).toBe(401);
    expect((await client(server.url, audit.apiKey)('GET', '/tests')).status).toBe(401);
  }, 60_000);

  it('issues agent tokens for an organisation or the shared pool', async () => {
    const org = await admin('create-org', '--name', 'Agents');
    const own = await admin('create-agent-token', '--org', org.organisationId);
    expect(own).toMatchObject({ agentToken: expect.stringMatching(/^dl_agent_/), organisationId: org.organisationId });
    expect(await admin('create-agent-token', '--shared')).toMatchObject({ organisationId: null });
    const neither = await run(tsx, [cli, 'create-agent-token'], { env: { ...process.env, DEVICELAB_URL: server.url, DEVICELAB_ADMIN_TOKEN: 'test-operator-token' } }).catch((e) => e);
    expect(neither.stderr).toMatch(/--org ID or --shared/);
    // The token opens the agents' endpoint: a request without the WebSocket upgrade is still authenticated first.
    const res = await fetch(`${server.url}/agent/builds/bld_nope`, { headers: { authorization: `Bearer ${own.agentToken}` } });
    expect(res.status).toBe(404);
    expect(await admin('revoke-agent-token', '--agent-token-id', own.agentTokenId)).toEqual({ agentTokenId: own.agentTokenId, revoked: true });
    const after = await fetch(`${server.url}/agent/builds/bld_nope`, { headers: { authorization: `Bearer ${own.agentToken}` } });
    expect(after.status).toBe(401);
  }, 60_000);

  it('fails with a message and exit code 1 on a refused call', async () => {
    const env = { ...process.env, DEVICELAB_URL: server.url, DEVICELAB_ADMIN_TOKEN: 'wrong' };
    const failure = await run(tsx, [cli, 'create-org', '--name', 'x'], { env }).catch((e) => e);
    expect(failure.code).toBe(1);
    expect(failure.stderr).toMatch(/401/);
  }, 30_000);
});

describe('service endpoints', () => {
  it('GET /healthz reports the database', async () => {
    const res = await client(server.url)('GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('GET /openapi.json documents every public endpoint from the validating schemas', async () => {
    const res = await client(server.url)('GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const paths = res.body.paths;
    const expected: Array<[string, string]> = [
      ['/tests/folders', 'get'], ['/tests/folders', 'post'], ['/tests/folders', 'patch'], ['/tests/folders', 'delete'],
      ['/tests/folders/move', 'post'], ['/tests', 'get'], ['/tests', 'post'], ['/tests', 'patch'], ['/tests', 'delete'],
      ['/tests/{testId}', 'get'], ['/uploadBuild', 'post'], ['/builds/{buildId}', 'get'], ['/healthz', 'get'],
      ['/tests/generate', 'post'], ['/tests/execute', 'post'], ['/runs', 'get'], ['/runs/{run_id}', 'get'], ['/runs/{run_id}/cancel', 'post'],
      ['/sessions/create', 'post'], ['/sessions/{sessionId}/execute', 'post'], ['/sessions/{sessionId}/assert', 'post'],
      ['/sessions/{sessionId}/log_code_execution', 'post'], ['/sessions/{sessionId}/stop', 'post'], ['/usage/sdk-sessions', 'get'],
    ];
    for (const [path, method] of expected) {
      expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    // GPT Driver's action posts to /uploadBuild/: served, and said so, without a second path.
    expect(paths['/uploadBuild/']).toBeUndefined();
    expect(paths['/uploadBuild'].post.description).toContain('/uploadBuild/');
    const folderName = paths['/tests/folders'].post.requestBody.content['application/json'].schema.properties.name;
    expect(folderName).toMatchObject({ type: 'string', maxLength: 60 });
    expect(res.body.components.schemas.Folder.properties.testCount).toBeDefined();
  });

  it('answers unknown endpoints with 404 {detail}', async () => {
    const res = await client(server.url)('GET', '/nope');
    expect(res.status).toBe(404);
    expect(res.body.detail).toMatch(/no such endpoint/);
  });
});
