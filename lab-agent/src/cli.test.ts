import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeControlPlane, startFakeControlPlane } from './testing/fake-control-plane.js';

const repoRoot = resolve(import.meta.dirname, '../..');

/** `pnpm agent ...` is `tsx lab-agent/src/cli.ts ...`; the same entry point, run the same way. */
function runCli(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'lab-agent/src/cli.ts', ...args], {
    cwd: repoRoot,
    // Only what the test sets: a developer's own DEVICELAB_* variables must not leak in.
    env: { PATH: process.env.PATH ?? '', HOME: mkdtempSync(join(tmpdir(), 'cli-home-')), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

describe('lab-agent CLI', () => {
  let server: FakeControlPlane;

  beforeAll(async () => {
    server = await startFakeControlPlane();
  });
  afterAll(() => server.close());

  it('exits 2 with a clear message when the URL or the token is missing', async () => {
    const noUrl = runCli(['start', '--token', 'x']);
    expect(await noUrl.exited).toBe(2);
    expect(noUrl.output().stderr).toContain('the control plane URL is missing: pass --control-plane URL or set DEVICELAB_URL');
    const noToken = runCli(['start'], { DEVICELAB_URL: server.url });
    expect(await noToken.exited).toBe(2);
    expect(noToken.output().stderr).toContain('the agent token is missing: pass --token TOKEN or set DEVICELAB_AGENT_TOKEN');
  });

  it('exits 2 when --tunnel-proxy-host is not one IP address of this Mac', async () => {
    for (const bad of ['0.0.0.0', 'mac.local']) {
      const cli = runCli(['start', '--control-plane', server.url, '--token', 'x', '--tunnel-proxy-host', bad]);
      expect(await cli.exited).toBe(2);
      expect(cli.output().stderr).toContain("expected this Mac's IP address on the iPhones' Wi-Fi");
    }
  });

  it('starts with virtual devices from the environment, logs its connection, and exits 0 on SIGTERM', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'cli-state-'));
    const cli = runCli(['start', '--virtual-devices', '2', '--name', 'cli-host'], {
      DEVICELAB_URL: server.url,
      DEVICELAB_AGENT_TOKEN: server.token,
      DEVICELAB_AGENT_STATE_DIR: stateDir,
    });
    const hello = await server.waitFor('hello', undefined, 20_000);
    expect(hello.hostname).toBe('cli-host');
    expect(hello.devices.map((d) => d.serial)).toEqual(['virtual-1', 'virtual-2']);
    const deadline = Date.now() + 5000;
    while (!cli.output().stdout.includes('connection connected') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    expect(cli.output().stdout).toMatch(/connection connecting: ws:\/\/127\.0\.0\.1:\d+\/agent\/connect/);
    expect(cli.output().stdout).toContain('connection connected');
    expect(cli.output().stdout).toContain('stopped');
    expect(server.closes.at(-1)).toMatchObject({ code: 1000 });
  });

  it('exits 1 with the reason when the control plane refuses the token', async () => {
    const cli = runCli(['start', '--control-plane', server.url, '--token', 'wrong', '--virtual-devices', '1']);
    expect(await cli.exited).toBe(1);
    expect(cli.output().stderr).toContain('the control plane refused this agent (unauthorized): unknown agent token');
  });
});
