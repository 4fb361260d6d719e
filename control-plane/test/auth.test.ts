import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Org, seedOrg, startServer, type TestServer } from './harness.js';

let server: TestServer;
let org: Org;

beforeAll(async () => {
  server = await startServer();
  org = await seedOrg(server.db);
});
afterAll(() => server.close());

const admin = () => client(server.url, 'test-operator-token');

describe('API keys (docs/api.md, Keys)', () => {
  it.each([
    ['no header', {}],
    ['another scheme', { authorization: 'Basic Zm9vOmJhcg==' }],
    ['an empty Bearer', { authorization: 'Bearer ' }],
    ['a malformed key', { authorization: 'Bearer not-a-key' }],
    ['an unknown key id', { authorization: `Bearer dl_live_AAAAAAAAAAA_${'x'.repeat(40)}` }],
    ['an unknown organisation key', { authorization: `Bearer dl_org_${'y'.repeat(40)}` }],
  ])('answers 401 {detail} for %s', async (_name, headers) => {
    const res = await client(server.url)('GET', '/tests', undefined, headers as Record<string, string>);
    expect(res.status).toBe(401);
    expect(typeof res.body.detail).toBe('string');
  });

  it.each([
    ['malformed JSON', 'application/json', '{"title":'],
    ['another content type', 'text/plain', 'hello'],
    ['a body over the JSON limit', 'application/json', `{"title":"${'x'.repeat(2 * 1024 * 1024)}"}`],
  ])('answers 401 {detail}, not a body error, to a caller without a key who sends %s', async (_name, contentType, body) => {
    for (const path of ['/tests', '/tests/execute', '/webhooks', '/runs/run_x/cancel']) {
      const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body });
      expect(res.status, path).toBe(401);
      expect(typeof ((await res.json()) as { detail: unknown }).detail).toBe('string');
    }
  });

  it('answers 401 for a known key id with the wrong secret', async () => {
    const forged = org.apiKey.replace(/_[A-Za-z0-9]+$/, `_${'Z'.repeat(40)}`);
    expect((await client(server.url, forged)('GET', '/tests')).status).toBe(401);
  });

  it('accepts the organisation key as a Bearer key', async () => {
    expect((await client(server.url, org.orgKey)('GET', '/tests')).status).toBe(200);
  });

  it('replaces a lost organisation key: the new one works, the old one no longer', async () => {
    const other = (await admin()('POST', '/admin/organisations', { name: 'Rotating' })).body;
    expect((await client(server.url, other.organisationKey)('GET', '/tests')).status).toBe(200);
    const rotated = await admin()('POST', '/admin/organisations/rotate-key', { organisationId: other.organisationId });
    expect(rotated.status).toBe(200);
    expect(rotated.body).toEqual({
      organisationId: other.organisationId,
      organisationKey: expect.stringMatching(/^dl_org_[A-Za-z0-9]{40}$/),
    });
    expect((await client(server.url, other.organisationKey)('GET', '/tests')).status).toBe(401);
    expect((await client(server.url, rotated.body.organisationKey)('GET', '/tests')).status).toBe(200);
    expect((await client(server.url, other.apiKey)('GET', '/tests')).status).toBe(200); // API keys are not touched
    expect((await admin()('POST', '/admin/organisations/rotate-key', { organisationId: 'org_nope' })).status).toBe(404);
    expect((await admin()('POST', '/admin/organisations/rotate-key', {})).status).toBe(400);
  });

  it('stops accepting a revoked key', async () => {
    const key = (await admin()('POST', '/admin/keys', { organisationId: org.id })).body;
    const api = client(server.url, key.apiKey);
    expect((await api('GET', '/tests')).status).toBe(200);
    const revoked = await admin()('POST', '/admin/keys/revoke', { keyId: key.apiKeyId });
    expect(revoked.body).toEqual({ keyId: key.apiKeyId, revoked: true });
    const res = await api('GET', '/tests');
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(/revoked/);
  });

  it('lets audit keys read but not write (403), changing nothing', async () => {
    const key = (await admin()('POST', '/admin/keys', { organisationId: org.id, kind: 'audit' })).body;
    expect(key.kind).toBe('audit');
    const audit = client(server.url, key.apiKey);
    expect((await audit('GET', '/tests')).status).toBe(200);
    expect((await audit('GET', '/tests/folders')).status).toBe(200);
    const writes: Array<[string, string, unknown]> = [
      ['POST', '/tests', { commands: ['launchApp'] }],
      ['PATCH', '/tests', { testId: 'tst_x', title: 'x' }],
      ['DELETE', '/tests', { testId: 'tst_x' }],
      ['POST', '/tests/folders', { name: 'Nope' }],
      ['PATCH', '/tests/folders', { folderId: 'fld_x', name: 'x' }],
      ['DELETE', '/tests/folders', { folderId: 'fld_x' }],
      ['POST', '/tests/folders/move', { testIds: ['tst_x'], folderId: null }],
    ];
    for (const [method, path, body] of writes) {
      const res = await audit(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.detail).toMatch(/read-only/);
    }
    expect((await audit('GET', '/tests/folders')).body.folders.some((f: any) => f.name === 'Nope')).toBe(false);
  });
});

describe('organisation scoping', () => {
  it('hides every object of another organisation behind 404', async () => {
    const mine = client(server.url, org.apiKey);
    const theirs = client(server.url, (await seedOrg(server.db, { name: 'Other' })).apiKey);
    const folderId = (await mine('POST', '/tests/folders', { name: 'Private' })).body.folderId;
    const testId = (await mine('POST', '/tests', { commands: ['launchApp'], folderId })).body.testId;

    expect((await theirs('GET', `/tests/${testId}`)).status).toBe(404);
    expect((await theirs('GET', '/tests')).body.tests).toEqual([]);
    expect((await theirs('GET', '/tests/folders')).body).toEqual({ folders: [], unfiledTestCount: 0 });
    expect((await theirs('GET', `/tests?folderId=${folderId}`)).status).toBe(404);
    expect((await theirs('PATCH', '/tests', { testId, title: 'stolen' })).status).toBe(404);
    expect((await theirs('DELETE', '/tests', { testId })).status).toBe(404);
    expect((await theirs('PATCH', '/tests/folders', { folderId, name: 'stolen' })).status).toBe(404);
    expect((await theirs('DELETE', '/tests/folders', { folderId })).status).toBe(404);
    expect((await theirs('POST', '/tests/folders', { name: 'x', parentId: folderId })).status).toBe(404);
    expect((await theirs('POST', '/tests', { commands: ['a'], folderId })).status).toBe(404);
    const own = (await theirs('POST', '/tests', { commands: ['a'] })).body.testId;
    expect((await theirs('PATCH', '/tests', { testId: own, folderId })).status).toBe(404);
    const move = await theirs('POST', '/tests/folders/move', { testIds: [testId, own], folderId: null });
    expect(move.body.skippedTestIds).toEqual([testId]);

    const t = (await mine('GET', `/tests/${testId}`)).body;
    expect(t).toMatchObject({ title: 'launchApp', folderId });
  });
});

describe('admin endpoints', () => {
  it('need the operator token', async () => {
    for (const key of [undefined, 'wrong-token', org.apiKey]) {
      const res = await client(server.url, key)('POST', '/admin/organisations', { name: 'x' });
      expect(res.status).toBe(401);
    }
  });

  it('create organisations of both types and refuse bad input', async () => {
    const res = await admin()('POST', '/admin/organisations', { name: 'Studio', type: 'studio', bundleIdRuns: true });
    expect(res.status).toBe(200);
    expect(res.body.organisationId).toMatch(/^org_/);
    expect(res.body.organisationKey).toMatch(/^dl_org_[A-Za-z0-9]{40}$/);
    expect(res.body.apiKey).toMatch(new RegExp(`^dl_live_${res.body.apiKeyId}_[A-Za-z0-9]{40}$`));
    expect(res.body.apiKeyId).toMatch(/^[A-Za-z0-9]{11}$/);
    expect((await client(server.url, res.body.apiKey)('GET', '/tests/folders')).status).toBe(400); // studio
    expect((await admin()('POST', '/admin/organisations', { name: 'x', type: 'enterprise' })).status).toBe(400);
    expect((await admin()('POST', '/admin/organisations', {})).status).toBe(400);
    expect((await admin()('POST', '/admin/keys', { organisationId: 'org_nope' })).status).toBe(404);
    expect((await admin()('POST', '/admin/keys/revoke', { keyId: 'nope' })).status).toBe(404);
    expect((await admin()('POST', '/admin/agent-tokens/revoke', { agentTokenId: 'atk_nope' })).status).toBe(404);
    expect((await admin()('POST', '/admin/agent-tokens/revoke', { agentTokenId: 'atk_x', extra: 1 })).status).toBe(400);
    expect((await admin()('POST', '/admin/agent-tokens/revoke', {})).status).toBe(400);
    expect((await client(server.url, 'wrong-operator-token')('POST', '/admin/agent-tokens/revoke', { agentTokenId: 'atk_x' })).status).toBe(
      401,
    );
  });

  it('stores only hashes of keys', async () => {
    const res = await admin()('POST', '/admin/organisations', { name: 'Hashed' });
    const secret = res.body.apiKey.split('_').pop();
    const rows = await server.db.query<{ secret_hash: string }>('SELECT secret_hash FROM api_keys WHERE id = $1', [res.body.apiKeyId]);
    expect(rows[0]!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.secret_hash).not.toContain(secret);
    const orgs = await server.db.query<{ org_key_hash: string }>('SELECT org_key_hash FROM organisations WHERE id = $1', [
      res.body.organisationId,
    ]);
    expect(orgs[0]!.org_key_hash).not.toContain(res.body.organisationKey.slice(7));
  });
});
