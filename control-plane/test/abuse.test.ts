/**
 * Abuse that costs nothing to send, against the real control plane as a process of its own
 * (`node --import tsx control-plane/src/main.ts`: one process, so /proc/PID counts its own open
 * files and memory, not those of the tsx command that would start it as a child), over
 * loopback and bounded: aborted and slow uploads, slow headers, a flood of refused WebSocket
 * connects, junk multipart bodies, and the tunnel filters' address spellings. After each, the
 * server still answers at once, its open files (/proc/PID/fd) are back near where they were,
 * its memory stayed bounded, and the upload temp folder is empty. docs/limits-and-abuse.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createHostFilter } from '../../lab-agent/src/tunnel/host-filter.js';
import * as fixtures from '../../scripts/fixtures/builds.js';
import { freshDatabase } from './harness.js';
import { freePort } from './replica-processes.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

let child: ChildProcess;
let url: string;
let port: number;
let apiKey: string;
let orgKey: string;
let dataDir: string;
let drop: () => Promise<void> = async () => {};
let apk: Buffer;
let baseline: { fds: number; rssKb: number };

const tmpFiles = () => readdirSync(join(dataDir, 'files', 'tmp'));
/**
 * Its open files but the embedded database's own: PostgreSQL keeps a relation's files open once
 * a query has touched them (up to max_files_per_process), so those grow with the queries run, not
 * with the abuse. Sockets, pipes and scratch files are what a leak would leave.
 */
const openFiles = () =>
  readdirSync(`/proc/${child.pid}/fd`).filter((fd) => {
    try {
      return !readlinkSync(`/proc/${child.pid}/fd/${fd}`).startsWith(join(dataDir, 'pglite'));
    } catch {
      return false; // closed meanwhile
    }
  }).length;
const rssKb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'devicelab-abuse-'));
  const database = await freshDatabase();
  // On the real server the child uses its own connection to a fresh database; embedded, its own PGlite under DATA_DIR.
  const databaseUrl = database.url;
  if (databaseUrl) drop = database.drop;
  else await database.drop();
  port = await freePort();
  url = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['--import', 'tsx', 'control-plane/src/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_REQUESTS: '0',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      HEADERS_TIMEOUT_SECONDS: '1',
      BODY_IDLE_TIMEOUT_SECONDS: '1',
      UPLOAD_TIMEOUT_SECONDS: '10',
      KEY_MAX_UPLOADS: '50',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const deadline = Date.now() + 60_000;
  while (!out.includes('Lost them?')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the control plane did not start: ${out}`);
    await sleep(100);
  }
  apiKey = /API key: +(dl_live_\S+)/.exec(out)![1]!;
  orgKey = /organisation key: +(dl_org_\S+)/.exec(out)![1]!;
  const file = join(dataDir, 'ok.apk');
  await fixtures.makeApk(file, { packageName: 'a.b', versionName: '1', versionCode: 1, label: 'x' });
  apk = readFileSync(file);
  // Warm: the first upload, JSON request and WebSocket refusal load what they need once.
  expect(await keyLastUpload()).toBe(200);
  await healthy();
  await refusedUpgrade('/agent/connect', 'dl_agent_' + 'x'.repeat(40));
  await sleep(300);
  baseline = { fds: openFiles(), rssKb: rssKb() };
}, 180_000);

afterAll(async () => {
  child?.kill('SIGKILL');
  await drop();
});

async function healthy(): Promise<void> {
  const started = Date.now();
  const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5000) });
  expect(res.status).toBe(200);
  expect(Date.now() - started).toBeLessThan(5000);
}

/** The GPT Driver form, file first and key last: the one an aborted upload could lock out. */
async function keyLastUpload(): Promise<number> {
  const form = new FormData();
  form.set('build', new Blob([new Uint8Array(apk)]), 'ok.apk');
  form.set('organisation_key', orgKey);
  const res = await fetch(`${url}/uploadBuild`, { method: 'POST', body: form });
  await res.arrayBuffer();
  return res.status;
}

async function rawSocket(): Promise<{ socket: Socket; closed: Promise<string> }> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.on('error', () => {});
  let text = '';
  socket.on('data', (c: Buffer) => (text += c.toString()));
  return { socket, closed: new Promise((resolve) => socket.once('close', () => resolve(text))) };
}

function refusedUpgrade(path: string, bearer: string): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}${path}`, { headers: { authorization: `Bearer ${bearer}` } });
    ws.on('open', () => {
      ws.terminate();
      resolve(101);
    });
    ws.on('error', () => resolve(0));
    ws.on('unexpected-response', (_req, res) => {
      res.on('error', () => resolve(res.statusCode ?? 0)); // a reset once the answer is out
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
  });
}

/** After an attack: responsive, open files back near the baseline, memory bounded, no temp file left. */
async function recovered(): Promise<void> {
  await healthy();
  // A bound, not a timing: a loaded CI machine (test files side by side on two cores) once took
  // longer than 10 s to close and remove an aborted upload's scratch files.
  const deadline = Date.now() + 30_000;
  while (openFiles() > baseline.fds + 8 || tmpFiles().length > 0) {
    if (Date.now() > deadline) break;
    await sleep(50);
  }
  expect(tmpFiles()).toEqual([]);
  expect(openFiles()).toBeLessThanOrEqual(baseline.fds + 8);
  expect(rssKb() - baseline.rssKb).toBeLessThan(200 * 1024);
  expect(await keyLastUpload()).toBe(200);
}

const boundary = 'abuse-boundary';
const uploadHead = (auth: string, parts: string) =>
  `POST /uploadBuild HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 4000000000\r\n\r\n${parts}`;
const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = `--${boundary}\r\nContent-Disposition: form-data; name="build"; filename="a.apk"\r\n\r\n`;

// Each test ends by waiting (up to 30 s) for what the attack left to be cleaned up (recovered).
describe('abuse, each leaving the server responsive and nothing behind', { timeout: 90_000 }, () => {
  it('aborted uploads in every order of parts, with and without a key', async () => {
    const forms = [
      uploadHead('', filePart),
      uploadHead('', field('platform', 'android') + filePart),
      uploadHead(`Authorization: Bearer ${apiKey}\r\n`, filePart),
      uploadHead('', field('organisation_key', orgKey) + filePart),
    ];
    for (let round = 0; round < 5; round++) {
      const sockets = await Promise.all(
        forms.map(async (head) => {
          const { socket } = await rawSocket();
          socket.write(head);
          socket.write(Buffer.alloc(128 * 1024, 1));
          return socket;
        }),
      );
      await sleep(100);
      for (const [i, s] of sockets.entries()) {
        if (i % 2 === 0) s.destroy();
        else s.resetAndDestroy();
      }
    }
    await recovered();
  });

  it('slow uploads: sent in part and then nothing', async () => {
    const slow = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const { socket, closed } = await rawSocket();
        socket.write(
          uploadHead(i % 2 ? `Authorization: Bearer ${apiKey}\r\n` : '', (i % 4 === 1 ? field('organisation_key', orgKey) : '') + filePart),
        );
        socket.write(Buffer.alloc(32 * 1024, 2));
        return closed;
      }),
    );
    // Each is answered (408, or 503 for anonymous ones past the slots) and closed by the server.
    for (const answer of await Promise.all(slow)) expect(answer).toMatch(/^HTTP\/1\.1 (408|503)/);
    await recovered();
  });

  it('slow headers: many connections that never finish their headers', async () => {
    const slow = await Promise.all(
      Array.from({ length: 100 }, async () => {
        const { socket, closed } = await rawSocket();
        socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
        const dribble = setInterval(() => socket.writable && socket.write('X-A: b\r\n'), 200);
        return closed.finally(() => clearInterval(dribble));
      }),
    );
    await healthy(); // while they dribble
    for (const answer of await Promise.all(slow)) expect(answer).toMatch(/^HTTP\/1\.1 408/);
    await recovered();
  });

  it('a flood of refused WebSocket connects', async () => {
    const paths = ['/agent/connect', '/tunnel/connect?name=x', '/agent/tunnel?job=att_x.1', '/internal/tunnel'];
    const statuses = await Promise.all(
      Array.from({ length: 300 }, (_, i) => refusedUpgrade(paths[i % paths.length]!, i % 3 === 0 ? 'junk' : `dl_agent_${'y'.repeat(40)}`)),
    );
    expect(statuses.filter((s) => !(s >= 400 && s < 500))).toEqual([]);
    await recovered();
  });

  it('WebSocket connects reset by the client while they are checked or refused', async () => {
    // Node stops watching a socket's errors once it is handed over as an upgrade: a reset that
    // then reached the refusal (or the token check) was an uncaught exception, which ends the process.
    const paths = ['/agent/connect', '/tunnel/connect?name=x', '/agent/tunnel?job=att_x.1', '/internal/tunnel', '/nowhere'];
    await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const { socket, closed } = await rawSocket();
        socket.write(
          `GET ${paths[i % paths.length]} HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n` +
            `Sec-WebSocket-Key: ${Buffer.from(`key-${i}`.padEnd(16, '.')).toString('base64')}\r\nAuthorization: Bearer dl_agent_${'z'.repeat(40)}\r\n\r\n`,
        );
        // Reset at once, or just after the server had time to start checking.
        await sleep(i % 2 === 0 ? 0 : 5);
        socket.resetAndDestroy();
        await closed;
      }),
    );
    await recovered();
  });

  it('junk multipart: malformed, cut off, oversized or too many parts, each a 4xx and never a 500', async () => {
    const bodies: Array<[contentType: string, body: Buffer | string]> = [
      [`multipart/form-data; boundary=${boundary}`, 'garbage without any boundary'],
      [`multipart/form-data; boundary=${boundary}`, filePart + 'PK cut off without the closing boundary'],
      ['multipart/form-data', 'no boundary parameter'],
      [
        `multipart/form-data; boundary=${boundary}`,
        Array.from({ length: 40 }, (_, i) => field(`f${i}`, 'v')).join('') + `--${boundary}--\r\n`,
      ],
      [`multipart/form-data; boundary=${boundary}`, field('platform', 'x'.repeat(200 * 1024)) + `--${boundary}--\r\n`],
      [
        `multipart/form-data; boundary=${boundary}`,
        filePart + 'a\r\n' + filePart.replace('build', 'other') + 'b\r\n' + `--${boundary}--\r\n`,
      ],
      [
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nContent-Disposition: form-data; name="build"; filename="a.apk"\r\nContent-Type: \u0000\r\n\r\nPK\r\n--${boundary}--\r\n`,
      ],
      [`multipart/form-data; boundary=${boundary}`, Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => (i * 7919) % 256))],
    ];
    for (const auth of [{ authorization: `Bearer ${apiKey}` }, {} as Record<string, string>]) {
      for (const [contentType, body] of bodies) {
        const res = await fetch(`${url}/uploadBuild`, {
          method: 'POST',
          headers: { ...auth, 'content-type': contentType },
          body: typeof body === 'string' ? body : new Uint8Array(body),
        });
        const text = await res.text();
        expect(res.status, text).toBeGreaterThanOrEqual(400);
        expect(res.status, text).toBeLessThan(500 + (res.status === 503 ? 4 : 0)); // 503: anonymous slots busy, not a crash
        expect(JSON.parse(text)).toHaveProperty('detail');
      }
    }
    await recovered();
  });

  it("the tunnel filters' address spellings: every spelling of a loopback address is excluded by localhost and by 127.0.0.0/8,::1", () => {
    const byName = createHostFilter({ excludeHosts: 'localhost' });
    const byRange = createHostFilter({ excludeHosts: '127.0.0.0/8,::1' });
    const loopbackSpelling = fc.tuple(fc.integer({ min: 0, max: 0xffffff }), fc.integer({ min: 0, max: 5 })).map(([low, how]) => {
      const value = ((127 << 24) | low) >>> 0;
      const bytes = [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
      const hex = (n: number) => n.toString(16);
      switch (how) {
        case 0:
          return bytes.join('.');
        case 1:
          return String(value);
        case 2:
          return `0x${hex(value)}`;
        case 3:
          return bytes.map((b) => `0${b.toString(8)}`).join('.');
        case 4:
          return `::ffff:${bytes.join('.')}`;
        default:
          return `[::ffff:${hex((bytes[0]! << 8) | bytes[1]!)}:${hex((bytes[2]! << 8) | bytes[3]!)}]`;
      }
    });
    const special = fc.constantFrom(
      '0.0.0.0',
      '0',
      '::',
      '[::]',
      '0:0:0:0:0:0:0:0',
      '::1',
      '[0:0::1]',
      '::ffff:0.0.0.0',
      'localhost',
      'LOCALHOST.',
      'a.localhost',
    );
    fc.assert(
      fc.property(fc.oneof(loopbackSpelling, special), (host) => {
        expect(byName.refusal(host), host).not.toBeNull();
        if (!/localhost/i.test(host)) expect(byRange.refusal(host), host).not.toBeNull();
      }),
      { numRuns: 500 },
    );
    // And nothing else is: a public address in the same spellings passes.
    expect(byName.refusal('::ffff:93.184.216.34')).toBeNull();
    expect(byRange.refusal('1572395042')).toBeNull();
  });
});
