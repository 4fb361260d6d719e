/**
 * GET /runs/{id} as `devicelab run` reads it (docs/api.md#runs): the types inferred from the API's
 * own schemas (shared/src/run-result.ts), which the control plane's route answers with.
 */
import type { RunResult, RunResultEntry } from '@devicelab/shared';

export type ResultEntry = RunResultEntry;
export type Run = RunResult;

export const isFinished = (run: Run) => run.status !== 'running';

/** Every test with a verdict, in the order the run lists them. */
export const verdicts = (run: Run): ResultEntry[] => [...run.succeededTests, ...run.failedTests, ...run.blockedTests];

/** 0 only when every test succeeded and the run was not cancelled. */
export const allSucceeded = (run: Run) =>
  run.status === 'completed' &&
  run.failedTests.length === 0 &&
  run.blockedTests.length === 0 &&
  run.succeededTests.length === run.totalTests;
