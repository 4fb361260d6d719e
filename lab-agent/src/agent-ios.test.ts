/**
 * The agent with virtual iOS devices, against the fake control plane: what its hello
 * says, and the offers it refuses because the device cannot take them.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agentHarness } from './testing/agent-harness.js';
import { type FakeControlPlane, startFakeControlPlane } from './testing/fake-control-plane.js';
import { jobOffer } from './testing/sample.js';

let server: FakeControlPlane;
const harness = agentHarness();

beforeAll(async () => {
  server = await startFakeControlPlane();
});
afterEach(() => harness.stopAll());
afterAll(() => server.close());

describe('agent with virtual iOS devices', () => {
  it('says hello with a simulator and an iPhone, iOS only, and refuses offers its devices cannot take', async () => {
    const agent = await harness.start(server, { virtualDevices: 0, virtualIosSimulators: 1, virtualIphones: 1 });
    const hello = await server.waitFor('hello');
    expect(hello.capabilities).toMatchObject({ platforms: ['ios'], virtual: true });
    const [sim, phone] = agent.virtualIos!.devices;
    expect(hello.devices).toEqual([
      { serial: sim!.udid, platform: 'ios', kind: 'simulator', model: 'iPhone 15', osVersion: '17.5', ready: true },
      { serial: phone!.udid, platform: 'ios', kind: 'physical', model: 'iPhone 15', osVersion: '17.5', ready: true },
    ]);

    const ipa = server.addBuild('bld-ipa', Buffer.from('PK'), { fileName: 'sample.ipa', kind: 'ipa' });
    const app = server.addBuild('bld-app', Buffer.from('PK'), { fileName: 'sample-sim.zip', kind: 'app' });
    const offers = [
      jobOffer({ serial: sim!.udid, platform: 'android', build: null }),
      jobOffer({ serial: sim!.udid, platform: 'ios', build: ipa }),
      jobOffer({ serial: phone!.udid, platform: 'ios', build: app }),
    ];
    for (const offer of offers) server.send(offer);
    const reasons = await Promise.all(offers.map(async (o) => (await server.waitFor('job.rejected', (m) => m.jobId === o.jobId)).reason));
    expect(reasons).toEqual([
      `device ${sim!.udid} is an ios device, not android`,
      `an .ipa installs only on a real iPhone, and ${sim!.udid} is a simulator`,
      `a simulator build (.app) cannot be installed on ${phone!.udid}, a real iPhone`,
    ]);
    expect(server.messages('job.accepted')).toEqual([]);
  });
});

describe('lab-agent CLI for iOS', () => {
  it('refuses a --wda that is not UDID=URL with exit 2', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'lab-agent/src/cli.ts', 'start', '--control-plane', server.url, '--token', 'x', '--wda', 'ABC=localhost:8100'],
      {
        cwd: resolve(import.meta.dirname, '../..'),
        env: { PATH: process.env.PATH ?? '', HOME: mkdtempSync(join(tmpdir(), 'cli-home-')) },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((done) => child.on('exit', (c) => done(c)));
    expect(code).toBe(2);
    expect(stderr).toContain('--wda must be UDID=http://host:port, got "ABC=localhost:8100"');
  });
});
