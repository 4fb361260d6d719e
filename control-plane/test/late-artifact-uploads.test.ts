/**
 * A lab agent sends a test's verdict before its recording and device log are uploaded
 * (docs/api.md#recordings), on the real server and both database backends, with real lab
 * agents and their virtual handsets. Uploads pass through a proxy that holds them
 * (upload-gate.ts), as a slow network would, so the time between verdict and upload is the
 * test's to choose.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeApk } from '../../scripts/fixtures/builds.js';
import { addAgentToken } from '../src/admin/provision.js';
import {
  artifactsLanded,
  type Client,
  client,
  type Org,
  runEnded,
  seedOrg,
  settledTest,
  startServer,
  type TestServer,
  until,
  uploadBuild,
} from './harness.js';
import { labAgents, startAgentProcess } from './lab-agents.js';
import { startUploadGate, type UploadGate } from './upload-gate.js';

let server: TestServer;
let gate: UploadGate;
let org: Org;
let api: Client;
let token: string;
let work: string;
let buildId: string;
let testId: string;
let cookie: string;
const children: ChildProcess[] = [];
const agents = labAgents(() => ({ controlPlaneUrl: server.url, token, work }));

interface Row {
  id: string;
  tryNumber: number;
  status: string;
  recordingKey: string | null;
  recordingPending: boolean;
  recordingMissing: string | null;
  deviceLogKey: string | null;
  deviceLogPending: boolean;
  deviceLogMissing: string | null;
}
const attemptOf = async (runId: string): Promise<Row> =>
  (
    await server.db.query<Row>(
      `SELECT id, try_number AS "tryNumber", status, recording_key AS "recordingKey", recording_pending AS "recordingPending",
              recording_missing AS "recordingMissing", device_log_key AS "deviceLogKey", device_log_pending AS "deviceLogPending",
              device_log_missing AS "deviceLogMissing"
         FROM attempts WHERE run_id = $1`,
      [runId],
    )
  )[0]!;

const page = (path: string) => fetch(`${server.url}/app${path}`, { headers: { cookie }, redirect: 'manual' });
const recordingPage = (runId: string) => page(`/recording/${runId}/runs/${testId}`);
const deviceLogApi = (runId: string) => api('GET', `/runs/${runId}/tests/${testId}/device-log`);

async function startRun(): Promise<string> {
  const res = await api('POST', '/tests/execute', { organisationId: org.id, buildId, testIds: [testId] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.runId;
}

/** A finished run whose uploads the gate still holds, and the agent that ran it. */
async function runWithUploadsHeld(): Promise<{ runId: string; run: any }> {
  const runId = await startRun();
  const run = await runEnded(api, runId, 30_000);
  await until(async () => gate.held() >= 2); // the recording and the device log, both after the verdict
  return { runId, run };
}

/** An agent's upload of a recording, by hand (the agents' route, not the product's client). */
const putRecording = (jobId: string, agentToken: string, agentId: string | null, bytes = Buffer.from('GIF89a-late-upload')) =>
  fetch(`${server.url}/agent/recordings/${encodeURIComponent(jobId)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${agentToken}`, 'content-type': 'image/gif', ...(agentId ? { 'x-devicelab-agent': agentId } : {}) },
    body: bytes,
  });

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'devicelab-late-uploads-'));
  server = await startServer({ AGENT_HEARTBEAT_MS: '500' });
  gate = await startUploadGate(server.url);
  // The offers' upload URLs are made from BASE_URL: the agents' uploads go through the gate.
  server.config.baseUrl = gate.url;
  org = await seedOrg(server.db);
  api = client(server.url, org.apiKey);
  token = (await addAgentToken(server.db, null)).agentToken;
  const apk = join(work, 'sample.apk');
  await makeApk(apk, { packageName: 'com.devicelab.sample', versionName: '1.0', versionCode: 1, label: 'DeviceLab Sample' });
  buildId = await uploadBuild(server.url, org.apiKey, apk, {}, 'sample.apk');
  const created = await api('POST', '/tests', { title: 'Shows the log-in screen', commands: ['assertVisible: "Log in"'] });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  testId = created.body.testId;
  expect((await settledTest(api, testId)).platforms.android.status).toBe('ready');
  const signIn = await fetch(`${server.url}/app/sign-in`, {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ api_key: org.apiKey }),
    redirect: 'manual',
  });
  expect(signIn.status).toBe(303);
  cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
});

afterEach(async () => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  gate.release();
  await agents.stopAll();
  await until(async () => (await server.db.query('SELECT 1 FROM agents WHERE connected')).length === 0);
  gate.drop();
  // The next test holds its uploads again.
  await gate.close();
  gate = await startUploadGate(server.url);
  server.config.baseUrl = gate.url;
});

afterAll(async () => {
  await gate?.close();
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('recordings and device logs uploaded after the verdict', () => {
  it('the run completes first; its pages say the recording is still uploading, and it plays once it lands', async () => {
    await agents.start({ virtualDevices: 1 });
    const { runId, run } = await runWithUploadsHeld();
    expect(run.succeededTests.map((t: any) => t.id)).toEqual([testId]);
    expect(await attemptOf(runId)).toMatchObject({
      status: 'succeeded',
      recordingKey: null,
      recordingPending: true,
      deviceLogKey: null,
      deviceLogPending: true,
    });
    const waitingPage = await recordingPage(runId);
    expect(waitingPage.status).toBe(200);
    expect(await waitingPage.text()).toContain('its recording is still uploading from the lab agent');
    const waitingVideo = await page(`/recording/${runId}/runs/${testId}/video`);
    expect(waitingVideo.status).toBe(404);
    expect(await waitingVideo.text()).toContain('still uploading');
    const waitingLog = await deviceLogApi(runId);
    expect(waitingLog.status).toBe(404);
    expect(waitingLog.body.detail).toMatch(/still uploading/);

    gate.release();
    await artifactsLanded(server.db, runId);
    const landed = await attemptOf(runId);
    expect(landed.recordingKey).toMatch(new RegExp(`^recordings/${org.id}/${runId}/.+\\.gif$`));
    expect(landed.deviceLogKey).toMatch(/\.device-log\.txt$/);
    const video = await page(`/recording/${runId}/runs/${testId}/video`);
    expect(video.status).toBe(200);
    expect(video.headers.get('content-type')).toBe('image/gif');
    expect(Buffer.from(await video.arrayBuffer()).toString('latin1', 0, 6)).toBe('GIF89a');
    expect(await (await recordingPage(runId)).text()).toContain('<img id="recording"');
    const log = await deviceLogApi(runId);
    expect(log.status).toBe(200);
    expect(String(log.body)).toContain('DeviceLab: step 1 begins');
  });

  it('is taken only from the agent that ran the try, only while awaited; re-sent, it changes nothing; never a 500', async () => {
    const agent = await agents.start({ virtualDevices: 1 });
    const { runId } = await runWithUploadsHeld();
    const row = await attemptOf(runId);
    const jobId = `${row.id}.${row.tryNumber}`;

    // Another agent (its own token, even naming this agent's id) and this token without the agent's id: refused.
    const other = (await addAgentToken(server.db, null)).agentToken;
    for (const [agentToken, agentId] of [
      [other, agent.agentId],
      [token, null],
      [token, 'agent-someone-else'],
    ] as const) {
      const res = await putRecording(jobId, agentToken, agentId);
      expect(res.status, `${agentId}`).toBe(404);
      expect((await res.json()).detail).toMatch(/job of this agent awaiting this upload not found/);
    }
    // Another try of the same attempt, and names that are no job at all.
    for (const bad of [`${row.id}.${row.tryNumber + 1}`, 'no-dot', '..%2F..%2Fetc.1']) {
      const res = await putRecording(bad, token, agent.agentId);
      expect(res.status, bad).toBe(404);
      expect((await res.json()).detail).toEqual(expect.any(String));
    }
    expect(await attemptOf(runId)).toMatchObject({ recordingKey: null, recordingPending: true });

    // The agent's own upload lands; a re-sent one answers the same key and changes nothing.
    gate.release();
    await artifactsLanded(server.db, runId);
    const landed = await attemptOf(runId);
    const again = await putRecording(jobId, token, agent.agentId);
    expect(again.status).toBe(200);
    expect((await again.json()).recordingKey).toBe(landed.recordingKey);
    expect(await attemptOf(runId)).toEqual(landed);
    // Nothing is awaited any more: a report of it missing is refused.
    const missing = await fetch(`${server.url}/agent/recordings/${jobId}/missing`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-devicelab-agent': agent.agentId },
      body: JSON.stringify({ artifact: 'recording', reason: 'lost' }),
    });
    expect(missing.status).toBe(409);
    expect((await missing.json()).detail).toMatch(/not awaited/);
    expect(await attemptOf(runId)).toEqual(landed);
  });

  it('an upload the control plane refuses is reported missing by the agent, with the reason', async () => {
    await agents.start({ virtualDevices: 1 });
    const { runId } = await runWithUploadsHeld();
    gate.refuse(413);
    await artifactsLanded(server.db, runId);
    const row = await attemptOf(runId);
    expect(row).toMatchObject({
      status: 'succeeded',
      recordingKey: null,
      recordingPending: false,
      deviceLogKey: null,
      deviceLogPending: false,
    });
    expect(row.recordingMissing).toBe('the lab agent could not upload it: upload answered 413 refused by the test');
    expect(row.deviceLogMissing).toBe('the lab agent could not upload it: upload answered 413 refused by the test');
    expect(await (await recordingPage(runId)).text()).toContain(
      'The recording is missing: the lab agent could not upload it: upload answered 413 refused by the test.',
    );
  });

  it('an agent killed between its verdict and its uploads: the verdict stands, the recording and log are missing with the reason', async () => {
    const stateDir = mkdtempSync(join(work, 'killed-'));
    const child = startAgentProcess(server.url, token, stateDir);
    children.push(child);
    const { runId, run } = await runWithUploadsHeld();
    expect(run.succeededTests.map((t: any) => t.id)).toEqual([testId]);
    child.kill('SIGKILL');
    gate.drop();
    await until(async () => (await attemptOf(runId)).recordingMissing !== null);
    expect(await attemptOf(runId)).toMatchObject({
      status: 'succeeded',
      recordingKey: null,
      recordingPending: false,
      recordingMissing: 'the lab agent disconnected before uploading it',
      deviceLogKey: null,
      deviceLogPending: false,
      deviceLogMissing: 'the lab agent disconnected before uploading it',
    });
    expect((await runEnded(api, runId)).succeededTests.map((t: any) => t.id)).toEqual([testId]);
    expect(await (await recordingPage(runId)).text()).toContain(
      'The recording is missing: the lab agent disconnected before uploading it.',
    );
    const log = await deviceLogApi(runId);
    expect(log.status).toBe(404);
    expect(log.body.detail).toBe('the device log is missing: the lab agent disconnected before uploading it');
  });
});
