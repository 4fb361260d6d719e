/**
 * Recordings: lab agents upload a test's screen recording (agent token, only for an
 * attempt one of the token's agents holds), and the pages stream it back with byte
 * ranges, which is how browsers seek in a video.
 *
 * The agent uploads before it sends the verdict and puts the returned key into its
 * job.result; an upload that fails or is refused leaves recordingKey null and never
 * changes the verdict (lab-agent/src/recording.ts).
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
import { findAttemptHeldByToken } from '../recordings/queries.js';
import { parseWireId } from '../runs/wire-id.js';
import { errorResponses } from '../schemas/common.js';
import type { FileStorage } from '../storage/files.js';
import { requireAgentToken } from './agent-builds.js';

/** Ten minutes of 1080p screenrecord is about 300 MB; anything much bigger is not a test recording. */
const RECORDING_MAX_BYTES = 512 * 1024 * 1024;
/** The agent cuts a test's device log at 8 MiB (lab-agent/src/devices/android.ts); some room beyond. */
const DEVICE_LOG_MAX_BYTES = 16 * 1024 * 1024;

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
    headers: z.object({ 'content-type': z.string().openapi({ enum: RECORDING_TYPES }) }),
  },
  responses: {
    200: { description: 'Stored', content: { 'application/json': { schema: z.object({ recordingKey: z.string() }) } } },
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
    headers: z.object({ 'content-type': z.string().regex(/^text\/plain\b/, 'a device log is text/plain') }),
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
    const ref = parseWireId(c.req.valid('param').jobId);
    const tokenId = (c.var as { agentTokenId?: string }).agentTokenId!;
    const held = ref ? await findAttemptHeldByToken(db, ref.id, ref.tryNumber, tokenId) : null;
    if (!ref || !held) throw notFound('job held by this agent');
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
    return c.json({ deviceLogKey: key }, 200);
  });
  app.openapi(upload, async (c) => {
    const { db, storage } = c.var.deps;
    const ref = parseWireId(c.req.valid('param').jobId);
    const tokenId = (c.var as { agentTokenId?: string }).agentTokenId!;
    const held = ref ? await findAttemptHeldByToken(db, ref.id, ref.tryNumber, tokenId) : null;
    if (!ref || !held) throw notFound('job held by this agent');
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
    return c.json({ recordingKey: key }, 200);
  });
  return app;
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
