import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { controlPlaneEndpoints } from './control-planes.js';
import { agentHarness, eventually } from './testing/agent-harness.js';
import { type FakeControlPlane, startFakeControlPlane } from './testing/fake-control-plane.js';
import { jobOffer, sampleApk } from './testing/sample.js';

describe('control plane URLs', () => {
  it('takes one URL or a comma-separated list, and refuses what is not a control plane', () => {
    expect(controlPlaneEndpoints('http://a:8080, https://b.example/base/,http://a:8080')).toEqual([
      {
        url: 'http://a:8080',
        socketUrl: 'ws://a:8080/agent/connect',
        healthUrl: 'http://a:8080/healthz',
        relayUrl: 'ws://a:8080/agent/tunnel',
      },
      {
        url: 'https://b.example/base/',
        socketUrl: 'wss://b.example/base/agent/connect',
        healthUrl: 'https://b.example/base/healthz',
        relayUrl: 'wss://b.example/base/agent/tunnel',
      },
    ]);
    expect(controlPlaneEndpoints(['ws://c:1'])[0]!.healthUrl).toBe('http://c:1/healthz');
    expect(() => controlPlaneEndpoints(' , ')).toThrow(/no control plane URL/);
    expect(() => controlPlaneEndpoints('ftp://x')).toThrow(/scheme/);
  });
});

describe('lab agent failover and reconnects', () => {
  const servers: FakeControlPlane[] = [];
  const agents = agentHarness();
  const fake = async (port?: number) => {
    const server = await startFakeControlPlane(port ? { port } : {});
    servers.push(server);
    return server;
  };
  afterEach(async () => {
    await agents.stopAll();
    await Promise.all(servers.splice(0).map((s) => s.close().catch(() => {})));
  });

  it('moves to the next control plane when the connected one dies, and re-sends what that one never answered', async () => {
    const [a, b] = [await fake(), await fake()];
    a.ackResults = false;
    a.decider = (request) => (request.jobId === 'job-done-on-a' ? { actions: [{ type: 'done' }], finished: true } : null);
    const agent = await agents.start(a, { controlPlaneUrl: `${a.url},${b.url}`, virtualDevices: 2 });
    expect(a.connections).toBe(1);
    expect(b.connections).toBe(0);

    // One verdict A never acknowledged, one step A never answered.
    const build = a.addBuild('b-failover', await sampleApk());
    a.send(jobOffer({ jobId: 'job-done-on-a', build }));
    const unacked = await a.waitFor('job.result');
    a.send(jobOffer({ jobId: 'job-waiting-on-a', build, serial: 'virtual-2', commands: ['Tap Log in'] }));
    const question = await a.waitFor('step.decide', (m) => m.jobId === 'job-waiting-on-a');
    await a.close();

    // B shares A's database in production: it gets the hello, the verdict and the question.
    const hello = await b.waitFor('hello');
    expect(hello.jobs).toEqual(
      expect.arrayContaining([
        { jobId: 'job-waiting-on-a', state: 'running' },
        { jobId: 'job-done-on-a', state: 'finished' },
      ]),
    );
    expect(await b.waitFor('job.result')).toEqual(unacked);
    expect((await b.waitFor('step.decide')).requestId).toBe(question.requestId);
    expect(await b.waitFor('job.result', (m) => m.jobId === 'job-waiting-on-a')).toMatchObject({ verdict: 'succeeded' });
    await eventually(() => agent.connectionState === 'connected', 5000, 'connected to B');
    expect(agent.logs.some((l) => l.includes(`reconnecting to ${b.url.replace('http', 'ws')}/agent/connect`))).toBe(true);
  }, 30_000);

  it('goes round robin: a refusing control plane is passed over for the next, and the first is tried again later', async () => {
    const b = await fake();
    // A refuses at the door (no WebSocket there), like a replica that is shutting down.
    const a = await fake();
    const aUrl = a.url;
    await a.close();
    const agent = await agents.start(b, { controlPlaneUrl: `${aUrl},${b.url}` });
    expect(agent.connectionState).toBe('connected');
    expect(agent.logs.some((l) => l.startsWith(`connection connecting: ${aUrl.replace('http', 'ws')}/agent/connect`))).toBe(true);

    // B dies and A comes back on its address: the agent goes round to A.
    const port = Number(new URL(aUrl).port);
    await b.close();
    const aAgain = await fake(port);
    await aAgain.waitFor('hello');
    await eventually(() => agent.connectionState === 'connected', 5000, 'connected to A');
  }, 30_000);

  it('after a control-plane restart, reconnects as soon as it answers /healthz instead of sleeping out the grown backoff', async () => {
    const first = await fake();
    const port = new URL(first.url).port;
    // Every retry waits 59 s (the jitter pinned high): only the health check can bring the agent back within the test.
    const agent = await agents.start(first, { backoff: { baseMs: 60_000, maxMs: 60_000, random: () => 0.99 } });
    await first.close();
    await eventually(() => agent.logs.some((l) => /connection disconnected: .*reconnecting in \d+ ms/.test(l)), 5000, 'the drop');
    await new Promise((resolve) => setTimeout(resolve, 300)); // down for a moment, then back on the same address

    const restarted = await fake(Number(port));
    const hello = await restarted.waitFor('hello', undefined, 10_000);
    expect(hello.agentId).toBe(agent.agentId);
    const healthy = agent.logs.find((l) => l.startsWith('control plane '));
    expect(healthy).toMatch(new RegExp(`^control plane http://127\\.0\\.0\\.1:${port} is healthy; reconnecting in \\d+ ms$`));
    // Still jittered, but over the first backoff step capped at a second: 0.99 × 1000 ms, not × 60 s.
    expect(healthy).toMatch(/reconnecting in 990 ms$/);
  }, 30_000);

  it('takes the list from the command line: --control-plane URL1,URL2', async () => {
    const up = await fake();
    const down = await fake();
    const downUrl = down.url;
    await down.close();
    const cli = spawn(
      process.execPath,
      ['--import', 'tsx', 'lab-agent/src/cli.ts', 'start', '--control-plane', `${downUrl}, ${up.url}`, '--virtual-devices', '1'],
      {
        cwd: resolve(import.meta.dirname, '../..'),
        env: {
          PATH: process.env.PATH ?? '',
          HOME: tmpdir(),
          DEVICELAB_AGENT_TOKEN: up.token,
          DEVICELAB_AGENT_STATE_DIR: mkdtempSync(join(tmpdir(), 'cli-failover-')),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    cli.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    const exited = new Promise<number | null>((done) => cli.on('exit', (code) => done(code)));
    try {
      await up.waitFor('hello', undefined, 20_000);
    } finally {
      cli.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    // It tried the first URL, was refused, and went on to the second.
    expect(stdout).toContain(`connection connecting: ${downUrl.replace('http', 'ws')}/agent/connect`);
    expect(stdout).toContain(`reconnecting to ${up.url.replace('http', 'ws')}/agent/connect`);
  }, 40_000);
});
