import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { scratchFolder } from './scratch.js';

/**
 * Where builds and run artifacts live: a folder (this module) or an S3-compatible bucket
 * (s3.ts), chosen by STORAGE_URL (storage/open.ts); callers only see keys. Uploads are
 * written to a local scratch file first either way (builds are inspected there).
 */
export interface FileStorage {
  /** What the operator configured, for messages (a folder, or s3://bucket/prefix). */
  readonly location: string;
  /** Checks at start that the storage can be used; rejects with one sentence saying what is wrong. */
  check(): Promise<void>;
  /** A fresh local scratch path for an incoming upload. */
  scratchPath(): Promise<string>;
  /**
   * Removes scratch files a killed process left behind (kill -9 skips an upload's own
   * clean-up), only those older than any live upload's (scratch.ts). Answers how many went.
   */
  removeStaleScratch(now?: number): Promise<number>;
  /** Stores a finished scratch file under `key` (a rename on disk, a multipart upload to a bucket) and removes the scratch file. */
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
  /** Removes one key; an absent key is fine (retention sweeps repeat after a crash). */
  remove(key: string): Promise<void>;
}

/** A folder of files; its uploads' scratch files in its `tmp` subfolder (same filesystem, so commit is a rename). */
export function createFileStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`storage key escapes the root: ${key}`);
    return path;
  };
  const scratch = scratchFolder(join(base, 'tmp'));
  return {
    location: base,
    async check() {
      try {
        await mkdir(base, { recursive: true });
      } catch (e) {
        throw new Error(`storage folder ${base} cannot be created: ${(e as Error).message}`);
      }
    },
    scratchPath: scratch.scratchPath,
    removeStaleScratch: scratch.removeStaleScratch,
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
    async remove(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      // Folders the key alone made (builds/<org>/<build id>/) go with it, so a refused or
      // expired build leaves nothing behind; a folder still holding anything stays.
      for (let dir = dirname(path); dir.startsWith(base + sep); dir = dirname(dir)) {
        if (
          !(await rmdir(dir).then(
            () => true,
            () => false,
          ))
        )
          break;
      }
    },
  };
}
