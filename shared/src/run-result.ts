/**
 * A run as the API answers it (GET /runs/{id}, docs/api.md#runs): the control plane's route
 * schemas (control-plane/src/schemas/runs.ts) are built from these, and the `devicelab run`
 * command (lab-agent/src/ci/) reads its answers with the types inferred from them, so the
 * two cannot drift.
 */
import { z } from 'zod';
import { Platform } from './platform.js';

export const RunStatus = z.enum(['running', 'completed', 'cancelled']);
export type RunStatus = z.infer<typeof RunStatus>;

export const TestResultStatus = z.enum(['pending', 'running', 'succeeded', 'failed', 'blocked']);
export type TestResultStatus = z.infer<typeof TestResultStatus>;

/** One test of a run: its verdict (or that it has none yet), where it ran, and the links to look at it. */
export const RunResultEntry = z.object({
  id: z.string().describe('The test id'),
  title: z.string(),
  status: TestResultStatus,
  recording: z.string().describe('{app_url}/recording/<run_id>/runs/<test_id>'),
  interactionLogs: z.string().describe('{base_url}/suite/<run_id>/run/<test_id>/interaction_logs?organisation_id=<organisation_id>'),
  statusMessage: z.string().nullable().describe('Why the test failed or was blocked'),
  platform: Platform,
  device: z.string().nullable(),
  startedAt: z.string().nullable(),
  durationSeconds: z.number().nullable(),
});
export type RunResultEntry = z.infer<typeof RunResultEntry>;

/** The fields of a run both its full view and its summary carry. */
export const runFields = {
  runId: z.string(),
  status: RunStatus,
  trigger: z.string(),
  platform: Platform,
  physical: z.boolean(),
  buildId: z.string().nullable(),
  bundleId: z.string().nullable(),
  tunnelName: z.string().nullable(),
  ci: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe("The CI provenance of the run's build (its upload's `ci` part); null without one"),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  totalTests: z.number().int(),
  pendingTests: z.number().int().describe('Tests without a verdict yet (queued or running)'),
};

export const RunResult = z.object({
  ...runFields,
  succeededTests: z.array(RunResultEntry),
  failedTests: z.array(RunResultEntry),
  blockedTests: z.array(RunResultEntry),
});
export type RunResult = z.infer<typeof RunResult>;
