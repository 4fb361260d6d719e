import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatCompletion,
  errorResponse,
  type FakeOpenAiServer,
  shownIndex,
  startFakeOpenAiServer,
} from '../src/brain/testing/fake-openai-server.js';
import { type Client, client, seedOrg, startServer, type TestServer } from './harness.js';

const login = readFileSync(new URL('../src/brain/fixtures/android-login.xml', import.meta.url), 'utf8');

let fake: FakeOpenAiServer;
let server: TestServer;
let api: Client;

beforeAll(async () => {
  fake = await startFakeOpenAiServer();
  // The configuration a team sets for an OpenAI-compatible provider.
  server = await startServer({ AI_BASE_URL: fake.baseUrl, AI_API_KEY: 'sk-test-secret', AI_MODEL: 'fake-model' });
  api = client(server.url, (await seedOrg(server.db)).apiKey);
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

describe('an OpenAI-compatible model chosen by configuration', () => {
  it('decides AI steps through the provider, and cached steps never call it', async () => {
    fake.setHandler((request) => chatCompletion({ action: 'tap', element: shownIndex(request, /"Log in"/), reason: 'the login button' }));
    const before = fake.requests.length;
    const s1 = (await api('POST', '/sessions/create', { test_id: 'ai-login' })).body.session_id;
    const first = await api('POST', `/sessions/${s1}/execute`, { command: 'Tap the Log in button', page_source: login });
    expect(first.body).toMatchObject({
      step_type: 'ai',
      actions: [{ type: 'tap', target: { value: expect.stringMatching(/login_button$/) } }],
    });
    expect(fake.requests.length).toBe(before + 1);
    const sent = fake.requests.at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer sk-test-secret');
    expect((sent.json as { model: string }).model).toBe('fake-model');

    const s2 = (await api('POST', '/sessions/create', { test_id: 'ai-login' })).body.session_id;
    const second = await api('POST', `/sessions/${s2}/execute`, { command: 'Tap the Log in button', page_source: login });
    expect(second.body.step_type).toBe('cached');
    expect(fake.requests.length).toBe(before + 1);
  });

  it('a provider failure answers 502 without the key, and records no step', async () => {
    fake.enqueue(errorResponse(500, 'upstream exploded'));
    const s = (await api('POST', '/sessions/create', { test_id: 'ai-down' })).body.session_id;
    const res = await api('POST', `/sessions/${s}/execute`, { command: 'Tap Sign up', page_source: login });
    expect(res.status).toBe(502);
    expect(res.body.detail).toMatch(/AI model/);
    expect(JSON.stringify(res.body)).not.toContain('sk-test-secret');
    expect((await api('GET', `/sessions/${s}`)).body).toMatchObject({ ai_steps: 0, cached_steps: 0 });
  });
});
