/**
 * Waits for a run to finish by polling GET /runs/{id}. While nothing changes the interval
 * grows (1 s doubling to 15 s) and each wait is jittered, so many CI jobs polling one
 * service spread out; a change snaps it back, since more verdicts usually follow soon.
 */
import { setTimeout as sleepFor } from 'node:timers/promises';
import type { ApiClient } from './api-client.js';
import { isFinished, type Run } from './run-types.js';

export interface PollOptions {
  /** Give up at this time (epoch ms). */
  deadline: number;
  /** Called with each run that differs from the one before (the first included). */
  onChange?: (run: Run, previous: Run | undefined) => void;
  /** Called on every poll: a live display redraws its clock. */
  onPoll?: (run: Run) => void;
  baseMs?: number;
  maxMs?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

export type PollOutcome = { kind: 'finished'; run: Run } | { kind: 'timed-out'; run: Run | undefined };

/** Equal jitter: between half and all of the cap, never a burst of back-to-back polls. */
export function pollDelay(unchangedPolls: number, baseMs: number, maxMs: number, random: () => number): number {
  const cap = Math.min(maxMs, baseMs * 2 ** unchangedPolls);
  return Math.round(cap / 2 + (random() * cap) / 2);
}

/** What a reader would call a change: the run's status or any test's verdict. */
export function fingerprint(run: Run): string {
  const ids = (entries: Run['succeededTests']) => entries.map((e) => e.id).join(',');
  return [run.status, run.pendingTests, ids(run.succeededTests), ids(run.failedTests), ids(run.blockedTests)].join('|');
}

export async function waitForRun(api: ApiClient, runId: string, options: PollOptions): Promise<PollOutcome> {
  const { deadline, baseMs = 1_000, maxMs = 15_000, random = Math.random, now = Date.now, sleep = sleepFor } = options;
  let last: Run | undefined;
  let unchanged = 0;
  for (;;) {
    const run = await api<Run>('GET', `/runs/${encodeURIComponent(runId)}`, { deadline });
    if (last === undefined || fingerprint(run) !== fingerprint(last)) {
      options.onChange?.(run, last);
      unchanged = 0;
    } else {
      unchanged += 1;
    }
    options.onPoll?.(run);
    last = run;
    if (isFinished(run)) return { kind: 'finished', run };
    const left = deadline - now();
    if (left <= 0) return { kind: 'timed-out', run };
    // The last poll lands on the deadline, so a run finishing just in time is still seen.
    await sleep(Math.min(left, pollDelay(unchanged, baseMs, maxMs, random)));
  }
}
