import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

export interface Machine {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  node: string;
  postgres: string | null;
  kernel: string;
  /** 1-minute load average when the benchmark started: other work on the machine shows here. */
  loadAverage1m: number;
  date: string;
}

/** The newest PostgreSQL server binary directory of the machine (Debian layout), if any. */
export function postgresBinDir(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(`${base}/${v}/bin/postgres`))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions[versions.length - 1];
  return newest ? `${base}/${newest}/bin` : null;
}

export function describeMachine(): Machine {
  let cpuModel = os.cpus()[0]?.model ?? 'unknown';
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    if (line) cpuModel = line.split(':').slice(1).join(':').trim();
  } catch {
    // not Linux: keep os.cpus()
  }
  let postgres: string | null = null;
  const bin = postgresBinDir();
  if (bin) {
    try {
      postgres = execFileSync(`${bin}/postgres`, ['--version'], { encoding: 'utf8' }).trim();
    } catch {
      postgres = null;
    }
  }
  return {
    cpuModel,
    cores: os.cpus().length,
    memoryGiB: Number((os.totalmem() / 1024 ** 3).toFixed(1)),
    node: process.version,
    postgres,
    kernel: `${os.type()} ${os.release()}`,
    loadAverage1m: Number(os.loadavg()[0]!.toFixed(2)),
    date: new Date().toISOString(),
  };
}

export function machineLine(m: Machine): string {
  return `${m.cpuModel}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node}, ${m.postgres ?? 'no PostgreSQL server binaries'}, load ${m.loadAverage1m}`;
}
