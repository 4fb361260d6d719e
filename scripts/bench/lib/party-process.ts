/**
 * A party of a multi-process benchmark (tunnel.ts) as its own Node process,
 * `node --import tsx <script> …args`: the pid is the party itself (its CPU time is read from
 * /proc), it is ready when a line of its stdout matches `ready`, and it is stopped with
 * SIGTERM (SIGKILL after 5 s, and on the benchmark's exit whatever happens).
 *
 * With BENCH_PROFILE_DIR set, each party writes a V8 CPU profile there when it exits (open it
 * in Chrome's DevTools): where a party's CPU per MiB goes. Node refuses --cpu-prof in
 * NODE_OPTIONS, hence this.
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths.js';

export interface PartyProcess {
  name: string;
  pid: number;
  /** The ready line's match. */
  ready: RegExpExecArray;
  output(): string;
  stop(): Promise<void>;
}

/** Every live party's SIGKILL, run on the benchmark's exit (one listener, however many parties). */
const killOnExit = new Set<() => void>();
process.once('exit', () => {
  for (const kill of killOnExit) kill();
});

export interface PartyOptions {
  ready: RegExp;
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
  /** Node's own flags before the script. With `plainNode`, no tsx loader: the script is JavaScript. */
  nodeArgs?: string[];
  plainNode?: boolean;
}

export async function startParty(name: string, script: string, args: string[], opts: PartyOptions): Promise<PartyProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...opts.env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key]; // undefined: not inherited
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const loader = opts.plainNode ? [] : ['--import', import.meta.resolve('tsx')];
  const extra = process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...profile, ...extra, ...(opts.nodeArgs ?? []), ...loader, script, ...args], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exited = false;
  // BENCH_PARTY_LOG_DIR: every party's whole output in <dir>/<pid>.log (e.g. with BENCH_NODE_ARGS=--trace-gc).
  if (process.env.BENCH_PARTY_LOG_DIR) {
    const log = createWriteStream(join(process.env.BENCH_PARTY_LOG_DIR, `${child.pid}.log`));
    log.write(`${name}\n`);
    child.stdout!.pipe(log, { end: false });
    child.stderr!.pipe(log, { end: false });
  }
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const kill = () => {
    if (!exited) child.kill('SIGKILL');
  };
  killOnExit.add(kill);
  const ready = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => {
      kill();
      reject(new Error(`${name} not ready within ${(opts.timeoutMs ?? 60_000) / 1000} s:\n${output}`));
    }, opts.timeoutMs ?? 60_000);
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-20_000);
      const match = opts.ready.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    void exit.then(() => {
      clearTimeout(timer);
      reject(new Error(`${name} exited before it was ready:\n${output}`));
    });
  });
  return {
    name,
    pid: child.pid!,
    ready,
    output: () => output,
    async stop() {
      if (!exited) {
        child.kill('SIGTERM');
        const timer = setTimeout(kill, 5000);
        await exit;
        clearTimeout(timer);
      }
      killOnExit.delete(kill);
    },
  };
}
