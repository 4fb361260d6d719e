/**
 * `devicelab agent virtual-devices --android N --port-base P` (`pnpm agent virtual-devices …`):
 * virtual handsets as a process of their own, which Google's adb server connects to.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, type RealAdbServer, startRealAdbServer } from '../../scripts/fixtures/real-adb.js';

const repoRoot = resolve(import.meta.dirname, '../..');
let adb: RealAdbServer | null = null;
afterAll(async () => adb?.kill());

describe('devicelab agent virtual-devices', () => {
  it('serves N devices on ports P, P+2, … that adb connects to and drives', async () => {
    // A free port from the ephemeral range (32768+, away from adb's emulator scan of 5555-5585); its +2 is free alike.
    const base = await freePort();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'lab-agent/src/cli.ts', 'agent', 'virtual-devices', '--android', '2', '--port-base', String(base)],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      let out = '';
      await new Promise<void>((resolveLines, reject) => {
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          if (out.split('\n').filter((l) => l.includes('adbd on')).length === 2) resolveLines();
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      expect(out).toBe(
        `127.0.0.1:${base}\tadbd on 127.0.0.1:${base}  (adb connect 127.0.0.1:${base})\n127.0.0.1:${base + 2}\tadbd on 127.0.0.1:${base + 2}  (adb connect 127.0.0.1:${base + 2})\n`,
      );
      adb = await startRealAdbServer();
      for (const port of [base, base + 2]) {
        await adb.connect(`127.0.0.1:${port}`);
        const shell = await adb.adb(['-s', `127.0.0.1:${port}`, 'shell', 'getprop ro.product.model; exit 7']);
        expect([shell.stdout, shell.code]).toEqual(['DeviceLab Virtual Phone\n', 7]);
      }
    } finally {
      child.kill('SIGTERM');
    }
  });
});
