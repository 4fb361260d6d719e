import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { dirname, join, resolve, sep } from 'node:path';
import { randomToken } from '../ids.js';

/**
 * An upload's scratch file that has not been written to for this long belongs to no live
 * upload (it is written as the bytes arrive): a process killed mid-upload left it. Age,
 * never "all of them", since replicas sharing DATA_DIR have uploads under way in the same folder.
 */
const SCRATCH_STALE_MS = 6 * 3_600_000;
const SCRATCH_NAME = /^upload-\d+-[0-9A-Za-z]+$/;

/**
 * Where builds and run artifacts live. Files under DATA_DIR today; the interface is
 * the seam for an S3-compatible store later, so callers only see keys. It grows with
 * its callers: reading builds back arrives with the lab agent.
 */
export interface FileStorage {
  /** A fresh local scratch path for an incoming upload (same filesystem, so commit is a rename). */
  scratchPath(): Promise<string>;
  /**
   * Removes scratch files a killed process left behind (kill -9 skips an upload's own
   * clean-up), only those older than any live upload's (SCRATCH_STALE_MS). Answers how many went.
   */
  removeStaleScratch(now?: number): Promise<number>;
  /** Moves a finished scratch file under `key`. */
  commit(scratch: string, key: string): Promise<void>;
  /** Stores a small artifact (a screenshot, a hierarchy) whole. */
  put(key: string, data: Uint8Array): Promise<void>;
  /** A small artifact's bytes, or null when there is none under `key`. */
  get(key: string): Promise<Buffer | null>;
  /**
   * A stored file as a stream (builds for agents, recordings for pages), or null when
   * absent; with a range, only bytes start..end inclusive (clamped to the file).
   * `size` is always the whole file's.
   */
  openRead(key: string, range?: { start: number; end: number }): Promise<{ stream: Readable; size: number } | null>;
  /** A stored file's size without opening it (HEAD, counting parts), or null when absent. */
  size(key: string): Promise<number | null>;
  /** Removes a key (a file or everything below a prefix); absent keys are fine. */
  remove(key: string): Promise<void>;
}

export function createFileStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`storage key escapes the root: ${key}`);
    return path;
  };
  const scratchDir = join(base, 'tmp');
  return {
    async scratchPath() {
      await mkdir(scratchDir, { recursive: true });
      return join(scratchDir, `upload-${Date.now()}-${randomToken(8)}`);
    },
    async removeStaleScratch(now = Date.now()) {
      let removed = 0;
      for (const name of await readdir(scratchDir).catch(() => [] as string[])) {
        if (!SCRATCH_NAME.test(name)) continue;
        const path = join(scratchDir, name);
        const info = await stat(path).catch(() => null); // gone already: committed, or another replica's sweep
        if (!info || now - info.mtimeMs < SCRATCH_STALE_MS) continue;
        await rm(path, { force: true });
        removed += 1;
      }
      return removed;
    },
    async commit(scratch, key) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      await rename(scratch, target);
    },
    async put(key, data) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, data);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async openRead(key, range) {
      const path = pathOf(key);
      try {
        const { size } = await stat(path);
        return { stream: createReadStream(path, range ? { start: range.start, end: Math.min(range.end, size - 1) } : {}), size };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    remove: (key) => rm(pathOf(key), { force: true, recursive: true }),
  };
}
