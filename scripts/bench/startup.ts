/**
 * Start-up time and idle memory of the control plane on embedded PGlite, as `pnpm start` runs
 * it: the root package.json's `start` script, run by `sh -c` with node_modules/.bin on the
 * PATH (what pnpm does, without pnpm's own process), with a fresh DATA_DIR ("first start"),
 * then again on the same DATA_DIR ("restart"). Ready = the first 200 from GET /healthz,
 * timed from the spawn; idle memory = RSS after --idle seconds without requests, of the
 * process that listens on the port (found by its socket) and of the whole process tree.
 * Beside the wall time, the CPU time the tree spent until ready (user + system, finished
 * children included): on a loaded machine the wall time stretches, the CPU time hardly.
 *
 *   node --import tsx scripts/bench/startup.ts [--rounds 3] [--idle 10]
 *
 * Baselines in the same run, interleaved with the control plane in every round:
 * - a bare Node HTTP server (`node -e`, node:http answering 200): Node's own floor;
 * - a bare PGlite process: `PGlite.create(dir)` with the library's defaults, then node:http,
 *   first start on a fresh directory, then a restart: what embedded PostgreSQL costs as shipped.
 *
 * Targets (issue 14, part 6): first start under 2 s and idle RSS under 250 MiB, on PGlite.
 * Figures are medians over the rounds.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { describeMachine, machineLine } from './lib/machine.js';
import { repoRoot } from './lib/paths.js';
import { commandLine, listenerPid, processTree, rssBytes, treeCpuMs } from './lib/process-tree.js';
import { flag, MiB, printTable, writeRunResult } from './lib/report.js';
import { freePort } from './lib/server.js';
import { median, round } from './lib/stats.js';

const TARGET_FIRST_START_MS = 2000;
const TARGET_IDLE_RSS_MIB = 250;
const ROUNDS = Number(flag('rounds', '3'));
const IDLE_S = Number(flag('idle', '10'));

type Variant = 'bareHttp' | 'barePglite' | 'controlPlane';
type Phase = 'first' | 'restart';
const LABELS: Record<Variant, string> = {
  bareHttp: 'bare Node HTTP server (baseline)',
  barePglite: 'bare PGlite + node:http, library defaults (baseline)',
  controlPlane: 'control plane, `start` script',
};

const startScript: string = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).scripts.start;

// The baselines' programs. The PGlite one runs in control-plane/ so that its import resolves there.
const BARE_HTTP = `require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')`;
const BARE_PGLITE = `import { PGlite } from '@electric-sql/pglite';
import http from 'node:http';
const pg = await PGlite.create(process.env.DATA_DIR);
await pg.query('SELECT 1');
http.createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', async () => { await pg.close(); process.exit(0); });`;

function command(variant: Variant): { args: string[]; cwd: string; path: string } {
  if (variant === 'bareHttp') return { args: [process.execPath, '-e', BARE_HTTP], cwd: repoRoot, path: '/healthz' };
  if (variant === 'barePglite') {
    return { args: [process.execPath, '--input-type=module', '-e', BARE_PGLITE], cwd: join(repoRoot, 'control-plane'), path: '/' };
  }
  return { args: ['sh', '-c', startScript], cwd: repoRoot, path: '/healthz' };
}

interface Sample {
  readyMs: number;
  cpuMs: number;
  listenerRssMiB: number;
  treeRssMiB: number;
  processes: number;
  listener: string;
}

function answers(port: number, path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200));
    });
    req.on('error', () => resolve(false));
  });
}

/** One start: spawned in its own process group, timed to its first 200, measured after the idle wait, stopped. */
async function startOnce(variant: Variant, dataDir: string): Promise<Sample> {
  const port = await freePort();
  const { args, cwd, path } = command(variant);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    BASE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_REQUESTS: '0',
    PATH: [join(repoRoot, 'node_modules', '.bin'), process.env.PATH].join(delimiter),
  };
  delete env.DATABASE_URL;
  const started = performance.now();
  const child = spawn(args[0]!, args.slice(1), { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-10_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) => child.once('exit', (code) => ((exitCode = code), resolve())));
  const stopAll = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal); // the whole group: sh, loaders and the server
    } catch {
      // already gone
    }
  };
  try {
    while (!(await answers(port, path))) {
      if (exitCode !== undefined) throw new Error(`${LABELS[variant]} exited (${exitCode}) before answering:\n${output}`);
      if (performance.now() - started > 120_000) throw new Error(`${LABELS[variant]} did not answer within 120 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const readyMs = performance.now() - started;
    const cpuMs = treeCpuMs(child.pid!);
    await new Promise((r) => setTimeout(r, IDLE_S * 1000));
    const listener = listenerPid(child.pid!, port);
    if (listener === null) throw new Error(`no process of the tree listens on ${port}`);
    const tree = processTree(child.pid!);
    return {
      readyMs: round(readyMs, 0),
      cpuMs,
      listenerRssMiB: round(rssBytes(listener) / MiB, 1),
      treeRssMiB: round(tree.reduce((sum, pid) => sum + rssBytes(pid), 0) / MiB, 1),
      processes: tree.length,
      listener: commandLine(listener),
    };
  } finally {
    stopAll('SIGTERM');
    const timer = setTimeout(() => stopAll('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
}

const machine = describeMachine();
console.log(`startup benchmark: ${ROUNDS} rounds, ${IDLE_S} s idle before reading memory; start script: ${startScript}`);
console.log(`machine: ${machineLine(machine)}`);
const started = performance.now();

const samples: Record<Variant, Record<Phase, Sample[]>> = {
  bareHttp: { first: [], restart: [] },
  barePglite: { first: [], restart: [] },
  controlPlane: { first: [], restart: [] },
};
for (let r = 0; r < ROUNDS; r++) {
  for (const variant of Object.keys(samples) as Variant[]) {
    const dataDir = mkdtempSync(join(tmpdir(), 'devicelab-bench-startup-'));
    try {
      for (const phase of ['first', 'restart'] as const) {
        const s = await startOnce(variant, dataDir);
        samples[variant][phase].push(s);
        console.log(
          `round ${r + 1} ${LABELS[variant]}, ${phase}: ready ${s.readyMs} ms (CPU ${s.cpuMs} ms), RSS ${s.listenerRssMiB} MiB ` +
            `(tree ${s.treeRssMiB} MiB, ${s.processes} processes)`,
        );
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

const summary = (list: Sample[]) => ({
  readyMs: median(list.map((s) => s.readyMs)),
  cpuMs: median(list.map((s) => s.cpuMs)),
  listenerRssMiB: round(median(list.map((s) => s.listenerRssMiB)), 1),
  treeRssMiB: round(median(list.map((s) => s.treeRssMiB)), 1),
  processes: list[0]!.processes,
  listener: list[0]!.listener,
  samples: list,
});
const results = (Object.keys(samples) as Variant[]).flatMap((variant) =>
  (['first', 'restart'] as const).map((phase) => ({ variant, label: LABELS[variant], phase, ...summary(samples[variant][phase]) })),
);

printTable(
  `Start-up and idle memory, medians of ${ROUNDS} rounds (RSS after ${IDLE_S} s idle)`,
  ['variant', 'start', 'ready ms', 'CPU ms to ready', 'RSS MiB (server)', 'RSS MiB (tree)', 'processes'],
  results.map((r) => [r.label, r.phase, r.readyMs, r.cpuMs, r.listenerRssMiB, r.treeRssMiB, r.processes]),
);
const cp = (phase: Phase) => results.find((r) => r.variant === 'controlPlane' && r.phase === phase)!;
const targets = [
  {
    target: `first start under ${TARGET_FIRST_START_MS} ms`,
    measured: cp('first').readyMs,
    met: cp('first').readyMs < TARGET_FIRST_START_MS,
  },
  ...(['first', 'restart'] as const).map((phase) => ({
    target: `idle RSS after the ${phase === 'first' ? 'first start' : 'restart'} under ${TARGET_IDLE_RSS_MIB} MiB`,
    measured: cp(phase).listenerRssMiB,
    met: cp(phase).listenerRssMiB < TARGET_IDLE_RSS_MIB,
  })),
];
printTable(
  'Targets',
  ['target', 'measured', 'met'],
  targets.map((t) => [t.target, t.measured, t.met ? 'yes' : 'NO']),
);
console.log(`\nserver process: ${cp('first').listener}`);
writeRunResult('startup', { machine, started, params: { rounds: ROUNDS, idleSeconds: IDLE_S, startScript }, results, targets });
