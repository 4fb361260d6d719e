/**
 * `devicelab agent service install|status|uninstall` run as a user would (--no-start: the test
 * machine has no user service manager to start it with), in a HOME of its own.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse as parsePlist } from 'plist';
import { describe, expect, it } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '../../..');
const TOKEN = 'dl_agent_ServiceTestToken0123456789abcdefghijklmnop';

function devicelab(home: string, args: string[], env: Record<string, string> = {}, timeout = 30_000) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'lab-agent/src/cli.ts', ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: home, ...env },
    timeout,
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

const install = (home: string, platform: string) =>
  devicelab(
    home,
    [
      'agent',
      'service',
      'install',
      '--platform',
      platform,
      '--no-start',
      '--control-plane',
      'http://cp.lab:8080',
      '--',
      '--virtual-devices',
      '2',
      '--name',
      'lab 7',
    ],
    { DEVICELAB_AGENT_TOKEN: TOKEN },
  );

describe('agent service on Linux: a systemd user unit', () => {
  it('passes systemd-analyze verify, restarts on failure, logs to the journal, and keeps the token in a 0600 file only', () => {
    const home = mkdtempSync(join(tmpdir(), 'svc-home-'));
    const r = install(home, 'linux');
    expect(r.code, r.out).toBe(0);
    const unitPath = join(home, '.config/systemd/user/devicelab-agent.service');
    const tokenPath = join(home, '.config/devicelab/agent-token');
    const unit = readFileSync(unitPath, 'utf8');
    expect(unit).not.toContain(TOKEN);
    expect(r.out).not.toContain(TOKEN);
    expect(readFileSync(tokenPath, 'utf8').trim()).toBe(TOKEN);
    expect(statSync(tokenPath).mode & 0o777).toBe(0o600);
    expect(unit).toMatch(/^Restart=on-failure$/m);
    expect(unit).toMatch(/^StandardOutput=journal$/m);
    expect(unit).toMatch(/^WantedBy=default\.target$/m);
    const exec = /^ExecStart=(.*)$/m.exec(unit)![1]!;
    expect(exec).toContain(`agent start --control-plane http://cp.lab:8080 --virtual-devices 2 --name "lab 7" --token-file ${tokenPath}`);

    const verify = spawnSync('systemd-analyze', ['verify', '--man=no', unitPath], { encoding: 'utf8' });
    expect(verify.status, verify.stderr).toBe(0);
    expect(verify.stderr + verify.stdout).toBe('');

    const status = devicelab(home, ['agent', 'service', 'status', '--platform', 'linux']);
    expect(status.out).toContain(`installed: ${unitPath}`);
    expect(status.out).toContain(`token file: ${tokenPath} (mode 0600)`);

    const removed = devicelab(home, ['agent', 'service', 'uninstall', '--platform', 'linux', '--no-start']);
    expect(removed.code, removed.out).toBe(0);
    expect(existsSync(unitPath)).toBe(false);
    expect(existsSync(tokenPath)).toBe(false);
    const after = devicelab(home, ['agent', 'service', 'status', '--platform', 'linux']);
    expect(after.code).toBe(3);
    expect(after.out).toContain('not installed');
  });

  it('refuses a token among the extra start options (it would be in the unit and the process list)', () => {
    const home = mkdtempSync(join(tmpdir(), 'svc-home-'));
    const r = devicelab(
      home,
      ['agent', 'service', 'install', '--platform', 'linux', '--no-start', '--control-plane', 'http://cp:8080', '--', '--token', TOKEN],
      { DEVICELAB_AGENT_TOKEN: TOKEN },
    );
    expect(r.code).toBe(1);
    expect(existsSync(join(home, '.config/systemd/user/devicelab-agent.service'))).toBe(false);
  });

  it('the installed command line starts an agent that reads its token from the file', () => {
    const home = mkdtempSync(join(tmpdir(), 'svc-home-'));
    expect(install(home, 'linux').code).toBe(0);
    // Started as the unit would, against nothing: it must get past the token check to the connection.
    const r = devicelab(
      home,
      [
        'agent',
        'start',
        '--control-plane',
        'http://127.0.0.1:9',
        '--token-file',
        join(home, '.config/devicelab/agent-token'),
        '--virtual-devices',
        '1',
      ],
      {},
      8000,
    );
    expect(r.out).toMatch(/connection connecting: ws:\/\/127\.0\.0\.1:9\/agent\/connect/);
    expect(r.out).not.toMatch(/token is missing/);
    const missing = devicelab(home, ['agent', 'start', '--control-plane', 'http://127.0.0.1:9', '--token-file', join(home, 'nope')]);
    expect(missing.code).toBe(2);
    expect(missing.out).toContain('cannot read --token-file');
  });
});

describe('agent service on macOS: a launchd LaunchAgent', () => {
  it('is a plist with the keys launchd needs, restarts on failure, logs to a file, and has no token', () => {
    const home = mkdtempSync(join(tmpdir(), 'svc-home-'));
    const r = install(home, 'darwin');
    expect(r.code, r.out).toBe(0);
    const plistPath = join(home, 'Library/LaunchAgents/dev.devicelab.agent.plist');
    const tokenPath = join(home, 'Library/Application Support/DeviceLab/agent-token');
    const text = readFileSync(plistPath, 'utf8');
    expect(text).not.toContain(TOKEN);
    const parsed = parsePlist(text) as Record<string, unknown>;
    expect(parsed.Label).toBe('dev.devicelab.agent');
    expect(parsed.ProgramArguments).toEqual([
      process.execPath,
      '--initial-old-space-size=64', // the long-running processes' flags (node-flags.ts), so the agent does not run itself again
      '--import',
      'tsx',
      join(repoRoot, 'lab-agent/src/cli.ts'),
      'agent',
      'start',
      '--control-plane',
      'http://cp.lab:8080',
      '--virtual-devices',
      '2',
      '--name',
      'lab 7',
      '--token-file',
      tokenPath,
    ]);
    expect(parsed).toMatchObject({
      RunAtLoad: true,
      KeepAlive: { SuccessfulExit: false },
      WorkingDirectory: repoRoot,
      StandardOutPath: join(home, 'Library/Logs/devicelab-agent.log'),
      StandardErrorPath: join(home, 'Library/Logs/devicelab-agent.log'),
    });
    expect(statSync(tokenPath).mode & 0o777).toBe(0o600);
    expect(readFileSync(tokenPath, 'utf8').trim()).toBe(TOKEN);
  });
});
