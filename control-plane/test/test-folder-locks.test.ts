/**
 * PATCH /tests with a folderId against DELETE /tests/folders of that folder. PATCH locked
 * the test and then the folder; the folder delete locks the folder and then the tests in it.
 * Test T in folder F, a client saving T with its current folderId while F is deleted:
 * PostgreSQL found the deadlock and aborted one of the two (the client got a 500). Needs two
 * connections, so PostgreSQL only. The delete is driven by hand to stop it between its steps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteFolder, findFolder } from '../src/queries/folders.js';
import { backend, type Client, client, type Org, seedOrg, startServer, type TestServer } from './harness.js';

const onPostgres = backend === 'postgres';
let server: TestServer;
let org: Org;
let api: Client;

beforeAll(async () => {
  if (!onPostgres) return;
  server = await startServer();
  org = await seedOrg(server.db);
  api = client(server.url, org.apiKey);
});
afterAll(async () => {
  if (onPostgres) await server.close();
});

describe.skipIf(!onPostgres)('PATCH /tests during DELETE /tests/folders', () => {
  it('waits for the delete and answers 404 for the folder; no deadlock, no 500', async () => {
    const folderId = (await api('POST', '/tests/folders', { name: 'Doomed' })).body.folderId;
    const testId = (await api('POST', '/tests', { commands: ['tapOn: "Login"'], folderId, autoGenerate: false })).body.testId;

    let patch: Promise<{ status: number; body: any }> | undefined;
    const deleted = await server.db.transaction(async (tx) => {
      const folder = await findFolder(tx, org.id, folderId, 'update'); // as the route does
      patch = api('PATCH', '/tests', { testId, title: 'Saved again', folderId });
      await new Promise((resolve) => setTimeout(resolve, 400)); // the PATCH reaches its locks
      return deleteFolder(tx, folder!); // unfiles the test: waited for the PATCH's test lock before
    });
    expect(deleted.unfiledTestIds).toEqual([testId]);
    const res = await patch!;
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(res.body.detail).toMatch(/folder/);
    expect((await api('GET', `/tests/${testId}`)).body).toMatchObject({ folderId: null });
  });
});
