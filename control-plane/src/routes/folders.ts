import { createRoute } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { ApiError, badRequest, notFound } from '../errors.js';
import { buildFolderViews, MAX_FOLDER_DEPTH, PATH_SEPARATOR } from '../folders/tree.js';
import type { AppEnv } from '../http/env.js';
import { createRouter } from '../http/validation.js';
import { newId } from '../ids.js';
import * as folders from '../queries/folders.js';
import { lockOrganisation } from '../queries/organisations.js';
import { moveTests } from '../queries/tests.js';
import { errorResponses, jsonBody, jsonResponse } from '../schemas/common.js';
import * as s from '../schemas/folders.js';

const tooDeep = () => badRequest(`folders can be nested at most ${MAX_FOLDER_DEPTH} levels deep`);

/** Folders are a platform-library feature (docs/api.md#folders-platform-organisations). */
export const platformOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.caller.org.type === 'studio') throw badRequest('folders are not available for studio organisations');
  await next();
});

const route = <R extends Parameters<typeof createRoute>[0]>(r: R) =>
  createRoute({ ...r, tags: ['Folders'], middleware: [platformOnly] as const, security: [{ bearer: [] }] });

const list = route({
  method: 'get',
  path: '/tests/folders',
  summary: 'List folders',
  responses: { ...jsonResponse(s.FolderList, 'Every folder with path and testCount'), ...errorResponses },
});
const create = route({
  method: 'post',
  path: '/tests/folders',
  summary: 'Create a folder',
  request: { body: jsonBody(s.CreateFolder) },
  responses: { ...jsonResponse(s.FolderCreated, 'The new folder'), ...errorResponses },
});
const update = route({
  method: 'patch',
  path: '/tests/folders',
  summary: 'Rename, move, or both (applied together or not at all)',
  request: { body: jsonBody(s.UpdateFolder) },
  responses: { ...jsonResponse(s.FolderUpdated, 'Folder updated'), ...errorResponses },
});
const remove = route({
  method: 'delete',
  path: '/tests/folders',
  summary: 'Delete a folder; subfolders move up, tests become unfiled',
  request: { body: jsonBody(s.DeleteFolder) },
  responses: { ...jsonResponse(s.FolderDeleted, 'Folder deleted'), ...errorResponses },
});
const move = route({
  method: 'post',
  path: '/tests/folders/move',
  summary: 'Move many tests into a folder',
  request: { body: jsonBody(s.MoveTests) },
  responses: { ...jsonResponse(s.TestsMoved, 'Tests moved'), ...errorResponses },
});

export function folderRoutes() {
  const app = createRouter();

  app.openapi(list, async (c) => {
    const { db } = c.var.deps;
    const orgId = c.var.caller.org.id;
    const [rows, unfiledTestCount] = await Promise.all([folders.listFolderRows(db, orgId), folders.countUnfiledTests(db, orgId)]);
    return c.json({ folders: buildFolderViews(rows), unfiledTestCount }, 200);
  });

  app.openapi(create, async (c) => {
    const { name, parentId = null } = c.req.valid('json');
    const orgId = c.var.caller.org.id;
    const folderId = newId('fld');
    // Everything the answer needs is read inside the transaction: nothing can fail after the commit.
    const folder = await c.var.deps.db.transaction(async (tx) => {
      await lockOrganisation(tx, orgId);
      const max = c.var.deps.config.limits.foldersPerOrg;
      if ((await folders.countFolders(tx, orgId)) >= max) {
        throw new ApiError(429, `the organisation has ${max} folders, the most allowed (ORG_MAX_FOLDERS): delete some first`);
      }
      let ancestry: string[] = [];
      if (parentId !== null) {
        if (!(await folders.findFolder(tx, orgId, parentId))) throw notFound('parent folder');
        ancestry = await folders.folderAncestry(tx, parentId, MAX_FOLDER_DEPTH);
        if (ancestry.length + 1 > MAX_FOLDER_DEPTH) throw tooDeep();
      }
      await folders.insertFolder(tx, { id: folderId, orgId, name, parentId });
      return { id: folderId, name, parentId, path: [...ancestry, name].join(PATH_SEPARATOR), testCount: 0 };
    });
    return c.json({ folderId, folder }, 200);
  });

  app.openapi(update, async (c) => {
    const { folderId, name, parentId } = c.req.valid('json');
    const orgId = c.var.caller.org.id;
    await c.var.deps.db.transaction(async (tx) => {
      // The organisation lock serialises tree changes, so the ancestry check below
      // sees every concurrent move that committed before it: no cycle can form.
      await lockOrganisation(tx, orgId);
      if (!(await folders.findFolder(tx, orgId, folderId, 'update'))) throw notFound('folder');
      if (parentId) {
        if (!(await folders.findFolder(tx, orgId, parentId))) throw notFound('parent folder');
        if (await folders.isSelfOrDescendant(tx, folderId, parentId)) {
          throw badRequest('a folder cannot be moved inside itself or one of its own subfolders');
        }
        // Checked under the organisation lock, so two moves cannot together exceed the limit.
        const above = (await folders.folderAncestry(tx, parentId, MAX_FOLDER_DEPTH)).length;
        if (above + (await folders.subtreeHeight(tx, folderId, MAX_FOLDER_DEPTH)) > MAX_FOLDER_DEPTH) throw tooDeep();
      }
      await folders.updateFolder(tx, folderId, { name, parentId });
    });
    const what = [name !== undefined && 'renamed', parentId !== undefined && 'moved'].filter(Boolean).join(' and ');
    return c.json({ message: `folder ${what}`, folderId }, 200);
  });

  app.openapi(remove, async (c) => {
    const { folderId } = c.req.valid('json');
    const orgId = c.var.caller.org.id;
    const result = await c.var.deps.db.transaction(async (tx) => {
      await lockOrganisation(tx, orgId);
      const folder = await folders.findFolder(tx, orgId, folderId, 'update');
      if (!folder) throw notFound('folder');
      return folders.deleteFolder(tx, folder);
    });
    return c.json({ message: 'folder deleted; no test was deleted', folderId, ...result }, 200);
  });

  app.openapi(move, async (c) => {
    const { testIds, folderId } = c.req.valid('json');
    const orgId = c.var.caller.org.id;
    const ids = [...new Set(testIds)];
    const result = await c.var.deps.db.transaction(async (tx) => {
      // FOR SHARE keeps the folder from being deleted while tests are filed into it.
      if (folderId !== null && !(await folders.findFolder(tx, orgId, folderId, 'share'))) throw notFound('folder');
      return moveTests(tx, orgId, ids, folderId);
    });
    const found = new Set([...result.moved, ...result.unchanged]);
    return c.json(
      {
        message: `${result.moved.length} test(s) moved`,
        folderId,
        movedTestIds: result.moved,
        unchangedTestIds: result.unchanged,
        skippedTestIds: ids.filter((id) => !found.has(id)),
      },
      200,
    );
  });

  return app;
}
