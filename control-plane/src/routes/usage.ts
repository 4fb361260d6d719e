import type { z } from '@hono/zod-openapi';
import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '../http/validation.js';
import { type UsageGroup, usageByTestId } from '../queries/usage.js';
import { ErrorBody, errorResponses, jsonResponse } from '../schemas/common.js';
import { UsageQuery, UsageReport } from '../schemas/usage.js';

const DAY_MS = 86_400_000;

const report = createRoute({
  method: 'get',
  path: '/usage/sdk-sessions',
  tags: ['Usage'],
  security: [{ bearer: [] }],
  summary: "AI and cached steps of the organisation's SDK sessions, by test id",
  request: { query: UsageQuery },
  responses: {
    ...jsonResponse(UsageReport, 'The usage report'),
    ...errorResponses,
    422: { description: 'Invalid query parameter', content: { 'application/json': { schema: ErrorBody } } },
  },
});

/** cachedSteps / (cachedSteps + aiSteps) × 100 (docs/api.md#usage-report); null when no step was cacheable. */
const hitRate = (ai: number, cached: number) => (ai + cached === 0 ? null : (cached / (ai + cached)) * 100);

type Row = z.infer<typeof UsageReport>['byTestId'][number];

function toRow(g: UsageGroup): Row {
  return {
    testId: g.testId,
    runs: g.runs,
    failedRuns: g.failedRuns,
    aiSteps: g.aiSteps,
    cachedSteps: g.cachedSteps,
    avgAiSteps: g.aiSteps / g.runs,
    cacheHitRate: hitRate(g.aiSteps, g.cachedSteps),
    avgRuntimeSeconds: g.avgRuntimeSeconds,
  };
}

/**
 * Computed on every call: one index-only aggregate over at most 30,001 rows
 * (docs/benchmarks.md). The spec allows results a minute old; we do not need it.
 */
export function usageRoutes() {
  const app = createRouter(422);
  app.openapi(report, async (c) => {
    const q = c.req.valid('query');
    const days = q.days ?? 30;
    const end = new Date();
    const start = new Date(end.getTime() - days * DAY_MS);
    const apiKeyId = q.apiKeyId ?? null;
    const { groups, truncated } = await usageByTestId(c.var.deps.db, {
      orgId: c.var.caller.org.id,
      start,
      end,
      apiKeyId: apiKeyId === null ? undefined : apiKeyId === 'unattributed' ? null : apiKeyId,
    });
    const sum = (pick: (g: UsageGroup) => number) => groups.reduce((n, g) => n + pick(g), 0);
    const totals = {
      runs: sum((g) => g.runs),
      failedRuns: sum((g) => g.failedRuns),
      aiSteps: sum((g) => g.aiSteps),
      cachedSteps: sum((g) => g.cachedSteps),
    };
    // Ties in aiSteps: more runs first, then test id, so the order is stable.
    const byTestId = groups
      .map(toRow)
      .sort((a, b) => b.aiSteps - a.aiSteps || b.runs - a.runs || String(a.testId).localeCompare(String(b.testId)));
    return c.json(
      {
        window: { days, start: start.toISOString(), end: end.toISOString() },
        apiKeyId,
        truncated,
        totals: { ...totals, cacheHitRate: hitRate(totals.aiSteps, totals.cachedSteps) },
        byTestId,
      },
      200,
    );
  });
  return app;
}
