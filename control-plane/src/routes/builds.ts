import { Readable } from 'node:stream';
import { rm } from 'node:fs/promises';
import { basename } from 'node:path';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bearerFrom, callerFromKey, type Caller } from '../auth/caller.js';
import { requireApiKey } from '../auth/middleware.js';
import { inspectBuild, type InspectedBuild } from '../builds/inspect.js';
import { ApiError, badRequest, notFound } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import { createRouter } from '../http/validation.js';
import { newId } from '../ids.js';
import { findBuild, insertBuild, type BuildRecord } from '../queries/builds.js';
import { ErrorBody, errorResponses, id, jsonResponse } from '../schemas/common.js';
import { fileDigest } from '../uploads/digest.js';
import { receiveMultipart } from '../uploads/multipart.js';

const BuildUploaded = z.object({
  buildId: z.string(),
  app_link: z.string().openapi({ example: 'http://localhost:8080/app/organisations/org_x/build/bld_y' }),
});
const Build = z
  .object({
    buildId: z.string(), platform: z.enum(['android', 'ios']), kind: z.enum(['apk', 'ipa', 'app']),
    fileName: z.string(), sizeBytes: z.number(), sha256: z.string(), packageName: z.string(),
    versionName: z.string().nullable(), versionCode: z.string().nullable(), displayName: z.string().nullable(),
    meta: z.record(z.string(), z.unknown()), app_link: z.string(), createdAt: z.string(),
  })
  .openapi('Build');
const UploadForm = z.object({
  build: z.any().openapi({ type: 'string', format: 'binary', description: '.apk, .ipa, or a .zip/.tar.gz of a simulator .app (or of one .ipa)' }),
  organisation_key: z.string().optional().openapi({ description: 'The organisation key, when no Bearer key is sent' }),
  platform: z.enum(['android', 'ios']).optional(),
  metadata: z.string().optional().openapi({ description: 'JSON object as a string, e.g. {"name":"nightly"}' }),
});

const Metadata = z.record(z.string(), z.unknown()).superRefine((meta, ctx) => {
  if (meta.name !== undefined && (typeof meta.name !== 'string' || meta.name.length === 0 || meta.name.length > 200)) {
    ctx.addIssue({ code: 'custom', message: 'metadata.name must be a string of 1 to 200 characters' });
  }
  if (JSON.stringify(meta).length > 16 * 1024) ctx.addIssue({ code: 'custom', message: 'metadata is larger than 16 KiB' });
});

const appLink = (c: Context<AppEnv>, b: { orgId: string; id: string }) =>
  `${c.var.deps.config.appUrl}/organisations/${b.orgId}/build/${b.id}`;

const getBuild = createRoute({
  method: 'get', path: '/builds/{buildId}', tags: ['Builds'], summary: 'A build record', security: [{ bearer: [] }],
  middleware: [requireApiKey] as const,
  request: { params: z.object({ buildId: id('buildId') }) },
  responses: { ...jsonResponse(Build, 'The build'), ...errorResponses },
});

export function buildRoutes() {
  const app = createRouter();

  // The upload parses its own multipart stream, so it is documented here but not validated by zod-openapi
  // (whose form validator would buffer the whole file).
  for (const path of ['/uploadBuild', '/uploadBuild/']) {
    app.openAPIRegistry.registerPath({
      method: 'post', path, tags: ['Builds'], summary: 'Upload a build (multipart, streamed to storage)',
      security: [{ bearer: [] }, {}],
      request: { body: { required: true, content: { 'multipart/form-data': { schema: UploadForm } } } },
      responses: {
        ...jsonResponse(BuildUploaded, 'The stored build'), ...errorResponses,
        413: { description: 'Larger than the upload limit', content: { 'application/json': { schema: ErrorBody } } },
      },
    });
    app.post(path, upload);
  }

  app.openapi(getBuild, async (c) => {
    const build = await findBuild(c.var.deps.db, c.var.caller.org.id, c.req.valid('param').buildId);
    if (!build) throw notFound('build');
    return c.json(buildView(c, build), 200);
  });
  return app;
}

async function upload(c: Context<AppEnv>) {
  const { db, storage, config } = c.var.deps;
  // A Bearer key is checked before a byte of the body is read.
  const bearer = bearerFrom(c.req.header('authorization'));
  const bearerCaller = bearer ? await callerFromKey(db, bearer) : null;
  if (bearerCaller?.kind === 'audit') throw new ApiError(403, 'audit keys are read-only');
  const contentType = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(contentType)) {
    throw badRequest('send the build as multipart/form-data with a "build" file part');
  }
  const declared = Number(c.req.header('content-length') ?? NaN);
  if (declared > config.uploadMaxBytes + 1024 * 1024) {
    c.header('Connection', 'close'); // too big to drain politely
    throw new ApiError(413, `build is larger than the limit of ${config.uploadMaxBytes} bytes`);
  }

  const scratch = await storage.scratchPath();
  const scratchFiles = [scratch, `${scratch}.ipa`];
  try {
    const { fields, file } = await receiveMultipart(requestStream(c), contentType, {
      fileField: 'build', scratchPath: scratch, maxFileBytes: config.uploadMaxBytes,
    });
    const caller = await uploadCaller(c, bearerCaller, fields.organisation_key);
    if (!file) throw badRequest('missing the "build" file part');
    if (file.size === 0) throw badRequest('the build file is empty');
    const platform = parsePlatform(fields.platform);
    const meta = parseMetadata(fields.metadata);
    const fileName = basename(file.fileName.replaceAll('\\', '/')).slice(-200);
    const inspected = await inspectBuild(scratch, fileName); // also refuses unaccepted extensions
    if (platform && platform !== inspected.platform) {
      throw badRequest(`platform is "${platform}" but the file is an ${inspected.platform} build`);
    }
    const buildId = newId('bld');
    const stored = await storedFile(inspected, scratch, fileName, file);
    const storageKey = `builds/${caller.org.id}/${buildId}/${stored.fileName}`;
    await storage.commit(stored.path, storageKey);
    const record = {
      id: buildId, orgId: caller.org.id, platform: inspected.platform, kind: inspected.kind,
      fileName: stored.fileName, storageKey, sizeBytes: stored.size, sha256: stored.sha256,
      packageName: inspected.packageName, versionName: inspected.versionName, versionCode: inspected.versionCode,
      displayName: inspected.displayName, meta,
    };
    try {
      await insertBuild(db, record);
    } catch (e) {
      await storage.remove(`builds/${caller.org.id}/${buildId}`);
      throw e;
    }
    return c.json({ buildId, app_link: appLink(c, record) }, 200);
  } finally {
    await Promise.all(scratchFiles.map((f) => rm(f, { force: true })));
  }
}

/**
 * Node's own request stream when served by @hono/node-server (no web-stream
 * conversion on the 1 GiB path); the web stream otherwise (app.request). Only one
 * of the two may be touched: reading `c.req.raw.body` starts draining `incoming`.
 */
function requestStream(c: Context<AppEnv>): Readable {
  const incoming = (c.env as { incoming?: Readable } | undefined)?.incoming;
  if (incoming) return incoming;
  if (!c.req.raw.body) throw badRequest('the request has no body');
  return Readable.fromWeb(c.req.raw.body as import('node:stream/web').ReadableStream);
}

/** DESIGN.md: a Bearer key or the organisation_key field; when both are sent they must agree. */
async function uploadCaller(c: Context<AppEnv>, bearer: Caller | null, orgKeyField: string | undefined): Promise<Caller> {
  const fromField = orgKeyField ? await callerFromKey(c.var.deps.db, orgKeyField.trim()) : null;
  const caller = bearer ?? fromField;
  if (!caller) throw new ApiError(401, 'missing API key: send "Authorization: Bearer <API key>" or the organisation_key field');
  if (bearer && fromField && bearer.org.id !== fromField.org.id) {
    throw new ApiError(401, 'the Bearer key and organisation_key belong to different organisations');
  }
  if (caller.kind === 'audit') throw new ApiError(403, 'audit keys are read-only');
  return caller;
}

function parsePlatform(value: string | undefined): 'android' | 'ios' | undefined {
  if (value === undefined || value === '') return undefined;
  const platform = value.trim().toLowerCase();
  if (platform !== 'android' && platform !== 'ios') throw badRequest('platform must be "android" or "ios"');
  return platform;
}

function parseMetadata(value: string | undefined): Record<string, unknown> {
  if (value === undefined || value.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw badRequest('metadata must be a JSON object given as a string, e.g. {"name":"nightly"}');
  }
  const result = Metadata.safeParse(parsed);
  if (!result.success) throw badRequest(`invalid metadata: ${result.error.issues[0]!.message}`);
  return result.data;
}

/** A .zip/.tar.gz holding one .ipa is stored as that .ipa. */
async function storedFile(
  inspected: InspectedBuild,
  scratch: string,
  fileName: string,
  upload: { size: number; sha256: string },
): Promise<{ path: string; fileName: string; size: number; sha256: string }> {
  if (!inspected.unwrappedIpaPath) return { path: scratch, fileName, size: upload.size, sha256: upload.sha256 };
  const name = fileName.replace(/(\.tar\.gz|\.tgz|\.zip)$/i, '') + '.ipa';
  return { path: inspected.unwrappedIpaPath, fileName: name, ...(await fileDigest(inspected.unwrappedIpaPath)) };
}

function buildView(c: Context<AppEnv>, b: BuildRecord) {
  return {
    buildId: b.id, platform: b.platform, kind: b.kind, fileName: b.fileName, sizeBytes: Number(b.sizeBytes),
    sha256: b.sha256, packageName: b.packageName, versionName: b.versionName, versionCode: b.versionCode,
    displayName: b.displayName, meta: b.meta, app_link: appLink(c, b), createdAt: new Date(b.createdAt).toISOString(),
  };
}
