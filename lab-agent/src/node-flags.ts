/**
 * Node's flags for the long-running `devicelab` processes, `agent start` and `tunnel start`:
 * they relay every tunnelled byte (the agent's device proxy, the tunnel client).
 *
 * `--initial-old-space-size=64` (the control plane, whose own heap is larger, starts with 128:
 * scripts/start-control-plane.mjs says why):
 * with V8's small default old generation, a process relaying a download fell into a full
 * collection every few MiB (the frames waiting in socket queues are promoted, and a small
 * heap's limit is soon hit, again and again): 3.2-3.6 ms of CPU per MiB in the agent's side
 * against 1.9-2.1 with the flag, the same idle memory (docs/benchmarks.md, `tunnel`). Node refuses
 * the flag in NODE_OPTIONS and V8 reads it only when the process starts, so a process started
 * without it runs itself again with it (`rerunWithNodeFlags`); the background tunnel and the
 * service files start it with the flags at once (daemon.ts, service/command.ts).
 */
import { spawn } from 'node:child_process';
import { watchStartingWrappers } from '@devicelab/shared/starting-wrappers';

export const LONG_RUNNING_NODE_FLAGS: readonly string[] = ['--initial-old-space-size=64'];

/** The flags `node` needs to run a long-running command: these, then the ones it runs with now (a loader). */
export function longRunningExecArgv(execArgv: readonly string[] = process.execArgv): string[] {
  return [...LONG_RUNNING_NODE_FLAGS.filter((flag) => !execArgv.includes(flag)), ...execArgv];
}

/**
 * Whether the command line (after the script) starts a long-running command: `[agent] start`,
 * `tunnel start` (not `tunnel --daemon start`, which starts one with the flags and returns).
 */
export function isLongRunningCommand(args: readonly string[]): boolean {
  return args[0] === 'start' || ((args[0] === 'agent' || args[0] === 'tunnel') && args[1] === 'start');
}

/** Set in the process run again, to the pid of the one that started it. */
const LAUNCHER_ENV = 'DEVICELAB_LAUNCHER_PID';

/**
 * For a long-running command started without the flags: runs this very command again as a
 * child with them, and resolves with nothing, never (the launcher exits with the child's code).
 * Otherwise resolves at once, and a child of a launcher ends as abruptly should the launcher
 * vanish (kill -9): no drain, its jobs lost as with any agent killed.
 *
 * The child runs in a process group of its own, and the launcher passes every SIGINT, SIGTERM and
 * SIGHUP on to it, once: a Ctrl-C at a terminal (sent to the whole foreground group) must reach
 * the child once, since a second one means "stop now, skip the drain".
 */
export async function rerunWithNodeFlags(argv: readonly string[] = process.argv): Promise<void> {
  const launcher = Number(process.env[LAUNCHER_ENV]);
  if (Number.isInteger(launcher) && launcher > 0) {
    delete process.env[LAUNCHER_ENV];
    // The launcher went without passing a signal on: it was killed with SIGKILL, and so is this
    // process, at once, with no drain, as the operator (or a test of a lost agent) meant.
    watchStartingWrappers(() => process.kill(process.pid, 'SIGKILL'), [{ pid: launcher, command: 'devicelab (launcher)' }]);
    return;
  }
  if (!isLongRunningCommand(argv.slice(2)) || LONG_RUNNING_NODE_FLAGS.every((flag) => process.execArgv.includes(flag))) return;
  // Windows has no signals to pass on (a child's kill is TerminateProcess): there it runs as started.
  if (process.platform === 'win32') return;
  const child = spawn(process.execPath, [...longRunningExecArgv(), ...argv.slice(1)], {
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, [LAUNCHER_ENV]: String(process.pid) },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal));
  // Started through npm or pnpm: when they go, the child goes (shared/src/starting-wrappers.ts).
  watchStartingWrappers(() => child.kill('SIGTERM'));
  const code = await new Promise<number>((resolve) => {
    child.once('error', (error) => {
      process.stderr.write(`devicelab: could not start node again with ${LONG_RUNNING_NODE_FLAGS.join(' ')}: ${error.message}\n`);
      resolve(1);
    });
    child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1)));
  });
  process.exit(code);
}
