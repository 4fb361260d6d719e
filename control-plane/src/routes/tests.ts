import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { startGenerating } from '../engine/generation.js';
import { ApiError, badRequest, notFound } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import { pageOf, seqCursor } from '../http/pagination.js';
import { createRouter } from '../http/validation.js';
import { newId } from '../ids.js';
import { findFolder } from '../queries/folders.js';
import * as tests from '../queries/tests.js';
import { errorResponses, id, jsonBody, jsonResponse } from '../schemas/common.js';
import * as s from '../schemas/tests.js';
import { changesAutomation, initialAutomation, markStale, platformViews, toTestView } from '../tests/automation.js';

const route = <R extends Parameters<typeof createRoute>[0]>(r: R) => createRoute({ ...r, tags: ['Tests'], security: [{ bearer: [] }] });

const list = route({
  method: 'get',
  path: '/tests',
  summary: 'List tests (cursor-paginated, creation order)',
  request: { query: s.ListTestsQuery },
  responses: { ...jsonResponse(s.TestList, 'One page of tests'), ...errorResponses },
});
const get = route({
  method: 'get',
  path: '/tests/{testId}',
  summary: 'One test',
  request: { params: z.object({ testId: id('testId') }) },
  responses: { ...jsonResponse(s.Test, 'The test'), ...errorResponses },
});
const create = route({
  method: 'post',
  path: '/tests',
  summary: 'Create a test',
  request: { body: jsonBody(s.CreateTest) },
  responses: { ...jsonResponse(s.TestCreated, 'The new test id'), ...errorResponses },
});
const update = route({
  method: 'patch',
  path: '/tests',
  summary: 'Move a test between folders and/or change its fields',
  request: { body: jsonBody(s.UpdateTest) },
  responses: { ...jsonResponse(s.TestUpdated, 'The updated test'), ...errorResponses },
});
const remove = route({
  method: 'delete',
  path: '/tests',
  summary: 'Delete tests by testId and/or testIds',
  request: { body: jsonBody(s.DeleteTests) },
  responses: { ...jsonResponse(s.TestsDeleted, 'Tests deleted'), ...errorResponses },
});

const generate = route({
  method: 'post',
  path: '/tests/generate',
  summary: 'Generate automation for a test (in the background; follow platforms.<p>.status on GET /tests/{testId})',
  request: { body: jsonBody(s.GenerateTest) },
  responses: { ...jsonResponse(s.GenerationStarted, 'Generation started: the platforms report generating'), ...errorResponses },
});

const cursor = seqCursor('s');

const dedupe = (values: string[] | undefined) => (values === undefined ? undefined : [...new Set(values)]);

/** Folders are refused for studio organisations (docs/api.md#folders-platform-organisations). */
function checkFolderAllowed(c: Context<AppEnv>, folderId: string | null | undefined) {
  if (folderId !== undefined && c.var.caller.org.type === 'studio') {
    throw badRequest('folderId is not available for studio organisations');
  }
}

export function testRoutes() {
  const app = createRouter();

  app.openapi(list, async (c) => {
    const q = c.req.valid('query');
    const { db } = c.var.deps;
    const orgId = c.var.caller.org.id;
    checkFolderAllowed(c, q.folderId);
    if (q.folderId !== undefined && !(await findFolder(db, orgId, q.folderId))) throw notFound('folder');
    const rows = await tests.listTests(db, {
      orgId,
      folder: q.folderId === undefined ? undefined : { id: q.folderId, subfolders: q.includeSubfolders ?? false },
      tag: q.tag,
      afterSeq: q.cursor === undefined ? undefined : cursor.decode(q.cursor),
      limit: q.limit + 1, // one more than asked tells whether another page exists
    });
    const { page, nextCursor } = pageOf(rows, q.limit, cursor.encode);
    return c.json({ tests: page.map(toTestView), nextCursor }, 200);
  });

  app.openapi(get, async (c) => {
    const record = await tests.findTest(c.var.deps.db, c.var.caller.org.id, c.req.valid('param').testId);
    if (!record) throw notFound('test');
    return c.json(toTestView(record), 200);
  });

  app.openapi(create, async (c) => {
    const body = c.req.valid('json');
    checkFolderAllowed(c, body.folderId);
    const orgId = c.var.caller.org.id;
    const testId = newId('tst');
    const max = c.var.deps.config.limits.testsPerOrg;
    // Counted without a lock: creations racing at the limit may pass it by their number, where
    // serialising every creation of an organisation would cost POST /tests its throughput.
    if ((await tests.countTests(c.var.deps.db, orgId)) >= max) {
      throw new ApiError(429, `the organisation has ${max} tests, the most allowed (ORG_MAX_TESTS): delete some first`);
    }
    const inserted = await tests.insertTest(c.var.deps.db, {
      id: testId,
      orgId,
      folderId: body.folderId ?? null,
      title: body.title ?? defaultTitle(body.commands),
      commands: body.commands,
      tags: dedupe(body.tags) ?? [],
      preRequests: body.preRequests ?? [],
      teardownRequests: body.teardownRequests ?? [],
      launchParams: body.launchParams ?? [],
      testInputs: body.testInputs ?? [],
      autoGenerate: body.autoGenerate,
      automation: initialAutomation(body.autoGenerate),
    });
    if (!inserted) throw notFound('folder');
    if (body.autoGenerate) c.var.deps.generator.enqueue(orgId, testId);
    return c.json({ testId }, 200);
  });

  app.openapi(update, async (c) => {
    const { testId, folderId, commands, ...content } = c.req.valid('json');
    checkFolderAllowed(c, folderId);
    const orgId = c.var.caller.org.id;
    const record = await c.var.deps.db.transaction(async (tx) => {
      // The folder before the test, in the order DELETE /tests/folders locks them (the
      // folder, then the tests filed in it): the other order could deadlock with it (a 500).
      if (folderId && !(await findFolder(tx, orgId, folderId, 'share'))) throw notFound('folder');
      const current = await tests.findTest(tx, orgId, testId, true);
      if (!current) throw notFound('test');
      // A change of commands (or of the names they refer to) makes generated
      // automation stale; a folder move never does.
      const stale = changesAutomation(current, { ...content, commands });
      return tests.updateTest(tx, testId, {
        ...content,
        tags: dedupe(content.tags),
        commands,
        folderId,
        automation: stale ? markStale(current.automation) : undefined,
      });
    });
    return c.json({ message: 'test updated', testId, test: toTestView(record) }, 200);
  });

  app.openapi(generate, async (c) => {
    const { testId, platforms } = c.req.valid('json');
    const orgId = c.var.caller.org.id;
    const { db, generator } = c.var.deps;
    const automation = await db.transaction(async (tx) => {
      const current = await tests.findTest(tx, orgId, testId, true);
      if (!current) throw notFound('test');
      const next = startGenerating(current.automation, [...new Set(platforms ?? tests.PLATFORMS)]);
      await tests.setAutomation(tx, orgId, testId, next);
      return next;
    });
    generator.enqueue(orgId, testId);
    return c.json({ message: 'generation started', testId, platforms: platformViews(automation) }, 200);
  });

  app.openapi(remove, async (c) => {
    const body = c.req.valid('json');
    const ids = [...new Set([...(body.testId ? [body.testId] : []), ...(body.testIds ?? [])])];
    const deleted = await tests.deleteTests(c.var.deps.db, c.var.caller.org.id, ids);
    if (deleted.length === 0) throw new ApiError(404, ids.length === 1 ? 'test not found' : 'none of these tests were found');
    const gone = new Set(deleted);
    return c.json(
      {
        message: `${deleted.length} test(s) deleted`,
        deletedTestIds: ids.filter((i) => gone.has(i)),
        skippedTestIds: ids.filter((i) => !gone.has(i)),
      },
      200,
    );
  });

  return app;
}

/** Untitled tests are named after their first command, so run results stay readable. */
function defaultTitle(commands: string[]): string {
  const first = [...commands[0]!.trim()];
  return first.length <= 80 ? first.join('') : `${first.slice(0, 79).join('')}…`;
}
