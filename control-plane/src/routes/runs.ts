import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { ApiError, badRequest, notFound } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import { seqCursor } from '../http/pagination.js';
import { createRouter } from '../http/validation.js';
import { findBuildCis } from '../queries/builds.js';
import { waitingReasons } from '../queries/devices.js';
import { listSteps } from '../queries/sessions.js';
import { readDeviceLog } from '../recordings/device-log.js';
import { findAttemptOfTest, findStepScreenshot, listAttempts } from '../runs/attempts.js';
import { createRun } from '../runs/create-run.js';
import { parseExecuteRequest } from '../runs/execute-request.js';
import { findRun, listRuns } from '../runs/run-queries.js';
import { CANCELLED_MESSAGE, cancelRun } from '../runs/transitions/cancel.js';
import { interactionLogView, runSummary, runView } from '../runs/views.js';
import { ErrorBody, errorResponses, id, jsonBody, jsonResponse } from '../schemas/common.js';
import * as s from '../schemas/runs.js';

const route = <R extends Parameters<typeof createRoute>[0]>(r: R) => createRoute({ ...r, tags: ['Runs'], security: [{ bearer: [] }] });

const conflict = { 409: { description: 'The run has already finished', content: { 'application/json': { schema: ErrorBody } } } };

const list = route({
  method: 'get',
  path: '/runs',
  summary: "The organisation's runs, newest first (cursor-paginated)",
  request: { query: s.ListRunsQuery },
  responses: { ...jsonResponse(s.RunList, 'One page of runs'), ...errorResponses },
});
const get = route({
  method: 'get',
  path: '/runs/{run_id}',
  summary: 'Run status and per-test results',
  request: { params: s.RunParam },
  responses: { ...jsonResponse(s.Run, 'The run'), ...errorResponses },
});
const cancel = route({
  method: 'post',
  path: '/runs/{run_id}/cancel',
  summary: 'Cancel a running run: queued tests end blocked, running ones are stopped',
  request: { params: s.RunParam },
  responses: { ...jsonResponse(s.RunCancelled, 'The run is cancelled'), ...errorResponses, ...conflict },
});
const screenshot = route({
  method: 'get',
  path: '/runs/{run_id}/tests/{test_id}/screenshots/{seq}',
  summary: 'The screenshot of one step of a test in a run',
  request: {
    params: s.RunParam.extend({
      test_id: id('test_id'),
      seq: z.string().regex(/^\d{1,9}$/, 'seq must be a step number from the interaction log'),
    }),
  },
  responses: {
    200: { description: 'The PNG', content: { 'image/png': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...errorResponses,
  },
});
const deviceLog = route({
  method: 'get',
  path: '/runs/{run_id}/tests/{test_id}/device-log',
  summary: 'The device log (logcat, threadtime) of one test in a run',
  request: { params: s.RunParam.extend({ test_id: id('test_id') }) },
  responses: {
    200: { description: 'The log', content: { 'text/plain': { schema: z.string() } } },
    ...errorResponses,
  },
});
const interactionLogs = route({
  method: 'get',
  path: '/suite/{run_id}/run/{test_id}/interaction_logs',
  summary: 'The step log of one test in a run',
  request: { params: s.RunParam.extend({ test_id: id('test_id') }), query: s.InteractionLogQuery },
  responses: { ...jsonResponse(s.InteractionLog, "The steps of the test's session"), ...errorResponses },
});

const cursor = seqCursor('r');

export function runRoutes() {
  const app = createRouter();

  // Keys match case-insensitively (docs/architecture.md#execute-rules), so the body is validated by
  // parseExecuteRequest rather than by zod-openapi; the canonical schema is documented here.
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/tests/execute',
    tags: ['Runs'],
    security: [{ bearer: [] }],
    summary: 'Start a run of tests on devices; answers as soon as the run is created',
    request: { body: jsonBody(s.ExecuteRun) },
    responses: {
      ...jsonResponse(s.RunStarted, 'The run was created'),
      ...errorResponses,
      403: {
        description: "Another organisation's organisationId, bundleId runs not enabled, or a read-only key",
        content: { 'application/json': { schema: ErrorBody } },
      },
    },
  });
  app.post('/tests/execute', async (c) => {
    const started = await createRun(c.var.deps.db, c.var.caller, parseExecuteRequest(await jsonOf(c)));
    c.var.deps.dispatcher.wake(); // offer its attempts to devices now, on whichever replica holds them
    // test_suite_ids: what GPT Driver's run-tests action tracks (issue 15). app_link: the run's
    // page, for people (the API URL answers 401 in a browser).
    const app_link = `${c.var.deps.config.appUrl}/runs/${encodeURIComponent(started.runId)}`;
    return c.json({ ...started, test_suite_ids: [started.runId], app_link }, 200);
  });

  app.openapi(list, async (c) => {
    const q = c.req.valid('query');
    const { page, nextCursor } = await cursor.page(q, (beforeSeq, limit) =>
      listRuns(c.var.deps.db, { orgId: c.var.caller.org.id, status: q.status, trigger: q.trigger, beforeSeq, limit }),
    );
    const cis = await findBuildCis(
      c.var.deps.db,
      c.var.caller.org.id,
      page.flatMap((r) => r.buildId ?? []),
    );
    return c.json({ runs: page.map((r) => runSummary(r, cis)), nextCursor }, 200);
  });

  app.openapi(get, async (c) => {
    const { db, config } = c.var.deps;
    const run = await findRun(db, c.var.caller.org.id, c.req.valid('param').run_id);
    if (!run) throw notFound('run');
    const cis = await findBuildCis(db, run.orgId, run.buildId === null ? [] : [run.buildId]);
    return c.json(runView(config, run, await listAttempts(db, run.id), cis), 200);
  });

  app.openapi(cancel, async (c) => {
    const { db, dispatcher } = c.var.deps;
    const runId = c.req.valid('param').run_id;
    const result = await cancelRun(db, c.var.caller.org.id, runId, CANCELLED_MESSAGE);
    if (result.outcome === 'not_found') throw notFound('run');
    if (result.outcome === 'finished') throw new ApiError(409, `the run has already finished: it is ${result.status}`);
    // Agents stop these attempts and report back; their verdicts are recorded blocked.
    if (result.held.length > 0) dispatcher.cancel(result.held, CANCELLED_MESSAGE);
    return c.json({ message: 'run cancelled', runId, status: 'cancelled' as const }, 200);
  });

  app.openapi(screenshot, async (c) => {
    const { run_id, test_id, seq } = c.req.valid('param');
    const { db, storage } = c.var.deps;
    const key = await findStepScreenshot(db, c.var.caller.org.id, run_id, test_id, Number(seq));
    const png = key === null ? null : await storage.get(key);
    if (!png) throw notFound('screenshot');
    return c.body(new Uint8Array(png), 200, { 'content-type': 'image/png', 'cache-control': 'private, max-age=86400' });
  });

  app.openapi(deviceLog, async (c) => {
    const { run_id, test_id } = c.req.valid('param');
    const { text, uploading, missing } = await readDeviceLog(c.var.deps, c.var.caller.org.id, run_id, test_id);
    if (uploading)
      throw new ApiError(404, 'the device log is still uploading from the lab agent (the verdict came first): try again shortly');
    if (missing) throw new ApiError(404, `the device log is missing: ${missing}`);
    if (text === null) throw notFound('device log');
    return c.text(text, 200, { 'cache-control': 'private, max-age=3600', 'x-content-type-options': 'nosniff' });
  });

  app.openapi(interactionLogs, async (c) => {
    const { run_id, test_id } = c.req.valid('param');
    const orgId = c.var.caller.org.id;
    // The link names the organisation; for another one's key it leads nowhere.
    if (c.req.valid('query').organisation_id !== orgId) throw notFound('run');
    const { db, config } = c.var.deps;
    const attempt = await findAttemptOfTest(db, orgId, run_id, test_id);
    if (!attempt) throw notFound('test in this run');
    const steps = attempt.sessionId === null ? [] : await listSteps(db, attempt.sessionId);
    const waiting = attempt.status === 'pending' ? ((await waitingReasons(db, orgId, [attempt])).get(attempt.id) ?? null) : null;
    return c.json(interactionLogView(config, attempt, steps, waiting), 200);
  });

  return app;
}

async function jsonOf(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch (e) {
    if (e instanceof ApiError) throw e; // the body limit
    throw badRequest('malformed JSON in the request body');
  }
}
