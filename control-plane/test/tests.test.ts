import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, client, seedOrg, settledTest, startServer, type TestServer } from './harness.js';

let server: TestServer;
let api: Client;

beforeAll(async () => {
  server = await startServer();
  api = client(server.url, (await seedOrg(server.db)).apiKey);
});
afterAll(() => server.close());

const full = {
  title: 'Login works',
  commands: ['tapOn: "Email"', 'type: "{{email}}"', 'Tap the Login button', 'assertVisible: "Welcome"'],
  tags: ['smoke', 'login', 'smoke'],
  preRequests: [
    {
      curlCommand: `curl -X POST https://api.example.test/seed -H 'Content-Type: application/json' -d '{"user":"ann"}'`,
      delayBeforeRequest: 1.5,
      throughTunnel: true,
      valuesToRemember: ['token', { name: 'userId', path: 'data.user.id' }],
    },
  ],
  teardownRequests: [{ curlCommand: 'curl -X DELETE https://api.example.test/seed', runOn: 'always' }],
  launchParams: [{ key: 'env', value: 'staging' }],
  testInputs: [{ key: 'email', defaultValue: 'ann@example.test' }],
};

const create = async (body: Record<string, unknown>) => {
  const res = await api('POST', '/tests', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.testId as string;
};
const get = async (id: string) => (await api('GET', `/tests/${id}`)).body;

describe('POST /tests', () => {
  it('creates a test with every field and shows it back', async () => {
    const id = await create(full);
    expect(id).toMatch(/^tst_/);
    const t = await get(id);
    expect(t).toMatchObject({
      id,
      title: 'Login works',
      commands: full.commands,
      tags: ['smoke', 'login'],
      folderId: null,
      launchParams: full.launchParams,
      testInputs: full.testInputs,
      autoGenerate: true,
    });
    expect(['generating', 'ready']).toContain(t.platforms.android.status);
    expect((await settledTest(api, id)).platforms).toEqual({
      android: { runnable: true, status: 'ready' },
      ios: { runnable: true, status: 'ready' },
    });
    expect(t.preRequests[0]).toMatchObject({ delayBeforeRequest: 1.5, throughTunnel: true });
    expect(t.teardownRequests[0]).toEqual({ ...full.teardownRequests[0], throughTunnel: false });
  });

  it('reports status none when autoGenerate is false, and defaults the title to the first command', async () => {
    const t = await get(await create({ commands: ['launchApp', 'tapOn: "Go"'], autoGenerate: false }));
    expect(t.platforms.android).toEqual({ runnable: false, status: 'none' });
    expect(t.title).toBe('launchApp');
  });

  it('files a new test into a folder', async () => {
    const folderId = (await api('POST', '/tests/folders', { name: 'Filed' })).body.folderId;
    const t = await get(await create({ commands: ['launchApp'], folderId }));
    expect(t.folderId).toBe(folderId);
    expect((await api('POST', '/tests', { commands: ['launchApp'], folderId: 'fld_unknown' })).status).toBe(404);
  });

  it.each([
    ['no commands', { title: 'x' }, 'commands'],
    ['empty commands', { commands: [] }, 'commands'],
    ['a blank command', { commands: ['  '] }, 'command'],
    ['commands not strings', { commands: [1, 2] }, 'commands'],
    ['title too long', { commands: ['a'], title: 't'.repeat(201) }, 'title'],
    ['tags not an array', { commands: ['a'], tags: 'smoke' }, 'tags'],
    ['a preRequest without curlCommand', { commands: ['a'], preRequests: [{}] }, 'curlCommand'],
    ['a preRequest that is not curl', { commands: ['a'], preRequests: [{ curlCommand: 'wget http://x' }] }, 'curl'],
    [
      'a negative delay',
      { commands: ['a'], preRequests: [{ curlCommand: 'curl http://x.test', delayBeforeRequest: -1 }] },
      'delayBeforeRequest',
    ],
    [
      'delay as a string',
      { commands: ['a'], preRequests: [{ curlCommand: 'curl http://x.test', delayBeforeRequest: '5' }] },
      'delayBeforeRequest',
    ],
    [
      'throughTunnel not boolean',
      { commands: ['a'], preRequests: [{ curlCommand: 'curl http://x.test', throughTunnel: 'yes' }] },
      'throughTunnel',
    ],
    [
      'valuesToRemember not an array',
      { commands: ['a'], preRequests: [{ curlCommand: 'curl http://x.test', valuesToRemember: 'token' }] },
      'valuesToRemember',
    ],
    ['an unknown runOn', { commands: ['a'], teardownRequests: [{ curlCommand: 'curl http://x.test', runOn: 'sometimes' }] }, 'runOn'],
    [
      'a curl method that is not an HTTP token',
      { commands: ['a'], preRequests: [{ curlCommand: "curl -X 'GE T' http://x.test" }] },
      'method "GE T" is not a valid HTTP method',
    ],
    [
      'a curl header name that is not a token',
      { commands: ['a'], teardownRequests: [{ curlCommand: "curl -H 'Bad Name: x' http://x.test" }] },
      'header name "Bad Name"',
    ],
    [
      'curl data read from a file',
      { commands: ['a'], preRequests: [{ curlCommand: 'curl -d @seed.json http://x.test' }] },
      'would read a file',
    ],
    ['a launchParam without value', { commands: ['a'], launchParams: [{ key: 'k' }] }, 'value'],
    [
      'duplicate launchParam keys',
      {
        commands: ['a'],
        launchParams: [
          { key: 'k', value: '1' },
          { key: 'k', value: '2' },
        ],
      },
      'unique',
    ],
    ['a testInput with a bad key', { commands: ['a'], testInputs: [{ key: 'has space', defaultValue: '' }] }, 'key'],
    ['a testInput without defaultValue', { commands: ['a'], testInputs: [{ key: 'k' }] }, 'defaultValue'],
    ['an unknown field', { commands: ['a'], colour: 'red' }, 'colour'],
    ['autoGenerate not boolean', { commands: ['a'], autoGenerate: 'no' }, 'autoGenerate'],
    ['a huge command', { commands: ['x'.repeat(5000)] }, 'command'],
  ])('refuses %s with 400 naming the problem', async (_name, body, word) => {
    const before = (await api('GET', '/tests?limit=1000')).body.tests.length;
    const res = await api('POST', '/tests', body);
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(word);
    expect((await api('GET', '/tests?limit=1000')).body.tests.length).toBe(before);
  });
});

describe('PATCH /tests', () => {
  it('moves a test between folders and out of them, without touching automation', async () => {
    const f = (await api('POST', '/tests/folders', { name: 'PatchTarget' })).body.folderId;
    const id = await create({ commands: ['launchApp'] });
    await settledTest(api, id);
    let res = await api('PATCH', '/tests', { testId: id, folderId: f });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ testId: id, test: { folderId: f, platforms: { android: { status: 'ready' } } } });
    res = await api('PATCH', '/tests', { testId: id, folderId: null });
    expect(res.body.test.folderId).toBeNull();
    res = await api('PATCH', '/tests', { testId: id, title: 'Renamed' });
    expect(res.body.test).toMatchObject({ title: 'Renamed', folderId: null });
  });

  it('marks automation stale when commands change, and only then', async () => {
    const id = await create({ commands: ['launchApp'] });
    await settledTest(api, id);
    let res = await api('PATCH', '/tests', { testId: id, commands: ['launchApp'], tags: ['x'] });
    expect(res.body.test.platforms.android.status).toBe('ready');
    res = await api('PATCH', '/tests', { testId: id, commands: ['launchApp', 'tapOn: "New"'] });
    expect(res.body.test.platforms).toEqual({ android: { runnable: false, status: 'stale' }, ios: { runnable: false, status: 'stale' } });
    expect(res.body.test.commands).toEqual(['launchApp', 'tapOn: "New"']);
  });

  it('answers 404 for unknown tests or folders and 400 for nothing to change, changing nothing', async () => {
    const id = await create({ commands: ['launchApp'], title: 'Stays' });
    expect((await api('PATCH', '/tests', { testId: 'tst_nope', folderId: null })).status).toBe(404);
    expect((await api('PATCH', '/tests', { testId: id, folderId: 'fld_nope', title: 'Changed' })).status).toBe(404);
    expect((await api('PATCH', '/tests', { testId: id })).status).toBe(400);
    expect((await api('PATCH', '/tests', { testId: id, commands: [] })).status).toBe(400);
    expect((await get(id)).title).toBe('Stays');
  });
});

describe('DELETE /tests', () => {
  it('deletes by testId, by testIds, and by both', async () => {
    const [a, b, c, d] = [
      await create({ commands: ['a'] }),
      await create({ commands: ['b'] }),
      await create({ commands: ['c'] }),
      await create({ commands: ['d'] }),
    ];
    let res = await api('DELETE', '/tests', { testId: a });
    expect(res.body).toMatchObject({ deletedTestIds: [a], skippedTestIds: [] });
    res = await api('DELETE', '/tests', { testId: b, testIds: [c, 'tst_gone'] });
    expect(res.status).toBe(200);
    expect(res.body.deletedTestIds.sort()).toEqual([b, c].sort());
    expect(res.body.skippedTestIds).toEqual(['tst_gone']);
    expect((await api('GET', `/tests/${a}`)).status).toBe(404);
    expect((await api('GET', `/tests/${d}`)).status).toBe(200);
    expect((await api('DELETE', '/tests', { testId: a })).status).toBe(404);
    expect((await api('DELETE', '/tests', {})).status).toBe(400);
  });
});

describe('GET /tests', () => {
  it('filters by folder, with and without subfolders, and by tag', async () => {
    const top = (await api('POST', '/tests/folders', { name: 'ListTop' })).body.folderId;
    const sub = (await api('POST', '/tests/folders', { name: 'ListSub', parentId: top })).body.folderId;
    const direct = await create({ commands: ['a'], folderId: top, tags: ['alpha'] });
    const nested = await create({ commands: ['b'], folderId: sub, tags: ['beta'] });
    const ids = async (q: string) => ((await api('GET', `/tests?${q}`)).body.tests as any[]).map((t) => t.id);
    expect(await ids(`folderId=${top}`)).toEqual([direct]);
    expect(await ids(`folderId=${top}&includeSubfolders=false`)).toEqual([direct]);
    expect(await ids(`folderId=${top}&includeSubfolders=true`)).toEqual([direct, nested]);
    expect(await ids(`folderId=${sub}`)).toEqual([nested]);
    expect(await ids(`folderId=${top}&includeSubfolders=true&tag=beta`)).toEqual([nested]);
    expect((await api('GET', '/tests?folderId=fld_nope')).status).toBe(404);
    expect((await api('GET', '/tests?includeSubfolders=maybe')).status).toBe(400);
    const listed = (await api('GET', `/tests?folderId=${top}`)).body.tests[0];
    const settled = (await settledTest(api, listed.id)).platforms;
    expect(settled.android).toEqual({ runnable: true, status: 'ready' });
    expect(settled.ios.runnable).toBe(true);
  });

  it('paginates with a cursor, in creation order, without gaps or repeats', async () => {
    const tag = `page-${Date.now()}`;
    const created: string[] = [];
    for (let i = 0; i < 7; i++) created.push(await create({ commands: [`step ${i}`], tags: [tag] }));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: any = await api('GET', `/tests?tag=${tag}&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.tests.map((t: any) => t.id));
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor);
    expect(seen).toEqual(created);
    expect(pages).toBe(3);
    expect((await api('GET', '/tests?cursor=garbage')).status).toBe(400);
    expect((await api('GET', '/tests?limit=0')).status).toBe(400);
    expect((await api('GET', '/tests?limit=1001')).status).toBe(400);
  });
});
