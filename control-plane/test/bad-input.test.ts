import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/index.js';
import { type Client, client, seedOrg, settledTest, startServer, type TestServer } from './harness.js';

/**
 * The bad-input pass: every endpoint gets wrong types, missing fields, huge strings,
 * malformed JSON, wrong content types, unknown and foreign ids. Every answer must be
 * a 4xx with {detail}, and the database must be exactly as before.
 */
let server: TestServer;
let api: Client;
let ids: { folderId: string; testId: string; foreignFolderId: string; foreignTestId: string; sessionId: string; foreignSessionId: string };

beforeAll(async () => {
  server = await startServer({ JSON_MAX_BYTES: String(256 * 1024) });
  api = client(server.url, (await seedOrg(server.db)).apiKey);
  const other = client(server.url, (await seedOrg(server.db, { name: 'Other' })).apiKey);
  const folderId = (await api('POST', '/tests/folders', { name: 'Existing' })).body.folderId;
  const testId = (await api('POST', '/tests', { commands: ['launchApp'], folderId })).body.testId;
  const foreignFolderId = (await other('POST', '/tests/folders', { name: 'Foreign' })).body.folderId;
  const foreignTestId = (await other('POST', '/tests', { commands: ['launchApp'] })).body.testId;
  const sessionId = (await api('POST', '/sessions/create', { test_id: 'bad-input' })).body.session_id;
  const foreignSessionId = (await other('POST', '/sessions/create', {})).body.session_id;
  // Both tests' generation ends before any snapshot: a row finished later would read as a change.
  await settledTest(api, testId);
  await settledTest(other, foreignTestId);
  ids = { folderId, testId, foreignFolderId, foreignTestId, sessionId, foreignSessionId };
});
afterAll(() => server.close());

/** A digest of every row of every table: equal digests mean nothing changed. */
async function snapshot(db: Db): Promise<string> {
  const tables = [
    'organisations',
    'api_keys',
    'folders',
    'tests',
    'builds',
    'settings',
    'sdk_sessions',
    'session_steps',
    'step_cache',
    'runs',
    'attempts',
    'agent_tokens',
    'agents',
    'devices',
  ];
  const parts = await Promise.all(
    tables.map(async (t) => {
      const rows = await db.query<{ d: string | null }>(`SELECT md5(string_agg(x::text, '|' ORDER BY x::text)) AS d FROM ${t} x`);
      return `${t}:${rows[0]!.d}`;
    }),
  );
  return parts.join(',');
}

const huge = 'x'.repeat(300 * 1024);
type Case = [method: string, path: string, body: unknown, headers?: Record<string, string>];

const cases = (): Case[] => {
  const { folderId, testId, foreignFolderId, foreignTestId, sessionId, foreignSessionId } = ids;
  const login =
    '<hierarchy rotation="0"><node index="0" text="Log in" resource-id="login" class="android.widget.Button" package="x" content-desc="" clickable="true" enabled="true" bounds="[0,0][100,100]"/></hierarchy>';
  const jsonEndpoints: Array<[string, string]> = [
    ['POST', '/tests/folders'],
    ['PATCH', '/tests/folders'],
    ['DELETE', '/tests/folders'],
    ['POST', '/tests/folders/move'],
    ['POST', '/tests'],
    ['PATCH', '/tests'],
    ['DELETE', '/tests'],
    ['POST', '/tests/generate'],
    ['POST', '/tests/execute'],
    ['POST', `/sessions/${sessionId}/execute`],
    ['POST', `/sessions/${sessionId}/assert`],
  ];
  const generic: Case[] = jsonEndpoints.flatMap(([m, p]): Case[] => [
    [m, p, '{"name": '], // malformed JSON
    [m, p, 'null'],
    [m, p, '[]'],
    [m, p, '"a string"'],
    [m, p, '42'],
    [m, p, {}],
    [m, p, { unexpected: true }],
    [m, p, `{"huge":"${huge}"}`], // over the JSON body limit
    [m, p, 'name=x', { 'content-type': 'application/x-www-form-urlencoded' }],
    [m, p, '<xml/>', { 'content-type': 'text/xml' }],
    // Text must be valid Unicode: invalid UTF-8 bytes and lone surrogates are refused, not stored as U+FFFD
    [m, p, Buffer.from('{"name":"caf\xe9","commands":["a\xff"],"testId":"tst_\xc3("}', 'latin1')],
    [m, p, '{"name":"\\ud800","commands":["\\udc00"],"testId":"tst_\\ud800","folderId":"\\ud800"}'],
    // Nesting that would overflow recursive walkers (it once answered 500)
    [m, p, `{"name":${'['.repeat(5000)}${']'.repeat(5000)},"commands":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`],
  ]);
  return [
    ...generic,
    ['POST', '/tests/folders', { name: 42 }],
    ['POST', '/tests/folders', { name: ['a'] }],
    ['POST', '/tests/folders', { name: 'x'.repeat(10_000) }],
    ['POST', '/tests/folders', { name: 'ok', parentId: 7 }],
    ['POST', '/tests/folders', { name: 'ok', parentId: foreignFolderId }],
    ['POST', '/tests/folders', { name: 'ok', parentId: 'x'.repeat(5000) }],
    ['PATCH', '/tests/folders', { folderId, name: null }],
    ['PATCH', '/tests/folders', { folderId, parentId: 12 }],
    ['PATCH', '/tests/folders', { folderId: foreignFolderId, name: 'mine now' }],
    ['PATCH', '/tests/folders', { folderId, parentId: foreignFolderId }],
    ['PATCH', '/tests/folders', { folderId, parentId: folderId, name: 'renamed' }],
    ['DELETE', '/tests/folders', { folderId: foreignFolderId }],
    ['DELETE', '/tests/folders', { folderId: 123 }],
    ['POST', '/tests/folders/move', { testIds: testId, folderId }],
    ['POST', '/tests/folders/move', { testIds: [testId], folderId: foreignFolderId }],
    ['POST', '/tests/folders/move', { testIds: [testId] }],
    ['POST', '/tests/folders/move', { testIds: Array.from({ length: 1001 }, (_, i) => `tst_${i}`), folderId }],
    ['POST', '/tests', { commands: 'tapOn: "x"' }],
    ['POST', '/tests', { commands: [null] }],
    ['POST', '/tests', { commands: ['a'], folderId: foreignFolderId }],
    ['POST', '/tests', { commands: ['a'], tags: [1] }],
    ['POST', '/tests', { commands: ['a'], tags: ['x'.repeat(101)] }],
    ['POST', '/tests', { commands: Array.from({ length: 501 }, () => 'a') }],
    ['POST', '/tests', { commands: ['a'], preRequests: 'curl x' }],
    ['POST', '/tests', { commands: ['a'], preRequests: [{ curlCommand: `curl https://x.test -d '${'y'.repeat(25_000)}'` }] }],
    ['POST', '/tests', { commands: ['a'], launchParams: [{ key: 1, value: 2 }] }],
    ['POST', '/tests', { commands: ['a'], testInputs: { email: 'x' } }],
    ['PATCH', '/tests', { testId: foreignTestId, title: 'mine' }],
    ['PATCH', '/tests', { testId, folderId: foreignFolderId }],
    ['PATCH', '/tests', { testId, title: 5 }],
    ['PATCH', '/tests', { testId, commands: 'a' }],
    ['PATCH', '/tests', { testId, autoGenerate: false }],
    ['DELETE', '/tests', { testId: foreignTestId }],
    ['DELETE', '/tests', { testIds: 'tst_x' }],
    ['DELETE', '/tests', { testIds: [] }],
    ['GET', `/tests/${foreignTestId}`, undefined],
    ['GET', '/tests/tst_unknown', undefined],
    ['GET', '/tests?limit=abc', undefined],
    ['GET', '/tests?limit=-5', undefined],
    ['GET', `/tests?folderId=${foreignFolderId}`, undefined],
    ['GET', `/tests?tag=${'t'.repeat(200)}`, undefined],
    ['GET', '/tests?cursor=%00%01', undefined],
    ['GET', '/builds/bld_unknown', undefined],
    ['POST', '/tests/generate', { testId: foreignTestId }],
    ['POST', '/tests/generate', { testId, platforms: [] }],
    ['POST', '/tests/execute', { organisationId: 'org_other', buildId: 'bld_x', testIds: [testId] }],
    ['POST', '/tests/execute', { buildId: 'bld_unknown', testIds: [testId] }],
    ['POST', '/tests/execute', { organisationId: 'x', buildId: 'bld_x', testIds: [testId], iterations: 3 }],
    ['POST', '/runs/run_unknown/cancel', {}],
    ['GET', '/runs/run_unknown', undefined],
    ['GET', '/runs?status=sideways', undefined],
    ['GET', '/suite/run_unknown/run/tst_x/interaction_logs', undefined],
    ['POST', '/sessions/create', { test_id: 42 }],
    ['POST', '/sessions/create', { platform: 'windows' }],
    ['POST', `/sessions/${foreignSessionId}/execute`, { command: 'Tap Log in', page_source: login }],
    ['POST', `/sessions/${sessionId}/execute`, { command: 'Tap Log in', page_source: '<hierarchy' }],
    ['POST', `/sessions/${sessionId}/execute`, { command: 'tapOn: Login', page_source: login }],
    ['POST', `/sessions/${sessionId}/execute`, { command: 'type: "{{nope}}"', page_source: login }],
    ['POST', `/sessions/${sessionId}/execute`, { command: 'Tap Log in', page_source: login, screenshot: '!!' }],
    ['POST', `/sessions/${sessionId}/execute`, { command: 'Tap \u0000', page_source: login }],
    ['POST', `/sessions/${sessionId}/log_code_execution`, { code: 5 }],
    ['POST', `/sessions/${sessionId}/stop`, { status: 'maybe' }],
    ['GET', '/usage/sdk-sessions?days=0', undefined],
    ['GET', '/usage/sdk-sessions?apiKeyId=%00', undefined],
    ['GET', '/agent/builds/bld_x', undefined],
    // PostgreSQL cannot store NUL characters: refused before they reach it
    ['POST', '/tests/folders', { name: 'a\u0000b' }],
    ['POST', '/tests', { commands: ['tap\u0000'] }],
    ['POST', '/tests', { commands: ['a'], launchParams: [{ key: 'k', value: '\u0000' }] }],
    ['PATCH', '/tests', { testId, title: '\u0000' }],
    ['GET', '/tests?tag=%00', undefined],
    ['GET', '/tests/tst_%00', undefined],
    ['DELETE', '/tests', { testIds: ['tst_\u0000'] }],
  ];
};

describe('bad input', () => {
  it('gets a 4xx with {detail} for every case and changes nothing', async () => {
    const before = await snapshot(server.db);
    const failures: string[] = [];
    for (const [method, path, body, headers] of cases()) {
      const res = await api(method, path, body, headers);
      const label = `${method} ${path} ${typeof body === 'string' ? body.slice(0, 40) : JSON.stringify(body)?.slice(0, 80)}`;
      if (res.status < 400 || res.status >= 500) failures.push(`${label} -> ${res.status}`);
      else if (typeof res.body?.detail !== 'string' || res.body.detail.length === 0) failures.push(`${label} -> no detail`);
    }
    expect(failures).toEqual([]);
    expect(await snapshot(server.db)).toBe(before);
  });

  it('answers malformed JSON with 400 and an oversized body with 413', async () => {
    const malformed = await api('POST', '/tests', '{"commands": [');
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toMatch(/JSON/i);
    const big = await api('POST', '/tests', `{"commands":["${huge}"]}`);
    expect(big.status).toBe(413);
    const wrongType = await api('POST', '/tests', 'commands=a', { 'content-type': 'text/plain' });
    expect(wrongType.status).toBe(415);
    const surrogate = await api('POST', '/tests', '{"commands":["Tap \\ud800"]}');
    expect(surrogate).toMatchObject({ status: 400, body: { detail: expect.stringMatching(/surrogate/) } });
    const notUtf8 = await api('POST', '/tests', Buffer.from('{"commands":["Tap \xff"]}', 'latin1'));
    expect(notUtf8).toMatchObject({ status: 400, body: { detail: 'the request body is not valid UTF-8 text' } });
    const deep = await api('POST', '/tests', `{"commands":["a"],"title":${'['.repeat(65)}${']'.repeat(65)}}`);
    expect(deep).toMatchObject({ status: 400, body: { detail: expect.stringMatching(/nested more than 64/) } });
  });

  it('shows 404 and 400 bodies with the failing field named', async () => {
    const res = await api('POST', '/tests', { commands: ['a'], tags: 'x' });
    expect(res.body.errors).toEqual([expect.objectContaining({ path: 'tags' })]);
  });
});
