import { z } from '@hono/zod-openapi';
import { parseCurl } from '../requests/curl.js';
import { id, pageLimit, text } from './common.js';

// Limits the public contract leaves open, chosen generously (docs/architecture.md#keys-and-ids); each is documented in docs/api.md#tests.
export const LIMITS = {
  commands: 500,
  commandChars: 4000,
  titleChars: 200,
  tags: 50,
  tagChars: 100,
  requests: 20,
  curlChars: 20_000,
  delaySeconds: 600,
  params: 100,
  keyChars: 100,
  valueChars: 10_000,
} as const;

const curlCommand = z
  .string()
  .max(LIMITS.curlChars, `curlCommand must be at most ${LIMITS.curlChars} characters`)
  .superRefine((value, ctx) => {
    const parsed = parseCurl(value);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: `curlCommand: ${parsed.error}` });
  });

const uniqueKeys = <T extends { key: string }>(items: T[]) => new Set(items.map((i) => i.key)).size === items.length;

/** A value to keep from a pre-request's JSON response: a dotted path (`data.token`), or `{name, path}`. */
const ValueToRemember = z.union([
  text('valuesToRemember[]', 200),
  z.strictObject({ name: text('name', LIMITS.keyChars), path: text('path', 200) }),
]);

export const PreRequest = z
  .strictObject({
    curlCommand,
    delayBeforeRequest: z
      .number()
      .min(0)
      .max(LIMITS.delaySeconds)
      .default(0)
      .openapi({ description: 'Seconds to wait before sending the request' }),
    throughTunnel: z.boolean().default(false),
    valuesToRemember: z.array(ValueToRemember).max(50).default([]),
  })
  .openapi('PreRequest');

export const TeardownRequest = z
  .strictObject({
    curlCommand,
    runOn: z
      .enum(['always', 'success', 'failure'])
      .default('always')
      .openapi({ description: 'always: even when the test failed; success or failure: only then' }),
    throughTunnel: z.boolean().default(false),
  })
  .openapi('TeardownRequest');

export const LaunchParam = z.strictObject({
  key: text('key', LIMITS.keyChars),
  value: z.string().max(LIMITS.valueChars),
});

export const TestInput = z.strictObject({
  key: text('key', LIMITS.keyChars).regex(/^[A-Za-z_][A-Za-z0-9_.-]*$/, 'key must be a name usable as {{key}}'),
  defaultValue: z.string().max(LIMITS.valueChars),
});

const command = z
  .string()
  .max(LIMITS.commandChars, `a command must be at most ${LIMITS.commandChars} characters`)
  .refine((s) => s.trim().length > 0, 'a command must not be empty');

/** The fields a test can be created with (docs/api.md#tests), all validated. */
const testFields = {
  commands: z.array(command).min(1, 'commands must hold at least one command').max(LIMITS.commands),
  title: text('title', LIMITS.titleChars).optional(),
  tags: z.array(text('tag', LIMITS.tagChars)).max(LIMITS.tags).optional(),
  preRequests: z.array(PreRequest).max(LIMITS.requests).optional(),
  teardownRequests: z.array(TeardownRequest).max(LIMITS.requests).optional(),
  launchParams: z.array(LaunchParam).max(LIMITS.params).refine(uniqueKeys, 'launchParams keys must be unique').optional(),
  testInputs: z.array(TestInput).max(LIMITS.params).refine(uniqueKeys, 'testInputs keys must be unique').optional(),
};

export const CreateTest = z.strictObject({
  ...testFields,
  autoGenerate: z.boolean().default(true),
  folderId: id('folderId').optional(),
});

export const UpdateTest = z
  .strictObject({
    testId: id('testId'),
    folderId: id('folderId').nullable().optional(),
    ...testFields,
    commands: testFields.commands.optional(),
  })
  .refine((b) => Object.keys(b).some((k) => k !== 'testId'), { message: 'send at least one field to change with testId' });

export const DeleteTests = z
  .strictObject({
    testId: id('testId').optional(),
    testIds: z.array(id('testIds[]')).min(1).max(1000).optional(),
  })
  .refine((b) => b.testId !== undefined || b.testIds !== undefined, { message: 'send testId, testIds, or both' });

const boolQuery = z.enum(['true', 'false', '1', '0'], { message: 'must be true or false' }).transform((v) => v === 'true' || v === '1');

export const ListTestsQuery = z.object({
  folderId: id('folderId').optional(),
  includeSubfolders: boolQuery.optional(),
  tag: text('tag', LIMITS.tagChars).optional(),
  limit: pageLimit(1000, 100),
  cursor: z.string().max(100).optional(),
});

export const AutomationStatus = z.enum(['none', 'generating', 'ready', 'failed', 'stale']);

const PlatformState = z.object({
  runnable: z.boolean(),
  status: AutomationStatus,
  failedCommandIndex: z.number().int().optional(),
  reason: z.string().optional(),
});

export const Test = z
  .object({
    id: z.string(),
    title: z.string(),
    commands: z.array(z.string()),
    tags: z.array(z.string()),
    folderId: z.string().nullable(),
    preRequests: z.array(PreRequest),
    teardownRequests: z.array(TeardownRequest),
    launchParams: z.array(LaunchParam),
    testInputs: z.array(TestInput),
    autoGenerate: z.boolean(),
    platforms: z.object({ android: PlatformState, ios: PlatformState }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Test');

export const TestList = z.object({ tests: z.array(Test), nextCursor: z.string().nullable() });
export const TestCreated = z.object({ testId: z.string() });
export const TestUpdated = z.object({ message: z.string(), testId: z.string(), test: Test });
export const TestsDeleted = z.object({
  message: z.string(),
  deletedTestIds: z.array(z.string()),
  skippedTestIds: z.array(z.string()).openapi({ description: 'Unknown ids; they do not fail the call' }),
});

export type TestView = z.infer<typeof Test>;

export const GenerateTest = z
  .strictObject({
    testId: id('testId'),
    platforms: z
      .array(z.enum(['android', 'ios']))
      .min(1)
      .max(2)
      .optional()
      .openapi({ description: 'Platforms to generate for; default both' }),
  })
  .openapi('GenerateTest');

export const GenerationStarted = z.object({
  message: z.string(),
  testId: z.string(),
  platforms: z.object({ android: PlatformState, ios: PlatformState }),
});
