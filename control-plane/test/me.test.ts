/** GET /me over the real HTTP server: the organisation and key behind each kind of key. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApiKey } from '../src/admin/provision.js';
import { client, type Org, seedOrg, startServer, type TestServer } from './harness.js';

let server: TestServer;
let org: Org;
let other: Org;

beforeAll(async () => {
  server = await startServer();
  org = await seedOrg(server.db, { name: 'Acme Mobile' });
  other = await seedOrg(server.db, { name: 'Other' });
});
afterAll(() => server.close());

describe('GET /me', () => {
  it("answers the standard key's organisation and key", async () => {
    const res = await client(server.url, org.apiKey)('GET', '/me');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      organisationId: org.id,
      organisationName: 'Acme Mobile',
      apiKeyId: org.apiKeyId,
      keyKind: 'standard',
      maxParallelTests: null,
    });
    const theirs = await client(server.url, other.apiKey)('GET', '/me');
    expect(theirs.body).toMatchObject({ organisationId: other.id, organisationName: 'Other' });
  });

  it('answers read-only audit keys and the organisation key too', async () => {
    const audit = await addApiKey(server.db, org.id, 'audit');
    const res = await client(server.url, audit.apiKey)('GET', '/me');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      organisationId: org.id,
      organisationName: 'Acme Mobile',
      apiKeyId: audit.apiKeyId,
      keyKind: 'audit',
      maxParallelTests: null,
    });
    const legacy = await client(server.url, org.orgKey)('GET', '/me');
    expect(legacy.body).toEqual({
      organisationId: org.id,
      organisationName: 'Acme Mobile',
      apiKeyId: 'legacy',
      keyKind: 'organisation',
      maxParallelTests: null,
    });
  });

  it('refuses a missing, malformed or unknown key with 401 and a detail', async () => {
    for (const key of [undefined, 'nonsense', 'dl_live_AbCdEfGhIjK_wrongsecretwrongsecret']) {
      const res = await client(server.url, key)('GET', '/me');
      expect(res.status, String(key)).toBe(401);
      expect(res.body.detail).toEqual(expect.any(String));
    }
  });
});
