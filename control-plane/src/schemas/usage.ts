import { z } from '@hono/zod-openapi';

/** docs/api.md#usage-report. Unknown parameters are refused too: a misspelt `apikeyid` must not silently report every key. */
export const UsageQuery = z.strictObject({
  days: z
    .string()
    .regex(/^\d{1,3}$/, 'days must be a whole number from 1 to 90')
    .transform(Number)
    .refine((d) => d >= 1 && d <= 90, 'days must be from 1 to 90')
    .optional()
    .openapi({ type: 'integer', minimum: 1, maximum: 90, default: 30 }),
  apiKeyId: z
    .string()
    .regex(/^([A-Za-z0-9]{11}|legacy|unattributed)$/, 'apiKeyId must be an 11-character key id, "legacy" or "unattributed"')
    .optional(),
});

const Counts = {
  runs: z.number().int(),
  failedRuns: z.number().int(),
  aiSteps: z.number().int(),
  cachedSteps: z.number().int(),
  cacheHitRate: z.number().nullable().openapi({ description: 'Percentage 0-100 of cacheable steps served from cache; null when none' }),
};

export const UsageReport = z
  .object({
    window: z.object({ days: z.number().int(), start: z.string(), end: z.string() }),
    apiKeyId: z.string().nullable(),
    truncated: z.boolean(),
    totals: z.object(Counts),
    byTestId: z.array(
      z.object({
        testId: z.string().nullable(),
        ...Counts,
        avgAiSteps: z.number(),
        avgRuntimeSeconds: z.number().nullable(),
      }),
    ),
  })
  .openapi('SdkSessionUsage');
