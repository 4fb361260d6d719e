/**
 * Verdicts that land together are recorded together (db/group-commit.ts): a lab's devices often
 * finish at the same moment (a run's tests started together, scripts/bench/lab-scale.ts), and
 * one transaction per verdict made the last device of such a wave wait for hundreds of
 * transactions before its next test was offered. A lone verdict is written at once.
 *
 * Each verdict's promise settles once its run is completed (if it was the last) and its
 * duration remembered, so the agent's acknowledgement still follows everything the verdict
 * changes; the next batch does not wait for that follow-up. `onRecorded` runs right after each
 * commit: freed devices can be offered their next test at once.
 */

import { groupCommit } from '../db/group-commit.js';
import type { Db } from '../db/index.js';
import type { AttemptWork } from '../runs/attempts.js';
import { afterVerdicts, recordVerdicts, type Verdict } from '../runs/transitions/finish.js';
import type { AttemptRef } from '../runs/transitions/ref.js';

/** Verdicts per transaction at most: a wave on one replica fits, and one statement stays small. */
const MAX_BATCH = 256;

/** `agentId`: an agent's result, recorded only while that agent's device holds the try (finish.ts). */
export type RecordVerdict = (ref: AttemptRef, verdict: Verdict, agentId?: string) => Promise<AttemptWork | null>;

export function createVerdictBatches(db: Db, onRecorded: () => void): RecordVerdict {
  const record = groupCommit(async (batch: Array<{ ref: AttemptRef; verdict: Verdict; agentId?: string }>) => {
    const finished = await recordVerdicts(db, batch);
    onRecorded();
    const followUp = afterVerdicts(
      db,
      finished.filter((a): a is AttemptWork => a !== null),
    );
    return finished.map((attempt) => ({ attempt, followUp }));
  }, MAX_BATCH);
  return async (ref, verdict, agentId) => {
    const { attempt, followUp } = await record({ ref, verdict, agentId });
    await followUp;
    return attempt;
  };
}
