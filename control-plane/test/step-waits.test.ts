/**
 * The step engine's side of steps that wait (docs/steps-and-waits.md): a step that cannot
 * be done on a screen while the agent's wait has time left is answered `retry` and leaves
 * nothing behind; the last try is recorded with the wait in its reason and its row; cached
 * steps replay only on settled screens; `(timeout: …)` is the agent's, not the command's.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreenWait } from '../src/engine/step-engine.js';
import { ApiError } from '../src/errors.js';
import { findSession, insertSession, listSteps, type SessionRecord } from '../src/queries/sessions.js';
import { type Org, seedOrg, startServer, type TestServer } from './harness.js';

const screen = (name: string) => readFileSync(new URL(`../src/brain/fixtures/${name}.xml`, import.meta.url), 'utf8');
const LOGIN = screen('android-login');
const HOME = screen('android-home');

let server: TestServer;
let org: Org;
let sessions = 0;

beforeAll(async () => {
  server = await startServer();
  org = await seedOrg(server.db, { name: 'Engine waits' });
});
afterAll(async () => {
  await server?.close();
});

async function newSession(testId: string | null = null, platform: 'android' | 'ios' = 'android'): Promise<SessionRecord> {
  sessions += 1;
  return insertSession(server.db, { id: `ses_wait${Date.now()}${sessions}`, orgId: org.id, apiKeyId: org.apiKeyId, testId, platform });
}

const waiting = (over: Partial<ScreenWait> = {}): ScreenWait => ({ waitedMs: 300, settled: true, mayRetry: true, ...over });

async function decide(session: SessionRecord, command: string, pageSource: string, wait?: ScreenWait, stepNumber = 0) {
  const fresh = (await findSession(server.db, org.id, session.id))!;
  return server.services.engine.decideStep({ session: fresh, call: 'execute', command, pageSource, stepNumber, wait });
}

describe("the step engine and the agent's waits", () => {
  it('answers retry for an absent target while the wait has time, recording nothing; the last try is recorded with the wait', async () => {
    const session = await newSession();
    const early = await decide(session, 'tapOn: "Shop now"', LOGIN, waiting());
    expect(early).toMatchObject({ retry: true, failed: true, actions: [] });
    expect(early.reason).toMatch(/Shop now/);
    expect(await listSteps(server.db, session.id)).toEqual([]);

    const last = await decide(session, 'tapOn: "Shop now"', LOGIN, waiting({ waitedMs: 5230, mayRetry: false }));
    expect(last).toMatchObject({ retry: false, failed: true });
    expect(last.reason).toMatch(/Shop now.* \(waited 5\.2 s\)$/);
    const [step] = await listSteps(server.db, session.id);
    expect(step).toMatchObject({ outcome: 'failed', reason: last.reason, waitedMs: 5230, screenSettled: true });

    // Once it is there, the same command acts at once, and its wait is recorded.
    const found = await decide(session, 'tapOn: "Shop now"', HOME, waiting({ waitedMs: 1800 }), 1);
    expect(found).toMatchObject({
      retry: false,
      failed: false,
      actions: [{ type: 'tap', target: { value: expect.stringMatching(/shop_now/) } }],
    });
    expect((await listSteps(server.db, session.id))[1]).toMatchObject({
      outcome: 'action',
      waitedMs: 1800,
      reason: expect.not.stringContaining('waited'),
    });
  });

  it('an "is not shown" check waits for its element to go', async () => {
    const session = await newSession();
    expect(await decide(session, 'Check that "Log in" is not shown', LOGIN, waiting())).toMatchObject({ retry: true, failed: true });
    expect(await decide(session, 'Check that "Log in" is not shown', HOME, waiting())).toMatchObject({ retry: false, failed: false });
  });

  it('fails at once what no later screen can change, and SDK steps (no wait) as before', async () => {
    const ios = await newSession(null, 'ios');
    const back = await decide(ios, 'pressBackButton', screen('ios-login'), waiting());
    expect(back).toMatchObject({ retry: false, failed: true });
    const sdk = await newSession();
    expect(await decide(sdk, 'tapOn: "Shop now"', LOGIN)).toMatchObject({ retry: false, failed: true });
    expect((await listSteps(server.db, sdk.id))[0]).toMatchObject({ waitedMs: null, screenSettled: null });
  });

  it('replays a cached step only on a settled screen, and caches nothing decided on an unsettled one', async () => {
    const testId = `waits-cache-${Date.now()}`;
    const command = 'Tap the Log in button';
    expect((await decide(await newSession(testId), command, LOGIN, waiting({ settled: false }))).kind).toBe('ai');
    expect((await decide(await newSession(testId), command, LOGIN, waiting())).kind).toBe('ai'); // nothing was cached above
    expect((await decide(await newSession(testId), command, LOGIN, waiting({ settled: false }))).kind).toBe('ai');
    expect((await decide(await newSession(testId), command, LOGIN, waiting())).kind).toBe('cached');
    const unsettled = await newSession(testId);
    await decide(unsettled, command, LOGIN, waiting({ settled: false, waitedMs: 3000 }));
    expect((await listSteps(server.db, unsettled.id))[0]).toMatchObject({ screenSettled: false, waitedMs: 3000 });
  });

  it('decides a command without its (timeout: …) option, and refuses a bad one', async () => {
    const session = await newSession();
    const tap = await decide(session, 'tapOn: "Log in" (timeout: 10 s)', LOGIN, waiting());
    expect(tap).toMatchObject({ failed: false, actions: [{ type: 'tap', target: { value: expect.stringMatching(/Log in|login/) } }] });
    const refused = await decide(session, 'tapOn: "Log in" (timeout: 0 s)', LOGIN, waiting()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).detail).toMatch(/^command: timeout: between 0 and 300 seconds/);
  });
});
