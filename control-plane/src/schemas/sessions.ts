import { z } from '@hono/zod-openapi';

/**
 * The SDK protocol (docs/api.md#sdk-sessions) follows the public shape existing SDKs
 * use: snake_case fields, the key as Bearer or `api_key` in the body. SDKs send
 * extra metadata (device info, SDK version), so unknown fields are ignored here,
 * unlike the library endpoints.
 */
const apiKey = z.string().max(200).optional().openapi({ description: 'The API key, when not sent as a Bearer header' });
const stepNumber = z
  .number()
  .int()
  .min(0)
  .max(100_000)
  .optional()
  .openapi({ description: 'Your own step counter; default: the session numbers its commands' });
const pageSource = z
  .string()
  .min(1, 'page_source must not be empty')
  .max(10_000_000)
  .openapi({ description: 'The UI hierarchy: Android `uiautomator dump` XML or iOS XCUITest page source' });
const screenshot = z
  .string()
  .max(20_000_000)
  .regex(/^[A-Za-z0-9+/=\s]*$/, 'screenshot must be base64 (PNG)')
  .optional()
  .openapi({ description: 'Base64 PNG of the screen, stored with the step' });
const values = z
  .record(z.string().max(200), z.string().max(10_000))
  .optional()
  .openapi({ description: 'Values for {{name}} references in the command' });

export const CreateSession = z
  .object({
    api_key: apiKey,
    test_id: z
      .string()
      .max(500)
      .nullable()
      .optional()
      .openapi({ description: 'Your test id; kept exactly as sent and reported in GET /usage/sdk-sessions' }),
    platform: z.enum(['android', 'ios']).optional(),
  })
  .openapi('CreateSession');

export const SessionCreated = z.object({
  session_id: z.string(),
  status: z.string(),
  test_id: z.string().nullable(),
  platform: z.string().nullable(),
  started_at: z.string(),
});

export const ExecuteStep = z
  .object({
    api_key: apiKey,
    command: z.string().min(1, 'command must not be empty').max(4000),
    page_source: pageSource,
    screenshot,
    step_number: stepNumber,
    values,
  })
  .openapi('ExecuteStep');

const Action = z.record(z.string(), z.unknown()).openapi('Action', {
  description:
    'tap {target, point}, type {target, text, point?}, scroll {direction}, swipe {direction}, back, wait {seconds}, launch, restart, openLink {url}, assert {target, visible}',
});

export const StepDone = z.object({
  session_id: z.string(),
  step: z.number().int(),
  step_index: z.number().int(),
  step_type: z.enum(['ai', 'cached', 'deterministic']),
  cache_hit: z.boolean(),
  actions: z.array(Action),
  finished: z.boolean().openapi({ description: 'false: perform the actions and send the same command again' }),
  failed: z.boolean(),
  reason: z.string(),
});

export const AssertStep = z
  .object({
    api_key: apiKey,
    command: z.string().min(1).max(4000).optional(),
    assertion: z.string().min(1).max(4000).optional(),
    page_source: pageSource,
    screenshot,
    step_number: stepNumber,
    values,
  })
  .refine((b) => (b.command ?? b.assertion) !== undefined, { message: 'send the assertion as "command" (or "assertion")' })
  .openapi('AssertStep');

export const AssertDone = z.object({
  session_id: z.string(),
  step: z.number().int(),
  passed: z.boolean(),
  step_type: z.enum(['ai', 'cached', 'deterministic']),
  cache_hit: z.boolean(),
  reason: z.string(),
});

export const LogCode = z
  .object({
    api_key: apiKey,
    code: z.string().max(100_000).optional(),
    description: z.string().max(4000).optional(),
    step_number: stepNumber,
  })
  .openapi('LogCodeExecution');

export const StopSession = z
  .object({
    api_key: apiKey,
    status: z.enum(['success', 'succeeded', 'passed', 'failed', 'failure']).default('success'),
  })
  .openapi('StopSession');

export const SessionView = z.object({
  session_id: z.string(),
  status: z.enum(['running', 'succeeded', 'failed']),
  test_id: z.string().nullable(),
  api_key_id: z.string().nullable(),
  platform: z.string().nullable(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  ai_steps: z.number().int(),
  cached_steps: z.number().int(),
  other_steps: z.number().int(),
});
