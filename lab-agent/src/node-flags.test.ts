/**
 * `devicelab tunnel start` started without the long-running processes' Node flags runs itself
 * again with them (node-flags.ts): the real CLI as a process, against a control plane that is
 * not there (the client keeps dialling, so it stays up), its processes read from /proc.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { isLongRunningCommand, LONG_RUNNING_NODE_FLAGS, longRunningExecArgv } from './node-flags.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  for (const p of started.splice(0)) if (alive(p)) process.kill(p, 'SIGKILL');
});
const started: number[] = [];

interface Proc {
  pid: number;
  ppid: number;
  args: string[];
}

/** Every process whose command line contains `marker`. */
function processesWith(marker: string): Proc[] {
  const found: Proc[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean);
      if (!args.includes(marker)) continue;
      const ppid = Number(/^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))![1]);
      found.push({ pid: Number(entry), ppid, args });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

function alive(pid: number): boolean {
  try {
    const state = /^State:\s+(\S)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1];
    return state !== 'Z';
  } catch {
    return false;
  }
}

async function until<T>(what: string, check: () => T | null | undefined | false, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** `devicelab tunnel start` with a unique tunnel name, as a user starts it (no Node flags); its launcher and the child. */
async function startTunnel(): Promise<{ launcher: ChildProcess; child: Proc; output: () => string; name: string }> {
  const name = `flags-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const launcher = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(root, 'lab-agent/src/cli.ts'),
      'tunnel',
      'start',
      '--control-plane',
      'http://127.0.0.1:9',
      '--tunnel-name',
      name,
    ],
    { cwd: root, env: { PATH: process.env.PATH ?? '', DEVICELAB_API_KEY: 'dl_not_checked' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(launcher);
  let out = '';
  launcher.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  launcher.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  // Read once it dialled: a child read between fork and exec would show the launcher's command line.
  await until('its first dial', () => out.includes('reconnecting'));
  const child = await until('the tunnel client run again', () => processesWith(name).find((p) => p.ppid === launcher.pid));
  started.push(child.pid);
  return { launcher, child, output: () => out, name };
}

describe('long-running devicelab commands run under their Node flags', () => {
  it('knows which commands are long-running, and puts the flags before the loader', () => {
    expect(
      ['start', 'agent start', 'tunnel start', 'run', 'upload', 'tunnel --daemon start', 'agent service install'].map((c) =>
        isLongRunningCommand(c.split(' ')),
      ),
    ).toEqual([true, true, true, false, false, false, false]);
    expect(longRunningExecArgv(['--import', 'tsx'])).toEqual([...LONG_RUNNING_NODE_FLAGS, '--import', 'tsx']);
    expect(longRunningExecArgv([...LONG_RUNNING_NODE_FLAGS])).toEqual([...LONG_RUNNING_NODE_FLAGS]);
  });

  it('tunnel start runs itself again with the flags; a SIGTERM to the launcher stops both, once, with exit 0', async () => {
    const { launcher, child, output, name } = await startTunnel();
    const launcherArgs = processesWith(name).find((p) => p.pid === launcher.pid)!.args;
    for (const flag of LONG_RUNNING_NODE_FLAGS) {
      expect(launcherArgs).not.toContain(flag);
      expect(child.args).toContain(flag);
    }
    expect(child.args.slice(-6)).toEqual(launcherArgs.slice(-6)); // the same command
    const exited = new Promise<number | null>((resolve) => launcher.once('exit', (code) => resolve(code)));
    launcher.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output().match(/SIGTERM: closing the tunnel/g)).toHaveLength(1);
    await until('the child to stop', () => !alive(child.pid));
  });

  it('a Ctrl-C reaches the child once (the launcher passes it on; the child is in a group of its own)', async () => {
    const { launcher, child, output } = await startTunnel();
    expect(Number(readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[2])).toBe(child.pid); // its own process group
    const exited = new Promise<number | null>((resolve) => launcher.once('exit', (code) => resolve(code)));
    launcher.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(output().match(/SIGINT: closing the tunnel/g)).toHaveLength(1);
  });

  it('the child ends as abruptly when its launcher is killed with SIGKILL: no drain, as a killed agent loses its jobs', async () => {
    const { launcher, child, output } = await startTunnel();
    launcher.kill('SIGKILL');
    await until('the child to stop', () => !alive(child.pid), 10_000);
    expect(output()).not.toMatch(/closing the tunnel/);
  });
});
