import { createHash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { ApiError, badRequest } from '../errors.js';
import { bodyIdleDetail, watchBodyIdle } from '../http/server-limits.js';

export interface ReceivedUpload {
  fields: Record<string, string>;
  file: { fieldName: string; fileName: string; path: string; size: number; sha256: string } | null;
}

/**
 * Decides, before a byte of the file is written, whether the sender may write it at all
 * (an anonymous upload proves itself with a field). `field` sees each text field as it
 * arrives; `file` runs when the file part starts. A rejection from either, before the
 * file is being written, ends the upload with that error and stops reading the body.
 */
export interface UploadGuard {
  field?(name: string, value: string): Promise<void> | void;
  file?(): void;
}

/**
 * Streams a multipart body with busboy: the one file part goes straight to
 * `scratchPath` (hashed on the way, never held in memory), text fields are
 * collected. Over `maxFileBytes` the file is abandoned and 413 is thrown; the
 * rest of the body is drained so the client gets the answer instead of a reset.
 * With a `guard`, the file is written only once every check it started has passed.
 */
export async function receiveMultipart(
  body: Readable,
  contentType: string,
  opts: { fileField: string; scratchPath: string; maxFileBytes: number; guard?: UploadGuard; idleMs?: number },
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
  let failure: Error | null = null;
  const writes: Promise<void>[] = [];
  const checks: Promise<void>[] = [];
  // Every file part seen, so a body that breaks off can destroy them: a part left open
  // would hold its write (and the temp file's handle, and an anonymous upload's slot) for ever.
  const fileParts = new Set<Readable>();
  let writing = false;
  // The scratch file's writer, once made: removing the file must wait for it to close. A writer
  // destroyed while still opening its file creates the file after the pipeline has already
  // failed, so a removal that did not wait left the file behind (control-plane/test/abuse.test.ts).
  let sink: WriteStream | null = null;
  const removeScratch = async () => {
    const writer = sink;
    if (writer && !writer.closed) await new Promise<void>((resolve) => writer.once('close', () => resolve()));
    await rm(opts.scratchPath, { force: true });
  };
  // A refused guard stops reading here: the body is unpiped (not destroyed, which would
  // take the socket and the answer with it) and the HTTP server discards a bounded rest.
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const refuse = (e: unknown) => {
    const error = e as Error; // an ApiError as the guard meant it; anything else stays a 500
    if (writing) {
      failure ??= error; // too late to save the disk: refuse once the body is in
      return;
    }
    failure = error;
    body.unpipe(parser);
    stop();
  };
  const guarded = (check: () => Promise<void> | void) => {
    // Started at once (not on a later tick), so a check sees its field before the file part.
    const done = new Promise<void>((resolve) => resolve(check()));
    done.catch(refuse);
    checks.push(done);
  };

  parser.on('field', (name, value, info) => {
    if (info.valueTruncated) failure ??= badRequest(`form field ${name} is too long`);
    // busboy decodes text parts by their declared charset (UTF-8 by default) and turns
    // bytes that are not valid text into U+FFFD: refuse those rather than store a
    // silently changed value. (A literal U+FFFD is refused too; no client sends one.)
    if (value.includes('\uFFFD')) failure ??= badRequest(`form field ${name} is not valid UTF-8 text`);
    fields[name] = value;
    if (opts.guard?.field) guarded(() => opts.guard!.field!(name, value));
  });
  parser.on('file', (name, stream, info) => {
    // A cut-off form errors the file part too; the parser reports the same error, and the
    // part may be discarded or still waiting for the guard (no pipeline listening yet).
    stream.on('error', () => {});
    fileParts.add(stream);
    if (name !== opts.fileField || file !== null) {
      failure ??= badRequest(`unexpected file part "${name}": send the build as the "${opts.fileField}" part`);
      stream.resume();
      return;
    }
    try {
      opts.guard?.file?.();
    } catch (e) {
      refuse(e);
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
    // Unread until the guard's checks pass, the file part holds busboy (and so the body) back.
    const written = Promise.all(checks)
      .then(
        () => {
          writing = true;
          sink = createWriteStream(opts.scratchPath);
          return pipeline(stream, measure, sink);
        },
        () => {
          stream.resume();
        }, // refused: `refuse` has stopped the upload
      )
      .then(() => {
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

  // A body that stops arriving ends like one that broke off, answered 408 (Node's own request stream only).
  let stopWatching = () => {};
  const idle = new Promise<never>((_resolve, reject) => {
    const incoming = body as Partial<IncomingMessage>;
    if (opts.idleMs && incoming.socket) {
      stopWatching = watchBodyIdle(body as IncomingMessage, opts.idleMs, () => reject(new ApiError(408, bodyIdleDetail(opts.idleMs!))));
    }
  });
  idle.catch(() => {});
  try {
    await Promise.race([parse(body, parser), stopped, idle]);
    stopWatching();
    await Promise.all([...writes, ...checks.map((c) => c.catch(() => {}))]);
  } catch (e) {
    stopWatching();
    // The body broke off (closed, reset, cut-off form, timed out): nothing more will come, so
    // the parser and every file part end here and each write fails at once instead of waiting.
    body.unpipe(parser);
    parser.destroy();
    for (const part of fileParts) part.destroy(e as Error);
    await Promise.allSettled(writes);
    await removeScratch();
    if (e instanceof ApiError) throw e;
    throw badRequest(`malformed multipart request: ${(e as Error).message}`);
  }
  if (failure) {
    await removeScratch();
    throw failure;
  }
  return { fields, file };
}

/**
 * body.pipe(parser) until the parser has finished. Not stream.pipeline: that would end
 * the parser when the body ends even after an unpipe (busboy then errors on the cut-off
 * form), and destroying the body on an error would cut off the answer too.
 */
function parse(body: Readable, parser: busboy.Busboy): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    parser.once('finish', resolve);
    // `on`, not `once`: busboy can report a second error when a cut-off body still ends.
    parser.on('error', (e) => {
      body.unpipe(parser);
      reject(e);
    });
    body.on('error', reject);
    body.once('close', () => {
      if (!body.readableEnded) reject(new Error('the request body broke off'));
    });
    body.pipe(parser);
  });
}
