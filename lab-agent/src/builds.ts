/**
 * The build cache: `<state-dir>/builds/<buildId>/<fileName>`. A build is immutable once
 * uploaded (its id names exactly one file and hash), so a file present under its id is
 * reused without asking the control plane again; a lab host runs the same build on many
 * devices and for many tests of one run.
 *
 * Downloads stream to a temp file beside the target while hashing, and only a file whose
 * sha256 matches is renamed into place: a crash, a dropped connection or a corrupt body
 * can never leave a file the cache would trust.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { BuildRef } from '@devicelab/shared';

const DOWNLOAD_TIMEOUT_MS = 10 * 60 * 1000;
/**
 * Waits between tries of a download that failed for a passing reason (the connection
 * dropped, the control plane restarting, a 5xx or 429): about 30 s in all, longer than
 * a control-plane restart takes, so a restart does not block the tests that needed the build.
 */
const RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000, 15000];
/**
 * What a process killed mid-download or mid-unpack leaves beside the cached builds:
 * `<file>.<hex>.part` (fetchIfMissing) and `<file>.unpacked.tmp-<hex>/` (app-archive.ts).
 * Never trusted, only removed, and only once older than any live download (DOWNLOAD_TIMEOUT_MS).
 */
const LEFTOVER = /(\.[0-9a-f]{12}\.part|\.unpacked\.tmp-[0-9a-f]{8})$/;
const LEFTOVER_AGE_MS = DOWNLOAD_TIMEOUT_MS + 60_000;

export class BuildDownloadError extends Error {
  constructor(
    message: string,
    readonly transient = false,
  ) {
    super(message);
    this.name = 'BuildDownloadError';
  }
}

export interface BuildCacheOptions {
  stateDir: string;
  token: string;
  log?: (line: string) => void;
  /** Waits between tries after a passing failure (tests shorten them). */
  retryDelaysMs?: readonly number[];
}

/** A path segment from the server: one plain name, never a way out of the cache dir. */
function safeSegment(value: string, what: string): string {
  if (!value || value === '.' || value === '..' || /[/\\\0]/.test(value) || value.length > 255) {
    throw new BuildDownloadError(`Refusing build ${what} ${JSON.stringify(value)}: not a plain file name`);
  }
  return value;
}

export class BuildCache {
  private readonly dir: string;
  private readonly inFlight = new Map<string, Promise<string>>();
  /** Downloads completed by this process (tests and logs). */
  downloads = 0;

  constructor(private readonly options: BuildCacheOptions) {
    this.dir = join(options.stateDir, 'builds');
  }

  /**
   * Removes what killed processes left half-written in the cache (LEFTOVER) once it is
   * older than any download still under way could be. Answers how many entries went.
   */
  async removeLeftovers(now = Date.now()): Promise<number> {
    let removed = 0;
    for (const id of await readdir(this.dir).catch(() => [] as string[])) {
      for (const name of await readdir(join(this.dir, id)).catch(() => [] as string[])) {
        if (!LEFTOVER.test(name)) continue;
        const path = join(this.dir, id, name);
        const info = await stat(path).catch(() => null);
        if (!info || now - info.mtimeMs < LEFTOVER_AGE_MS) continue;
        await rm(path, { recursive: true, force: true });
        removed += 1;
      }
    }
    if (removed > 0) this.options.log?.(`build cache: removed ${removed} half-written download(s) or unpack(s) left by an earlier process`);
    return removed;
  }

  pathOf(build: BuildRef): string {
    return join(this.dir, safeSegment(build.buildId, 'id'), safeSegment(build.fileName, 'file name'));
  }

  /**
   * The local file of the build, downloading it unless cached. Concurrent calls share one
   * download; `signal` stops this caller's wait, not the download another job may need.
   */
  get(build: BuildRef, signal?: AbortSignal): Promise<string> {
    let task = this.inFlight.get(build.buildId);
    if (!task) {
      task = this.fetchIfMissing(build).finally(() => this.inFlight.delete(build.buildId));
      this.inFlight.set(build.buildId, task);
    }
    if (!signal) return task;
    return new Promise<string>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      task.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  private async fetchIfMissing(build: BuildRef): Promise<string> {
    const target = this.pathOf(build);
    const existing = await stat(target).catch(() => null);
    // Only verified files are ever renamed into place, so a present file of the right size is good.
    if (existing?.isFile() && existing.size === build.sizeBytes) return target;
    await mkdir(join(this.dir, build.buildId), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
    const delays = this.options.retryDelaysMs ?? RETRY_DELAYS_MS;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.download(build, temp);
        await rename(temp, target);
        break;
      } catch (err) {
        await rm(temp, { force: true });
        const wait = delays[attempt];
        if (!(err instanceof BuildDownloadError) || !err.transient || wait === undefined) throw err;
        this.options.log?.(`${err.message}; trying again in ${wait} ms`);
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
    this.downloads += 1;
    this.options.log?.(`downloaded build ${build.buildId} (${build.sizeBytes} bytes)`);
    return target;
  }

  private async download(build: BuildRef, temp: string): Promise<void> {
    const failed = (why: string, transient = false) =>
      new BuildDownloadError(`Could not download build ${build.buildId} (${build.fileName}) from ${build.downloadUrl}: ${why}`, transient);
    let response: Response;
    try {
      // A stalled server must not hold a job forever: 10 minutes is ~1 GB at a slow 2 MB/s.
      response = await fetch(build.downloadUrl, {
        headers: { authorization: `Bearer ${this.options.token}` },
        signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
      });
    } catch (err) {
      throw failed(err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err), true);
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      throw failed(`HTTP ${response.status} ${response.statusText}`.trim(), response.status >= 500 || response.status === 429);
    }
    const hash = createHash('sha256');
    let bytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), counter, createWriteStream(temp));
    } catch (err) {
      throw failed(`the transfer broke off after ${bytes} bytes (${err instanceof Error ? err.message : String(err)})`, true);
    }
    const digest = hash.digest('hex');
    if (digest !== build.sha256.toLowerCase()) throw failed(`sha256 mismatch (expected ${build.sha256}, got ${digest}, ${bytes} bytes)`);
  }
}
