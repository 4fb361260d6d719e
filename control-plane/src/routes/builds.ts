import { rm } from 'node:fs/promises';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bearerFrom, callerFromKey } from '../auth/caller.js';
import { requireApiKey } from '../auth/middleware.js';
import { uploadCaller } from '../auth/upload-caller.js';
import { type InspectedBuild, inspectBuild } from '../builds/inspect.js';
import { parseCi, parseMetadata, parsePlatform } from '../builds/upload-fields.js';
import type { Db } from '../db/index.js';
import { ApiError, badRequest, notFound } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import { seqCursor } from '../http/pagination.js';
import { createRouter } from '../http/validation.js';
import { newId } from '../ids.js';
import { type BuildRecord, findBuild, insertBuild, listBuilds } from '../queries/builds.js';
import { Build, BuildList, BuildUploaded, ListBuildsQuery, UploadForm } from '../schemas/builds.js';
import { ErrorBody, errorResponses, id, jsonResponse } from '../schemas/common.js';
import { fileDigest } from '../uploads/digest.js';
import { receiveMultipart, type UploadGuard } from '../uploads/multipart.js';
import { takeUploadSlot } from '../uploads/upload-slots.js';

const cursor = seqCursor('b');

const appLink = (c: Context<AppEnv>, b: { orgId: string; id: string }) =>
  `${c.var.deps.config.appUrl}/organisations/${b.orgId}/build/${b.id}`;

const listRoute = createRoute({
  method: 'get',
  path: '/builds',
  tags: ['Builds'],
  summary: "The organisation's builds, newest first (cursor-paginated)",
  security: [{ bearer: [] }],
  middleware: [requireApiKey] as const,
  request: { query: ListBuildsQuery },
  responses: { ...jsonResponse(BuildList, 'One page of builds'), ...errorResponses },
});

const getBuild = createRoute({
  method: 'get',
  path: '/builds/{buildId}',
  tags: ['Builds'],
  summary: 'A build record',
  security: [{ bearer: [] }],
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
      method: 'post',
      path,
      tags: ['Builds'],
      summary: 'Upload a build (multipart, streamed to storage)',
      security: [{ bearer: [] }, {}],
      request: { body: { required: true, content: { 'multipart/form-data': { schema: UploadForm } } } },
      responses: {
        ...jsonResponse(BuildUploaded, 'The stored build'),
        ...errorResponses,
        413: { description: 'Larger than the upload limit', content: { 'application/json': { schema: ErrorBody } } },
      },
    });
    app.post(path, upload);
  }

  app.openapi(listRoute, async (c) => {
    const q = c.req.valid('query');
    const { page, nextCursor } = await cursor.page(q, (beforeSeq, limit) =>
      listBuilds(c.var.deps.db, { orgId: c.var.caller.org.id, name: q.name, platform: q.platform, beforeSeq, limit }),
    );
    return c.json({ builds: page.map((b) => buildView(c, b)), nextCursor }, 200);
  });

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

  // A Bearer key's upload counts against its key at once; an organisation_key's once the key is checked.
  const releaseSlot = bearerCaller ? takeUploadSlot(bearerCaller.keyId, config.limits.uploadsPerKey) : () => {};
  const scratch = await storage.scratchPath().catch((e: unknown) => {
    releaseSlot();
    throw e;
  });
  const scratchFiles = [scratch, `${scratch}.ipa`];
  const guard = bearerCaller ? undefined : anonymousGuard(db, config.limits.uploadsPerKey);
  try {
    const { fields, file } = await receiveMultipart(requestStream(c), contentType, {
      fileField: 'build',
      scratchPath: scratch,
      maxFileBytes: config.uploadMaxBytes,
      guard,
      idleMs: config.limits.bodyIdleTimeoutMs,
    });
    const caller = await uploadCaller(db, bearerCaller, fields.organisation_key);
    if (!file) throw badRequest('missing the "build" file part');
    if (file.size === 0) throw badRequest('the build file is empty');
    const platform = parsePlatform(fields.platform);
    const meta = parseMetadata(fields.metadata);
    const ci = parseCi(fields.ci);
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
      id: buildId,
      orgId: caller.org.id,
      platform: inspected.platform,
      kind: inspected.kind,
      fileName: stored.fileName,
      storageKey,
      sizeBytes: stored.size,
      sha256: stored.sha256,
      packageName: inspected.packageName,
      versionName: inspected.versionName,
      versionCode: inspected.versionCode,
      displayName: inspected.displayName,
      meta,
      ci,
    };
    try {
      await insertBuild(db, record);
    } catch (e) {
      await storage.remove(storageKey);
      throw e;
    }
    return c.json({ buildId, app_link: appLink(c, record) }, 200);
  } catch (e) {
    // A body that stopped arriving: the rest is not worth waiting for.
    if (e instanceof ApiError && e.status === 408) c.header('Connection', 'close');
    throw e;
  } finally {
    releaseSlot();
    guard?.release();
    await Promise.all(scratchFiles.map((f) => rm(f, { force: true })));
  }
}

/**
 * Uploads without a Bearer key whose file comes before their organisation_key (GPT Driver's
 * upload action sends the key last) cannot be checked before the file is written: at most
 * this many such uploads write to disk at once on a replica, so anonymous callers cannot fill
 * the disk (each is refused and removed once its key turns out wrong).
 */
export const UNVERIFIED_UPLOADS = 2;
let unverifiedUploads = 0;

/**
 * Without a Bearer key, the organisation_key field is the credential: it is checked the
 * moment it arrives, and a wrong one stops the upload before the file is written. A file
 * part that comes first is written only within UNVERIFIED_UPLOADS.
 */
function anonymousGuard(db: Db, uploadsPerKey: number): UploadGuard & { release(): void } {
  let keySeen = false;
  let holding = false;
  let releaseKeySlot: (() => void) | null = null;
  return {
    async field(name, value) {
      if (name !== 'organisation_key' || keySeen) return;
      keySeen = true;
      const caller = await uploadCaller(db, null, value);
      releaseKeySlot = takeUploadSlot(caller.keyId, uploadsPerKey);
    },
    file() {
      if (keySeen) return;
      if (unverifiedUploads >= UNVERIFIED_UPLOADS) {
        throw new ApiError(
          503,
          'too many uploads without a key checked first are in progress; retry, or send ' +
            '"Authorization: Bearer <API key>" (or the organisation_key field before the "build" file part)',
        );
      }
      unverifiedUploads += 1;
      holding = true;
    },
    release() {
      if (holding) unverifiedUploads -= 1;
      holding = false;
      releaseKeySlot?.();
      releaseKeySlot = null;
    },
  };
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
    buildId: b.id,
    platform: b.platform,
    kind: b.kind,
    fileName: b.fileName,
    sizeBytes: Number(b.sizeBytes),
    sha256: b.sha256,
    packageName: b.packageName,
    versionName: b.versionName,
    versionCode: b.versionCode,
    displayName: b.displayName,
    meta: b.meta,
    ci: b.ci,
    app_link: appLink(c, b),
    createdAt: new Date(b.createdAt).toISOString(),
  };
}
