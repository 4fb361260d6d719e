import type { StepDecide, StepDecision } from '@devicelab/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BuildCache } from './builds.js';
import type { DeviceDriver } from './devices/driver.js';
import { JobRun } from './runner.js';
import { jobOffer } from './testing/sample.js';

const screen = (text: string) => `<hierarchy><node class="android.widget.TextView" text="${text}" bounds="[0,0][10,10]"/></hierarchy>`;

/**
 * A handset double (the edge the agent does not own) whose screen is scripted read by read
 * and which logs when each command starts and ends, to see what runs beside what.
 */
function scriptedDevice(...reads: string[]) {
  const events: string[] = [];
  let nRead = 0;
  let nShot = 0;
  const tick = () => new Promise<void>((r) => setImmediate(r));
  const driver = {
    isInstalled: async () => true,
    clearData: async () => undefined,
    launch: async () => undefined,
    async hierarchy() {
      const n = ++nRead;
      events.push(`read ${n} starts`);
      await tick();
      await tick();
      events.push(`read ${n} ends`);
      return reads[Math.min(n - 1, reads.length - 1)]!;
    },
    async screenshot() {
      const n = ++nShot;
      events.push(`picture ${n} starts`);
      await tick();
      return Buffer.from(`picture ${n}, taken beside read ${nRead}`);
    },
  } as unknown as DeviceDriver;
  return { driver, events };
}

/** A control plane that answers every decision "done", and the requests it was sent. */
function answeringControlPlane() {
  const asked: StepDecide[] = [];
  const connection = {
    requestDecision: async (req: Omit<StepDecide, 'type'>): Promise<StepDecision> => {
      asked.push(req as StepDecide);
      return {
        type: 'step.decision',
        requestId: req.requestId,
        ok: true,
        actions: [],
        finished: true,
        failed: false,
        reason: '',
        screenshotKey: null,
        retry: false,
      };
    },
    sendQueued: () => undefined,
  };
  return { asked, connection };
}

describe('a step reads its screen', () => {
  it('with the screenshot taken beside the read that confirmed the screen settled, and sends that picture', async () => {
    const device = scriptedDevice(screen('Loading…'), screen('Welcome'), screen('Welcome'));
    const { asked, connection } = answeringControlPlane();
    const run = new JobRun(jobOffer({ build: null, commands: ['Look at the screen'] }), {
      driver: device.driver,
      connection: connection as never,
      builds: {} as BuildCache,
      installed: new Map(),
      settle: { intervalMs: 1, timeoutMs: 5000 },
    });
    const result = await run.run();
    expect(result).toMatchObject({ verdict: 'succeeded' });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ pageSource: screen('Welcome'), settled: true });
    // The picture sent is the one taken while the confirming (third) read ran.
    expect(Buffer.from(asked[0]!.screenshot!, 'base64').toString()).toBe('picture 1, taken beside read 3');
    const at = (e: string) => device.events.indexOf(e);
    expect(at('picture 1 starts')).toBeGreaterThan(at('read 2 ends'));
    expect(at('picture 1 starts')).toBeLessThan(at('read 3 ends'));
    // Nothing more is read or pictured after the screen settled.
    expect(device.events.at(-1)).toBe('read 3 ends');
  });

  it('once for a wait: step, with no settling: the wait is the step, and no wait for the screen is reported', async () => {
    const device = scriptedDevice(screen('Loading…'), screen('Welcome'), screen('Welcome'));
    const { asked, connection } = answeringControlPlane();
    const run = new JobRun(jobOffer({ build: null, commands: ['wait: 0.1'] }), {
      driver: device.driver,
      connection: connection as never,
      builds: {} as BuildCache,
      installed: new Map(),
      settle: { intervalMs: 1, timeoutMs: 5000 },
    });
    expect(await run.run()).toMatchObject({ verdict: 'succeeded' });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ pageSource: screen('Loading…') });
    expect(asked[0]).not.toHaveProperty('settled');
    expect(asked[0]).not.toHaveProperty('waitedMs');
    // One read, its picture taken while it ran.
    expect(device.events.filter((e) => e.endsWith('starts'))).toEqual(['picture 1 starts', 'read 1 starts']);
    expect(device.events.indexOf('picture 1 starts')).toBeLessThan(device.events.indexOf('read 1 ends'));
    expect(asked[0]!.screenshot).toBeTruthy();
  });

  afterEach(() => vi.restoreAllMocks());

  it("counts a wait: step's screen read and decision towards its wait, not on top of it", async () => {
    const device = scriptedDevice(screen('Welcome'));
    const events: Array<{ durationMs: number }> = [];
    // The clock the step reads: the decision comes back 29.95 s into a 30 s wait.
    const realNow = Date.now.bind(Date);
    let skew = 0;
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + skew);
    const connection = {
      requestDecision: async (req: Omit<StepDecide, 'type'>): Promise<StepDecision> => {
        skew += 29_950;
        return {
          type: 'step.decision',
          requestId: req.requestId,
          ok: true,
          actions: [{ type: 'wait', seconds: 30 }],
          finished: true,
          failed: false,
          reason: '',
          screenshotKey: null,
          retry: false,
        };
      },
      sendQueued: (m: { durationMs: number }) => void events.push(m),
    };
    const run = new JobRun(jobOffer({ build: null, commands: ['wait: 30'] }), {
      driver: device.driver,
      connection: connection as never,
      builds: {} as BuildCache,
      installed: new Map(),
    });
    // Only the 50 ms left of the wait is slept (the whole 30 s would outlast the test's time limit).
    expect(await run.run()).toMatchObject({ verdict: 'succeeded' });
    expect(events).toHaveLength(1);
    expect(events[0]!.durationMs).toBeGreaterThanOrEqual(30_000);
  }, 10_000);
});
