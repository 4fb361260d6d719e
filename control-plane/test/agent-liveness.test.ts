/**
 * The agent hub's liveness and reconnect handling against the real control plane, with
 * protocol-level fake agents (agent-client.ts): a silent socket is dropped and its tests
 * lost; liveness counts when a frame arrives, not once it is handled; one device's slow
 * decision does not hold up another's; cancels that never reached the agent are sent
 * again at its hello; an old socket's late close does not undo a newer hello; a re-sent
 * step.decide gets one decision.
 */
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addAgentToken } from '../src/admin/provision.js';
import { CANCELLED_MESSAGE, cancelRun } from '../src/runs/transitions/cancel.js';
import { androidDevice, fakeAgents } from './agent-client.js';
import { type Org, seedOrg, startServer, type TestServer } from './harness.js';
import { blockUnfinished, seedRun as seedRunIn, snapshot, until } from './seed-runs.js';

const login = readFileSync(new URL('../src/brain/fixtures/android-login.xml', import.meta.url), 'utf8');

let server: TestServer;
let org: Org;
let shared: string;

beforeAll(async () => {
  // The sweep is called by hand (no timer); AGENT_LOST_SECONDS = 1 keeps the waits short.
  server = await startServer({ AGENT_LOST_SECONDS: '1', SWEEP_MS: '100000', REPLICA_LEASE_SECONDS: '300', RUN_DEVICE_WAIT_SECONDS: '300' });
  org = await seedOrg(server.db);
  shared = (await addAgentToken(server.db, null)).agentToken;
});
afterAll(() => server.close());

const agents = fakeAgents();
const connect = agents.connect;
const restore: Array<() => void> = [];
afterEach(async () => {
  for (const undo of restore.splice(0)) undo();
  agents.terminateAll();
  await blockUnfinished(server.db);
});

/** A run of `count` Android emulator tests, written directly, and the dispatcher woken for it. */
async function seedRun(count = 1): Promise<{ runId: string; ids: string[] }> {
  const run = await seedRunIn(server.db, org, { count, snapshot: snapshot({ commands: ['Tap the Log in button'] }) });
  server.services.dispatcher.wake();
  return run;
}

const attempt = async (id: string) =>
  (
    await server.db.query<{ status: string; try: number; status_message: string | null }>(
      'SELECT status, try_number AS try, status_message FROM attempts WHERE id = $1',
      [id],
    )
  )[0]!;
const deviceState = async (serial: string) =>
  (await server.db.query<{ state: string }>('SELECT state FROM devices WHERE serial = $1', [serial]))[0]?.state;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An agent with one test running on each of its devices. */
async function runningOn(agentId: string, serials: string[]) {
  const agent = await connect(server.url, shared, { agentId, devices: serials.map((s) => androidDevice(s)) });
  await agent.next('welcome');
  const run = await seedRun(serials.length);
  const offers = [];
  for (const _ of serials) offers.push(await agent.next('job.offer'));
  for (const offer of offers) agent.send({ type: 'job.accepted', jobId: offer.jobId });
  for (const id of run.ids)
    await until(
      () => attempt(id),
      (a) => a.status === 'running',
    );
  return { agent, run, offers };
}

/** Holds the engine's next decisions until released; counts its calls. */
function gateEngine() {
  const engine = server.services.engine;
  const original = engine.decideStep;
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const state = { calls: 0, release, held: 1 };
  engine.decideStep = async (req) => {
    state.calls++;
    if (state.calls <= state.held) await gate;
    return original(req);
  };
  restore.push(() => (engine.decideStep = original));
  return state;
}

describe('a silent agent', () => {
  it('a hung agent (socket open, nothing sent, pings unanswered) is dropped and its test retried', async () => {
    const { agent, run } = await runningOn('agent-hung', ['emu-hung']);
    const silentSince = Date.now();
    agent.ws.pause(); // the process hangs: it reads nothing, so it answers no ping and sends nothing
    await until(
      async () => {
        await server.services.dispatcher.sweep();
        return attempt(run.ids[0]!);
      },
      (a) => a.try === 2,
      6000,
    );
    // Dropped after AGENT_LOST_SECONDS of silence, then lost as any disconnected agent: a few seconds, not never.
    expect(Date.now() - silentSince).toBeLessThan(4500);
    expect(await deviceState('emu-hung')).toBe('offline');
  });

  it('an agent that sends no frames but answers pings keeps its test', async () => {
    const { run } = await runningOn('agent-quiet', ['emu-quiet']);
    for (let i = 0; i < 5; i++) {
      await sleep(500);
      await server.services.dispatcher.sweep();
    }
    expect(await attempt(run.ids[0]!)).toMatchObject({ status: 'running', try: 1 });
  });
  it('a control plane that stalled longer than the limit does not drop its agents for it', async () => {
    const { agent, run } = await runningOn('agent-stall', ['emu-stall']);
    const busyUntil = Date.now() + 1500; // the event loop blocked past AGENT_LOST_SECONDS: nothing is read meanwhile
    while (Date.now() < busyUntil);
    const closed = await Promise.race([agent.closed, sleep(800).then(() => null)]);
    expect(closed).toBeNull();
    expect(await attempt(run.ids[0]!)).toMatchObject({ status: 'running', try: 1 });
  });
});

describe('frames of one connection', () => {
  it("liveness counts when a frame arrives, and another device's decision does not wait for a slow one", async () => {
    const { agent, offers } = await runningOn('agent-busy', ['emu-busy-1', 'emu-busy-2']);
    const engine = gateEngine();
    agent.send({
      type: 'step.decide',
      requestId: 'slow',
      jobId: offers[0]!.jobId,
      stepIndex: 0,
      command: 'Tap the Log in button',
      pageSource: login,
    });
    await until(
      async () => engine.calls,
      (n) => n === 1,
    );
    // As another replica's sweep would see it: the agent last heard of long ago.
    await server.db.query(`UPDATE agents SET last_seen_at = clock_timestamp() - interval '1 hour' WHERE id = 'agent-busy'`);
    agent.send({ type: 'heartbeat' });
    await until(
      () =>
        server.db.query<{ s: number }>(
          `SELECT extract(epoch FROM clock_timestamp() - last_seen_at)::float8 AS s FROM agents WHERE id = 'agent-busy'`,
        ),
      (r) => r[0]!.s < 1,
      2000,
    );
    agent.send({
      type: 'step.decide',
      requestId: 'fast',
      jobId: offers[1]!.jobId,
      stepIndex: 0,
      command: 'Tap the Log in button',
      pageSource: login,
    });
    expect(await agent.next('step.decision', 3000)).toMatchObject({ requestId: 'fast', ok: true });
    engine.release();
    expect(await agent.next('step.decision')).toMatchObject({ requestId: 'slow', ok: true });
  });
});

describe('cancels the agent never heard', () => {
  it('a run cancelled while the agent was away: its hello gets job.cancel, and the device takes the next test', async () => {
    const { agent, run, offers } = await runningOn('agent-away', ['emu-away']);
    agent.ws.terminate();
    await until(
      () => server.db.query<{ connected: boolean }>(`SELECT connected FROM agents WHERE id = 'agent-away'`),
      (r) => r[0]!.connected === false,
    );
    const res = await fetch(`${server.url}/runs/${run.runId}/cancel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${org.apiKey}` },
    });
    expect(res.status).toBe(200);
    // No agent to tell: the cancel records the verdict itself, just after answering.
    await until(
      () => attempt(run.ids[0]!),
      (a) => a.status === 'blocked',
    );
    expect(await attempt(run.ids[0]!)).toMatchObject({ status: 'blocked', status_message: CANCELLED_MESSAGE });

    const back = await connect(server.url, shared, {
      agentId: 'agent-away',
      devices: [androidDevice('emu-away')],
      jobs: [{ jobId: offers[0]!.jobId, state: 'running' }],
    });
    await back.next('welcome');
    expect(await back.next('job.cancel')).toMatchObject({ jobId: offers[0]!.jobId, reason: CANCELLED_MESSAGE });
    // Still running the cancelled test: no offer for that device until it ends.
    expect(await deviceState('emu-away')).toBe('busy');
    const next = await seedRun();
    await expect(back.next('job.offer', 300)).rejects.toThrow(/no job.offer/);
    back.send({ type: 'job.result', jobId: offers[0]!.jobId, verdict: 'cancelled', durationSeconds: 1 });
    await back.next('job.result.ack');
    expect(await back.next('job.offer')).toMatchObject({ jobId: `${next.ids[0]}.1`, serial: 'emu-away' });
  });

  it('a cancel lost on its way (the attempt still runs in a cancelled run) is sent again at the hello', async () => {
    const { agent, run, offers } = await runningOn('agent-notify', ['emu-notify']);
    // The cancel happens, but nobody tells this agent (a lost cross-replica NOTIFY).
    expect(await cancelRun(server.db, org.id, run.runId, CANCELLED_MESSAGE)).toMatchObject({ outcome: 'cancelled' });
    agent.ws.terminate();
    const back = await connect(server.url, shared, {
      agentId: 'agent-notify',
      devices: [androidDevice('emu-notify')],
      jobs: [{ jobId: offers[0]!.jobId, state: 'running' }],
    });
    await back.next('welcome');
    expect(await back.next('job.cancel')).toMatchObject({ jobId: offers[0]!.jobId, reason: CANCELLED_MESSAGE });
    back.send({ type: 'job.result', jobId: offers[0]!.jobId, verdict: 'cancelled', durationSeconds: 1 });
    await back.next('job.result.ack');
    expect(await attempt(run.ids[0]!)).toMatchObject({ status: 'blocked', status_message: CANCELLED_MESSAGE });
    expect(await deviceState('emu-notify')).toBe('online');
  });

  it('a job the agent still runs and the control plane still wants is not cancelled', async () => {
    const { agent, run, offers } = await runningOn('agent-keeps', ['emu-keeps']);
    agent.ws.terminate();
    const back = await connect(server.url, shared, {
      agentId: 'agent-keeps',
      devices: [androidDevice('emu-keeps')],
      jobs: [{ jobId: offers[0]!.jobId, state: 'running' }],
    });
    await back.next('welcome');
    await expect(back.next('job.cancel', 300)).rejects.toThrow(/no job.cancel/);
    expect(await attempt(run.ids[0]!)).toMatchObject({ status: 'running', try: 1 });
    expect(await deviceState('emu-keeps')).toBe('busy');
  });
});

describe('reconnects', () => {
  it('an old socket closing while the new hello is under way does not mark the agent disconnected', async () => {
    const first = await connect(server.url, shared, { agentId: 'agent-race', devices: [androidDevice('emu-race')] });
    await first.next('welcome');
    const dispatcher = server.services.dispatcher;
    const original = dispatcher.hello;
    let registered!: () => void;
    const upserted = new Promise<void>((r) => (registered = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    dispatcher.hello = async (...args) => {
      const r = await original(...args);
      registered();
      await gate;
      return r;
    };
    restore.push(() => (dispatcher.hello = original));
    const second = await connect(server.url, shared, { agentId: 'agent-race', devices: [androidDevice('emu-race')] });
    await upserted; // the new connection's upsert is done; it is not welcomed yet
    first.ws.terminate();
    await sleep(300); // the old socket's close is handled meanwhile
    release();
    await second.next('welcome');
    await sleep(100);
    const row = await server.db.query<{ connected: boolean; replica_id: string | null }>(
      `SELECT connected, replica_id FROM agents WHERE id = 'agent-race'`,
    );
    expect(row[0]).toEqual({ connected: true, replica_id: dispatcher.replicaId });
    expect(await deviceState('emu-race')).toBe('online');
  });

  it('a step.decide re-sent on a new connection while the first is being decided gets one decision', async () => {
    const { agent, offers } = await runningOn('agent-resend', ['emu-resend']);
    const engine = gateEngine();
    const decide = {
      type: 'step.decide',
      requestId: 'r1',
      jobId: offers[0]!.jobId,
      stepIndex: 0,
      command: 'Tap the Log in button',
      pageSource: login,
    } as const;
    agent.send(decide);
    await until(
      async () => engine.calls,
      (n) => n === 1,
    );
    agent.ws.terminate(); // the socket drops during the model call
    const back = await connect(server.url, shared, {
      agentId: 'agent-resend',
      devices: [androidDevice('emu-resend')],
      jobs: [{ jobId: offers[0]!.jobId, state: 'running' }],
    });
    await back.next('welcome');
    back.send(decide);
    await sleep(200);
    engine.release();
    expect(await back.next('step.decision')).toMatchObject({ requestId: 'r1', ok: true, kind: 'ai' });
    await sleep(200);
    expect(engine.calls).toBe(1);
    expect(back.received.filter((m) => m.type === 'error')).toEqual([]);
  });

  it('a step.decide that loses the race to store its step answers with the stored one', async () => {
    const { agent, offers } = await runningOn('agent-store', ['emu-store']);
    const engine = server.services.engine;
    const original = engine.decideStep;
    // As when another replica decided the same request first: this one's store hits session_steps_request.
    engine.decideStep = async (req) => {
      await original(req);
      return original(req);
    };
    restore.push(() => (engine.decideStep = original));
    agent.send({
      type: 'step.decide',
      requestId: 'r1',
      jobId: offers[0]!.jobId,
      stepIndex: 0,
      command: 'Tap the Log in button',
      pageSource: login,
    });
    expect(await agent.next('step.decision')).toMatchObject({ requestId: 'r1', ok: true, kind: 'ai', actions: [{ type: 'tap' }] });
    expect(agent.received.filter((m) => m.type === 'error')).toEqual([]);
  });
});
