/**
 * Verdicts that land together are recorded together: one transaction for every verdict that
 * arrived while the previous one was being written (group commit). A lab's devices often
 * finish at the same moment (a run's tests started together, scripts/bench/lab-scale.ts), and
 * one transaction per verdict made the last device of such a wave wait for hundreds of
 * transactions before its next test was offered. A lone verdict is written at once.
 *
 * Each verdict's promise settles once its run is completed (if it was the last) and its
 * duration remembered, so the agent's acknowledgement still follows everything the verdict
 * changes; the next batch does not wait for that follow-up. `onRecorded` runs right after each
 * commit: freed devices can be offered their next test at once.
 */
import type { Db } from '../db/index.js';
import type { AttemptWork } from '../runs/attempts.js';
import { afterVerdicts, recordVerdicts, type Verdict, type VerdictOf } from '../runs/transitions/finish.js';
import type { AttemptRef } from '../runs/transitions/ref.js';

/** Verdicts per transaction at most: a wave on one replica fits, and one statement stays small. */
const MAX_BATCH = 256;

interface Queued extends VerdictOf {
  resolve(finished: AttemptWork | null): void;
  reject(error: unknown): void;
}

export type RecordVerdict = (ref: AttemptRef, verdict: Verdict) => Promise<AttemptWork | null>;

export function createVerdictBatches(db: Db, onRecorded: () => void): RecordVerdict {
  const queue: Queued[] = [];
  let writing = false;

  async function write(batch: Queued[]): Promise<void> {
    let finished: Array<AttemptWork | null>;
    try {
      finished = await recordVerdicts(db, batch);
    } catch (e) {
      // One bad verdict must not refuse the others: each alone, so only its own fails (its agent re-sends it).
      if (batch.length === 1) return batch[0]!.reject(e);
      for (const one of batch) await write([one]);
      return;
    }
    onRecorded();
    const done = finished.filter((a): a is AttemptWork => a !== null);
    void afterVerdicts(db, done).finally(() => {
      for (const [i, q] of batch.entries()) q.resolve(finished[i] ?? null);
    });
  }

  async function drain(): Promise<void> {
    writing = true;
    try {
      while (queue.length > 0) await write(queue.splice(0, MAX_BATCH));
    } finally {
      writing = false;
    }
  }

  return (ref, verdict) =>
    new Promise<AttemptWork | null>((resolve, reject) => {
      queue.push({ ref, verdict, resolve, reject });
      if (!writing) void drain();
    });
}
