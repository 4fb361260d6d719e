/**
 * mb-local's daemon form of the tunnel client (issue 15), as a CI job uses it: a step
 * starts the tunnel in the background and waits until it is connected, a post step
 * stops it. The real CLI (lab-agent/src/cli.ts) against a real control plane.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, client, seedOrg, startServer, type TestServer } from './harness.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
let server: TestServer;
let api: Client;
let apiKey: string;
let stateDir: string;

beforeAll(async () => {
  server = await startServer();
  apiKey = (await seedOrg(server.db)).apiKey;
  api = client(server.url, apiKey);
  stateDir = mkdtempSync(join(tmpdir(), 'devicelab-tunnel-daemon-'));
});
afterAll(async () => {
  await devicelab(['tunnel', '--daemon', 'stop', '--tunnel-name', 'ci-office']); // whatever a failed test left
  await server.close();
  rmSync(stateDir, { recursive: true, force: true });
});

function devicelab(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'lab-agent/src/cli.ts'), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: stateDir, DEVICELAB_STATE_DIR: stateDir, DEVICELAB_API_KEY: apiKey, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })));
}

const tunnelNames = async () => ((await api('GET', '/tunnels')).body.tunnels as Array<{ name: string }>).map((t) => t.name);

describe('devicelab tunnel --daemon', () => {
  it('starts in the background, returns once connected, refuses a second start, and stops', async () => {
    const started = await devicelab([
      'tunnel',
      '--daemon',
      'start',
      '--tunnel-name',
      'ci-office',
      '--wait-for-ready',
      '30s',
      '--control-plane',
      server.url,
    ]);
    expect(started, started.out).toMatchObject({ code: 0 });
    expect(started.out).toMatch(/tunnel "ci-office" is connected \(pid \d+\)/);
    // The command has returned; the tunnel lives on in the background.
    expect(await tunnelNames()).toEqual(['ci-office']);
    expect(existsSync(join(stateDir, 'ci-office.pid'))).toBe(true);

    const again = await devicelab(['tunnel', '--daemon', 'start', '--tunnel-name', 'ci-office', '--control-plane', server.url]);
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/already running in the background/);

    const stopped = await devicelab(['tunnel', '--daemon', 'stop', '--tunnel-name', 'ci-office']);
    expect(stopped, stopped.out).toMatchObject({ code: 0 });
    expect(stopped.out).toMatch(/tunnel "ci-office" stopped/);
    for (let i = 0; i < 50 && (await tunnelNames()).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await tunnelNames()).toEqual([]);
    expect(existsSync(join(stateDir, 'ci-office.pid'))).toBe(false);

    const nothing = await devicelab(['tunnel', '--daemon', 'stop', '--tunnel-name', 'ci-office']);
    expect(nothing.code).toBe(1);
    expect(nothing.out).toMatch(/no tunnel "ci-office" is running/);
  }, 120_000);

  it('exits 1 with the reason when the control plane refuses the tunnel', async () => {
    const refused = await devicelab(['tunnel', '--daemon', 'start', '--tunnel-name', 'ci-office', '--control-plane', server.url], {
      DEVICELAB_API_KEY: `dl_live_AbCdEfGhIjK_${'x'.repeat(32)}`,
    });
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/did not start: .*(key|401)/i);
    expect(existsSync(join(stateDir, 'ci-office.pid'))).toBe(false);
  }, 120_000);

  it('exits 1 and leaves nothing running when not connected in time', async () => {
    const late = await devicelab([
      'tunnel',
      '--daemon',
      'start',
      '--tunnel-name',
      'ci-office',
      '--wait-for-ready',
      '2s',
      '--control-plane',
      'http://127.0.0.1:9',
    ]);
    expect(late.code).toBe(1);
    expect(late.out).toMatch(/was not connected within 2 s; stopped it/);
    expect(existsSync(join(stateDir, 'ci-office.pid'))).toBe(false);
  }, 120_000);

  it('refuses what it cannot use with exit code 2', async () => {
    const noAction = await devicelab(['tunnel', '--tunnel-name', 'ci-office']);
    expect(noAction.code).toBe(2);
    const badWait = await devicelab(['tunnel', '--daemon', 'start', '--tunnel-name', 'ci-office', '--wait-for-ready', 'soon']);
    expect(badWait.code).toBe(2);
    expect(badWait.out).toMatch(/--wait-for-ready must be a duration/);
  }, 120_000);
});
