import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { randomToken } from '../ids.js';

/**
 * Where builds and run artifacts live. Files under DATA_DIR today; the interface is
 * the seam for an S3-compatible store later, so callers only see keys.
 */
export interface FileStorage {
  /** A fresh local scratch path for an incoming upload (same filesystem, so commit is a rename). */
  scratchPath(): Promise<string>;
  /** Moves a finished scratch file under `key`. */
  commit(scratch: string, key: string): Promise<void>;
  openRead(key: string): Readable;
  openWrite(key: string): Promise<Writable>;
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  /** Local path of a key, for readers that need random access (zip central directories). */
  localPath(key: string): string;
}

export function createFileStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`storage key escapes the root: ${key}`);
    return path;
  };
  return {
    async scratchPath() {
      const dir = join(base, 'tmp');
      await mkdir(dir, { recursive: true });
      return join(dir, `upload-${Date.now()}-${randomToken(8)}`);
    },
    async commit(scratch, key) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      await rename(scratch, target);
    },
    openRead: (key) => createReadStream(pathOf(key)),
    async openWrite(key) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      return createWriteStream(target);
    },
    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch {
        return null;
      }
    },
    remove: (key) => rm(pathOf(key), { force: true, recursive: true }),
    localPath: pathOf,
  };
}
