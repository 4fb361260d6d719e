/**
 * The OpenAI-compatible provider on the path of a platform run: the real control plane
 * asks a local OpenAI-compatible server (real HTTP on 127.0.0.1) while the real lab agent
 * drives a virtual handset. Whatever the provider answers badly, no step passes: each
 * run ends failed (the answer was unusable, the model refused or found nothing) or
 * blocked (the provider did not answer), with a reason that says which.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeApk } from '../../scripts/fixtures/builds.js';
import { addAgentToken } from '../src/admin/provision.js';
import {
  chatCompletion,
  errorResponse,
  type FakeOpenAiServer,
  type RecordedRequest,
  type ScriptedResponse,
  shownIndex,
  startFakeOpenAiServer,
} from '../src/brain/testing/fake-openai-server.js';
import { type Client, client, type Org, runEnded, seedOrg, settledTest, startServer, type TestServer, uploadBuild } from './harness.js';
import { labAgents } from './lab-agents.js';

let fake: FakeOpenAiServer;
let server: TestServer;
let org: Org;
let api: Client;
let work: string;
let buildId: string;
let token: string;
let tests = 0;
const agents = labAgents(() => ({ controlPlaneUrl: server.url, token, work }));

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'devicelab-ai-runs-'));
  fake = await startFakeOpenAiServer();
  server = await startServer({ AI_BASE_URL: fake.baseUrl, AI_API_KEY: 'sk-test-secret', AI_MODEL: 'fake-model', AI_TIMEOUT_MS: '2000' }); // 500 ms timed out healthy answers on a loaded CI machine
  org = await seedOrg(server.db, { name: 'AI runs' });
  api = client(server.url, org.apiKey);
  const file = join(work, 'sample.apk');
  await makeApk(file, { packageName: 'com.devicelab.sample', versionName: '1.0', versionCode: 1, label: 'DeviceLab Sample' });
  buildId = await uploadBuild(server.url, org.apiKey, file, { metadata: JSON.stringify({ name: 'sample' }) });
  token = (await addAgentToken(server.db, null)).agentToken;
  await agents.start({ virtualDevices: 1 });
});
afterEach(() => fake.setHandler(() => errorResponse(500, 'fake server: no handler')));
afterAll(async () => {
  await agents.stopAll();
  await server?.close();
  await fake?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Runs a new one-step test (a new test each time: nothing comes from the step cache) with the provider answering so. */
async function runWith(command: string, answer: (request: RecordedRequest) => ScriptedResponse): Promise<[string, string]> {
  fake.setHandler(answer);
  tests += 1;
  const created = await api('POST', '/tests', { title: `AI answer ${tests}`, commands: [command] });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect((await settledTest(api, created.body.testId)).platforms.android.status).toBe('ready');
  const res = await api('POST', '/tests/execute', { organisationId: org.id, buildId, testIds: [created.body.testId] });
  const run = await runEnded(api, res.body.runId, 60_000);
  const [test] = [...run.succeededTests, ...run.failedTests, ...run.blockedTests];
  return [test.status, test.statusMessage ?? ''];
}

const TAP = 'Tap the Log in button';

describe('an OpenAI-compatible provider on a platform run', () => {
  it('passes a step the model answers well, through the JSON schema, with the hierarchy and the screenshot', async () => {
    const before = fake.requests.length;
    expect(
      await runWith(TAP, (r) =>
        chatCompletion({
          action: 'tap',
          element: shownIndex(r, /"Log in"/),
          text: null,
          direction: null,
          seconds: null,
          visible: null,
          reason: 'the button',
        }),
      ),
    ).toEqual(['succeeded', '']);
    const sent = fake.requests[before]!.json as {
      response_format: { type: string; json_schema: { strict: boolean } };
      messages: Array<{ content: unknown }>;
    };
    expect(sent.response_format).toMatchObject({ type: 'json_schema', json_schema: { strict: true } });
    const parts = sent.messages[1]!.content as Array<{ type: string }>;
    expect(parts.map((p) => p.type)).toEqual(['text', 'image_url']);
  });

  it('fails the step on malformed JSON, an element not on the screen, a refusal, or a check on nothing', async () => {
    expect(await runWith(TAP, () => chatCompletion('{"action": "tap", "element": '))).toEqual([
      'failed',
      expect.stringMatching(/The AI model's answer was unusable: not JSON/),
    ]);
    expect(await runWith(TAP, () => chatCompletion({ action: 'tap', element: 4096, reason: 'x' }))).toEqual([
      'failed',
      expect.stringMatching(/unusable: element 4096 is not one of the \d+ listed elements/),
    ]);
    expect(
      await runWith(TAP, () => ({ body: { choices: [{ message: { role: 'assistant', content: null, refusal: 'I will not' } }] } })),
      // Only the time the step waited for its screen may follow (step-engine.ts withWait: a loaded machine settles slowly).
    ).toEqual(['failed', expect.stringMatching(/The AI model refused: I will not(?: \(waited [\d.]+ s[^)]*\))?$/)]);
    expect(
      await runWith('Check that Goodbye is shown', () =>
        chatCompletion({ action: 'assert', element: null, visible: true, reason: 'looks fine' }),
      ),
    ).toEqual(['failed', expect.stringMatching(/unusable: "assert" without the element that should be visible/)]);
  });

  it('a model that finds nothing is asked again while the step waits, then fails with the time waited', async () => {
    const before = fake.requests.length;
    const [status, reason] = await runWith(`${TAP} (timeout: 3 s)`, () =>
      chatCompletion({ action: 'fail', reason: 'No Log in button here' }),
    );
    expect(status).toBe('failed');
    expect(reason).toMatch(/No Log in button here \(waited [3-9]\.\d s\)$/);
    expect(fake.requests.length - before).toBeGreaterThan(1);
  });

  it('blocks the test when the provider rate limits beyond a short Retry-After, or does not answer in time', async () => {
    expect(await runWith(TAP, () => ({ ...errorResponse(429, 'Too many requests'), headers: { 'retry-after': '60' } }))).toEqual([
      'blocked',
      expect.stringMatching(/is rate limiting requests \(HTTP 429\): Too many requests; it asks to retry after 60 s$/),
    ]);
    expect(await runWith(TAP, () => ({ ...chatCompletion({ action: 'done', reason: 'late' }), delayMs: 6000 }))).toEqual([
      'blocked',
      expect.stringMatching(/did not answer within 2000 ms$/),
    ]);
    const [, reason] = await runWith(TAP, () => errorResponse(429, 'Too many requests'));
    expect(reason).not.toContain('sk-test-secret');
  });
});
