import { describe, expect, it } from 'vitest';
import type { ApiClient } from './api-client.js';
import { pollDelay, waitForRun } from './poller.js';
import type { Run } from './run-types.js';
import { entry, run } from './test-runs.js';

/** Answers the scripted runs in turn (the last one forever) on a fake clock advanced by the sleeps. */
function fakeService(runs: Run[]) {
  let clock = 0;
  const sleeps: number[] = [];
  let polls = 0;
  const api = (async () => runs[Math.min(polls++, runs.length - 1)]) as unknown as ApiClient;
  return { api, sleeps, now: () => clock, sleep: async (ms: number) => void (sleeps.push(ms), (clock += ms)), polls: () => polls };
}

const a = entry('a', 'succeeded');
const b = entry('b', 'failed');
const pending = run({}, { totalTests: 2 });
const oneDone = run({ succeeded: [a] }, { totalTests: 2 });
const finished = run({ succeeded: [a], failed: [b] });

describe('waiting for a run', () => {
  it('keeps every wait between half and all of a cap that doubles up to the maximum', () => {
    expect(pollDelay(0, 1000, 15_000, () => 0)).toBe(500);
    expect(pollDelay(0, 1000, 15_000, () => 0.999999)).toBe(1000);
    expect(pollDelay(3, 1000, 15_000, () => 0)).toBe(4000);
    expect(pollDelay(10, 1000, 15_000, () => 1)).toBe(15_000);
  });

  it('reports each change once, backs off while nothing changes and snaps back on a change', async () => {
    const svc = fakeService([pending, pending, pending, oneDone, oneDone, finished]);
    const changes: Array<[number, number | undefined]> = [];
    const outcome = await waitForRun(svc.api, 'run_1', {
      deadline: 60_000,
      now: svc.now,
      sleep: svc.sleep,
      random: () => 1,
      onChange: (r, prev) => changes.push([r.pendingTests, prev?.pendingTests]),
    });
    expect(outcome).toEqual({ kind: 'finished', run: finished });
    expect(changes).toEqual([
      [2, undefined],
      [1, 2],
      [0, 1],
    ]);
    expect(svc.sleeps).toEqual([1000, 2000, 4000, 1000, 2000]);
  });

  it('stops at the deadline with the last run it saw, after a last look at the deadline itself', async () => {
    const svc = fakeService([pending]);
    const outcome = await waitForRun(svc.api, 'run_1', { deadline: 5000, now: svc.now, sleep: svc.sleep, random: () => 1 });
    expect(outcome).toEqual({ kind: 'timed-out', run: pending });
    expect(svc.sleeps).toEqual([1000, 2000, 2000]); // the last wait is cut to the deadline
    expect(svc.polls()).toBe(4);
  });
});
