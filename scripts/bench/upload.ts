/**
 * A 1 GiB build upload (POST /uploadBuild) against a plain copy of the same file on the
 * same disk, measured in the same run: wall time, and the server process's peak memory
 * growth (VmRSS just before the upload, VmHWM after, from /proc/<pid>/status, with the peak
 * reset to the current RSS just before the upload through /proc/<pid>/clear_refs, and a
 * fresh server for every upload in case that reset is not allowed).
 *
 *   node --import tsx scripts/bench/upload.ts [--gib 1] [--rounds 3] [--entry bench|main] [--cpu-prof DIR]
 *
 * The server is scripts/bench/lib/bench-server.ts by default: the real app exactly as main.ts
 * builds it (embedded PGlite) plus POST /bench/upload-raw, to which the same body is sent
 * as a second reference (HTTP transport and disk write alone). --entry main uploads to
 * control-plane/src/main.ts itself and skips that reference.
 *
 * Targets (foundation issue): the upload within 1.5x the plain copy's time; the server
 * grows by no more than ~64 MiB. The 1 GiB files are deleted at the end, also on failure.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, createReadStream, createWriteStream, mkdtempSync, openSync, rmSync, statfsSync, statSync, writeSync } from 'node:fs';
import { copyFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { makeLargeApk } from '../fixtures/builds.js';
import { cpuMs } from './lib/cpu.js';
import { keepAliveAgent, sendJson } from './lib/http.js';
import { describeMachine, machineLine } from './lib/machine.js';
import { startTempPostgres } from './lib/postgres.js';
import { flag, GiB, MiB, printTable, writeResult } from './lib/report.js';
import { createOrganisation, processMemory, resetPeakMemory, startServer } from './lib/server.js';
import { median, round } from './lib/stats.js';

const SIZE = Math.round(Number(flag('gib', '1')) * GiB);
const ROUNDS = Number(flag('rounds', '3'));
const CPU_PROF = flag('cpu-prof', '');
const ENTRY = flag('entry', 'bench');
// pglite: the embedded database in the server process (the default install);
// postgres: a throw-away real server, so the control plane process holds no PGlite.
// both (default): one full run per backend, in one process each, one after the other.
const BACKEND = flag('backend', 'both');
if (!['pglite', 'postgres', 'both'].includes(BACKEND)) throw new Error('--backend must be pglite, postgres or both');
if (BACKEND === 'both') {
  const others = process.argv.slice(2).filter((a, i, all) => a !== '--backend' && all[i - 1] !== '--backend');
  let status = 0;
  for (const backend of ['pglite', 'postgres']) {
    const run = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), ...others, '--backend', backend], {
      stdio: 'inherit',
    });
    status ||= run.status ?? 1;
  }
  process.exit(status);
}
const pg = BACKEND === 'postgres' ? startTempPostgres() : null;
if (ENTRY !== 'bench' && ENTRY !== 'main') {
  console.error('--entry must be bench or main');
  process.exit(2);
}
const TARGET_RATIO = 1.5;
const TARGET_GROWTH = 64 * MiB;
const PACKAGE = 'com.example.large';

const machine = describeMachine();
console.log(`upload benchmark: ${(SIZE / GiB).toFixed(2)} GiB .apk, ${ROUNDS} rounds, ${BACKEND}`);
console.log(`machine: ${machineLine(machine)}`);

const work = mkdtempSync(join(os.tmpdir(), 'devicelab-bench-upload-'));
// Source, one copy at a time, and the server's scratch file that becomes the stored build.
const { bavail, bsize } = statfsSync(work);
const free = bavail * bsize;
if (free < 3 * SIZE + GiB) {
  rmSync(work, { recursive: true, force: true });
  console.error(
    `not enough free space in ${os.tmpdir()}: ${(free / GiB).toFixed(1)} GiB free, need ${((3 * SIZE + GiB) / GiB).toFixed(1)}`,
  );
  process.exit(1);
}
console.log(`${(free / GiB).toFixed(1)} GiB free in ${os.tmpdir()}; working in ${work}`);
const cleanup = () => rmSync(work, { recursive: true, force: true });
process.once('exit', cleanup);
process.once('SIGINT', () => process.exit(130));
process.once('SIGTERM', () => process.exit(143));

const source = join(work, 'large.apk');
const copyPath = join(work, 'copy.apk');
const sync = () => execFileSync('sync'); // flush earlier writes so no step pays for another's writeback

interface UploadRun {
  seconds: number;
  status: number;
  buildId: string;
  /** Whether VmHWM was reset to VmRSS just before the upload (then hwmAfter is the upload's own peak). */
  peakReset: boolean;
  rssBefore: number;
  hwmBefore: number;
  hwmAfter: number;
  sampledMaxRss: number;
  growth: number;
  clientRssGrowth: number;
  /** CPU time (user + system) spent during the upload by the server and by this client, ms. */
  serverCpuMs: number;
  clientCpuMs: number;
  /** The same multipart body POSTed to /bench/upload-raw on the same server (no parsing, hashing, inspection). */
  rawSeconds: number;
  rawServerCpuMs: number;
}

const started = performance.now();
const makeStart = performance.now();
await makeLargeApk(source, SIZE, { packageName: PACKAGE, versionName: '9.9.9', versionCode: 999 });
const fileSize = statSync(source).size;
console.log(`made ${source} (${fileSize} bytes) in ${((performance.now() - makeStart) / 1000).toFixed(1)} s`);

// The digest the server must report, computed (untimed) once; and how long reading + sha256 alone takes.
sync();
const hashStart = performance.now();
const expectedSha = await sha256Of(source);
const hashSeconds = (performance.now() - hashStart) / 1000;

const streamCopies: number[] = [];
const copyFiles: number[] = [];
const copyCpuMs: { stream: number[]; copyFile: number[] } = { stream: [], copyFile: [] };
const uploads: UploadRun[] = [];
for (let round = 0; round < ROUNDS; round++) {
  sync();
  prefault(3 * SIZE);
  let cpu0 = cpuMs(process.pid);
  streamCopies.push(await timed(() => pipeline(createReadStream(source), createWriteStream(copyPath))));
  copyCpuMs.stream.push(cpuMs(process.pid) - cpu0);
  await rm(copyPath);
  sync();
  cpu0 = cpuMs(process.pid);
  copyFiles.push(await timed(() => copyFile(source, copyPath)));
  copyCpuMs.copyFile.push(cpuMs(process.pid) - cpu0);
  await rm(copyPath);
  uploads.push(await uploadOnce(round));
  console.log(
    `round ${round + 1}: stream copy ${streamCopies[round]!.toFixed(2)} s, fs.copyFile ${copyFiles[round]!.toFixed(2)} s, ` +
      `upload ${uploads[round]!.seconds.toFixed(2)} s, server growth ${(uploads[round]!.growth / MiB).toFixed(1)} MiB`,
  );
}

report();

async function uploadOnce(round: number): Promise<UploadRun> {
  const nodeArgs = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}/upload-${round + 1}`] : [];
  // A fresh server for every round: VmHWM cannot be reset.
  const server = await startServer({ entry: ENTRY as 'bench' | 'main', nodeArgs, databaseUrl: pg?.url });
  const fields = { platform: 'android', metadata: '{"name":"bench"}' };
  try {
    const org = await createOrganisation(server);
    // Let start-up garbage settle, then take the baseline just before the upload.
    await new Promise((r) => setTimeout(r, 1000));
    sync();
    const peakReset = resetPeakMemory(server.pid);
    const before = processMemory(server.pid);
    let sampledMaxRss = before.rss;
    const sampler = setInterval(() => {
      try {
        sampledMaxRss = Math.max(sampledMaxRss, processMemory(server.pid).rss);
      } catch {
        // the process is gone: the upload reports the failure
      }
    }, 50);
    const clientBefore = process.memoryUsage().rss;
    let clientMax = clientBefore;
    const clientSampler = setInterval(() => (clientMax = Math.max(clientMax, process.memoryUsage().rss)), 50);
    const serverCpu0 = cpuMs(server.pid);
    const clientCpu0 = cpuMs(process.pid);
    const t0 = performance.now();
    const reply = await postMultipart(server.url, '/uploadBuild', org.apiKey, source, 'large.apk', fields);
    const seconds = (performance.now() - t0) / 1000;
    const serverCpuMs = cpuMs(server.pid) - serverCpu0;
    const clientCpuMs = cpuMs(process.pid) - clientCpu0;
    clearInterval(sampler);
    clearInterval(clientSampler);
    const after = processMemory(server.pid);
    sampledMaxRss = Math.max(sampledMaxRss, after.rss);
    if (reply.status !== 200) throw new Error(`upload answered ${reply.status}: ${reply.body}`);
    const { buildId } = JSON.parse(reply.body) as { buildId: string };

    // The server really stored the whole file and read its manifest.
    const agent = keepAliveAgent(1);
    const b = await sendJson<{ sizeBytes: number; sha256: string; packageName: string }>(server.url, agent, {
      method: 'GET',
      path: `/builds/${buildId}`,
      headers: { authorization: `Bearer ${org.apiKey}` },
    });
    agent.destroy();
    if (b.status !== 200 || b.body.sizeBytes !== fileSize || b.body.sha256 !== expectedSha || b.body.packageName !== PACKAGE) {
      throw new Error(`stored build does not match the upload: ${JSON.stringify(b.body)}`);
    }
    // The same bytes to a route that only writes the body to disk: what transport + write cost by themselves.
    // The stored build goes first, so that this step holds no more memory than the upload did.
    let rawSeconds = NaN;
    let rawServerCpuMs = NaN;
    if (ENTRY === 'bench') {
      rmSync(join(server.dataDir, 'files', 'builds'), { recursive: true, force: true });
      sync();
      const rawCpu0 = cpuMs(server.pid);
      const tRaw = performance.now();
      const raw = await postMultipart(server.url, '/bench/upload-raw', org.apiKey, source, 'large.apk', fields);
      rawSeconds = (performance.now() - tRaw) / 1000;
      rawServerCpuMs = cpuMs(server.pid) - rawCpu0;
      if (raw.status !== 200) throw new Error(`raw upload answered ${raw.status}: ${raw.body}`);
    }

    // With the peak reset, VmHWM is the exact peak of the upload. Without, VmHWM counts only if the upload
    // raised it above the start-up peak; otherwise RSS sampled every 50 ms is the best we have.
    const peak = peakReset ? after.hwm : after.hwm > before.hwm ? Math.max(after.hwm, sampledMaxRss) : sampledMaxRss;
    return {
      seconds,
      status: reply.status,
      buildId,
      peakReset,
      rssBefore: before.rss,
      hwmBefore: before.hwm,
      hwmAfter: after.hwm,
      sampledMaxRss,
      growth: peak - before.rss,
      clientRssGrowth: clientMax - clientBefore,
      serverCpuMs,
      clientCpuMs,
      rawSeconds,
      rawServerCpuMs,
    };
  } finally {
    await server.stop(); // also deletes its DATA_DIR with the stored 1 GiB build
  }
}

/**
 * POST a multipart body streamed from disk: the framing is computed up front so that
 * Content-Length is known, and the file goes through in chunks (the client never holds it).
 */
function postMultipart(
  base: URL,
  target: string,
  apiKey: string,
  path: string,
  fileName: string,
  fields: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const boundary = `----devicelab-bench-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="build"; filename="${fileName}"\r\n` +
      'Content-Type: application/vnd.android.package-archive\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = statSync(path).size;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: 'POST',
        path: target,
        agent: false,
        headers: {
          authorization: `Bearer ${apiKey}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + tail.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    async function* body() {
      yield head;
      yield* createReadStream(path, { highWaterMark: 1024 * 1024 });
      yield tail;
    }
    pipeline(Readable.from(body()), req).catch(reject);
  });
}

/**
 * Writes and deletes `bytes` of scratch files, untimed. On this kind of VM (virtio-balloon
 * free page reporting), page-cache growth beyond what the guest recently touched costs
 * host page faults: writing 1 GiB took 0.3 s into recently used memory and 2.4–3 s beyond
 * it. Each round first touches as much memory as its largest step holds at once (the
 * source, the copy or the stored upload, and a margin), so no step pays that toll and the
 * others not.
 */
function prefault(bytes: number) {
  const chunk = Buffer.alloc(MiB, 1);
  const paths: string[] = [];
  for (let written = 0, i = 0; written < bytes; i++) {
    const path = join(work, `prefault-${i}`);
    paths.push(path);
    const fd = openSync(path, 'w');
    for (let inFile = 0; inFile < GiB && written < bytes; inFile += MiB, written += MiB) writeSync(fd, chunk);
    closeSync(fd);
  }
  for (const path of paths) rmSync(path); // dirty pages of deleted files are dropped, never written back
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return (performance.now() - t0) / 1000;
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function report() {
  const mbps = (s: number) => round(fileSize / MiB / s, 0);
  const copy = median(streamCopies);
  const cf = median(copyFiles);
  const up = median(uploads.map((u) => u.seconds));
  const growth = Math.max(...uploads.map((u) => u.growth));
  const rows: Array<Array<string | number>> = [
    ...streamCopies.map((s, i) => [`stream copy (read -> write), round ${i + 1}`, s, mbps(s), '', '', '', copyCpuMs.stream[i]! / 1000]),
    ...copyFiles.map((s, i) => [`fs.copyFile, round ${i + 1}`, s, mbps(s), '', '', '', copyCpuMs.copyFile[i]! / 1000]),
    ...uploads.map((u, i) => [
      `POST /uploadBuild, round ${i + 1}`,
      u.seconds,
      mbps(u.seconds),
      round(u.growth / MiB, 1),
      round(u.clientRssGrowth / MiB, 1),
      u.serverCpuMs / 1000,
      u.clientCpuMs / 1000,
    ]),
    ...uploads
      .filter(() => ENTRY === 'bench')
      .map((u, i) => [
        `HTTP body to disk only (/bench/upload-raw), round ${i + 1}`,
        u.rawSeconds,
        mbps(u.rawSeconds),
        '',
        '',
        u.rawServerCpuMs / 1000,
        '',
      ]),
    ['read + sha256 only (reference)', hashSeconds, mbps(hashSeconds), '', '', '', ''],
  ];
  printTable(
    `${(fileSize / GiB).toFixed(2)} GiB build, wall time`,
    ['step', 'seconds', 'MiB/s', 'server growth MiB', 'client growth MiB', 'server CPU s', 'client CPU s'],
    rows.map((r) => r.map((c, i) => (typeof c === 'number' ? (i === 2 ? String(c) : c.toFixed(2)) : c))),
  );
  const ratio = up / copy;
  const raw = median(uploads.map((u) => u.rawSeconds));
  const targets = [
    {
      target: `upload within ${TARGET_RATIO}x the plain (stream) copy`,
      value: round(ratio, 2),
      vsCopyFile: round(up / cf, 2),
      met: ratio <= TARGET_RATIO,
    },
    { target: 'server memory growth at most ~64 MiB', valueMiB: round(growth / MiB, 1), met: growth <= TARGET_GROWTH },
  ];
  console.log(
    `\ntarget: upload within ${TARGET_RATIO}x the plain copy: median upload ${up.toFixed(2)} s / median stream copy ${copy.toFixed(2)} s = ` +
      `${ratio.toFixed(2)}x (vs fs.copyFile ${cf.toFixed(2)} s: ${(up / cf).toFixed(2)}x) -> ${targets[0]!.met ? 'MET' : 'MISSED'}`,
  );
  if (ENTRY === 'bench')
    console.log(
      `reference: the same body to /bench/upload-raw (transport + write only): median ${raw.toFixed(2)} s = ${(raw / copy).toFixed(2)}x the stream copy; ` +
        `the control plane's own work (multipart, sha256, inspection, storage) adds ${(up - raw).toFixed(2)} s`,
    );
  console.log(`target: server growth at most 64 MiB: largest ${(growth / MiB).toFixed(1)} MiB -> ${targets[1]!.met ? 'MET' : 'MISSED'}`);
  const seconds = (performance.now() - started) / 1000;
  const path = writeResult(`upload-${BACKEND}`, {
    name: `upload-${BACKEND}`,
    machine: { ...machine, loadAverage1mAtEnd: Number(os.loadavg()[0]!.toFixed(2)) },
    params: { fileBytes: fileSize, rounds: ROUNDS, entry: ENTRY, backend: BACKEND, tmpdir: os.tmpdir() },
    results: {
      streamCopySeconds: streamCopies.map((s) => round(s, 3)),
      copyFileSeconds: copyFiles.map((s) => round(s, 3)),
      copyCpuMs,
      readSha256Seconds: round(hashSeconds, 3),
      uploads: uploads.map((u) => ({ ...u, seconds: round(u.seconds, 3) })),
      medianRatioToStreamCopy: round(ratio, 3),
      medianRatioToCopyFile: round(up / cf, 3),
      medianRawRatioToStreamCopy: round(raw / copy, 3),
    },
    targets,
    durationSeconds: round(seconds, 1),
  });
  console.log(`\nwrote ${path} (${seconds.toFixed(0)} s); deleting ${work}`);
}
