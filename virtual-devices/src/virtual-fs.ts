/**
 * The virtual device's file system: an in-memory map of files plus a set of directories.
 * Enough for sync push/pull, `ls`, `cat`, `rm`, and files written by uiautomator,
 * screencap and screenrecord. Like a real (non-root) device, only shared storage and
 * /data/local/tmp are writable by the shell user.
 */
import { posix } from 'node:path';

export const S_IFREG = 0o100000;
export const S_IFDIR = 0o040000;

export interface FileEntry {
  data: Buffer;
  /** Permission bits plus S_IFREG. */
  mode: number;
  /** Seconds since the epoch. */
  mtime: number;
}

export interface StatResult {
  mode: number;
  size: number;
  mtime: number;
  isDirectory: boolean;
}

export type FsResult = { ok: true } | { ok: false; error: string };

/** /sdcard is a symlink to /storage/emulated/0 (via /storage/self/primary); one tree. */
const ALIASES: ReadonlyArray<[string, string]> = [
  ['/sdcard', '/storage/emulated/0'],
  ['/storage/self/primary', '/storage/emulated/0'],
  ['/mnt/sdcard', '/storage/emulated/0'],
];

const WRITABLE_ROOTS = ['/storage/emulated/0', '/data/local/tmp'];

const INITIAL_DIRS = [
  '/',
  '/data',
  '/data/local',
  '/data/local/tmp',
  '/data/app',
  '/system',
  '/system/bin',
  '/vendor',
  '/proc',
  '/dev',
  '/storage',
  '/storage/emulated',
  '/storage/emulated/0',
  '/storage/emulated/0/Download',
  '/storage/emulated/0/Pictures',
  '/storage/emulated/0/DCIM',
  '/storage/emulated/0/Movies',
];

export function normalizePath(path: string): string {
  let p = posix.normalize(path.startsWith('/') ? path : `/${path}`);
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  for (const [alias, target] of ALIASES) {
    if (p === alias || p.startsWith(`${alias}/`)) return target + p.slice(alias.length);
  }
  return p;
}

export class VirtualFileSystem {
  private readonly files = new Map<string, FileEntry>();
  private readonly dirs = new Set<string>(INITIAL_DIRS);

  constructor(private readonly nowSeconds: () => number) {}

  isWritable(path: string): boolean {
    const p = normalizePath(path);
    return WRITABLE_ROOTS.some((root) => p === root || p.startsWith(`${root}/`));
  }

  stat(path: string): StatResult | null {
    const p = normalizePath(path);
    if (p === '/dev/null' || p === '/dev/tty') return { mode: 0o020666, size: 0, mtime: 0, isDirectory: false };
    if (this.dirs.has(p)) return { mode: S_IFDIR | 0o771, size: 4096, mtime: 0, isDirectory: true };
    const file = this.files.get(p);
    return file ? { mode: file.mode, size: file.data.length, mtime: file.mtime, isDirectory: false } : null;
  }

  readFile(path: string): Buffer | null {
    const p = normalizePath(path);
    if (p === '/dev/null' || p === '/dev/zero') return Buffer.alloc(0);
    return this.files.get(p)?.data ?? null;
  }

  /** Creates parent directories as adbd does for pushes (the "fixed_push_mkdir" behaviour). */
  writeFile(path: string, data: Buffer, options: { mode?: number; mtime?: number; append?: boolean } = {}): FsResult {
    const p = normalizePath(path);
    if (p === '/dev/null') return { ok: true };
    if (this.dirs.has(p)) return { ok: false, error: 'Is a directory' };
    if (!this.isWritable(p))
      return { ok: false, error: p.startsWith('/system') || p.startsWith('/vendor') ? 'Read-only file system' : 'Permission denied' };
    this.mkdirs(posix.dirname(p));
    const previous = this.files.get(p);
    const content = options.append && previous ? Buffer.concat([previous.data, data]) : data;
    this.files.set(p, {
      data: content,
      mode: S_IFREG | ((options.mode ?? previous?.mode ?? 0o660) & 0o7777),
      mtime: options.mtime ?? this.nowSeconds(),
    });
    return { ok: true };
  }

  mkdirs(path: string): FsResult {
    const p = normalizePath(path);
    if (this.files.has(p)) return { ok: false, error: 'File exists' };
    for (let dir = p; !this.dirs.has(dir); dir = posix.dirname(dir)) this.dirs.add(dir);
    return { ok: true };
  }

  /** Removes a file, or a directory tree when `recursive`. */
  remove(path: string, recursive = false): FsResult {
    const p = normalizePath(path);
    if (this.files.delete(p)) return { ok: true };
    if (!this.dirs.has(p)) return { ok: false, error: 'No such file or directory' };
    if (!recursive) return { ok: false, error: 'Is a directory' };
    if (!this.isWritable(p) || WRITABLE_ROOTS.includes(p)) return { ok: false, error: 'Permission denied' };
    for (const key of [...this.files.keys()]) if (key.startsWith(`${p}/`)) this.files.delete(key);
    for (const dir of [...this.dirs]) if (dir === p || dir.startsWith(`${p}/`)) this.dirs.delete(dir);
    return { ok: true };
  }

  /** Names directly inside a directory, sorted, or null when it is not one. */
  list(path: string): Array<{ name: string; stat: StatResult }> | null {
    const p = normalizePath(path);
    if (!this.dirs.has(p)) return null;
    const prefix = p === '/' ? '/' : `${p}/`;
    const names = new Set<string>();
    for (const key of [...this.files.keys(), ...this.dirs]) {
      if (key !== p && key.startsWith(prefix) && !key.slice(prefix.length).includes('/')) names.add(key.slice(prefix.length));
    }
    return [...names].sort().map((name) => ({ name, stat: this.stat(prefix + name)! }));
  }
}
