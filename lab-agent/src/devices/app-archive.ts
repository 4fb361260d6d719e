/**
 * Unpacks an iOS build for installing: a `.zip` or `.tar.gz` of a simulator `.app`, or
 * an `.ipa` (a zip with Payload/<name>.app), and finds the `.app` bundle inside. The
 * format is read from the file's first bytes, not its name (uploads keep the user's
 * file name).
 *
 * The archive comes from a user, so nothing in it may write outside the target folder:
 * zip entries go through yauzl's name checks and ours (no absolute paths, no `..`),
 * tar entries through `tar`'s (which strips absolute paths and refuses `..`), and a
 * symbolic link is only created when it points inside the archive (real bundles have
 * such links). Sizes and entry counts are bounded. Unpacking happens in a temp folder
 * renamed into place when complete, so an interrupted unpack is never trusted; the
 * result is kept beside the cached build and reused (a build id names immutable bytes).
 */

import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, symlink } from 'node:fs/promises';
import { dirname, isAbsolute, join, normalize, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { archiveEntryPath, archiveLinkProblem } from '@devicelab/shared';
import * as tar from 'tar';
import yauzl from 'yauzl';
import { DriverError } from './driver.js';

/** Bounds for one archive (an app bundle is rarely above 2 GB or 200k files). */
const UNPACK_LIMITS = { bytes: 8 * 1024 ** 3, entries: 200_000 };

export class UnsafeArchiveError extends DriverError {}

/** Where `archive` unpacks: `<archive>.unpacked/`, reused when present. Returns the `.app` path inside. */
export async function unpackAppBundle(archive: string, limits = UNPACK_LIMITS): Promise<string> {
  const target = `${archive}.unpacked`;
  if (!(await stat(target).catch(() => null))) {
    const temp = `${target}.tmp-${randomBytes(4).toString('hex')}`;
    await mkdir(temp, { recursive: true });
    try {
      const kind = await archiveKind(archive);
      if (kind === 'zip') await unzip(archive, temp, limits);
      else if (kind === 'tar.gz') await untar(archive, temp, limits);
      else throw new DriverError('The build is neither a zip (.ipa, .zip) nor a .tar.gz archive');
      await rename(temp, target).catch(async (err: NodeJS.ErrnoException) => {
        // Another job unpacked the same build at the same time: theirs is as good.
        if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err;
        await rm(temp, { recursive: true, force: true });
      });
    } catch (err) {
      await rm(temp, { recursive: true, force: true });
      throw err;
    }
  }
  const app = await findAppBundle(target);
  if (!app) throw new DriverError('The build contains no .app bundle');
  return app;
}

async function archiveKind(file: string): Promise<'zip' | 'tar.gz' | null> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    if (head.readUInt32BE(0) === 0x504b0304) return 'zip';
    if (head[0] === 0x1f && head[1] === 0x8b) return 'tar.gz';
    return null;
  } finally {
    await handle.close();
  }
}

/** The shallowest `.app` folder (Payload/X.app in an .ipa, X.app or folder/X.app in a simulator archive). */
async function findAppBundle(root: string, depth = 3): Promise<string | null> {
  let level = [root];
  for (let d = 0; d < depth && level.length > 0; d += 1) {
    const next: string[] = [];
    for (const dir of level) {
      const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
      const app = entries.find((e) => e.isDirectory() && e.name.endsWith('.app') && !e.name.startsWith('.'));
      if (app) return join(dir, app.name);
      for (const e of entries) if (e.isDirectory() && e.name !== '__MACOSX') next.push(join(dir, e.name));
    }
    level = next;
  }
  return null;
}

/**
 * `name` resolved under `root`, or an error when it would leave it: the archive rule the control
 * plane checked at upload (shared/src/archive-paths.ts), then where the path actually resolves.
 */
function inside(root: string, name: string): string {
  const entry = archiveEntryPath(name);
  const path = entry.ok ? resolve(root, ...entry.segments) : root;
  if (!entry.ok || name.includes('\\') || !(path === root || path.startsWith(root + sep))) {
    throw new UnsafeArchiveError(`The build has an entry outside its folder: ${JSON.stringify(name)}`);
  }
  return path;
}

/** A symbolic link at `path` to `target` may only point inside `root` (shared/src/archive-paths.ts, then where it resolves). */
function checkLink(root: string, path: string, target: string): void {
  const to = normalize(join(dirname(path), target));
  const problem = archiveLinkProblem(relative(root, path).split(sep), target, 'symlink');
  if (problem || isAbsolute(target) || !(to === root || to.startsWith(root + sep))) {
    throw new UnsafeArchiveError(`The build has a link pointing outside it: ${relative(root, path)} -> ${target}`);
  }
}

function unzip(archive: string, dest: string, limits: typeof UNPACK_LIMITS): Promise<void> {
  const root = resolve(dest);
  return new Promise<void>((done, fail) => {
    yauzl.open(archive, { lazyEntries: true, strictFileNames: true }, (err, zip) => {
      if (err || !zip) return fail(new DriverError(`The build is not a readable zip: ${err?.message ?? 'no archive'}`));
      let entries = 0;
      let bytes = 0;
      const stop = (e: unknown) => {
        zip.close();
        fail(e instanceof DriverError ? e : new DriverError(`Unpacking the build failed: ${(e as Error).message}`));
      };
      const read = (entry: yauzl.Entry) =>
        new Promise<Readable>((ok, ko) => zip.openReadStream(entry, (e, s) => (e || !s ? ko(e ?? new Error('no stream')) : ok(s))));
      zip.on('error', stop);
      zip.on('end', () => done());
      zip.on('entry', (entry: yauzl.Entry) => {
        void (async () => {
          if ((entries += 1) > limits.entries) throw new UnsafeArchiveError(`The build has more than ${limits.entries} entries`);
          if ((bytes += entry.uncompressedSize) > limits.bytes)
            throw new UnsafeArchiveError('The build unpacks to more than its size limit');
          const path = inside(root, entry.fileName.replace(/\/+$/, ''));
          const mode = (entry.externalFileAttributes >>> 16) & 0o170000;
          if (entry.fileName.endsWith('/')) {
            await mkdir(path, { recursive: true });
          } else if (mode === 0o120000) {
            const chunks: Buffer[] = [];
            for await (const c of await read(entry)) chunks.push(c as Buffer);
            const target = Buffer.concat(chunks).toString('utf8');
            checkLink(root, path, target);
            await mkdir(dirname(path), { recursive: true });
            await symlink(target, path);
          } else {
            await mkdir(dirname(path), { recursive: true });
            const executable = ((entry.externalFileAttributes >>> 16) & 0o111) !== 0;
            await pipeline(await read(entry), createWriteStream(path, { mode: executable ? 0o755 : 0o644 }));
          }
          zip.readEntry();
        })().catch(stop);
      });
      zip.readEntry();
    });
  });
}

async function untar(archive: string, dest: string, limits: typeof UNPACK_LIMITS): Promise<void> {
  const root = resolve(dest);
  let entries = 0;
  let bytes = 0;
  let refused: Error | null = null;
  await tar
    .x({
      file: archive,
      cwd: root,
      strict: true,
      preservePaths: false,
      // No owners or device files from a stranger's archive.
      preserveOwner: false,
      filter: (path, entry) => {
        if (refused) return false;
        try {
          if ((entries += 1) > limits.entries) throw new UnsafeArchiveError(`The build has more than ${limits.entries} entries`);
          const e = entry as tar.ReadEntry;
          if ((bytes += e.size ?? 0) > limits.bytes) throw new UnsafeArchiveError('The build unpacks to more than its size limit');
          const at = inside(root, path.replace(/^\.\//, '').replace(/\/+$/, '') || '.');
          if (e.type === 'SymbolicLink') checkLink(root, at, e.linkpath ?? '');
          if (e.type === 'Link') inside(root, e.linkpath ?? '');
          return ['File', 'OldFile', 'ContiguousFile', 'Directory', 'SymbolicLink', 'Link'].includes(e.type);
        } catch (err) {
          refused = err as Error;
          return false;
        }
      },
    })
    .catch((err: Error) => {
      throw err instanceof DriverError ? err : new DriverError(`The build is not a readable .tar.gz: ${err.message}`);
    });
  if (refused) throw refused;
}
