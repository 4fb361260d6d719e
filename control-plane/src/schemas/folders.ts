import { z } from '@hono/zod-openapi';
import { MAX_FOLDER_DEPTH } from '../folders/tree.js';
import { id, text } from './common.js';

const FOLDER_NAME_MAX = 60;
const folderName = text('name', FOLDER_NAME_MAX);

export const Folder = z
  .object({
    id: z.string(),
    name: z.string(),
    parentId: z.string().nullable(),
    path: z.string().openapi({ example: 'Checkout / Payments' }),
    testCount: z.number().int().openapi({ description: 'Tests in this folder and all its subfolders' }),
  })
  .openapi('Folder');

export const FolderList = z.object({ folders: z.array(Folder), unfiledTestCount: z.number().int() });

const nesting = `Folders nest at most ${MAX_FOLDER_DEPTH} levels deep (a top-level folder is level 1); deeper is 400`;

export const CreateFolder = z.strictObject({ name: folderName, parentId: id('parentId').optional().openapi({ description: nesting }) });
export const FolderCreated = z.object({ folderId: z.string(), folder: Folder });

export const UpdateFolder = z
  .strictObject({
    folderId: id('folderId'),
    name: folderName.optional(),
    parentId: id('parentId').nullable().optional().openapi({ description: nesting }),
  })
  .refine((b) => b.name !== undefined || b.parentId !== undefined, {
    message: 'send name, parentId, or both with folderId',
  });
export const FolderUpdated = z.object({ message: z.string(), folderId: z.string() });

export const DeleteFolder = z.strictObject({ folderId: id('folderId') });
export const FolderDeleted = z.object({
  message: z.string(),
  folderId: z.string(),
  promotedFolderIds: z.array(z.string()),
  unfiledTestIds: z.array(z.string()),
});

export const MoveTests = z.strictObject({
  testIds: z.array(id('testIds[]')).min(1, 'testIds must not be empty').max(1000, 'at most 1000 testIds per call'),
  folderId: id('folderId').nullable().openapi({ description: 'null takes the tests out of their folders' }),
});
export const TestsMoved = z.object({
  message: z.string(),
  folderId: z.string().nullable(),
  movedTestIds: z.array(z.string()),
  unchangedTestIds: z.array(z.string()).openapi({ description: 'Already in that folder' }),
  skippedTestIds: z.array(z.string()).openapi({ description: 'No longer exist; they do not fail the call' }),
});
