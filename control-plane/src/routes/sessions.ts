import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { ApiError, badRequest, notFound } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import { createRouter } from '../http/validation.js';
import { newId } from '../ids.js';
import * as sessions from '../queries/sessions.js';
import { errorResponses, jsonBody, jsonResponse } from '../schemas/common.js';
import * as s from '../schemas/sessions.js';

const route = <R extends Parameters<typeof createRoute>[0]>(r: R) =>
  createRoute({ ...r, tags: ['SDK sessions'], security: [{ bearer: [] }] });
const sessionParam = { params: z.object({ sessionId: z.string().min(1).max(64) }) };
const conflict = {
  409: { description: 'The session has ended', content: { 'application/json': { schema: z.object({ detail: z.string() }) } } },
};

const create = route({
  method: 'post',
  path: '/sessions/create',
  summary: 'Start an SDK session',
  request: { body: jsonBody(s.CreateSession) },
  responses: { ...jsonResponse(s.SessionCreated, 'The new session'), ...errorResponses },
});
const execute = route({
  method: 'post',
  path: '/sessions/{sessionId}/execute',
  summary: 'The actions that carry out a command on the current screen',
  request: { ...sessionParam, body: jsonBody(s.ExecuteStep) },
  responses: { ...jsonResponse(s.StepDone, 'Actions to perform'), ...errorResponses, ...conflict },
});
const assert = route({
  method: 'post',
  path: '/sessions/{sessionId}/assert',
  summary: 'Check an assertion on the current screen',
  request: { ...sessionParam, body: jsonBody(s.AssertStep) },
  responses: { ...jsonResponse(s.AssertDone, 'Whether it holds'), ...errorResponses, ...conflict },
});
const logCode = route({
  method: 'post',
  path: '/sessions/{sessionId}/log_code_execution',
  summary: 'Record a step your own code performed (counts as neither AI nor cached)',
  request: { ...sessionParam, body: jsonBody(s.LogCode) },
  responses: { ...jsonResponse(z.object({ session_id: z.string(), step: z.number().int() }), 'Recorded'), ...errorResponses, ...conflict },
});
const stop = route({
  method: 'post',
  path: '/sessions/{sessionId}/stop',
  summary: 'End a session with its outcome',
  request: { ...sessionParam, body: jsonBody(s.StopSession) },
  responses: { ...jsonResponse(s.SessionView, 'The ended session'), ...errorResponses, ...conflict },
});
const get = route({
  method: 'get',
  path: '/sessions/{sessionId}',
  summary: 'One session and its counts',
  request: sessionParam,
  responses: { ...jsonResponse(s.SessionView, 'The session'), ...errorResponses },
});

async function sessionOf(c: Context<AppEnv>, id: string): Promise<sessions.SessionRecord> {
  const session = await sessions.findSession(c.var.deps.db, c.var.caller.org.id, id);
  if (!session) throw notFound('session');
  return session;
}

function decodeScreenshot(base64: string | undefined): Uint8Array | undefined {
  if (base64 === undefined || base64 === '') return undefined;
  const bytes = Buffer.from(base64, 'base64');
  const png = bytes.length > 8 && bytes.readUInt32BE(0) === 0x89504e47;
  if (!png) throw badRequest('screenshot: expected a base64-encoded PNG');
  return bytes;
}

/** One step through the engine: the execute and assert calls differ only in what they answer. */
async function step(
  c: Context<AppEnv>,
  sessionId: string,
  call: 'execute' | 'assert',
  body: { command: string; values?: Record<string, string>; page_source: string; screenshot?: string; step_number?: number },
) {
  const screenshot = decodeScreenshot(body.screenshot);
  // The engine reads the session itself, with the step cache's entry in the same statement.
  return c.var.deps.engine.decideStep({
    session: { orgId: c.var.caller.org.id, id: sessionId },
    call,
    command: body.command,
    values: body.values,
    pageSource: body.page_source,
    screenshot,
    stepNumber: body.step_number,
  });
}

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

function view(r: sessions.SessionRecord): z.infer<typeof s.SessionView> {
  return {
    session_id: r.id,
    status: r.status,
    test_id: r.testId,
    api_key_id: r.apiKeyId,
    platform: r.platform,
    started_at: iso(r.startedAt)!,
    ended_at: iso(r.endedAt),
    ai_steps: r.aiSteps,
    cached_steps: r.cachedSteps,
    other_steps: r.otherSteps,
  };
}

export function sessionRoutes() {
  const app = createRouter();

  app.openapi(create, async (c) => {
    const body = c.req.valid('json');
    const { caller } = c.var;
    const session = await sessions.insertSession(c.var.deps.db, {
      id: newId('ses'),
      orgId: caller.org.id,
      apiKeyId: caller.keyId,
      testId: body.test_id ?? null,
      platform: body.platform ?? null,
    });
    return c.json(
      {
        session_id: session.id,
        status: session.status,
        test_id: session.testId,
        platform: session.platform,
        started_at: iso(session.startedAt)!,
      },
      200,
    );
  });

  app.openapi(execute, async (c) => {
    const { sessionId } = c.req.valid('param');
    const result = await step(c, sessionId, 'execute', c.req.valid('json'));
    return c.json(
      {
        session_id: sessionId,
        step: result.step,
        step_index: result.stepIndex,
        step_type: result.kind,
        cache_hit: result.cacheHit,
        actions: result.actions,
        finished: result.finished,
        failed: result.failed,
        reason: result.reason,
      },
      200,
    );
  });

  app.openapi(assert, async (c) => {
    const { sessionId } = c.req.valid('param');
    const body = c.req.valid('json');
    const result = await step(c, sessionId, 'assert', { ...body, command: (body.command ?? body.assertion)! });
    return c.json(
      {
        session_id: sessionId,
        step: result.step,
        passed: !result.failed,
        step_type: result.kind,
        cache_hit: result.cacheHit,
        reason: result.reason,
      },
      200,
    );
  });

  app.openapi(logCode, async (c) => {
    const { sessionId } = c.req.valid('param');
    const body = c.req.valid('json');
    const session = await sessionOf(c, sessionId);
    const step = await sessions.recordStep(c.var.deps.db, {
      sessionId: session.id,
      call: 'code',
      kind: 'code',
      stepIndex: body.step_number ?? null,
      command: body.description ?? body.code ?? '(code)',
      actions: [],
      outcome: 'done',
      reason: body.code ?? null,
      fingerprint: null,
      screenshot: null,
      durationMs: 0,
    });
    if (step === null) throw new ApiError(409, `session ${sessionId} has ended (${session.status})`);
    return c.json({ session_id: sessionId, step }, 200);
  });

  app.openapi(stop, async (c) => {
    const { sessionId } = c.req.valid('param');
    const { status } = c.req.valid('json');
    const outcome = status === 'failed' || status === 'failure' ? 'failed' : 'succeeded';
    const stopped = await sessions.stopSession(c.var.deps.db, c.var.caller.org.id, sessionId, outcome);
    if (!stopped) {
      const existing = await sessionOf(c, sessionId); // 404 when it is not there at all
      throw new ApiError(409, `session ${sessionId} has already ended (${existing.status})`);
    }
    return c.json(view(stopped), 200);
  });

  app.openapi(get, async (c) => c.json(view(await sessionOf(c, c.req.valid('param').sessionId)), 200));

  return app;
}
