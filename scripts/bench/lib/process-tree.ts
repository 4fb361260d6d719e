import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { listeningSockets } from '../../fixtures/listening-sockets.js';
import { procStat } from './cpu.js';
import { processMemory } from './server.js';

/**
 * Which process of a tree does what, from /proc (Linux): `pnpm start` is a wrapper, a shell
 * and maybe a loader process above the one that serves HTTP, so memory is read from the
 * process that owns the listening socket, and from the whole tree beside it.
 */

function children(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name) && procStat(Number(name))?.ppid === pid)
    .map(Number);
}

/** The process and all its descendants. */
export function processTree(root: number): number[] {
  const all = [root];
  for (let i = 0; i < all.length; i++) all.push(...children(all[i]!));
  return all;
}

/**
 * CPU time (user + system) of the tree under `root`, in ms, including the children it has
 * already waited for (a finished build step counts in its shell's cutime/cstime). Unlike
 * wall time, it barely moves when other work loads the machine.
 */
export function treeCpuMs(root: number): number {
  let ms = 0;
  for (const pid of processTree(root)) {
    const s = procStat(pid);
    if (s) ms += s.cpuMs + s.waitedChildrenCpuMs;
  }
  return ms;
}

/** Resident memory of one process in bytes (0 when it is gone). */
export function rssBytes(pid: number): number {
  try {
    return processMemory(pid).rss;
  } catch {
    return 0;
  }
}

/** The short command line of a process, for the report (e.g. "node control-plane/dist/main.js"). */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ').slice(0, 160);
  } catch {
    return '?';
  }
}

/** The process of the tree under `root` that listens on `port`, or null. */
export function listenerPid(root: number, port: number): number | null {
  const inodes = new Set(listeningSockets(port).map((s) => s.inode));
  if (inodes.size === 0) return null;
  for (const pid of processTree(root)) {
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m && inodes.has(m[1]!)) return pid;
      } catch {
        // closed meanwhile
      }
    }
  }
  return null;
}
