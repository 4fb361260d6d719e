/**
 * A tunnelled test's device proxy is undone however the test ends, also when the job is
 * released because the agent shuts down mid-test (it produces no result, but the device
 * must not keep a proxy and an adb reverse pointing at an agent that is gone).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SAMPLE_PACKAGE, startVirtualAdbServer, type VirtualAdbServer } from '@devicelab/virtual-devices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildCache } from './builds.js';
import { createAdbClient } from './devices/adbkit.js';
import { AndroidDriver } from './devices/android.js';
import { JobRun } from './runner.js';
import { eventually } from './testing/agent-harness.js';
import { jobOffer, sampleApk } from './testing/sample.js';
import type { TunnelRelay } from './tunnel/relay-client.js';

let adb: VirtualAdbServer;

beforeAll(async () => {
  adb = await startVirtualAdbServer({ devices: 1 });
  const apk = join(mkdtempSync(join(tmpdir(), 'runner-tunnel-')), 'sample.apk');
  writeFileSync(apk, await sampleApk());
  await new AndroidDriver(createAdbClient(adb.host, adb.port), 'virtual-1').install(apk, SAMPLE_PACKAGE);
});
afterAll(() => adb.close());

describe('a tunnelled job on Android', () => {
  it('released mid-test (agent shutting down) leaves neither the proxy setting nor the adb reverse', async () => {
    const device = adb.getDevice('virtual-1')!;
    let relayClosed = false;
    const relay: TunnelRelay = {
      dial: () => Promise.reject(new Error('no stream is opened in this test')),
      lost: new AbortController().signal,
      close: async () => void (relayClosed = true),
    };
    let asked = false;
    const run = new JobRun(jobOffer({ build: null, tunnel: { name: 'office' }, commands: ['Tap Log in'] }), {
      driver: new AndroidDriver(createAdbClient(adb.host, adb.port), 'virtual-1'),
      // The decision never comes: the job is still running when it is released.
      connection: {
        requestDecision: (_frame, signal) => {
          asked = true;
          return new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true }));
        },
        sendQueued: () => {},
      },
      builds: new BuildCache({ stateDir: mkdtempSync(join(tmpdir(), 'runner-tunnel-state-')), token: 'unused' }),
      installed: new Map(),
      openTunnel: async () => relay,
    });
    const result = run.run();
    await eventually(() => asked, 10_000, 'the first step to ask for its decision');
    expect(device.settings.get('global/http_proxy')).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(device.reverses.size).toBe(1);

    run.release();
    expect(await result).toBeNull();
    expect(device.settings.get('global/http_proxy')).toBe(':0');
    expect(device.reverses.size).toBe(0);
    expect(relayClosed).toBe(true);
  });
});
