/**
 * The control plane as an operator runs it: a child process over a database of its own, on
 * the backend under test (a DATA_DIR with embedded PGlite, or a fresh database on the real
 * server through DATABASE_URL). For the tests of starts, stops and restarts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshDatabase } from './harness.js';
import { freePort } from './replica-processes.js';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface ProcessDatabase {
  /** DATA_DIR, and DATABASE_URL on the real server. */
  env: Record<string, string>;
  dataDir: string;
  drop(): Promise<void>;
}

export async function processDatabase(): Promise<ProcessDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'devicelab-lifecycle-'));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  let dropDb = async () => {};
  if (process.env.TEST_DATABASE_URL) {
    const fresh = await freshDatabase();
    env.DATABASE_URL = fresh.url!;
    dropDb = fresh.drop;
  }
  return {
    env,
    dataDir,
    drop: async () => {
      await dropDb();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Only what a shell would pass, without the test runner's own settings (vitest sets BASE_URL=/). */
export function cleanEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  const foreign =
    /^(DEVICELAB_|ADMIN_TOKEN$|PORT$|HOST$|DATA_DIR$|DATABASE_URL$|TEST_DATABASE_URL$|BASE_URL$|APP_URL$|VITEST|VITE_|MODE$|DEV$|PROD$|SSR$|NODE_ENV$|npm_)/;
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !foreign.test(k)) env[k] = v;
  return { ...env, LOG_REQUESTS: '0', ...extra };
}

export interface Running {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
  /** Resolves with the output once `text` appears; rejects when the process exits first or after timeoutMs. */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<string>;
}

export function watch(child: ChildProcess): Running {
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let ended = false;
  void exited.then(() => (ended = true));
  return {
    child,
    exited,
    output: () => out,
    async waitFor(text, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      const seen = () => (typeof text === 'string' ? out.includes(text) : text.test(out));
      while (!seen()) {
        if (ended) throw new Error(`exited (${child.exitCode}) before ${String(text)}:\n${out}`);
        if (Date.now() > deadline) throw new Error(`no ${String(text)} within ${timeoutMs} ms:\n${out}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return out;
    },
  };
}

/**
 * control-plane/src/main.ts in one node process (tsx as a loader, no build step), with `args`
 * after it. Not the tsx command: that is a second process relaying signals to this one.
 */
export function startControlPlane(env: Record<string, string>, args: string[] = []): Running {
  return watch(
    spawn(process.execPath, ['--import', 'tsx', 'control-plane/src/main.ts', ...args], {
      cwd: repoRoot,
      env: cleanEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
}

export const STARTED = 'DeviceLab control plane on';

/** Whether `pid` is a live process (signal 0 checks without sending). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export { freePort };

/**
 * `npx --yes pnpm@10 <args>` from the repository root, as a script runs it in the background:
 * the child is npm itself, whose pid is what the script holds (`$!`). Its own process group,
 * so a test can see (and clean up) everything started under it.
 */
export function npxPnpm(args: string[], env: Record<string, string>): Running {
  return watch(
    spawn('npx', ['--yes', 'pnpm@10', ...args], { cwd: repoRoot, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'], detached: true }),
  );
}

/** Whether any process of process group `pgid` is left. */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
