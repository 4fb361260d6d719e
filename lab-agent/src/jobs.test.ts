import type { StepDecide } from '@devicelab/shared';
import { SAMPLE_EMAIL, SAMPLE_PACKAGE, SAMPLE_PASSWORD } from '@devicelab/virtual-devices';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agentHarness, eventually } from './testing/agent-harness.js';
import { type DecisionInput, type FakeControlPlane, startFakeControlPlane } from './testing/fake-control-plane.js';
import { centerOf, jobOffer, sampleApk, screenTexts } from './testing/sample.js';

/** Hand-written decisions for the sample app, as the brain would answer them: points taken from the hierarchy. */
function sampleAppDecider(rounds: Map<string, number>) {
  return (req: StepDecide): DecisionInput | null => {
    const key = `${req.jobId}/${req.stepIndex}`;
    const round = (rounds.get(key) ?? 0) + 1;
    rounds.set(key, round);
    const xml = req.pageSource;
    const shot = { screenshotKey: `screens/${req.requestId}.png`, kind: 'ai' as const };
    switch (req.command) {
      case 'Enter {{email}} in the Email field':
        return {
          ...shot,
          actions: [
            { type: 'type', target: { by: 'resourceId', value: 'email' }, point: centerOf(xml, { id: 'email' }), text: SAMPLE_EMAIL },
          ],
        };
      case 'Log in with the password':
        // Two rounds for one command: type the password (not finished), then tap Log in.
        return round === 1
          ? {
              ...shot,
              finished: false,
              actions: [
                {
                  type: 'type',
                  target: { by: 'resourceId', value: 'password' },
                  point: centerOf(xml, { id: 'password' }),
                  text: SAMPLE_PASSWORD,
                },
              ],
            }
          : { ...shot, actions: [{ type: 'tap', target: { by: 'text', value: 'Log in' }, point: centerOf(xml, { text: 'Log in' }) }] };
      case 'Check that Product 3 is in the list':
        return screenTexts(xml).includes('Product 3')
          ? { ...shot, kind: 'cached', actions: [{ type: 'assert', target: { by: 'text', value: 'Product 3' }, visible: true }] }
          : { ...shot, failed: true, reason: 'No element matching "Product 3" on the screen' };
      case 'Scroll down':
        return { ...shot, actions: [{ type: 'scroll', direction: 'down' }] };
      case 'Look at the list':
        return { ...shot, actions: [{ type: 'done' }] };
      default:
        return { ...shot, failed: true, reason: `No element matching "${req.command}" on the screen` };
    }
  };
}

const LOGIN = ['Enter {{email}} in the Email field', 'Log in with the password', 'Check that Product 3 is in the list'];

describe('running jobs on virtual devices', () => {
  let server: FakeControlPlane;
  let apk: Buffer;
  const agents = agentHarness();
  const rounds = new Map<string, number>();

  beforeAll(async () => {
    apk = await sampleApk();
  });
  beforeEach(async () => {
    server = await startFakeControlPlane();
    server.decider = sampleAppDecider(rounds);
  });
  afterEach(async () => {
    await agents.stopAll();
    await server.close();
  });

  it('logs in to the sample app, reaches the product list and asserts on it', async () => {
    const agent = await agents.start(server, { virtualDevices: 1 });
    await server.waitFor('hello');
    const build = server.addBuild('b-sample', apk);
    server.send(
      jobOffer({
        jobId: 'job-login',
        build,
        commands: [...LOGIN, 'Scroll down', 'Look at the list'],
        launchParams: [{ key: 'env', value: 'staging' }],
      }),
    );

    expect((await server.waitFor('job.accepted')).jobId).toBe('job-login');
    const result = await server.waitFor('job.result');
    expect(result).toMatchObject({ jobId: 'job-login', verdict: 'succeeded', statusMessage: '', failedStep: null, recordingKey: null });
    expect(result.durationSeconds).toBeGreaterThanOrEqual(0);

    const decides = server.messages('step.decide');
    expect(decides.map((d) => d.stepIndex)).toEqual([0, 1, 1, 2, 3, 4]);
    expect(decides[0]!.command).toBe('Enter {{email}} in the Email field'); // as written: the server resolves references
    expect(screenTexts(decides[0]!.pageSource)).toContain('Welcome back');
    expect(Buffer.from(decides[0]!.screenshot!, 'base64').subarray(1, 4).toString('ascii')).toBe('PNG');
    // The email typed in step 1 is on the screen step 2 saw; after logging in the list is shown.
    expect(screenTexts(decides[1]!.pageSource)).toContain(SAMPLE_EMAIL);
    expect(screenTexts(decides[3]!.pageSource)).toEqual(expect.arrayContaining(['Products', 'Product 1', 'Product 3']));
    expect(screenTexts(decides[3]!.pageSource)).not.toContain('Welcome back');
    // "Scroll down" swiped up: the list moved on to later products.
    const products = (xml: string) =>
      screenTexts(xml)
        .filter((t) => /^Product \d+$/.test(t))
        .map((t) => Number(t.slice(8)));
    const before = products(decides[4]!.pageSource);
    const after = products(decides[5]!.pageSource);
    expect(before[0]).toBe(1);
    expect(after[0]).toBeGreaterThan(1);
    expect(Math.max(...after)).toBeGreaterThan(Math.max(...before));

    const events = server.messages('step.event');
    expect(events.map((e) => [e.stepIndex, e.outcome, e.actions[0]?.['type']])).toEqual([
      [0, 'performed', 'type'],
      [1, 'performed', 'type'],
      [1, 'performed', 'tap'],
      [2, 'performed', 'assert'],
      [3, 'performed', 'scroll'],
      [4, 'performed', 'done'],
    ]);
    expect(events[0]!.screenshotKey).toBe(`screens/${decides[0]!.requestId}.png`);

    const device = agent.virtual!.getDevice('virtual-1')!;
    expect(device.launchExtras.get(SAMPLE_PACKAGE)).toEqual({ env: 'staging' });
    expect(screenTexts(device.dumpXml())).toContain('Products');
    expect(screenTexts(device.dumpXml())).not.toContain('Product 1'); // scrolled past it
    expect(agent.logs.some((l) => l.startsWith('job job-login accepted on virtual-1'))).toBe(true);
    expect(agent.logs.some((l) => l.startsWith('job job-login succeeded'))).toBe(true);
  });

  it('fails the test with the step and the reason when a decision says failed', async () => {
    await agents.start(server);
    const build = server.addBuild('b-fail', apk);
    server.send(jobOffer({ jobId: 'job-fail', build, commands: ['Enter {{email}} in the Email field', 'Tap Sign up', 'Scroll down'] }));
    const result = await server.waitFor('job.result');
    expect(result).toMatchObject({
      verdict: 'failed',
      failedStep: 1,
      statusMessage: 'Step 2 "Tap Sign up": No element matching "Tap Sign up" on the screen',
    });
    const events = server.messages('step.event');
    expect(events.map((e) => [e.stepIndex, e.outcome])).toEqual([
      [0, 'performed'],
      [1, 'failed'],
    ]);
    expect(events[1]!.error).toBe('No element matching "Tap Sign up" on the screen');
    // Nothing after the failed step was asked.
    expect(server.messages('step.decide').some((d) => d.stepIndex === 2)).toBe(false);
  });

  it('fails a step that never finishes, one the server cannot decide, and one without a timely decision', async () => {
    // Quarter-size screenshots: job-slow's 0.3 s budget must go to the missing decision, not to
    // encoding three full-size screens at once on a busy machine.
    await agents.start(server, {
      virtualDevices: 3,
      maxRoundsPerStep: 3,
      virtualDeviceOptions: [1, 2, 3].map(() => ({ screencapScale: 0.25 })),
    });
    const build = server.addBuild('b-rounds', apk);
    server.decider = (req) => {
      if (req.jobId === 'job-endless') return { actions: [{ type: 'wait', seconds: 0 }], finished: false };
      if (req.jobId === 'job-undecided') return { ok: false, error: 'model unavailable' };
      return null; // job-slow: never answered
    };
    server.send(jobOffer({ jobId: 'job-endless', serial: 'virtual-1', build, commands: ['Wait for the spinner'] }));
    server.send(jobOffer({ jobId: 'job-undecided', serial: 'virtual-2', build, commands: ['Tap Log in'] }));
    server.send(jobOffer({ jobId: 'job-slow', serial: 'virtual-3', build, commands: ['Tap Log in'], stepTimeoutSeconds: 0.3 }));
    const result = (jobId: string) => server.waitFor('job.result', (m) => m.jobId === jobId);
    expect(await result('job-endless')).toMatchObject({
      verdict: 'failed',
      failedStep: 0,
      statusMessage: 'Step 1 "Wait for the spinner": did not finish after 3 rounds',
    });
    expect(server.messages('step.event').filter((e) => e.jobId === 'job-endless')).toHaveLength(3);
    expect(await result('job-undecided')).toMatchObject({
      verdict: 'failed',
      failedStep: 0,
      statusMessage: 'Step 1 "Tap Log in": model unavailable',
    });
    expect(await result('job-slow')).toMatchObject({
      verdict: 'failed',
      failedStep: 0,
      statusMessage: 'Step 1 "Tap Log in": no decision from the control plane within 0.3 s',
    });
  });

  it('blocks the job when the install fails', async () => {
    await agents.start(server, { virtualDeviceOptions: [{ installFails: true }] });
    server.send(jobOffer({ jobId: 'job-install', build: server.addBuild('b-install', apk), commands: LOGIN }));
    const result = await server.waitFor('job.result');
    expect(result.verdict).toBe('blocked');
    expect(result.statusMessage).toMatch(/^Install failed: Installing b-install\.apk failed: INSTALL_FAILED_INSUFFICIENT_STORAGE$/);
    expect(result.failedStep).toBeNull();
    expect(server.messages('step.decide')).toHaveLength(0);
  });

  it('blocks the job when the build cannot be downloaded, or the device disappears mid-step', async () => {
    const agent = await agents.start(server, { virtualDevices: 2 });
    const build = server.addBuild('b-good', apk);
    server.send(
      jobOffer({
        jobId: 'job-404',
        serial: 'virtual-1',
        build: { ...build, buildId: 'b-gone', downloadUrl: build.downloadUrl.replace('b-good', 'b-gone') },
        commands: LOGIN,
      }),
    );
    const missing = await server.waitFor('job.result', (m) => m.jobId === 'job-404');
    expect(missing).toMatchObject({ verdict: 'blocked', failedStep: null });
    expect(missing.statusMessage).toMatch(/^Could not download build b-gone .*HTTP 404/);

    server.decider = (req) => {
      agent.virtual!.getDevice('virtual-2')!.disconnect(); // unplugged while the brain thinks
      return { actions: [{ type: 'tap', target: { by: 'text', value: 'Log in' }, point: centerOf(req.pageSource, { text: 'Log in' }) }] };
    };
    server.send(jobOffer({ jobId: 'job-unplugged', serial: 'virtual-2', build, commands: ['Tap Log in'] }));
    const unplugged = await server.waitFor('job.result', (m) => m.jobId === 'job-unplugged');
    expect(unplugged).toMatchObject({ verdict: 'blocked', failedStep: 0, deviceLost: true });
    expect(unplugged.statusMessage).toMatch(/^Step 1 "Tap Log in": Device virtual-2 is gone from adb devices/);
  });

  it('downloads a build once and does not reinstall it on the same device', async () => {
    const agent = await agents.start(server, { virtualDevices: 2 });
    const build = server.addBuild('b-cached', apk);
    const device = agent.virtual!.getDevice('virtual-1')!;
    server.send(jobOffer({ jobId: 'job-c1', build, commands: LOGIN }));
    expect((await server.waitFor('job.result', (m) => m.jobId === 'job-c1')).verdict).toBe('succeeded');
    const firstInstall = device.packages.get(SAMPLE_PACKAGE)!.codePath;

    server.send(jobOffer({ jobId: 'job-c2', build, commands: LOGIN }));
    expect((await server.waitFor('job.result', (m) => m.jobId === 'job-c2')).verdict).toBe('succeeded');
    // Same install (pm would have given a new code path), and app data was cleared: job 2 logged in again.
    expect(device.packages.get(SAMPLE_PACKAGE)!.codePath).toBe(firstInstall);
    expect(screenTexts(server.messages('step.decide').find((d) => d.jobId === 'job-c2')!.pageSource)).toContain('Welcome back');

    server.send(jobOffer({ jobId: 'job-c3', serial: 'virtual-2', build, commands: LOGIN }));
    expect((await server.waitFor('job.result', (m) => m.jobId === 'job-c3')).verdict).toBe('succeeded');
    expect(agent.virtual!.getDevice('virtual-2')!.packages.get(SAMPLE_PACKAGE)).toBeDefined();
    expect(server.downloads.get('b-cached')).toBe(1);
  });

  it('rejects offers for unknown or busy devices, and accepts a re-offer of a running job', async () => {
    await agents.start(server);
    server.decider = () => null; // keep job-busy running
    const build = server.addBuild('b-busy', apk);
    server.send(jobOffer({ jobId: 'job-nodevice', serial: 'emulator-5554', build }));
    expect(await server.waitFor('job.rejected', (m) => m.jobId === 'job-nodevice')).toMatchObject({
      reason: 'device emulator-5554 is not attached to this agent',
    });
    server.send(jobOffer({ jobId: 'job-busy', build, commands: ['Tap Log in'] }));
    await server.waitFor('step.decide');
    server.send(jobOffer({ jobId: 'job-second', build }));
    expect(await server.waitFor('job.rejected', (m) => m.jobId === 'job-second')).toMatchObject({
      reason: 'device virtual-1 is busy with job job-busy',
    });
    server.send(jobOffer({ jobId: 'job-busy', build, commands: ['Tap Log in'] }));
    await eventually(() => server.messages('job.accepted').filter((m) => m.jobId === 'job-busy').length === 2);
    server.send(jobOffer({ jobId: 'job-ios', build, platform: 'ios' }));
    expect((await server.waitFor('job.rejected', (m) => m.jobId === 'job-ios')).reason).toMatch(/not ios/);
  });

  it('cancels a running job with verdict cancelled', async () => {
    const agent = await agents.start(server);
    server.decider = (req) => (req.stepIndex === 0 ? { actions: [{ type: 'wait', seconds: 30 }] } : null);
    server.send(jobOffer({ jobId: 'job-cancel', build: server.addBuild('b-cancel', apk), commands: ['Wait for the feed', 'Tap Log in'] }));
    await server.waitFor('step.decide');
    const sent = Date.now();
    server.send({ type: 'job.cancel', jobId: 'job-cancel', reason: 'run cancelled by the user' });
    const result = await server.waitFor('job.result');
    expect(result).toMatchObject({ verdict: 'cancelled', statusMessage: 'Cancelled: run cancelled by the user', failedStep: null });
    // The 30 s wait was interrupted, and step 2 never started.
    expect(Date.now() - sent).toBeLessThan(5000);
    expect(server.messages('step.decide').map((d) => d.stepIndex)).toEqual([0]);
    expect(agent.runningJobs()).toEqual([]);
  });

  it('on shutdown finishes what it can within the drain time and releases the rest', async () => {
    const agent = await agents.start(server, { virtualDevices: 2 });
    const build = server.addBuild('b-drain', apk);
    server.decider = (req) =>
      req.jobId === 'job-quick' ? new Promise((resolve) => setTimeout(() => resolve({ actions: [{ type: 'done' }] }), 300)) : null; // job-long never gets its decision
    server.send(jobOffer({ jobId: 'job-long', serial: 'virtual-1', build, commands: ['Tap Log in'] }));
    server.send(jobOffer({ jobId: 'job-quick', serial: 'virtual-2', build, commands: ['Tap Log in'] }));
    await server.waitFor('step.decide', (m) => m.jobId === 'job-long');
    await server.waitFor('step.decide', (m) => m.jobId === 'job-quick');

    const stopping = agent.stop({ drainSeconds: 2 });
    // Offers during the drain are refused.
    server.send(jobOffer({ jobId: 'job-late', serial: 'virtual-2', build }));
    expect((await server.waitFor('job.rejected', (m) => m.jobId === 'job-late')).reason).toBe('the agent is shutting down');
    await stopping;

    expect(server.messages('job.result').map((r) => [r.jobId, r.verdict])).toEqual([['job-quick', 'succeeded']]);
    expect(server.messages('job.released')).toEqual([
      { type: 'job.released', jobId: 'job-long', reason: 'the lab agent is shutting down' },
    ]);
    await eventually(() => server.closes.length > 0, 5000, 'the close seen by the server');
    expect(server.closes).toEqual([{ connection: 1, code: 1000, reason: 'agent shutting down' }]);
    expect(await agent.done).toEqual({ kind: 'stopped', reason: 'agent shutting down' });
  });
});
