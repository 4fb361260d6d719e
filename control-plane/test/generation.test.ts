import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, client, seedOrg, settledTest, startServer, type TestServer } from './harness.js';

let server: TestServer;
let api: Client;

beforeAll(async () => {
  server = await startServer();
  api = client(server.url, (await seedOrg(server.db)).apiKey);
});
afterAll(() => server.close());

async function create(body: Record<string, unknown>): Promise<string> {
  const res = await api('POST', '/tests', body);
  expect(res.status).toBe(200);
  return res.body.testId;
}

const ready = { runnable: true, status: 'ready' };

describe('automation generation', () => {
  it('creation generates both platforms in the background: generating, then ready', async () => {
    const id = await create({ commands: ['launchApp', 'Tap the Login button', 'assertVisible: "Welcome"'] });
    const first = (await api('GET', `/tests/${id}`)).body.platforms;
    expect(['generating', 'ready']).toContain(first.android.status);
    expect(first.android.runnable).toBe(first.android.status === 'ready');
    expect((await settledTest(api, id)).platforms).toEqual({ android: ready, ios: ready });
  });

  it('autoGenerate false skips it until POST /tests/generate asks', async () => {
    const id = await create({ commands: ['launchApp'], autoGenerate: false });
    expect((await settledTest(api, id)).platforms.android).toEqual({ runnable: false, status: 'none' });
    const res = await api('POST', '/tests/generate', { testId: id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ testId: id, platforms: { android: { runnable: false, status: 'generating' } } });
    expect((await settledTest(api, id)).platforms).toEqual({ android: ready, ios: ready });
  });

  it('generates only the platforms asked for', async () => {
    const id = await create({ commands: ['launchApp'], autoGenerate: false });
    expect((await api('POST', '/tests/generate', { testId: id, platforms: ['ios'] })).status).toBe(200);
    const platforms = (await settledTest(api, id)).platforms;
    expect(platforms).toEqual({ android: { runnable: false, status: 'none' }, ios: ready });
  });

  it('fails only on the platform that lacks a command, naming the command index and the reason', async () => {
    const id = await create({ commands: ['launchApp', 'tapOn: "Settings"', 'pressBackButton'] });
    const { android, ios } = (await settledTest(api, id)).platforms;
    expect(android).toEqual(ready);
    expect(ios).toMatchObject({ runnable: false, status: 'failed', failedCommandIndex: 2 });
    expect(ios.reason).toMatch(/iOS has no system back button/);
  });

  it('an unknown {{reference}} or a malformed command fails generation at that command', async () => {
    const unknown = await create({ commands: ['launchApp', 'type: "{{emial}}"'], testInputs: [{ key: 'email', defaultValue: 'a@b.c' }] });
    const u = (await settledTest(api, unknown)).platforms.android;
    expect(u).toMatchObject({ status: 'failed', failedCommandIndex: 1, runnable: false });
    expect(u.reason).toMatch(/Unknown reference \{\{emial\}\}.*known names: email/);

    const malformed = await create({ commands: ['tapOn: Login'] });
    const m = (await settledTest(api, malformed)).platforms.ios;
    expect(m).toMatchObject({ status: 'failed', failedCommandIndex: 0 });
    expect(m.reason).toMatch(/double quotes/);
  });

  it('knows test inputs and values remembered by pre-requests', async () => {
    const id = await create({
      commands: ['Enter {{email}} in the Email field', 'type: "{{token}}"', 'type: "{{session}}"'],
      testInputs: [{ key: 'email', defaultValue: 'ann@example.com' }],
      preRequests: [
        { curlCommand: 'curl https://api.example.com/seed', valuesToRemember: ['token', { name: 'session', path: 'data.id' }] },
      ],
    });
    expect((await settledTest(api, id)).platforms).toEqual({ android: ready, ios: ready });
  });

  it('a change of commands makes it stale and not runnable; a folder change never re-triggers it', async () => {
    const folder = (await api('POST', '/tests/folders', { name: 'Gen' })).body.folderId;
    const id = await create({ commands: ['launchApp'] });
    await settledTest(api, id);
    const moved = await api('PATCH', '/tests', { testId: id, folderId: folder });
    expect(moved.body.test.platforms).toEqual({ android: ready, ios: ready });
    const changed = await api('PATCH', '/tests', { testId: id, commands: ['launchApp', 'Tap Login'] });
    expect(changed.body.test.platforms.android).toEqual({ runnable: false, status: 'stale' });
    // Nothing regenerates it by itself.
    await new Promise((r) => setTimeout(r, 100));
    expect((await settledTest(api, id)).platforms.android.status).toBe('stale');
    await api('POST', '/tests/generate', { testId: id });
    expect((await settledTest(api, id)).platforms.android).toEqual(ready);
  });

  it('renaming a test input that a command uses makes the automation stale', async () => {
    const id = await create({ commands: ['type: "{{email}}"'], testInputs: [{ key: 'email', defaultValue: 'x' }] });
    await settledTest(api, id);
    const res = await api('PATCH', '/tests', { testId: id, testInputs: [{ key: 'mail', defaultValue: 'x' }] });
    expect(res.body.test.platforms.android.status).toBe('stale');
    await api('POST', '/tests/generate', { testId: id });
    expect((await settledTest(api, id)).platforms.android).toMatchObject({ status: 'failed', failedCommandIndex: 0 });
  });

  it('a result for old commands never lands after the commands changed', async () => {
    // Change the commands while the generation of the old ones may still be queued:
    // whichever order the two take, the test must end stale, never ready.
    const id = await create({ commands: ['launchApp'] });
    const res = await api('PATCH', '/tests', { testId: id, commands: ['restartApp'] });
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    const platforms = (await settledTest(api, id)).platforms;
    expect(platforms.android.status).toBe('stale');
    expect(platforms.ios.status).toBe('stale');
  });

  it('resumes generations a stopped process left unfinished', async () => {
    const id = await create({ commands: ['launchApp'], autoGenerate: false });
    // What a crash mid-generation leaves behind.
    const generating = { status: 'generating', generationId: 'left-by-a-crash' };
    await server.db.query('UPDATE tests SET automation = $2 WHERE id = $1', [id, { android: generating, ios: generating }]);
    expect((await api('GET', `/tests/${id}`)).body.platforms.android.status).toBe('generating');
    expect(await server.services.generator.resume()).toBeGreaterThanOrEqual(1);
    expect((await settledTest(api, id)).platforms).toEqual({ android: ready, ios: ready });
  });

  it('refuses bad bodies with 400 and unknown tests with 404', async () => {
    expect((await api('POST', '/tests/generate', {})).status).toBe(400);
    expect((await api('POST', '/tests/generate', { testId: 'tst_nope' })).status).toBe(404);
    const id = await create({ commands: ['launchApp'], autoGenerate: false });
    const bad = await api('POST', '/tests/generate', { testId: id, platforms: ['windows'] });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/platforms/);
    expect((await api('POST', '/tests/generate', { testId: id, extra: 1 })).body.detail).toMatch(/unknown field.*extra/);
    expect((await settledTest(api, id)).platforms.android.status).toBe('none');
  });

  it('is scoped to the organisation', async () => {
    const other = client(server.url, (await seedOrg(server.db)).apiKey);
    const id = await create({ commands: ['launchApp'], autoGenerate: false });
    expect((await other('POST', '/tests/generate', { testId: id })).status).toBe(404);
  });
});
