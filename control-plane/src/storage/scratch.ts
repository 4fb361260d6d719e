import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { randomToken } from '../ids.js';

/**
 * An upload's scratch file that has not been written to for this long belongs to no live
 * upload (it is written as the bytes arrive): a process killed mid-upload left it. Age,
 * never "all of them", since replicas sharing DATA_DIR have uploads under way in the same folder.
 */
const SCRATCH_STALE_MS = 6 * 3_600_000;
const SCRATCH_NAME = /^upload-\d+-[0-9A-Za-z]+$/;

/**
 * The local folder uploads are written to before they are stored (a build is inspected
 * there; an object store gets it from there in parts). Always on this replica's disk.
 */
export function scratchFolder(dir: string) {
  return {
    async scratchPath(): Promise<string> {
      await mkdir(dir, { recursive: true });
      return join(dir, `upload-${Date.now()}-${randomToken(8)}`);
    },
    async removeStaleScratch(now = Date.now()): Promise<number> {
      let removed = 0;
      for (const name of await readdir(dir).catch(() => [] as string[])) {
        if (!SCRATCH_NAME.test(name)) continue;
        const path = join(dir, name);
        const info = await stat(path).catch(() => null); // gone already: committed, or another replica's sweep
        if (!info || now - info.mtimeMs < SCRATCH_STALE_MS) continue;
        await rm(path, { force: true });
        removed += 1;
      }
      return removed;
    },
  };
}
