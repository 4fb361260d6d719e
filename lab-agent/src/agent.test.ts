import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AGENT_PROTOCOL_VERSION } from '@devicelab/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { agentSocketUrl } from './control-planes.js';
import { agentHarness, eventually } from './testing/agent-harness.js';
import { type FakeControlPlane, startFakeControlPlane } from './testing/fake-control-plane.js';
import { jobOffer, sampleApk } from './testing/sample.js';

const virtualPhone = (serial: string) => ({
  serial,
  platform: 'android',
  kind: 'emulator',
  model: 'DeviceLab Virtual Phone',
  osVersion: '14',
  ready: true,
});

describe('lab agent connection', () => {
  let server: FakeControlPlane;
  const agents = agentHarness();

  beforeEach(async () => {
    server = await startFakeControlPlane();
  });
  afterEach(async () => {
    await agents.stopAll();
    await server.close();
  });

  it('maps the control plane URL to the agent socket URL', () => {
    expect(agentSocketUrl('http://cp.local:8080')).toBe('ws://cp.local:8080/agent/connect');
    expect(agentSocketUrl('https://cp.example.com/base/')).toBe('wss://cp.example.com/base/agent/connect');
    expect(() => agentSocketUrl('ftp://x')).toThrow(/scheme/);
  });

  it('says hello with the virtual devices, gets welcomed, heartbeats, and reports devices coming and going', async () => {
    server.heartbeatIntervalMs = 50;
    const agent = await agents.start(server, { virtualDevices: 2, name: 'lab-host-7' });
    const hello = await server.waitFor('hello');
    expect(hello).toEqual({
      type: 'hello',
      protocolVersion: AGENT_PROTOCOL_VERSION,
      agentVersion: '0.1.0',
      agentId: agent.agentId,
      hostname: 'lab-host-7',
      capabilities: { platforms: ['android'], virtual: true, screenRecording: false },
      devices: [virtualPhone('virtual-1'), virtualPhone('virtual-2')],
      jobs: [],
    });
    // The agent id is kept in the state dir, so a restart is recognised.
    expect(JSON.parse(readFileSync(join(agent.stateDir, 'agent.json'), 'utf8'))).toEqual({ agentId: agent.agentId });
    await eventually(() => agent.connectionState === 'connected', 5000, 'connected');
    await server.waitFor('heartbeat');
    expect(agent.logs.some((l) => l.startsWith('connection connected'))).toBe(true);

    agent.virtual!.addDevice({ model: 'Pixel Virtual', androidVersion: '15' });
    expect((await server.waitFor('device.added')).device).toEqual({
      ...virtualPhone('virtual-3'),
      model: 'Pixel Virtual',
      osVersion: '15',
    });
    agent.virtual!.removeDevice('virtual-2');
    expect((await server.waitFor('device.removed')).serial).toBe('virtual-2');
    agent.virtual!.getDevice('virtual-1')!.reboot(100);
    expect((await server.waitFor('device.changed', (m) => !m.device.ready)).device.serial).toBe('virtual-1');
    expect((await server.waitFor('device.changed', (m) => m.device.ready)).device.serial).toBe('virtual-1');
    expect(agent.devices().map((d) => d.serial)).toEqual(['virtual-1', 'virtual-3']);

    await agent.stop();
    // The server hears the socket close a moment after the agent's stop resolves.
    await eventually(() => server.closes.length > 0, 5000, 'the close seen by the server');
    expect(server.closes).toEqual([{ connection: 1, code: 1000, reason: 'agent shutting down' }]);

    const again = await agents.start(server, { stateDir: agent.stateDir });
    expect(again.agentId).toBe(agent.agentId);
    expect((await server.waitFor('hello', (_m, r) => r.connection === 2)).agentId).toBe(agent.agentId);
  });

  it('stops with the server reason when the server closes with 4400 (incompatible)', async () => {
    server.refuseWith = 'agent protocol 1 is no longer supported; upgrade the lab agent';
    const agent = await agents.start(server);
    expect(await agent.done).toEqual({ kind: 'incompatible', reason: 'agent protocol 1 is no longer supported; upgrade the lab agent' });
    expect(agent.connectionState).toBe('stopped');
    // Well past several backoff windows (20–100 ms): no second attempt.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.connections).toBe(1);
  });

  it('stops when the token is refused (4401)', async () => {
    const agent = await agents.start(server, { token: 'not-the-token' });
    expect(await agent.done).toEqual({ kind: 'unauthorized', reason: 'unknown agent token' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.connections).toBe(1);
  });

  it('reconnects after the socket drops, re-sends pending step.decide and unacknowledged job.result', async () => {
    server.ackResults = false;
    let decides = 0;
    server.decider = () => {
      decides += 1;
      // The first request is left unanswered: the socket drops while the agent waits.
      return decides === 1 ? null : { actions: [{ type: 'done' }], finished: true };
    };
    const agent = await agents.start(server);
    await server.waitFor('hello');
    // Frames that fail validation are ignored, not fatal.
    server.sendRaw('{"type":"job.offer","jobId":""}');
    server.sendRaw('not json');
    const build = server.addBuild('b-reconnect', await sampleApk());
    server.send(jobOffer({ jobId: 'job-reconnect', build, commands: ['Check the login screen'] }));
    await server.waitFor('step.decide', (_m, r) => r.connection === 1);
    server.drop();

    const hello2 = await server.waitFor('hello', (_m, r) => r.connection === 2);
    expect(hello2.jobs).toEqual([{ jobId: 'job-reconnect', state: 'running' }]);
    const resent = await server.waitFor('step.decide', (_m, r) => r.connection === 2);
    expect(resent.jobId).toBe('job-reconnect');
    const result = await server.waitFor('job.result', (_m, r) => r.connection === 2);
    expect(result).toMatchObject({ jobId: 'job-reconnect', verdict: 'succeeded', failedStep: null });

    // Not acknowledged: after the next drop the hello reports it finished and it is sent again.
    server.drop();
    const hello3 = await server.waitFor('hello', (_m, r) => r.connection === 3);
    expect(hello3.jobs).toEqual([{ jobId: 'job-reconnect', state: 'finished' }]);
    expect(await server.waitFor('job.result', (_m, r) => r.connection === 3)).toEqual(result);

    // Acknowledged: gone from the next hello, never sent again.
    server.send({ type: 'job.result.ack', jobId: 'job-reconnect' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    server.drop();
    const hello4 = await server.waitFor('hello', (_m, r) => r.connection === 4);
    expect(hello4.jobs).toEqual([]);
    await eventually(() => agent.connectionState === 'connected');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.received.filter((r) => r.connection === 4).map((r) => r.message.type)).toEqual(['hello']);
    expect(agent.logs.filter((l) => l.includes('ignored an invalid frame'))).toHaveLength(2);
    expect(agent.logs.some((l) => /connection disconnected: .*reconnecting in \d+ ms/.test(l))).toBe(true);
  });

  it('delivers job.released on the new connection after a drop', async () => {
    server.decider = () => null;
    const agent = await agents.start(server);
    server.send(
      jobOffer({ jobId: 'job-offline-release', build: server.addBuild('b-offline', await sampleApk()), commands: ['Tap Log in'] }),
    );
    await server.waitFor('step.decide');
    server.drop();
    // The reconnect (20-100 ms backoff) can be quicker than polling the state, so wait for its hello.
    await server.waitFor('hello', (_m, r) => r.connection === 2);
    await agent.stop({ drainSeconds: 0 });
    const released = server.received.filter((r) => r.message.type === 'job.released');
    expect(released.map((r) => [r.connection, r.message])).toEqual([
      [2, { type: 'job.released', jobId: 'job-offline-release', reason: 'the lab agent is shutting down' }],
    ]);
    await eventually(() => server.closes.some((c) => c.connection === 2), 5000, 'the close seen by the server');
    expect(server.closes.at(-1)).toEqual({ connection: 2, code: 1000, reason: 'agent shutting down' });
  });

  it('keeps an unacknowledged result on disk and reports it after a restart', async () => {
    server.ackResults = false;
    const agent = await agents.start(server);
    server.send(jobOffer({ jobId: 'job-persisted', build: server.addBuild('b-persist', await sampleApk()) }));
    const result = await server.waitFor('job.result');
    await agent.stop();

    await agents.start(server, { stateDir: agent.stateDir });
    const hello = await server.waitFor('hello', (_m, r) => r.connection === 2);
    expect(hello.jobs).toEqual([{ jobId: 'job-persisted', state: 'finished' }]);
    expect(await server.waitFor('job.result', (_m, r) => r.connection === 2)).toEqual(result);
  });
});
