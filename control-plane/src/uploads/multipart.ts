import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { ApiError, badRequest } from '../errors.js';

export interface ReceivedUpload {
  fields: Record<string, string>;
  file: { fieldName: string; fileName: string; path: string; size: number; sha256: string } | null;
}

/**
 * Streams a multipart body with busboy: the one file part goes straight to
 * `scratchPath` (hashed on the way, never held in memory), text fields are
 * collected. Over `maxFileBytes` the file is abandoned and 413 is thrown; the
 * rest of the body is drained so the client gets the answer instead of a reset.
 */
export async function receiveMultipart(
  body: Readable,
  contentType: string,
  opts: { fileField: string; scratchPath: string; maxFileBytes: number },
): Promise<ReceivedUpload> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: { files: 1, fields: 20, parts: 25, fieldSize: 64 * 1024, fileSize: opts.maxFileBytes },
    });
  } catch (e) {
    throw badRequest(`malformed multipart request: ${(e as Error).message}`);
  }
  const fields: Record<string, string> = {};
  let file: ReceivedUpload['file'] = null;
  let failure: ApiError | null = null;
  const writes: Promise<void>[] = [];

  parser.on('field', (name, value, info) => {
    if (info.valueTruncated) failure ??= badRequest(`form field ${name} is too long`);
    // busboy decodes text parts by their declared charset (UTF-8 by default) and turns
    // bytes that are not valid text into U+FFFD: refuse those rather than store a
    // silently changed value. (A literal U+FFFD is refused too; no client sends one.)
    if (value.includes('\uFFFD')) failure ??= badRequest(`form field ${name} is not valid UTF-8 text`);
    fields[name] = value;
  });
  parser.on('file', (name, stream, info) => {
    if (name !== opts.fileField || file !== null) {
      failure ??= badRequest(`unexpected file part "${name}": send the build as the "${opts.fileField}" part`);
      stream.resume();
      return;
    }
    const hash = createHash('sha256');
    let size = 0;
    const record = { fieldName: name, fileName: info.filename ?? '', path: opts.scratchPath, size: 0, sha256: '' };
    file = record;
    stream.on('limit', () => {
      failure = new ApiError(413, `build is larger than the limit of ${opts.maxFileBytes} bytes`);
    });
    const measure = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        hash.update(chunk);
        done(null, chunk);
      },
    });
    const written = pipeline(stream, measure, createWriteStream(opts.scratchPath)).then(() => {
      record.size = size;
      record.sha256 = hash.digest('hex');
    });
    // Handled below via Promise.allSettled/all; without this, a body that breaks off
    // mid-file would reject it before anyone awaits it (an unhandled rejection).
    written.catch(() => {});
    writes.push(written);
  });
  parser.on('filesLimit', () => (failure ??= badRequest('send exactly one file part')));
  parser.on('partsLimit', () => (failure ??= badRequest('too many form parts')));
  parser.on('fieldsLimit', () => (failure ??= badRequest('too many form fields')));

  try {
    await pipeline(body, parser);
    await Promise.all(writes);
  } catch (e) {
    await Promise.allSettled(writes);
    await rm(opts.scratchPath, { force: true });
    if (e instanceof ApiError) throw e;
    throw badRequest(`malformed multipart request: ${(e as Error).message}`);
  }
  if (failure) {
    await rm(opts.scratchPath, { force: true });
    throw failure;
  }
  return { fields, file };
}
