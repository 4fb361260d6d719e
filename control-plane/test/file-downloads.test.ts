/**
 * Files the control plane streams back: a test's recording (pages) and a build (lab
 * agents). HEAD must answer GET's headers without opening the file: Hono answers HEAD
 * with the GET handler and drops the body unread, so a stream opened for it stayed open.
 * And the scratch files of uploads cut short by a killed process, cleared at start.
 */
import { existsSync, mkdirSync, readdirSync, readlinkSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeApk } from '../../scripts/fixtures/builds.js';
import { useTempDir } from '../../scripts/fixtures/temp-dir.js';
import { addAgentToken } from '../src/admin/provision.js';
import { recordingKey } from '../src/recordings/formats.js';
import { client, type Org, seedOrg, settledTest, startServer, type TestServer, uploadBuild } from './harness.js';

const MIB = 1024 * 1024; // well past a stream's 64 KiB buffer, so an unread stream stays open
const at = useTempDir('devicelab-downloads-');
let server: TestServer;
let org: Org;
let cookie: string;
let videoPath: string;
let recordingFile: string;
let buildId: string;
let buildFile: string;
let agentToken: string;

/** This process's open descriptors on `file` (the test server runs in this process). */
function openOn(file: string): number {
  return readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === file;
    } catch {
      return false; // closed while we looked
    }
  }).length;
}

const ask = (path: string, init: RequestInit = {}) => fetch(server.url + path, { redirect: 'manual', ...init });

/** The headers a HEAD must repeat from GET (the body aside). */
const described = (res: Response) =>
  Object.fromEntries(
    ['content-type', 'content-length', 'content-range', 'accept-ranges', 'content-disposition'].map((h) => [h, res.headers.get(h)]),
  );

beforeAll(async () => {
  server = await startServer();
  org = await seedOrg(server.db);
  const api = client(server.url, org.apiKey);
  await makeApk(at('app.apk'), { packageName: 'com.example.dl', versionName: '1.0', versionCode: 1 });
  buildId = await uploadBuild(server.url, org.apiKey, at('app.apk'), { platform: 'android' });
  const created = await api('POST', '/tests', { title: 'Plays back', commands: ['launchApp'] });
  await settledTest(api, created.body.testId);
  const run = await api('POST', '/tests/execute', { organisationId: org.id, buildId, testIds: [created.body.testId] });
  expect(run.status, JSON.stringify(run.body)).toBe(200);
  const runId = run.body.runId as string;

  // A recording as an agent would have left it: the file under its key, the key on the attempt.
  const [attempt] = await server.db.query<{ id: string; tryNumber: number }>(
    'SELECT id, try_number AS "tryNumber" FROM attempts WHERE run_id = $1',
    [runId],
  );
  const key = recordingKey(org.id, runId, attempt!.id, attempt!.tryNumber, 'mp4');
  await server.services.storage.put(key, new Uint8Array(0));
  recordingFile = join(server.dataDir, 'files', key);
  truncateSync(recordingFile, 4 * MIB);
  await server.db.query('UPDATE attempts SET recording_key = $1 WHERE id = $2', [key, attempt!.id]);
  videoPath = `/app/recording/${runId}/runs/${created.body.testId}/video`;

  const [build] = await server.db.query<{ key: string }>('SELECT storage_key AS key FROM builds WHERE id = $1', [buildId]);
  buildFile = join(server.dataDir, 'files', build!.key);
  truncateSync(buildFile, 4 * MIB);
  agentToken = (await addAgentToken(server.db, org.id)).agentToken;

  const signIn = await ask('/app/sign-in', {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ api_key: org.apiKey }),
  });
  expect(signIn.status).toBe(303);
  cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
});

afterAll(() => server?.close());

describe('HEAD on a recording', () => {
  it("answers GET's headers for the whole file, a range and an unsatisfiable range", async () => {
    for (const range of [undefined, 'bytes=100-199', 'bytes=-10', `bytes=${4 * MIB}-`]) {
      const headers: Record<string, string> = { cookie, ...(range ? { range } : {}) };
      const get = await ask(videoPath, { headers });
      await get.arrayBuffer();
      const head = await ask(videoPath, { method: 'HEAD', headers });
      expect(head.status, range).toBe(get.status);
      expect(described(head), range).toEqual(described(get));
      expect((await head.arrayBuffer()).byteLength).toBe(0);
    }
    const whole = await ask(videoPath, { method: 'HEAD', headers: { cookie } });
    expect(whole.headers.get('content-length')).toBe(String(4 * MIB));
  });

  it('leaves no descriptor open on the file', async () => {
    for (let i = 0; i < 20; i += 1) {
      const res = await ask(videoPath, { method: 'HEAD', headers: { cookie, ...(i % 2 ? { range: 'bytes=0-' } : {}) } });
      expect(res.status).toBe(i % 2 ? 206 : 200);
    }
    // A stream being closed takes a moment; one left unread never closes.
    await vi.waitFor(() => expect(openOn(recordingFile)).toBe(0), { timeout: 2000, interval: 50 });
  });
});

describe('HEAD on a build download', () => {
  const download = (method: string) => ask(`/agent/builds/${buildId}`, { method, headers: { authorization: `Bearer ${agentToken}` } });

  it("answers GET's headers and leaves no descriptor open on the file", async () => {
    const get = await download('GET');
    expect((await get.arrayBuffer()).byteLength).toBe(4 * MIB);
    for (let i = 0; i < 20; i += 1) {
      const head = await download('HEAD');
      expect(head.status).toBe(200);
      expect(described(head)).toEqual(described(get));
    }
    await vi.waitFor(() => expect(openOn(buildFile)).toBe(0), { timeout: 2000, interval: 50 });
  });
});

describe('upload scratch files left by a killed process', () => {
  it('are removed when the next process starts, once older than any live upload', async () => {
    const dir = join(server.dataDir, 'files', 'tmp');
    mkdirSync(dir, { recursive: true });
    const killed = join(dir, 'upload-1700000000000-abcdefgh');
    const live = join(dir, 'upload-1700000000001-ijklmnop'); // another replica's upload, written to just now
    for (const path of [killed, live]) writeFileSync(path, 'partial');
    const sevenHoursAgo = (Date.now() - 7 * 3_600_000) / 1000;
    utimesSync(killed, sevenHoursAgo, sevenHoursAgo);
    await server.restart();
    await vi.waitFor(() => expect(existsSync(killed)).toBe(false), { timeout: 2000, interval: 50 });
    expect(existsSync(live)).toBe(true);
  });
});
