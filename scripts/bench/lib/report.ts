import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import type { Machine } from './machine.js';
import { repoRoot } from './paths.js';
import { round } from './stats.js';

/** Prints an aligned plain-text table (first column left-aligned, the others right-aligned). */
export function printTable(title: string, header: string[], rows: Array<Array<string | number>>): void {
  const cells = [header, ...rows.map((r) => r.map((c) => (typeof c === 'number' ? formatNumber(c) : c)))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of cells.slice(1)) console.log(line(r));
}

export function formatNumber(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (Number.isInteger(x)) return String(x);
  return Math.abs(x) >= 100 ? x.toFixed(0) : Math.abs(x) >= 10 ? x.toFixed(1) : x.toFixed(2);
}

/** Writes scripts/bench/results/<name>.json and returns its path. */
export function writeResult(name: string, data: unknown): string {
  const dir = join(repoRoot, 'scripts', 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.json`);
  writeFileSync(path, JSON.stringify(data, null, 2) + '\n');
  return path;
}

/**
 * Writes scripts/bench/results/<name>.json in the shape the benchmarks share (name, the machine
 * with its load average at the end, params, results, targets when there are any, and the
 * duration since `started`) and says where, with the duration.
 */
export function writeRunResult(
  name: string,
  run: {
    machine: Machine;
    /** performance.now() when the benchmark started. */
    started: number;
    params: Record<string, unknown>;
    results: unknown[];
    targets?: unknown[];
  },
): void {
  const seconds = (performance.now() - run.started) / 1000;
  const path = writeResult(name, {
    name,
    machine: { ...run.machine, loadAverage1mAtEnd: Number(os.loadavg()[0]!.toFixed(2)) },
    params: run.params,
    results: run.results,
    targets: run.targets, // left out of the JSON when undefined
    durationSeconds: round(seconds, 1),
  });
  console.log(`\nwrote ${path} (${seconds.toFixed(0)} s)`);
}

export const MiB = 1024 * 1024;
export const GiB = 1024 * MiB;

/** Parses `--name value` and `--name=value` flags. */
export function flag(name: string, fallback: string): string {
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === `--${name}`) return args[i + 1] ?? fallback;
    if (a.startsWith(`--${name}=`)) return a.slice(name.length + 3);
  }
  return fallback;
}
