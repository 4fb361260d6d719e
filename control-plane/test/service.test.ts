import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorTokenMatches, rotateOperatorToken } from '../src/admin/operator-token.js';
import { firstStart } from '../src/admin/provision.js';
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
  const withToken = (adminToken?: string) => loadConfig({ DATA_DIR: '/tmp/unused', ...(adminToken ? { ADMIN_TOKEN: adminToken } : {}) });

  it('creates a default organisation and an operator token once; restarts without ADMIN_TOKEN mint nothing', async () => {
    const { db, drop } = await freshDatabase();
    try {
      const first = await firstStart(db, withToken());
      expect(first.operatorToken.kind).toBe('generated');
      const token = (first.operatorToken as { token: string }).token;
      expect(token).toMatch(/^dl_admin_/);
      expect(first.organisation?.apiKey).toMatch(/^dl_live_/);
      expect(await operatorTokenMatches(db, withToken(), token)).toBe(true);
      expect(await operatorTokenMatches(db, withToken(), 'dl_admin_wrong')).toBe(false);
      expect(await firstStart(db, withToken())).toEqual({ operatorToken: { kind: 'kept' } });
      expect(await operatorTokenMatches(db, withToken(), token)).toBe(true);
    } finally {
      await drop();
    }
  });

  it('adopts ADMIN_TOKEN once; a restart without it keeps it; a new value replaces it; a rotation is not undone by the old value', async () => {
    const { db, drop } = await freshDatabase();
    try {
      // The quickstart: the first start with ADMIN_TOKEN, then a restart without it.
      expect((await firstStart(db, withToken('chosen-by-operator'))).operatorToken).toEqual({ kind: 'adopted', replacedAnother: false });
      expect(await firstStart(db, withToken())).toEqual({ operatorToken: { kind: 'kept' } });
      expect(await operatorTokenMatches(db, withToken(), 'chosen-by-operator')).toBe(true);
      expect(await firstStart(db, withToken('chosen-by-operator'))).toEqual({ operatorToken: { kind: 'kept' } });

      // A lost token: a start with a new value replaces it.
      expect((await firstStart(db, withToken('second-choice'))).operatorToken).toEqual({ kind: 'adopted', replacedAnother: true });
      expect(await operatorTokenMatches(db, withToken(), 'chosen-by-operator')).toBe(false);
      expect(await operatorTokenMatches(db, withToken(), 'second-choice')).toBe(true);

      const rotated = await rotateOperatorToken(db);
      expect(await operatorTokenMatches(db, withToken('second-choice'), 'second-choice')).toBe(false);
      // The same ADMIN_TOKEN left in the environment does not bring the old token back.
      expect((await firstStart(db, withToken('second-choice'))).operatorToken).toEqual({ kind: 'ignored' });
      expect(await operatorTokenMatches(db, withToken('second-choice'), rotated)).toBe(true);
      expect(await operatorTokenMatches(db, withToken('second-choice'), 'second-choice')).toBe(false);
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
  }, 120_000);

  it('issues agent tokens for an organisation or the shared pool', async () => {
    const org = await admin('create-org', '--name', 'Agents');
    const own = await admin('create-agent-token', '--org', org.organisationId);
    expect(own).toMatchObject({ agentToken: expect.stringMatching(/^dl_agent_/), organisationId: org.organisationId });
    expect(await admin('create-agent-token', '--shared')).toMatchObject({ organisationId: null });
    const neither = await run(tsx, [cli, 'create-agent-token'], {
      env: { ...process.env, DEVICELAB_URL: server.url, DEVICELAB_ADMIN_TOKEN: 'test-operator-token' },
    }).catch((e) => e);
    expect(neither.stderr).toMatch(/--org ID or --shared/);
    // The token opens the agents' endpoint: a request without the WebSocket upgrade is still authenticated first.
    const res = await fetch(`${server.url}/agent/builds/bld_nope`, { headers: { authorization: `Bearer ${own.agentToken}` } });
    expect(res.status).toBe(404);
    expect(await admin('revoke-agent-token', '--agent-token-id', own.agentTokenId)).toEqual({
      agentTokenId: own.agentTokenId,
      revoked: true,
    });
    const after = await fetch(`${server.url}/agent/builds/bld_nope`, { headers: { authorization: `Bearer ${own.agentToken}` } });
    expect(after.status).toBe(401);
  }, 120_000);

  it('rotate-operator-token prints a new token once; the old one is refused at once, the new one works', async () => {
    const own = await startServer({ ADMIN_TOKEN: 'before-rotation' });
    try {
      const env = { ...process.env, DEVICELAB_URL: own.url, DEVICELAB_ADMIN_TOKEN: 'before-rotation' };
      const { stdout } = await run(tsx, [cli, 'rotate-operator-token'], { env });
      const { operatorToken } = JSON.parse(stdout);
      expect(operatorToken).toMatch(/^dl_admin_[A-Za-z0-9]{40}$/);
      const refused = await run(tsx, [cli, 'list-orgs'], { env }).catch((e) => e);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/401/);
      expect((await client(own.url, operatorToken)('GET', '/admin/organisations')).status).toBe(200);
    } finally {
      await own.close();
    }
  }, 120_000);

  it('fails with a message and exit code 1 on a refused call', async () => {
    const env = { ...process.env, DEVICELAB_URL: server.url, DEVICELAB_ADMIN_TOKEN: 'wrong' };
    const failure = await run(tsx, [cli, 'create-org', '--name', 'x'], { env }).catch((e) => e);
    expect(failure.code).toBe(1);
    expect(failure.stderr).toMatch(/401/);
  }, 60_000);
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
      ['/tests/folders', 'get'],
      ['/tests/folders', 'post'],
      ['/tests/folders', 'patch'],
      ['/tests/folders', 'delete'],
      ['/tests/folders/move', 'post'],
      ['/tests', 'get'],
      ['/tests', 'post'],
      ['/tests', 'patch'],
      ['/tests', 'delete'],
      ['/tests/{testId}', 'get'],
      ['/uploadBuild', 'post'],
      ['/builds/{buildId}', 'get'],
      ['/healthz', 'get'],
      ['/tests/generate', 'post'],
      ['/tests/execute', 'post'],
      ['/runs', 'get'],
      ['/runs/{run_id}', 'get'],
      ['/runs/{run_id}/cancel', 'post'],
      ['/sessions/create', 'post'],
      ['/sessions/{sessionId}/execute', 'post'],
      ['/sessions/{sessionId}/assert', 'post'],
      ['/sessions/{sessionId}/log_code_execution', 'post'],
      ['/sessions/{sessionId}/stop', 'post'],
      ['/usage/sdk-sessions', 'get'],
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
