import * as shared from '@devicelab/shared';
import { z } from '@hono/zod-openapi';
import { BuildCi } from './builds.js';
import { id, pageLimit, platformField, text } from './common.js';
import { LIMITS } from './tests.js';

// Limits the public contract leaves open (docs/architecture.md#keys-and-ids); each is documented in docs/api.md.
export const RUN_LIMITS = {
  /** Tests in one run, after testIds and tags are combined. */
  tests: 1000,
  triggerChars: 50,
  tunnelNameChars: 100,
  bundleIdChars: 255,
  buildNameChars: 200,
} as const;

/** A string field that must be there: says "required" rather than "expected string, received undefined". */
const required = (field: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .min(1, `${field} must not be empty`)
    .max(64, `${field} is too long`);

/**
 * POST /tests/execute, after key normalisation (runs/execute-request.ts): keys
 * are matched case-insensitively and `uploadId` is read as `buildId`, so this is
 * the canonical spelling clients are documented to use.
 */
export const ExecuteRun = z
  .strictObject({
    organisationId: required('organisationId').openapi({ description: 'Must be the organisation of the API key' }),
    buildId: id('buildId').optional().openapi({ description: 'From POST /uploadBuild (alias: uploadId)' }),
    build: z
      .strictObject({ meta: z.strictObject({ name: text('build.meta.name', RUN_LIMITS.buildNameChars) }) })
      .optional()
      .openapi({ description: 'The newest build uploaded under meta.name (for `platform` when given); wins over buildId' }),
    bundleId: text('bundleId', RUN_LIMITS.bundleIdChars)
      .optional()
      .openapi({ description: "An app already installed on the organisation's reserved handset; requires platform" }),
    platform: platformField.optional(),
    testIds: z.array(id('testIds[]')).max(RUN_LIMITS.tests).optional(),
    tags: z
      .array(text('tags[]', LIMITS.tagChars))
      .max(LIMITS.tags)
      .optional()
      .openapi({ description: 'Every test having at least one of these tags, in library order, after testIds' }),
    usePhysicalDevice: z
      .boolean()
      .optional()
      .openapi({ description: 'Default: a real handset when one is reserved for the organisation and platform' }),
    tunnelName: text('tunnelName', RUN_LIMITS.tunnelNameChars)
      .optional()
      .openapi({ description: 'A connected tunnel (devicelab tunnel start --tunnel-name NAME)' }),
    trigger: text('trigger', RUN_LIMITS.triggerChars)
      .default('api')
      .openapi({ description: 'Free-form label stored on the run, e.g. ci, nightly' }),
  })
  .openapi('ExecuteRun');
export type ExecuteRun = z.infer<typeof ExecuteRun>;

// The run as the API answers it is defined once, in shared/ (shared/src/run-result.ts), where `devicelab run` reads it too.
// Cloned here: zod gives a schema the `.openapi()` of @hono/zod-openapi only when it is made after that
// package has loaded, which shared/ cannot promise (it depends on the order modules are first imported).
export const RunStatus = shared.RunStatus.clone();
export const TestResultStatus = shared.TestResultStatus.clone();

export const RunStarted = z.object({
  message: z.string(),
  runId: z.string(),
  status: RunStatus.openapi({
    description: '`running`; `completed` at once when every test failed before starting (tunnel not connected)',
  }),
  test_suite_ids: z.array(z.string()).openapi({
    description: "[runId]: the same id under the name GPT Driver's run-tests action reads (it tracks the first)",
  }),
  app_link: z.string().openapi({ description: "The run's page for people: {app_url}/runs/<run_id>" }),
});

export const ResultEntry = shared.RunResultEntry.clone().openapi('RunResultEntry');

const runFields = {
  ...shared.runFields,
  ci: BuildCi.openapi({ description: "The CI provenance of the run's build (its upload's `ci` part); null without one" }),
};

export const Run = z
  .object({
    ...runFields,
    succeededTests: z.array(ResultEntry),
    failedTests: z.array(ResultEntry),
    blockedTests: z.array(ResultEntry),
  })
  .openapi('Run');

export const RunSummary = z
  .object({
    ...runFields,
    succeededCount: z.number().int(),
    failedCount: z.number().int(),
    blockedCount: z.number().int(),
  })
  .openapi('RunSummary');

export const RunList = z.object({ runs: z.array(RunSummary), nextCursor: z.string().nullable() });

export const ListRunsQuery = z.object({
  status: RunStatus.optional(),
  trigger: text('trigger', RUN_LIMITS.triggerChars).optional(),
  limit: pageLimit(200, 50),
  cursor: z.string().max(100).optional(),
});

export const RunCancelled = z.object({ message: z.string(), runId: z.string(), status: RunStatus });

export const RunParam = z.object({ run_id: id('run_id') });

export const InteractionLogQuery = z.object({
  organisation_id: z.string({ error: 'organisation_id is required' }).min(1, 'organisation_id is required').max(64),
});

export const InteractionStep = z.object({
  seq: z.number().int().openapi({ description: 'Position in the log; the screenshot URL uses it' }),
  index: z.number().int().nullable().openapi({ description: "The command's index in the test (null for your own code)" }),
  call: z.enum(['execute', 'assert', 'code']),
  command: z.string(),
  actions: z.array(z.unknown()),
  type: z.enum(['ai', 'cached', 'deterministic', 'code']),
  outcome: z.string().openapi({ description: 'What the decision was: action, done, passed or failed' }),
  reason: z.string().nullable(),
  device: z
    .object({
      outcome: z.enum(['performed', 'failed', 'pending']).openapi({
        description: 'What the device did with the decision; pending until the agent reports it (or when it never acted)',
      }),
      error: z.string().nullable().openapi({ description: "The device's error when it failed" }),
      durationMs: z.number().nullable(),
    })
    .nullable()
    .openapi({ description: 'Lab-agent runs only; null for SDK sessions, where your own code performs the step' }),
  screenshot: z.string().nullable(),
  durationMs: z.number(),
  at: z.string(),
});

export const InteractionLog = z
  .object({
    runId: z.string(),
    testId: z.string(),
    title: z.string(),
    status: TestResultStatus,
    statusMessage: z.string().nullable(),
    deviceLog: z.string().nullable().openapi({
      description: "The device's log (logcat, threadtime) from the test's start to its end, as text/plain; null when none was captured",
    }),
    steps: z.array(InteractionStep),
  })
  .openapi('InteractionLog');
