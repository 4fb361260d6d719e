import { readdirSync, readFileSync } from 'node:fs';

/** CPU time accounting from /proc, to say which process a request's time is spent in. */
const TICK_MS = 10; // USER_HZ is 100 on Linux

/**
 * A process's parent and CPU time (user + system, in ms) from /proc/<pid>/stat: its own, and
 * that of the children it has waited for. Null when it is gone.
 */
export function procStat(pid: number): { ppid: number; cpuMs: number; waitedChildrenCpuMs: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(fields[1]),
      cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS, // utime stime
      waitedChildrenCpuMs: (Number(fields[13]) + Number(fields[14])) * TICK_MS, // cutime cstime
    };
  } catch {
    return null; // gone
  }
}

/** User + system CPU time of one process, in ms. */
export const cpuMs = (pid: number) => procStat(pid)?.cpuMs ?? 0;

/** A process and its live children (a PostgreSQL postmaster and its backends), user + system CPU in ms. */
export function treeCpuMs(pid: number): number {
  let total = cpuMs(pid);
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = procStat(Number(name));
    if (s && s.ppid === pid) total += s.cpuMs;
  }
  return total;
}

export type CpuProbe = Record<string, () => number>;

export function cpuSnapshot(probe: CpuProbe): Record<string, number> {
  return Object.fromEntries(Object.entries(probe).map(([k, f]) => [k, f()]));
}

export function cpuDelta(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.keys(after).map((k) => [k, after[k]! - (before[k] ?? 0)]));
}
