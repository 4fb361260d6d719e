import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startVirtualAdbServer, type VirtualAdbServer } from '@devicelab/virtual-devices';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../testing/agent-harness.js';
import { createAdbClient } from './adbkit.js';
import { DeviceTracker } from './tracker.js';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('device tracker health', () => {
  const cleanup: Array<() => Promise<unknown> | unknown> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it('says the adb server is unreachable, never starts one itself, retries, and logs each device found and lost once it answers', async () => {
    // An `adb` first on PATH that would leave a mark if anything ran `adb start-server`.
    const bin = mkdtempSync(join(tmpdir(), 'fake-adb-'));
    const mark = join(bin, 'started');
    writeFileSync(join(bin, 'adb'), `#!/bin/sh\necho "$@" > "${mark}"\n`);
    chmodSync(join(bin, 'adb'), 0o755);
    const path = process.env.PATH;
    process.env.PATH = `${bin}:${path}`;
    cleanup.push(() => (process.env.PATH = path));

    const port = await freePort();
    const logs: string[] = [];
    const tracker = new DeviceTracker(createAdbClient('127.0.0.1', port), (l) => logs.push(l), `127.0.0.1:${port}`);
    const found: string[] = [];
    const lost: string[] = [];
    tracker.on('added', (d) => found.push(d.serial));
    tracker.on('removed', (serial) => lost.push(serial));
    cleanup.push(() => tracker.stop());
    await tracker.start(50);

    await eventually(() => logs.some((l) => l.includes('still unreachable')), 10_000, 'a retry');
    expect(logs[0]).toMatch(
      new RegExp(
        `^adb server at 127\\.0\\.0\\.1:${port} unreachable \\(.*ECONNREFUSED.*\\): no Android device can appear until it runs\\. ` +
          'Start it on this machine with "adb start-server", or point --adb-server \\(or ADB_SERVER_SOCKET\\) at it\\. Retrying in \\d+ ms$',
      ),
    );
    // The explanation once per outage; the retries are one short line each.
    expect(logs.filter((l) => l.includes('no Android device can appear'))).toHaveLength(1);
    expect(existsSync(mark)).toBe(false);

    let adb: VirtualAdbServer | null = await startVirtualAdbServer({ port, devices: [{}, {}] });
    cleanup.push(() => adb?.close());
    await eventually(() => found.length === 2, 15_000, 'the devices to be found');
    expect(found).toEqual(['virtual-1', 'virtual-2']);
    expect(logs).toContain(`adb server at 127.0.0.1:${port} reachable again: 2 device(s) attached`);
    adb.removeDevice('virtual-2');
    await eventually(() => lost.length === 1, 10_000, 'the device to be lost');
    expect(lost).toEqual(['virtual-2']);
    expect(tracker.list().map((d) => d.serial)).toEqual(['virtual-1']);

    // The adb server goes away again: the outage is explained again, and nobody starts one.
    await adb.close();
    adb = null;
    await eventually(() => logs.filter((l) => l.includes('no Android device can appear')).length === 2, 15_000, 'a second explanation');
    expect(existsSync(mark)).toBe(false);
  }, 60_000);
});
