import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startServer, type TestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const admin = () => client(server.url, 'test-operator-token');

describe('GET /admin/organisations', () => {
  it('lists every organisation oldest first with its active key ids, and no secret', async () => {
    const first = (await admin()('POST', '/admin/organisations', { name: 'Listed A' })).body;
    const second = (await admin()('POST', '/admin/organisations', { name: 'Listed B', type: 'studio', bundleIdRuns: true })).body;
    const audit = (await admin()('POST', '/admin/keys', { organisationId: first.organisationId, kind: 'audit' })).body;
    await admin()('POST', '/admin/keys/revoke', { keyId: first.apiKeyId });

    const res = await admin()('GET', '/admin/organisations');
    expect(res.status).toBe(200);
    const ids = res.body.organisations.map((o: { id: string }) => o.id);
    expect(ids.indexOf(first.organisationId)).toBeLessThan(ids.indexOf(second.organisationId));
    const a = res.body.organisations.find((o: { id: string }) => o.id === first.organisationId);
    expect(a).toEqual({
      id: first.organisationId,
      name: 'Listed A',
      type: 'platform',
      bundleIdRuns: false,
      maxParallelTests: null,
      createdAt: expect.any(String),
      // The revoked key is gone; the audit key is listed by id only.
      apiKeys: [{ apiKeyId: audit.apiKeyId, kind: 'audit', createdAt: expect.any(String) }],
    });
    expect(new Date(a.createdAt).toISOString()).toBe(a.createdAt);
    const b = res.body.organisations.find((o: { id: string }) => o.id === second.organisationId);
    expect(b).toMatchObject({ type: 'studio', bundleIdRuns: true, apiKeys: [{ apiKeyId: second.apiKeyId, kind: 'standard' }] });

    const text = JSON.stringify(res.body);
    for (const secret of [first.apiKey, first.organisationKey, second.apiKey, second.organisationKey, audit.apiKey]) {
      expect(text).not.toContain(secret.split('_').pop());
    }
  });

  it('needs the operator token', async () => {
    const org = (await admin()('POST', '/admin/organisations', { name: 'Key holder' })).body;
    for (const key of [undefined, 'wrong-token', org.apiKey]) {
      expect((await client(server.url, key)('GET', '/admin/organisations')).status).toBe(401);
    }
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await client(server.url)('GET', '/openapi.json')).body;
    expect(Object.keys(doc.paths['/admin/organisations'])).toEqual(expect.arrayContaining(['get', 'post']));
  });
});

describe('POST /admin/organisations', () => {
  // Once two statements outside a transaction: a failure (or kill -9) between them left an
  // organisation with no API key, and an organisation key that nobody was ever shown.
  it('creates the organisation and its first key together or not at all', async () => {
    const count = async () => (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM organisations'))[0]!.n;
    const before = await count();
    await server.db.query(`CREATE FUNCTION refuse_key() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'simulated failure between the two inserts'; END $$`);
    await server.db.query('CREATE TRIGGER refuse_key BEFORE INSERT ON api_keys FOR EACH ROW EXECUTE FUNCTION refuse_key()');
    try {
      const res = await admin()('POST', '/admin/organisations', { name: 'Half made' });
      expect(res.status).toBe(500);
      expect(await count()).toBe(before);
    } finally {
      await server.db.query('DROP TRIGGER refuse_key ON api_keys');
      await server.db.query('DROP FUNCTION refuse_key()');
    }
    expect((await admin()('POST', '/admin/organisations', { name: 'Whole' })).status).toBe(200);
    expect(await count()).toBe(before + 1);
  });
});
