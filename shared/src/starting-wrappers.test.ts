import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { type Ancestor, processAlive, startingWrappers, watchStartingWrappers } from './starting-wrappers.js';

const chain = (...commands: string[]): Ancestor[] => commands.map((command, i) => ({ pid: 100 + i, command }));

describe('startingWrappers', () => {
  it('is the npm, pnpm and sh -c between this process and the script that ran npx', () => {
    const a = chain(
      'sh -c node --v8-pool-size=1 scripts/start-control-plane.mjs',
      'node /root/.npm/_npx/a1a3/node_modules/.bin/pnpm start',
      "sh -c 'pnpm' start",
      'npm exec pnpm@10 start',
      'bash ./quickstart.sh',
      'timeout 20 npx --yes pnpm@10 start',
    );
    expect(startingWrappers(a).map((w) => w.pid)).toEqual([100, 101, 102, 103]);
  });

  it('takes node running npm-cli.js, pnpm.cjs or the cli of tsx as wrappers too, and watches nothing for a direct start', () => {
    expect(startingWrappers(chain('/usr/bin/node /usr/lib/node_modules/npm/bin/npm-cli.js run x', 'bash')).length).toBe(1);
    expect(startingWrappers(chain('node /x/pnpm/bin/pnpm.cjs agent start', 'bash')).length).toBe(1);
    expect(startingWrappers(chain('node /r/node_modules/tsx/dist/cli.mjs lab-agent/src/cli.ts', 'bash')).length).toBe(1);
    expect(startingWrappers(chain('node /r/other/dist/cli.mjs', 'bash'))).toEqual([]);
    expect(startingWrappers(chain('bash ./run.sh', 'npm exec pnpm@10 start'))).toEqual([]);
    expect(startingWrappers(chain('/lib/systemd/systemd --user'))).toEqual([]);
    expect(startingWrappers([])).toEqual([]);
  });
});

describe('watchStartingWrappers', () => {
  it('calls back once a watched process has ended, and not before', async () => {
    const child = spawn('sleep', ['30']);
    await new Promise((r) => child.once('spawn', r));
    const onGone = vi.fn();
    const stop = watchStartingWrappers(onGone, [{ pid: child.pid!, command: 'npm exec pnpm@10 start' }]);
    try {
      await new Promise((r) => setTimeout(r, 1200)); // two polls with the process alive
      expect(onGone).not.toHaveBeenCalled();
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      await vi.waitFor(() => expect(onGone).toHaveBeenCalledWith({ pid: child.pid, command: 'npm exec pnpm@10 start' }), { timeout: 5000 });
    } finally {
      stop();
    }
  });

  it.runIf(process.platform === 'linux')('counts a watched process that was killed but not reaped (a zombie) as ended', async () => {
    // perl forks a child that exits at once and never waits for it: the child stays a zombie while perl sleeps.
    const parent = spawn('perl', ['-e', '$| = 1; my $p = fork; exit 0 unless $p; print "$p\\n"; sleep 30'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const zombiePid = Number(await new Promise<string>((r) => parent.stdout.once('data', (d: Buffer) => r(d.toString().trim()))));
    try {
      await vi.waitFor(() => expect(readFileSync(`/proc/${zombiePid}/stat`, 'utf8')).toMatch(/\) Z /), { timeout: 5000 });
      expect(processAlive(parent.pid!)).toBe(true);
      expect(processAlive(zombiePid)).toBe(false);
      const onGone = vi.fn();
      const stop = watchStartingWrappers(onGone, [{ pid: zombiePid, command: 'npm exec pnpm@10 start' }]);
      await vi.waitFor(() => expect(onGone).toHaveBeenCalledWith({ pid: zombiePid, command: 'npm exec pnpm@10 start' }), { timeout: 5000 });
      stop();
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it.runIf(process.platform === 'linux')(
    'calls back when a watched process is orphaned: what started it is gone, even if its pid says nothing',
    async () => {
      // A shell (npm) that started a sleep (pnpm): killing the shell leaves the sleep alive under init.
      const shell = spawn('bash', ['-c', 'sleep 30 & echo $!; wait'], { stdio: ['ignore', 'pipe', 'ignore'] });
      const sleepPid = Number(await new Promise<string>((r) => shell.stdout.once('data', (d: Buffer) => r(d.toString().trim()))));
      const onGone = vi.fn();
      const stop = watchStartingWrappers(onGone, [{ pid: sleepPid, command: 'pnpm start', ppid: shell.pid! }]);
      try {
        await new Promise((r) => setTimeout(r, 1200));
        expect(onGone).not.toHaveBeenCalled();
        shell.kill('SIGKILL');
        await new Promise((r) => shell.once('exit', r));
        await vi.waitFor(() => expect(onGone).toHaveBeenCalledWith({ pid: shell.pid, command: 'the process that started pnpm start' }), {
          timeout: 5000,
        });
      } finally {
        stop();
        process.kill(sleepPid, 'SIGKILL');
      }
    },
  );
});
