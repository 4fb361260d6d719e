/**
 * The real start-up (main.ts, as `pnpm start` runs it, with tsx as a loader instead of the bundle) as an operator meets it:
 * a port already taken, then a start that works, then the admin CLI with what it printed.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { backend } from './harness.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));

// main.ts in one node process, as `pnpm start` runs it. Not the tsx command: that is a second
// process, which SIGKILLs its child when the child has not answered a relayed SIGTERM within
// 30 ms (node_modules/tsx/dist/cli.mjs, relaySignals), as a loaded machine may not.
function startControlPlane(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'control-plane/src/main.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

async function occupiedPort(): Promise<Server> {
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '0.0.0.0', resolve));
  return blocker;
}

const running: Array<ReturnType<typeof startControlPlane>> = [];
afterAll(async () => {
  for (const p of running) if (p.child.exitCode === null) p.child.kill('SIGKILL');
});

// The process opens its own embedded database under DATA_DIR; the real-PostgreSQL pass adds nothing here.
describe.skipIf(backend === 'postgres')('first start', () => {
  it('with the port taken: one line, exit 1, no secrets made; the next start prints them and the CLI lists the organisation', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'first-start-'));
    const blocker = await occupiedPort();
    const port = (blocker.address() as AddressInfo).port;
    const env = { DATA_DIR: dataDir, PORT: String(port), LOG_REQUESTS: '0' };

    const refused = startControlPlane(env);
    running.push(refused);
    const refusedCode = await refused.exited;
    const { stderr } = refused.output();
    expect(refusedCode, stderr).toBe(1);
    // One line saying what to do; no stack trace (Node's own warnings, if any, aside).
    expect(stderr.split('\n').filter((l) => l.startsWith('devicelab:'))).toEqual([
      `devicelab: cannot start: port ${port} is already in use (another DeviceLab or another program): stop it, or start with PORT=<a free port>`,
    ]);
    expect(stderr).not.toMatch(/EADDRINUSE|\n\s+at /);
    expect(refused.output().stdout).not.toMatch(/dl_admin_|dl_live_|dl_org_/);

    await new Promise<void>((resolve) => blocker.close(() => resolve()));
    const started = startControlPlane(env);
    running.push(started);
    const deadline = Date.now() + 60_000;
    while (!started.output().stdout.includes('Lost them?') && started.child.exitCode === null && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const out = started.output().stdout;
    const adminToken = /operator token \(DEVICELAB_ADMIN_TOKEN\): (dl_admin_\S+)/.exec(out)?.[1];
    const orgId = /default organisation: (org_\S+)/.exec(out)?.[1];
    const apiKey = /API key: +(dl_live_\S+)/.exec(out)?.[1];
    expect(adminToken, out + started.output().stderr).toBeDefined();
    expect(orgId).toBeDefined();
    // Each secret printed once (the API key once more in the example call), on stdout only.
    const orgKey = /organisation key: +(dl_org_\S+)/.exec(out)?.[1];
    const times = (text: string, secret: string) => text.split(secret).length - 1;
    expect([times(out, adminToken!), times(out, orgKey!), times(out, apiKey!)]).toEqual([1, 1, 2]);
    expect(started.output().stderr).not.toMatch(/dl_admin_|dl_live_|dl_org_/);

    const { stdout } = await promisify(execFile)(tsx, ['control-plane/src/cli/admin.ts', 'list-orgs'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', DEVICELAB_URL: `http://127.0.0.1:${port}`, DEVICELAB_ADMIN_TOKEN: adminToken! },
    });
    const listed = JSON.parse(stdout);
    expect(listed.organisations).toEqual([
      expect.objectContaining({ id: orgId, name: 'Default', apiKeys: [expect.objectContaining({ apiKeyId: apiKey!.split('_')[2] })] }),
    ]);

    started.child.kill('SIGTERM');
    expect(await started.exited, started.output().stdout + started.output().stderr).toBe(0);
    // Stored as hashes only: a later start has nothing to print.
    const again = startControlPlane(env);
    running.push(again);
    while (!again.output().stdout.includes('DeviceLab control plane on') && again.child.exitCode === null)
      await new Promise((r) => setTimeout(r, 100));
    again.child.kill('SIGTERM');
    await again.exited;
    // It did start (a crash would print no banner either).
    expect(again.output().stdout, again.output().stderr).toContain('DeviceLab control plane on');
    expect(again.output().stdout).not.toContain('First start');
  }, 240_000);
});
