/**
 * Whether an archive's entry or link stays inside the folder it is unpacked into: the one rule
 * the control plane applies when a build is uploaded (control-plane/src/builds/archive-safety.ts,
 * a 400 naming the entry) and the lab agent applies again when it unpacks the build on a lab host
 * (lab-agent/src/devices/app-archive.ts). Pure: each caller turns a problem into its own error.
 */

/** `/x`, `\x`, `\\server\x`, `C:x`, `C:\x` all leave the extraction directory. */
const isAbsolutePath = (path: string) => /^[\\/]/.test(path) || /^[a-zA-Z]:/.test(path);

export type ArchivePath = { ok: true; segments: string[] } | { ok: false; problem: string };

/**
 * An entry name as path segments, or why it escapes the archive. Backslashes count as
 * separators (an extractor on Windows would treat them so); empty and `.` segments are
 * dropped, so `./A.app/` gives ['A.app'].
 */
export function archiveEntryPath(name: string): ArchivePath {
  if (name.includes('\0')) return { ok: false, problem: 'the name contains a NUL byte' };
  if (isAbsolutePath(name)) return { ok: false, problem: 'absolute paths are not allowed' };
  const segments = name.split(/[\\/]/).filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) return { ok: false, problem: 'the path escapes the archive through a ".." segment' };
  return { ok: true, segments };
}

export type ArchiveLinkKind = 'symlink' | 'hardlink';

/**
 * Why a link at `segments` to `target` would leave the archive, or null. Symlinks are resolved
 * from the link's own folder, hard links from the archive root. Only leading `..` segments are
 * allowed: `a/../..` could climb out through a symlinked `a` even though it looks harmless on paper.
 */
export function archiveLinkProblem(segments: readonly string[], target: string, kind: ArchiveLinkKind): string | null {
  const quoted = JSON.stringify(target.length > 200 ? `${target.slice(0, 200)}…` : target);
  if (target === '') return `the ${kind} has an empty target`;
  if (target.includes('\0')) return `the ${kind} target contains a NUL byte`;
  if (isAbsolutePath(target)) return `${kind} target ${quoted} is an absolute path`;
  const parts = target.split(/[\\/]/).filter((s) => s !== '' && s !== '.');
  let ups = 0;
  while (parts[ups] === '..') ups += 1;
  if (parts.slice(ups).includes('..'))
    return `${kind} target ${quoted} has ".." after a folder name; only leading ".." segments are allowed`;
  const depth = kind === 'symlink' ? segments.length - 1 : 0;
  if (ups > depth) return `${kind} target ${quoted} escapes the archive`;
  return null;
}
