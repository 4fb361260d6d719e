import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { processAlive } from '@devicelab/shared/starting-wrappers';
import lockfile from 'proper-lockfile';

/**
 * One control plane per embedded database: PGlite has no lock of its own, and two processes
 * writing one data directory corrupt it. The lock is proper-lockfile's (a directory made
 * atomically, its mtime renewed while we live, taken over once stale); beside it a small file
 * says who holds it, so a refused start can name the running process, and a lock left by a
 * process that is gone (kill -9, a crash) is taken over at once instead of after the staleness
 * delay.
 */
const LOCK = 'control-plane.lock';
const OWNER = 'control-plane.pid';

export interface LockOwner {
  pid: number;
  port: number;
}

export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner | null,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another control plane (${owner ? `pid ${owner.pid}, port ${owner.port}` : 'starting now'}): ` +
        'stop it, or start with another DATA_DIR',
    );
  }
}

/** Takes the lock or throws DataDirInUse; resolves to the release. `onLost`: the lock was taken from under us. */
export async function lockDataDir(dataDir: string, port: number, onLost: (e: Error) => void): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  const options = { lockfilePath: join(dataDir, LOCK), realpath: false, stale: 10_000, onCompromised: onLost };
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, options);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ELOCKED') throw e;
    const owner = readOwner(dataDir);
    if (!owner || processAlive(owner.pid)) throw new DataDirInUse(dataDir, owner);
    // Its holder is gone: take the lock over now. Should another start do the same at this very
    // moment, one of the two mkdirs fails and that start is refused.
    rmSync(options.lockfilePath, { recursive: true, force: true });
    try {
      release = await lockfile.lock(dataDir, options);
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirInUse(dataDir, readOwner(dataDir));
      throw again;
    }
  }
  const ownerPath = join(dataDir, OWNER);
  writeFileSync(`${ownerPath}.tmp`, JSON.stringify({ pid: process.pid, port } satisfies LockOwner));
  renameSync(`${ownerPath}.tmp`, ownerPath);
  return async () => {
    rmSync(ownerPath, { force: true });
    await release().catch(() => {});
  };
}

function readOwner(dataDir: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(join(dataDir, OWNER), 'utf8')) as LockOwner;
    return Number.isSafeInteger(owner.pid) && Number.isSafeInteger(owner.port) ? owner : null;
  } catch {
    return null;
  }
}
