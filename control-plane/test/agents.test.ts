import { readFileSync } from 'node:fs';
import { CLOSE_CODES } from '@devicelab/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { addAgentToken } from '../src/admin/provision.js';
import { randomToken } from '../src/ids.js';
import { insertBuild } from '../src/queries/builds.js';
import { androidDevice, connectFakeAgent, fakeAgents } from './agent-client.js';
import { client, type Org, seedOrg, startServer, type TestServer } from './harness.js';
import { blockUnfinished, seedRun as seedRunIn, snapshot, until } from './seed-runs.js';

const login = readFileSync(new URL('../src/brain/fixtures/android-login.xml', import.meta.url), 'utf8');

let server: TestServer;
let org: Org;
let shared: string;

beforeAll(async () => {
  // The sweep is called by hand (no timer); the replica lease must then outlast three of those long sweeps.
  server = await startServer({ AGENT_LOST_SECONDS: '1', SWEEP_MS: '100000', REPLICA_LEASE_SECONDS: '300', RUN_DEVICE_WAIT_SECONDS: '3' });
  org = await seedOrg(server.db);
  shared = (await addAgentToken(server.db, null)).agentToken;
});
afterAll(() => server.close());

/** A run of `count` Android emulator tests, written directly, and the dispatcher woken for it. */
async function seedRun(commands: string[] = ['Tap the Log in button'], count = 1): Promise<{ runId: string; jobIds: string[] }> {
  const { runId, ids } = await seedRunIn(server.db, org, { count, snapshot: snapshot({ commands }) });
  server.services.dispatcher.wake();
  return { runId, jobIds: ids };
}

const jobRow = async (id: string) =>
  (
    await server.db.query<{
      status: string;
      try_number: number;
      status_message: string | null;
      session_id: string | null;
      device_id: string | null;
    }>('SELECT status, try_number, status_message, session_id, device_id FROM attempts WHERE id = $1', [id])
  )[0]!;
const runStatus = async (id: string) =>
  (await server.db.query<{ status: string }>('SELECT status FROM runs WHERE id = $1', [id]))[0]!.status;

const agents = fakeAgents();
const connect = agents.connect;
// Each test starts with no work in flight: leftovers would be offered to the next test's agents.
afterEach(async () => {
  agents.terminateAll();
  await blockUnfinished(server.db);
});

describe('the agent endpoint', () => {
  it('refuses a missing or unknown token before upgrading', async () => {
    await expect(connectFakeAgent(server.url, 'dl_agent_' + 'x'.repeat(40), { agentId: 'nope' })).rejects.toThrow(/401/);
    await expect(connectFakeAgent(server.url, 'not-a-token', { agentId: 'nope' })).rejects.toThrow(/401/);
  });

  it('refuses an incompatible protocol version with a clear reason', async () => {
    const agent = await connect(server.url, shared, { agentId: 'old-agent', protocolVersion: 99 });
    const closed = await agent.closed;
    expect(closed.code).toBe(CLOSE_CODES.incompatible);
    expect(closed.reason).toMatch(/protocol 99 is not supported.*speaks 1 to 2/);
  });

  it('welcomes an agent of the previous protocol (1) and speaks it: its offers name the try number attempt', async () => {
    const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/agent/connect`, { headers: { authorization: `Bearer ${shared}` } });
    const frames: Array<Record<string, unknown>> = [];
    ws.on('message', (data) => frames.push(JSON.parse(data.toString())));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    try {
      ws.send(
        JSON.stringify({
          type: 'hello',
          protocolVersion: 1,
          agentVersion: 'old',
          agentId: 'agent-v1',
          hostname: 'old-host',
          capabilities: { platforms: ['android'] },
          devices: [androidDevice('emu-v1')],
          jobs: [],
        }),
      );
      await until(
        async () => frames,
        (f) => f.some((m) => m.type === 'welcome'),
      );
      expect(frames.find((m) => m.type === 'welcome')).toMatchObject({ protocolVersion: 1, agentId: 'agent-v1' });
      const { jobIds } = await seedRun();
      await until(
        async () => frames,
        (f) => f.some((m) => m.type === 'job.offer'),
      );
      const offer = frames.find((m) => m.type === 'job.offer')!;
      expect(offer).toMatchObject({ jobId: `${jobIds[0]}.1`, attempt: 1, serial: 'emu-v1' });
      expect(offer).not.toHaveProperty('tryNumber');
    } finally {
      ws.terminate();
    }
  });

  it('one connection per agent id: a newer one replaces the older (4409)', async () => {
    const first = await connect(server.url, shared, { agentId: 'agent-twin' });
    await first.next('welcome');
    const second = await connect(server.url, shared, { agentId: 'agent-twin' });
    await second.next('welcome');
    expect(await first.closed).toMatchObject({ code: CLOSE_CODES.replaced });
    const other = await addAgentToken(server.db, null);
    const thief = await connect(server.url, other.agentToken, { agentId: 'agent-twin' });
    expect(await thief.closed).toMatchObject({ code: 4401, reason: expect.stringMatching(/another agent token/) });
  });

  it('welcomes an agent, registers its devices, answers invalid frames with an error', async () => {
    const agent = await connect(server.url, shared, { agentId: 'agent-reg', devices: [androidDevice('emu-reg')] });
    const welcome = await agent.next('welcome');
    expect(welcome).toMatchObject({ agentId: 'agent-reg', protocolVersion: 2, heartbeatIntervalMs: 5000 });
    const devices = await server.db.query<{ state: string; org_id: string | null }>(
      `SELECT state, org_id FROM devices WHERE serial = 'emu-reg'`,
    );
    expect(devices).toEqual([{ state: 'online', org_id: null }]);
    agent.ws.send('{"type":"device.added","device":{"serial":"x"}}');
    expect((await agent.next('error')).detail).toMatch(/invalid device.added: device\./);
    agent.send({ type: 'device.removed', serial: 'emu-reg' });
    await until(
      () => server.db.query<{ state: string }>(`SELECT state FROM devices WHERE serial = 'emu-reg'`),
      (r) => r[0]?.state === 'offline',
    );
    agent.close();
  });
});

describe('dispatching and following a test', () => {
  it('offers a pending test to an idle device at once, decides its steps with the engine, and completes the run', async () => {
    const agent = await connect(server.url, shared, { agentId: 'agent-run', devices: [androidDevice('emu-run')] });
    await agent.next('welcome');
    const { runId, jobIds } = await seedRun(['Tap the Log in button', 'tapOn: "Sign up"']);
    const offer = await agent.next('job.offer');
    expect(offer).toMatchObject({
      jobId: `${jobIds[0]}.1`,
      runId,
      serial: 'emu-run',
      platform: 'android',
      tryNumber: 1,
      commands: ['Tap the Log in button', 'tapOn: "Sign up"'],
    });
    expect((await jobRow(jobIds[0]!)).status).toBe('offered');

    agent.send({ type: 'job.accepted', jobId: offer.jobId });
    await until(
      () => jobRow(jobIds[0]!),
      (r) => r.status === 'running' && r.session_id !== null,
    );
    agent.send({
      type: 'step.decide',
      requestId: 'r1',
      jobId: offer.jobId,
      stepIndex: 0,
      command: 'Tap the Log in button',
      pageSource: login,
    });
    const decision = await agent.next('step.decision');
    expect(decision).toMatchObject({ requestId: 'r1', ok: true, kind: 'ai', finished: true, actions: [{ type: 'tap' }] });
    // The same request again (as after a reconnect): the same answer, and the step is not counted twice.
    agent.send({
      type: 'step.decide',
      requestId: 'r1',
      jobId: offer.jobId,
      stepIndex: 0,
      command: 'Tap the Log in button',
      pageSource: login,
    });
    expect(await agent.next('step.decision')).toEqual(decision);
    agent.send({
      type: 'step.decide',
      requestId: 'r2',
      jobId: offer.jobId,
      stepIndex: 1,
      command: 'tapOn: "Sign up"',
      pageSource: '<broken',
    });
    expect(await agent.next('step.decision')).toMatchObject({ requestId: 'r2', ok: false, error: expect.stringMatching(/page_source/) });

    agent.send({ type: 'job.result', jobId: offer.jobId, verdict: 'succeeded', durationSeconds: 4.5 });
    expect(await agent.next('job.result.ack')).toEqual({ type: 'job.result.ack', jobId: offer.jobId });
    expect(await jobRow(jobIds[0]!)).toMatchObject({ status: 'succeeded' });
    expect(await runStatus(runId)).toBe('completed');
    // The platform run is an SDK session carrying the test's id.
    const session = (
      await server.db.query<{ test_id: string; status: string; ai_steps: number; api_key_id: string }>(
        'SELECT s.test_id, s.status, s.ai_steps, s.api_key_id FROM sdk_sessions s JOIN attempts rt ON rt.session_id = s.id WHERE rt.id = $1',
        [jobIds[0]],
      )
    )[0];
    expect(session).toMatchObject({ status: 'succeeded', ai_steps: 1, api_key_id: org.apiKeyId });
    expect(session!.test_id).toMatch(/^tst_seed0/);
    // A repeated result (re-sent after a reconnect) is acknowledged and changes nothing.
    agent.send({ type: 'job.result', jobId: offer.jobId, verdict: 'failed', durationSeconds: 1 });
    await agent.next('job.result.ack');
    expect((await jobRow(jobIds[0]!)).status).toBe('succeeded');
    agent.close();
  });

  it("takes a job's steps and verdict only from the agent holding it, never from another agent naming it", async () => {
    const holder = await connect(server.url, shared, { agentId: 'agent-holder', devices: [androidDevice('emu-holder')] });
    await holder.next('welcome');
    const { runId, jobIds } = await seedRun(['Tap the Log in button']);
    const offer = await holder.next('job.offer');
    // Another agent, of another organisation's own token, naming the real job.
    const intruderToken = (await addAgentToken(server.db, (await seedOrg(server.db)).id)).agentToken;
    const intruder = await connect(server.url, intruderToken, { agentId: 'agent-intruder' });
    await intruder.next('welcome');
    intruder.send({ type: 'job.accepted', jobId: offer.jobId });
    intruder.send({ type: 'job.result', jobId: offer.jobId, verdict: 'failed', statusMessage: 'forged', durationSeconds: 1 });
    await intruder.next('job.result.ack'); // acknowledged (re-sends must stop) but not recorded
    expect(await jobRow(jobIds[0]!)).toMatchObject({ status: 'offered', status_message: null });
    holder.send({ type: 'job.accepted', jobId: offer.jobId });
    await until(
      () => jobRow(jobIds[0]!),
      (r) => r.status === 'running' && r.session_id !== null,
    );
    intruder.send({
      type: 'step.decide',
      requestId: 'x1',
      jobId: offer.jobId,
      stepIndex: 0,
      command: 'Tap the Log in button',
      pageSource: login,
    });
    expect(await intruder.next('step.decision')).toMatchObject({
      requestId: 'x1',
      ok: false,
      error: 'this test is not running on this agent',
    });
    intruder.send({ type: 'job.result', jobId: offer.jobId, verdict: 'failed', statusMessage: 'forged', durationSeconds: 1 });
    await intruder.next('job.result.ack');
    expect(await jobRow(jobIds[0]!)).toMatchObject({ status: 'running', status_message: null });
    // The holder's verdict is the one taken.
    holder.send({ type: 'job.result', jobId: offer.jobId, verdict: 'succeeded', durationSeconds: 2 });
    await holder.next('job.result.ack');
    expect(await jobRow(jobIds[0]!)).toMatchObject({ status: 'succeeded' });
    expect(await runStatus(runId)).toBe('completed');
  });

  it('runs one test per device at a time', async () => {
    const agent = await connect(server.url, shared, { agentId: 'agent-one', devices: [androidDevice('emu-one')] });
    await agent.next('welcome');
    const { jobIds } = await seedRun(['launchApp'], 2);
    const first = await agent.next('job.offer');
    await expect(agent.next('job.offer', 300)).rejects.toThrow(/no job.offer/);
    agent.send({ type: 'job.accepted', jobId: first.jobId });
    agent.send({
      type: 'job.result',
      jobId: first.jobId,
      verdict: 'failed',
      statusMessage: 'Step 1 failed',
      failedStep: 0,
      durationSeconds: 1,
    });
    const second = await agent.next('job.offer');
    // Which of the two goes first is the scheduler's choice (docs/scheduling.md); the other follows.
    const both = [`${jobIds[0]}.1`, `${jobIds[1]}.1`];
    expect(both).toContain(first.jobId);
    expect(second.jobId).toBe(both.find((j) => j !== first.jobId));
    agent.close();
  });

  it('gives a test lost with its agent one more try on another device, then blocks it', async () => {
    const first = await connect(server.url, shared, { agentId: 'agent-lost-1', devices: [androidDevice('emu-lost-1')] });
    await first.next('welcome');
    const { runId, jobIds } = await seedRun(['launchApp']);
    const offer = await first.next('job.offer');
    first.send({ type: 'job.accepted', jobId: offer.jobId });
    await until(
      () => jobRow(jobIds[0]!),
      (r) => r.status === 'running',
    );
    first.ws.terminate(); // killed mid-test
    await new Promise((r) => setTimeout(r, 1200)); // AGENT_LOST_SECONDS = 1
    const second = await connect(server.url, shared, { agentId: 'agent-lost-2', devices: [androidDevice('emu-lost-2')] });
    await second.next('welcome');
    await server.services.dispatcher.sweep();
    const retry = await second.next('job.offer');
    expect(retry).toMatchObject({ jobId: `${jobIds[0]}.2`, tryNumber: 2, serial: 'emu-lost-2' });
    second.send({ type: 'job.accepted', jobId: retry.jobId });
    await until(
      () => jobRow(jobIds[0]!),
      (r) => r.status === 'running',
    );
    second.ws.terminate();
    await new Promise((r) => setTimeout(r, 1200));
    await server.services.dispatcher.sweep();
    const row = await jobRow(jobIds[0]!);
    expect(row.status).toBe('blocked');
    expect(row.status_message).toMatch(/lost twice/);
    expect(await runStatus(runId)).toBe('completed');
  });

  it('takes back an offer the agent never answers', async () => {
    const agent = await connect(server.url, shared, { agentId: 'agent-mute', devices: [androidDevice('emu-mute')] });
    await agent.next('welcome');
    const { jobIds } = await seedRun(['launchApp']);
    await agent.next('job.offer'); // and never a word about it
    await server.db.query(`UPDATE attempts SET offered_at = offered_at - interval '10 minutes' WHERE id = $1`, [jobIds[0]]);
    await server.services.dispatcher.sweep();
    expect(await jobRow(jobIds[0]!)).toMatchObject({ status: 'pending', device_id: null, try_number: 1 });
    const device = await server.db.query<{ state: string }>(`SELECT state FROM devices WHERE serial = 'emu-mute'`);
    expect(device[0]!.state).toBe('offline');
  });

  it('blocks a test that waits longer than the limit for a matching device', async () => {
    const { runId, jobIds } = await seedRun(['launchApp']);
    await server.db.query(`UPDATE attempts SET platform = 'ios' WHERE id = $1`, [jobIds[0]]); // no iOS device anywhere
    await new Promise((r) => setTimeout(r, 3100)); // RUN_DEVICE_WAIT_SECONDS = 3
    await server.services.dispatcher.sweep();
    const row = await jobRow(jobIds[0]!);
    expect(row).toMatchObject({ status: 'blocked', status_message: 'No ios simulator became available within 3 seconds' });
    expect(await runStatus(runId)).toBe('completed');
  });

  it("an organisation's token serves only its physical runs; shared emulators serve everyone", async () => {
    const other = await seedOrg(server.db);
    const own = (await addAgentToken(server.db, other.id)).agentToken;
    const handset = await connect(server.url, own, { agentId: 'agent-handset', devices: [androidDevice('phone-1', { kind: 'physical' })] });
    await handset.next('welcome');
    const { jobIds } = await seedRun(['launchApp']);
    await server.db.query(`UPDATE attempts SET physical = true WHERE id = $1`, [jobIds[0]]);
    server.services.dispatcher.wake();
    // The run belongs to `org`, the handset to `other`: no offer.
    await expect(handset.next('job.offer', 400)).rejects.toThrow(/no job.offer/);
    expect((await jobRow(jobIds[0]!)).status).toBe('pending');
    await server.db.query(`UPDATE attempts SET status = 'blocked' WHERE id = $1`, [jobIds[0]]);
    handset.close();
  });

  it('an agent that reconnects keeps the tests it still runs, and loses the ones it forgot', async () => {
    const agent = await connect(server.url, shared, {
      agentId: 'agent-back',
      devices: [androidDevice('emu-back-1'), androidDevice('emu-back-2')],
    });
    await agent.next('welcome');
    const { jobIds } = await seedRun(['launchApp'], 2);
    const a = await agent.next('job.offer');
    const b = await agent.next('job.offer');
    agent.send({ type: 'job.accepted', jobId: a.jobId });
    agent.send({ type: 'job.accepted', jobId: b.jobId });
    await until(
      () => jobRow(jobIds[1]!),
      (r) => r.status === 'running',
    );
    agent.ws.terminate();
    const back = await connect(server.url, shared, {
      agentId: 'agent-back',
      devices: [androidDevice('emu-back-1'), androidDevice('emu-back-2')],
      jobs: [{ jobId: a.jobId, state: 'running' }],
    });
    await back.next('welcome');
    const kept = jobIds.find((id) => a.jobId.startsWith(id))!;
    const forgotten = jobIds.find((id) => b.jobId.startsWith(id))!;
    expect((await jobRow(kept)).status).toBe('running');
    const retried = await until(
      () => jobRow(forgotten),
      (r) => r.try_number === 2,
    );
    expect(['pending', 'offered']).toContain(retried.status);
    back.send({ type: 'job.result', jobId: a.jobId, verdict: 'succeeded', durationSeconds: 2 });
    await back.next('job.result.ack');
    expect((await jobRow(kept)).status).toBe('succeeded');
    const again = await back.next('job.offer');
    back.send({ type: 'job.rejected', jobId: again.jobId, reason: 'busy' });
    // A refusal costs no try: the same try is offered again, on the other device (the refusing one waits for a report).
    const third = await back.next('job.offer');
    expect(third).toMatchObject({ jobId: again.jobId, tryNumber: 2 });
    expect(third.serial).not.toBe(again.serial);
    await server.db.query(`UPDATE attempts SET status = 'blocked' WHERE id = $1`, [forgotten]);
    back.close();
  });
});

describe('revoking an agent token', () => {
  it('closes its connected agents with 4401 within a heartbeat, and refuses it from then on', async () => {
    const { agentToken, agentTokenId } = await addAgentToken(server.db, null);
    const agent = await connect(server.url, agentToken, { agentId: 'agent-revoked', devices: [androidDevice('emu-revoked')] });
    await agent.next('welcome');
    const revoked = await client(server.url, 'test-operator-token')('POST', '/admin/agent-tokens/revoke', { agentTokenId });
    expect(revoked.body).toEqual({ agentTokenId, revoked: true });
    // The hub pings; the pong's liveness touch finds the token revoked (no message between replicas needed).
    expect(await agent.closed).toEqual({ code: 4401, reason: 'the agent token was revoked' });
    await expect(connectFakeAgent(server.url, agentToken, { agentId: 'agent-revoked' })).rejects.toThrow(/401/);
    expect((await fetch(`${server.url}/agent/builds/bld_nope`, { headers: { authorization: `Bearer ${agentToken}` } })).status).toBe(401);
    const again = await client(server.url, 'test-operator-token')('POST', '/admin/agent-tokens/revoke', { agentTokenId });
    expect(again.status).toBe(200); // idempotent
  });
});

describe('build downloads for agents', () => {
  it('needs an agent token', async () => {
    const res = await client(server.url)('GET', '/agent/builds/bld_nope');
    expect(res.status).toBe(401);
    const withToken = await fetch(`${server.url}/agent/builds/bld_nope`, { headers: { authorization: `Bearer ${shared}` } });
    expect(withToken.status).toBe(404);
  });

  it("gives a shared-pool agent a build only while it holds a test of it; an organisation's agents get their own builds", async () => {
    const buildId = `bld_${randomToken(12)}`;
    const storageKey = `builds/${org.id}/${buildId}.apk`;
    const bytes = new TextEncoder().encode('an apk of organisation A');
    await server.services.storage.put(storageKey, bytes);
    await insertBuild(server.db, {
      id: buildId,
      orgId: org.id,
      platform: 'android',
      kind: 'apk',
      fileName: 'shop.apk',
      storageKey,
      sizeBytes: bytes.length,
      sha256: 'x'.repeat(64),
      packageName: 'com.example.shop',
      versionName: '1.0',
      versionCode: '1',
      displayName: null,
      meta: {},
      ci: null,
    });
    const download = (token: string) => fetch(`${server.url}/agent/builds/${buildId}`, { headers: { authorization: `Bearer ${token}` } });
    const otherPool = (await addAgentToken(server.db, null)).agentToken;
    const ownOrg = (await addAgentToken(server.db, org.id)).agentToken;
    const otherOrg = (await addAgentToken(server.db, (await seedOrg(server.db)).id)).agentToken;

    expect((await download(shared)).status).toBe(404); // no test of this build anywhere yet
    expect((await download(ownOrg)).status).toBe(200);
    expect((await download(otherOrg)).status).toBe(404);

    const agent = await connect(server.url, shared, { agentId: 'agent-build-download', devices: [androidDevice('emu-build-download')] });
    const { runId } = await seedRun();
    await server.db.query('UPDATE runs SET build_id = $1 WHERE id = $2', [buildId, runId]);
    server.services.dispatcher.wake();
    const offer = await agent.next('job.offer');
    const held = await download(shared);
    expect(held.status).toBe(200);
    expect(new Uint8Array(await held.arrayBuffer())).toEqual(bytes);
    expect((await download(otherPool)).status).toBe(404); // another shared-pool token holds nothing of it

    expect(offer.runId).toBe(runId);
    await server.db.query(`UPDATE attempts SET status = 'failed' WHERE run_id = $1`, [runId]);
    expect((await download(shared)).status).toBe(404);
  });
});
