import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

/**
 * A script that runs `npx --yes pnpm@10 start &` holds the pid of npm, not ours: between them
 * are `sh -c`, pnpm and another `sh -c`. A SIGTERM or SIGINT to that pid ends npm and its
 * shell, but neither npm nor pnpm passes it on to their grandchildren, so the service would
 * keep running (and its devices "online") under an orphaned pnpm. So the service watches the
 * package-manager processes it was started through and stops, as on SIGTERM, when one of them
 * is gone. A service started directly (node, a service manager) has none and watches nothing.
 */
export interface Ancestor {
  pid: number;
  command: string;
  /** Its parent when it was read: a process whose parent has changed was orphaned, so what started it is gone. */
  ppid?: number;
}

/** npm, npx, pnpm, yarn, tsx: by the program (`npm exec …` is npm's process title), or the script node runs. */
const WRAPPER_NAME = /^(npm|npx|pnpm|pnpx|yarn|tsx|npm-cli\.js|npx-cli\.js|pnpm\.c?js|yarn\.c?js|cli\.m?js)$/;
const SHELL_C = /^(\S*\/)?(sh|bash|dash|zsh)\s+(-\S*\s+)*-c(\s|$)/;

function isWrapper(command: string): boolean {
  const [program = '', script = ''] = command.split(/\s+/);
  const name = basename(program);
  if (/^node(js)?(\d+)?$/.test(name))
    return WRAPPER_NAME.test(basename(script)) && (basename(script) !== 'cli.mjs' || script.includes('/tsx/'));
  return WRAPPER_NAME.test(name) && !name.startsWith('cli.');
}

/** The package managers (and the `sh -c` between them) above this process, nearest first. */
export function startingWrappers(ancestors: Ancestor[] = ancestry()): Ancestor[] {
  let last = -1;
  for (let i = 0; i < ancestors.length; i += 1) {
    const { command } = ancestors[i]!;
    if (isWrapper(command)) last = i;
    else if (!SHELL_C.test(command)) break;
  }
  return ancestors.slice(0, last + 1);
}

/** Calls `onGone` once, when one of the starting wrappers has ended. Polls twice a second; never keeps the process alive. */
export function watchStartingWrappers(onGone: (gone: Ancestor) => void, wrappers: Ancestor[] = startingWrappers()): () => void {
  if (wrappers.length === 0) return () => {};
  const timer = setInterval(() => {
    // Gone, or orphaned: a pnpm whose npm was killed lives on under init, and its npm's pid is no
    // proof of anything once reaped (CI saw a control plane keep running after `kill -9` of npm).
    const gone = wrappers.find((w) => !processAlive(w.pid)) ?? orphaned(wrappers);
    if (!gone) return;
    clearInterval(timer);
    onGone(gone);
  }, 500);
  timer.unref();
  return () => clearInterval(timer);
}

/** The process above a watched one whose parent is no longer the one recorded: the one that started it, now gone. */
function orphaned(wrappers: Ancestor[]): Ancestor | undefined {
  for (const [i, w] of wrappers.entries()) {
    if (w.ppid === undefined) continue;
    const now = processInfo(w.pid);
    if (now && now.ppid !== w.ppid) return wrappers[i + 1] ?? { pid: w.ppid, command: `the process that started ${w.command}` };
  }
  return undefined;
}

/** A short name for a log line: "npm exec pnpm@10 start (pid 4242)". */
export const describeAncestor = (a: Ancestor) =>
  `${a.command
    .split(/\s+/)
    .slice(0, 4)
    .map((w, i) => (i === 0 ? basename(w) : w))
    .join(' ')} (pid ${a.pid})`;

function ancestry(): Ancestor[] {
  const out: Ancestor[] = [];
  let pid = process.ppid;
  for (let depth = 0; depth < 12 && pid > 1; depth += 1) {
    const info = processInfo(pid);
    if (!info) break;
    // The parent is re-read on each poll only where that is a file read (/proc), not a `ps` run.
    out.push({ pid, command: info.command, ...(process.platform === 'linux' ? { ppid: info.ppid } : {}) });
    pid = info.ppid;
  }
  return out;
}

function processInfo(pid: number): { ppid: number; command: string } | null {
  try {
    if (process.platform === 'linux') {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
      return { ppid, command };
    }
    if (process.platform === 'win32') return null;
    const line = execFileSync('ps', ['-o', 'ppid=,command=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    const m = /^(\d+)\s+(.*)$/.exec(line);
    return m ? { ppid: Number(m[1]), command: m[2]! } : null;
  } catch {
    return null;
  }
}

/**
 * Whether a process of this pid exists and has not ended (EPERM: it does, under another user).
 * A zombie has ended: killed but not yet reaped by a parent that is not reading its children's
 * exits, it still answers signal 0. A control plane kept running with the npm that started it
 * killed and left so (reproduced with a parent that never reaps; docs/service-lifecycle.md).
 */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !zombie(pid);
}

/** Linux only (/proc); elsewhere a zombie counts as alive, and the orphan check above still applies where it can. */
function zombie(pid: number): boolean {
  if (process.platform !== 'linux') return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
}
