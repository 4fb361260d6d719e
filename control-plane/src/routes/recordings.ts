/**
 * Recordings: lab agents upload a test's screen recording (agent token, only for an
 * attempt one of the token's agents holds), and the pages stream it back with byte
 * ranges, which is how browsers seek in a video.
 *
 * The agent sends the verdict first and uploads after it (lab-agent/src/artifact-uploads.ts):
 * the verdict marks the artifact pending, and an upload names its key on the try as it
 * lands, before or after the verdict (recordings/queries.ts). After the verdict only the
 * agent that ran the try may upload (its id in `x-devicelab-agent`), and only an artifact
 * the verdict announced; one it gives up on is reported missing with its reason. A lost
 * artifact never changes a verdict.
 */
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { ApiError, notFound } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import { createRouter } from '../http/validation.js';
import {
  contentTypeOf,
  deviceLogKey,
  extensionFor,
  MAX_RECORDING_PARTS,
  parseRange,
  partKey,
  RECORDING_TYPES,
  recordingKey,
} from '../recordings/formats.js';
import {
  type ArtifactKind,
  findUploadTarget,
  markArtifactMissing,
  nameUploadedArtifact,
  type UploadTarget,
} from '../recordings/queries.js';
import { parseWireId } from '../runs/wire-id.js';
import { errorResponses } from '../schemas/common.js';
import type { FileStorage } from '../storage/files.js';
import { requireAgentToken } from './agent-builds.js';

/** Ten minutes of 1080p screenrecord is about 300 MB; anything much bigger is not a test recording. */
const RECORDING_MAX_BYTES = 512 * 1024 * 1024;
/** The agent cuts a test's device log at 8 MiB (lab-agent/src/devices/android.ts); some room beyond. */
const DEVICE_LOG_MAX_BYTES = 16 * 1024 * 1024;

/** The agent that ran a try names itself on uploads after the verdict (its hello's agentId). */
const agentHeader = z.object({ 'x-devicelab-agent': z.string().min(1).max(100).optional() });

const upload = createRoute({
  method: 'put',
  path: '/agent/recordings/{jobId}',
  tags: ['Lab agents'],
  summary: 'Upload the screen recording of a job the agent holds (agent token); answers the storage key for job.result',
  middleware: [requireAgentToken] as const,
  request: {
    params: z.object({ jobId: z.string().min(3).max(120) }),
    query: z.object({
      part: z
        .string()
        .regex(/^\d{1,2}$/, 'part is a number from 0')
        .optional()
        .openapi({ description: 'Part of a recording in parts (0 = the first)' }),
    }),
    headers: agentHeader.extend({ 'content-type': z.string().openapi({ enum: RECORDING_TYPES }) }),
  },
  responses: {
    200: { description: 'Stored', content: { 'application/json': { schema: z.object({ recordingKey: z.string() }) } } },
    ...errorResponses,
  },
});

const missing = createRoute({
  method: 'post',
  path: '/agent/recordings/{jobId}/missing',
  tags: ['Lab agents'],
  summary: 'Report that an artifact the verdict announced will not be uploaded, and why (agent token, the agent that ran the try)',
  middleware: [requireAgentToken] as const,
  request: {
    params: z.object({ jobId: z.string().min(3).max(120) }),
    headers: agentHeader,
    body: {
      content: {
        'application/json': {
          schema: z.object({ artifact: z.enum(['recording', 'deviceLog']), reason: z.string().trim().min(1).max(2000) }),
        },
      },
    },
  },
  responses: {
    200: { description: 'Marked missing', content: { 'application/json': { schema: z.object({ missing: z.literal(true) }) } } },
    ...errorResponses,
  },
});

const deviceLogUpload = createRoute({
  method: 'put',
  path: '/agent/recordings/{jobId}/device-log',
  tags: ['Lab agents'],
  summary: 'Upload the device log (logcat) of a job the agent holds (agent token); answers the storage key for job.result',
  middleware: [requireAgentToken] as const,
  request: {
    params: z.object({ jobId: z.string().min(3).max(120) }),
    headers: agentHeader.extend({ 'content-type': z.string().regex(/^text\/plain\b/, 'a device log is text/plain') }),
  },
  responses: {
    200: { description: 'Stored', content: { 'application/json': { schema: z.object({ deviceLogKey: z.string() }) } } },
    ...errorResponses,
  },
});

export function recordingRoutes() {
  const app = createRouter();
  app.openapi(deviceLogUpload, async (c) => {
    const { db, storage } = c.var.deps;
    const { ref, held } = await uploadTarget(c, 'deviceLog');
    if (Number(c.req.header('content-length') ?? 0) > DEVICE_LOG_MAX_BYTES)
      throw new ApiError(413, `a device log is at most ${DEVICE_LOG_MAX_BYTES} bytes`);
    const body = c.req.raw.body;
    if (!body) throw new ApiError(400, 'the request has no body');
    const key = deviceLogKey(held.orgId, held.runId, ref.id, ref.tryNumber);
    const scratch = await storage.scratchPath();
    try {
      await pipeline(
        Readable.from(body, { objectMode: false }),
        sizeLimit(DEVICE_LOG_MAX_BYTES, 'a device log'),
        createWriteStream(scratch),
      );
      await storage.commit(scratch, key);
    } finally {
      await rm(scratch, { force: true });
    }
    await nameOnTry(db, ref, held, 'deviceLog', key);
    return c.json({ deviceLogKey: key }, 200);
  });
  app.openapi(upload, async (c) => {
    const { db, storage } = c.var.deps;
    const { ref, held } = await uploadTarget(c, 'recording');
    const ext = extensionFor(c.req.header('content-type'));
    if (!ext) throw new ApiError(415, `a recording is one of ${RECORDING_TYPES.join(', ')}`);
    const declared = Number(c.req.header('content-length') ?? 0);
    if (declared > RECORDING_MAX_BYTES) throw new ApiError(413, `a recording is at most ${RECORDING_MAX_BYTES} bytes`);
    const body = c.req.raw.body;
    if (!body) throw new ApiError(400, 'the request has no body');
    const part = Number(c.req.valid('query').part ?? 0);
    if (part >= MAX_RECORDING_PARTS) throw new ApiError(400, `a recording has at most ${MAX_RECORDING_PARTS} parts`);
    const key = partKey(recordingKey(held.orgId, held.runId, ref.id, ref.tryNumber, ext), part);
    const scratch = await storage.scratchPath();
    try {
      await pipeline(Readable.from(body, { objectMode: false }), sizeLimit(RECORDING_MAX_BYTES), createWriteStream(scratch));
      await storage.commit(scratch, key); // a rename: a re-sent upload replaces the file whole
    } finally {
      await rm(scratch, { force: true });
    }
    // The first part names the recording (the others lie beside it): an agent uploading after
    // the verdict sends it last, so the recording plays once it is whole.
    if (part === 0) await nameOnTry(db, ref, held, 'recording', key);
    return c.json({ recordingKey: key }, 200);
  });
  app.openapi(missing, async (c) => {
    const { artifact, reason } = c.req.valid('json');
    const { ref, held } = await uploadTarget(c, artifact);
    if (!held.finished || !(await markArtifactMissing(c.var.deps.db, ref, artifact, reason)))
      throw new ApiError(409, `the try's ${artifact === 'recording' ? 'recording' : 'device log'} is not awaited`);
    return c.json({ missing: true as const }, 200);
  });
  return app;
}

/** The try an agent's upload (or missing report) is for; 404 for anything but its own try awaiting it. */
async function uploadTarget(c: Context, kind: ArtifactKind): Promise<{ ref: { id: string; tryNumber: number }; held: UploadTarget }> {
  const { db } = (c.var as AppEnv['Variables']).deps;
  const ref = parseWireId(c.req.param('jobId') ?? '');
  const tokenId = (c.var as { agentTokenId?: string }).agentTokenId!;
  const agentId = c.req.header('x-devicelab-agent') ?? null;
  const held = ref ? await findUploadTarget(db, ref, tokenId, agentId, kind) : null;
  if (!ref || !held) throw notFound('job of this agent awaiting this upload');
  return { ref, held };
}

/** Names the stored artifact on its try; after the verdict a try that names another one answers 409. */
async function nameOnTry(
  db: AppEnv['Variables']['deps']['db'],
  ref: { id: string; tryNumber: number },
  held: UploadTarget,
  kind: ArtifactKind,
  key: string,
): Promise<void> {
  if (!(await nameUploadedArtifact(db, ref, kind, key)) && held.finished)
    throw new ApiError(409, `the try already names another ${kind === 'recording' ? 'recording' : 'device log'}`);
}

function sizeLimit(max: number, what = 'a recording'): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      done(seen > max ? new ApiError(413, `${what} is at most ${max} bytes`) : null, chunk);
    },
  });
}

/** How many consecutive parts of the recording under `key` are stored (1 for most). */
export async function countParts(storage: FileStorage, key: string): Promise<number> {
  let n = 1;
  while (n < MAX_RECORDING_PARTS && (await storage.size(partKey(key, n))) !== null) n += 1;
  return n;
}

/** Streams a stored recording, honouring a single byte range (206) as video players ask. */
export async function sendRecording(c: Context, key: string): Promise<Response | null> {
  const storage = (c.var as AppEnv['Variables']).deps.storage;
  const size = await storage.size(key);
  if (size === null) return null;
  const headers: Record<string, string> = {
    'content-type': contentTypeOf(key),
    'accept-ranges': 'bytes',
    'cache-control': 'private, max-age=3600',
    'x-content-type-options': 'nosniff',
  };
  const range = parseRange(c.req.header('range'), size);
  if (range === 'unsatisfiable') return c.body(null, 416, { ...headers, 'content-range': `bytes */${size}` });
  const part = range ?? { start: 0, end: size - 1 }; // an empty file: 0..-1, no bytes
  headers['content-length'] = String(part.end - part.start + 1);
  if (range) headers['content-range'] = `bytes ${part.start}-${part.end}/${size}`;
  const status = range ? 206 : 200;
  // Hono answers HEAD with this GET handler and drops the body unread: a file stream
  // opened for it would never be closed, one leaked descriptor per HEAD.
  if (c.req.method === 'HEAD' || size === 0) return c.body(null, status, headers);
  const file = await storage.openRead(key, part);
  if (!file) return null;
  return c.body(Readable.toWeb(file.stream) as ReadableStream, status, headers);
}
