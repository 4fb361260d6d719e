import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fixtures from '../../scripts/fixtures/builds.js';
import { useTempDir } from '../../scripts/fixtures/temp-dir.js';
import { UNVERIFIED_UPLOADS } from '../src/routes/builds.js';
import { type Org, seedOrg, startServer, type TestServer } from './harness.js';

/**
 * Uploads that break off (the client closes, resets, or sends a cut-off form) end at once:
 * their temp file removed, their file handle closed, and the slot an upload without a key
 * holds given back. Raw sockets, since fetch cannot leave a body half-sent on purpose.
 */
let server: TestServer;
let org: Org;
const at = useTempDir('devicelab-aborted-');
const boundary = 'abort-boundary';
const scratchDir = () => join(server.dataDir, 'files', 'tmp');
const scratch = () => readdir(scratchDir()).catch(() => [] as string[]);
/** This process's open files that are upload temp files (the server runs in this process). */
const openScratchFiles = () =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).startsWith(scratchDir());
    } catch {
      return false;
    }
  }).length;

beforeAll(async () => {
  server = await startServer();
  org = await seedOrg(server.db);
  await fixtures.makeApk(at('ok.apk'), { packageName: 'a.b', versionName: '1', versionCode: 1, label: 'x' });
});
afterAll(() => server.close());

const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = `--${boundary}\r\nContent-Disposition: form-data; name="build"; filename="a.apk"\r\n\r\n`;

/** Opens a raw upload with a huge declared length and sends `head` and `fileBytes` of the file part. */
async function rawUpload(opts: { bearer?: string; head: string; fileBytes: number }): Promise<Socket> {
  const url = new URL(server.url);
  const socket = connect(Number(url.port), url.hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.on('error', () => {});
  const headers = [
    'POST /uploadBuild HTTP/1.1',
    `Host: ${url.host}`,
    `Content-Type: multipart/form-data; boundary=${boundary}`,
    'Content-Length: 4000000000',
    ...(opts.bearer ? [`Authorization: Bearer ${opts.bearer}`] : []),
    '',
    '',
  ].join('\r\n');
  socket.write(headers + opts.head);
  if (opts.fileBytes > 0) socket.write(Buffer.alloc(opts.fileBytes, 7));
  return socket;
}

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The GPT Driver form: the file first, the organisation_key last, no Bearer. */
async function keyLastUpload() {
  const form = new FormData();
  form.set('build', new Blob([readFileSync(at('ok.apk'))]), 'ok.apk');
  form.set('organisation_key', org.orgKey);
  const res = await fetch(`${server.url}/uploadBuild`, { method: 'POST', body: form });
  return { status: res.status, body: await res.json() };
}

describe('an upload that breaks off ends at once, leaving nothing behind', () => {
  const ends = [
    ['closes', (s: Socket) => s.end()],
    ['resets', (s: Socket) => s.resetAndDestroy()],
    ['destroys', (s: Socket) => s.destroy()],
  ] as const;

  for (const [how, end] of ends) {
    it(`without a key, file first: a client that ${how} gives the slot back (key-last uploads still work)`, async () => {
      const sockets = await Promise.all(
        Array.from({ length: UNVERIFIED_UPLOADS }, () =>
          rawUpload({ head: part('platform', 'android') + filePart, fileBytes: 256 * 1024 }),
        ),
      );
      await until('the file-first uploads to write', async () => (await scratch()).length === UNVERIFIED_UPLOADS);
      for (const s of sockets) end(s);
      await until('the temp files to go', async () => (await scratch()).length === 0);
      await until('the temp files to be closed', () => openScratchFiles() === 0);
      const res = await keyLastUpload();
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await scratch()).toEqual([]);
    });

    it(`with a Bearer key: a client that ${how} mid-file leaves no temp file and no open handle`, async () => {
      const s = await rawUpload({ bearer: org.apiKey, head: filePart, fileBytes: 512 * 1024 });
      await until('the upload to write', async () => (await scratch()).length === 1);
      end(s);
      await until('the temp file to go', async () => (await scratch()).length === 0);
      await until('the temp file to be closed', () => openScratchFiles() === 0);
    });

    it(`with the key first: a client that ${how} mid-file leaves nothing`, async () => {
      const s = await rawUpload({ head: part('organisation_key', org.orgKey) + filePart, fileBytes: 512 * 1024 });
      await until('the upload to write', async () => (await scratch()).length === 1);
      end(s);
      await until('the temp file to go', async () => (await scratch()).length === 0);
      await until('the temp file to be closed', () => openScratchFiles() === 0);
    });
  }

  it('a client that closes before the file part (key or not) leaves nothing and holds no slot', async () => {
    for (const head of [
      part('platform', 'android'),
      part('organisation_key', org.orgKey),
      `--${boundary}\r\nContent-Disposition: form-da`,
    ]) {
      const s = await rawUpload({ head, fileBytes: 0 });
      await new Promise((r) => setTimeout(r, 50));
      s.destroy();
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(await scratch()).toEqual([]);
    const res = await keyLastUpload();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('many aborted key-last uploads in a row never lock out the next one', async () => {
    for (let round = 0; round < 3; round++) {
      const sockets = await Promise.all(
        Array.from({ length: UNVERIFIED_UPLOADS }, () => rawUpload({ head: filePart, fileBytes: 64 * 1024 })),
      );
      await until('the uploads to write', async () => (await scratch()).length === UNVERIFIED_UPLOADS);
      for (const s of sockets) s.destroy();
      await until('the temp files to go', async () => (await scratch()).length === 0);
    }
    const res = await keyLastUpload();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(openScratchFiles()).toBe(0);
  });
});
