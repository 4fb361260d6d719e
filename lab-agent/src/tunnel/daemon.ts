/**
 * mb-local's daemon form, so a CI step can start a tunnel in the background and a post
 * step stop it (issue 15):
 *
 *   devicelab tunnel --daemon start --tunnel-name NAME [--wait-for-ready 60s] [--control-plane URL] [filters]
 *   devicelab tunnel --daemon stop --tunnel-name NAME
 *
 * `start` runs `devicelab tunnel start …` detached, its output in `<state dir>/NAME.log`
 * and its pid in `NAME.pid`, and returns once the tunnel says it is connected: exit 0, or
 * exit 1 with the reason when it was refused, died, or was not connected in time (then it
 * is stopped: a CI job must not go on with a tunnel that is not there). `stop` ends it.
 * The state directory is DEVICELAB_STATE_DIR, or ~/.devicelab/tunnels.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { longRunningExecArgv } from '../node-flags.js';

export interface DaemonPaths {
  pid: string;
  log: string;
}

function daemonPaths(name: string, stateDir = process.env.DEVICELAB_STATE_DIR || join(homedir(), '.devicelab', 'tunnels')): DaemonPaths {
  mkdirSync(stateDir, { recursive: true });
  return { pid: join(stateDir, `${name}.pid`), log: join(stateDir, `${name}.log`) };
}

/** `60s`, `2m` or a bare number of seconds, as mb-local takes it. */
export function readyTimeoutMs(given: string): number | null {
  const m = /^(\d+(?:\.\d+)?)(s|m)?$/.exec(given.trim());
  if (!m || !(Number(m[1]) > 0)) return null;
  return Math.round(Number(m[1]) * (m[2] === 'm' ? 60_000 : 1_000));
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

function runningPid(paths: DaemonPaths): number | null {
  if (!existsSync(paths.pid)) return null;
  const pid = Number(readFileSync(paths.pid, 'utf8').trim());
  return Number.isSafeInteger(pid) && pid > 0 && alive(pid) ? pid : null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface DaemonOutcome {
  code: 0 | 1;
  message: string;
}

/** Starts `devicelab tunnel start <startArgs>` detached and waits until it is connected. */
export async function startDaemon(name: string, startArgs: readonly string[], waitMs: number): Promise<DaemonOutcome> {
  const paths = daemonPaths(name);
  const running = runningPid(paths);
  if (running !== null)
    return { code: 1, message: `tunnel "${name}" is already running in the background (pid ${running}); stop it with --daemon stop` };
  const out = openSync(paths.log, 'w');
  // The same program that runs now (node + its loader flags + this CLI), in a session of its own,
  // with the long-running processes' Node flags (node-flags.ts).
  const child = spawn(process.execPath, [...longRunningExecArgv(), process.argv[1]!, 'tunnel', 'start', ...startArgs], {
    detached: true,
    stdio: ['ignore', out, out],
    env: process.env,
  });
  closeSync(out);
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  const pid = child.pid!;
  writeFileSync(`${paths.pid}.tmp`, `${pid}\n`);
  renameSync(`${paths.pid}.tmp`, paths.pid);
  child.unref();

  const connected = `Tunnel "${name}" connected`;
  const deadline = Date.now() + waitMs;
  for (;;) {
    const log = readFileSync(paths.log, 'utf8');
    if (log.includes(connected)) return { code: 0, message: `tunnel "${name}" is connected (pid ${pid}); log: ${paths.log}` };
    if (exited !== undefined) {
      rmSync(paths.pid, { force: true });
      const why = log.trim().split('\n').filter(Boolean).pop() ?? `exit code ${exited}`;
      return { code: 1, message: `tunnel "${name}" did not start: ${why.replace(/^devicelab tunnel: /, '')}` };
    }
    if (Date.now() > deadline) {
      await stopPid(pid);
      rmSync(paths.pid, { force: true });
      return {
        code: 1,
        message: `tunnel "${name}" was not connected within ${Math.round(waitMs / 1000)} s; stopped it (log: ${paths.log})`,
      };
    }
    await sleep(100);
  }
}

/** Stops the background tunnel of that name: SIGTERM, then SIGKILL after 10 s. */
export async function stopDaemon(name: string): Promise<DaemonOutcome> {
  const paths = daemonPaths(name);
  const pid = runningPid(paths);
  rmSync(paths.pid, { force: true });
  if (pid === null) return { code: 1, message: `no tunnel "${name}" is running in the background here` };
  await stopPid(pid);
  return { code: 0, message: `tunnel "${name}" stopped (pid ${pid})` };
}

async function stopPid(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return; // already gone
  }
  const deadline = Date.now() + 10_000;
  while (alive(pid) && Date.now() < deadline) await sleep(100);
  if (alive(pid)) process.kill(pid, 'SIGKILL');
}
