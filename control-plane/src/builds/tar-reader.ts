/**
 * One streaming pass over a .tar.gz (file -> gunzip -> byte counter -> tar-stream):
 * the archive is never held in memory, and every gunzipped byte is counted, so a gzip
 * bomb is stopped at the limit whatever the tar headers say.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import * as tar from 'tar-stream';
import { ApiError, badRequest } from '../errors.js';
import { DecompressionBudget, entrySegments, LinkTracker } from './archive-safety.js';
import { ContentMismatch, formatBytes, isSystemError, quote, unsafeEntry } from './build-errors.js';
import type { InspectLimits } from './limits.js';

/** What tar-stream yields per entry: a streamx Readable carrying its header. */
type TarBody = AsyncIterable<Uint8Array> & { header: tar.Header; resume(): unknown };

export interface TarEntry {
  readonly name: string;
  /** Path segments without empty or `.` ones; never contains `..`. */
  readonly segments: readonly string[];
  readonly type: 'file' | 'directory' | 'link';
  readonly size: number;
  /** Reads the entry's data into memory, refusing anything over `maxBytes`. Call at most once. */
  readSmall(maxBytes: number): Promise<Buffer>;
  /** Streams the entry's data to `destPath`; removes the file on failure. Call at most once. */
  extractTo(destPath: string): Promise<void>;
}

/** Calls `visit` for every valid entry, in archive order; rejects on the first problem. */
export async function scanTarGz(filePath: string, limits: InspectLimits, visit: (entry: TarEntry) => Promise<void>): Promise<void> {
  const budget = new DecompressionBudget(limits, (await stat(filePath)).size);
  const links = new LinkTracker();
  const source = createReadStream(filePath);
  const gunzip = createGunzip();
  const counter = budget.countingStream();
  const extract = tar.extract();
  // pipe() does not forward errors: each stage fails the extractor, which fails the loop below.
  const fail = (err: unknown) => extract.destroy(err as Error);
  source.on('error', fail);
  gunzip.on('error', (err) => fail(isSystemError(err) ? err : new ContentMismatch(`it is not valid gzip data (${err.message})`)));
  counter.on('error', fail);
  source.pipe(gunzip).pipe(counter).pipe(extract);

  const entries = (extract as AsyncIterable<unknown>)[Symbol.asyncIterator]();
  try {
    for (;;) {
      let next: IteratorResult<unknown>;
      try {
        next = await entries.next();
      } catch (err) {
        throw tarError(err);
      }
      if (next.done) break;
      const body = next.value as TarBody;
      const entry = validate(body, budget, links);
      if (entry) await visit(entry);
      body.resume(); // skip whatever the visitor did not read
    }
    links.finish();
  } finally {
    extract.destroy();
    counter.destroy();
    gunzip.destroy();
    source.destroy();
  }
}

function validate(body: TarBody, budget: DecompressionBudget, links: LinkTracker): TarEntry | null {
  const { name, size, linkname } = body.header;
  budget.countEntry();
  const segments = entrySegments(name);
  const type = entryType(body.header);
  if (type === 'link') links.noteLink(name, segments, linkname ?? '', body.header.type === 'link' ? 'hardlink' : 'symlink');
  links.noteEntry(segments);
  budget.declare(name, size ?? 0);
  if (segments.length === 0) {
    if (type === 'directory') return null; // the "./" entry of `tar -C dir .`
    throw unsafeEntry(name, 'the entry has an empty name');
  }
  return {
    name,
    segments,
    type,
    size: size ?? 0,
    readSmall: (maxBytes) => readSmall(body, name, size ?? 0, maxBytes),
    extractTo: (destPath) => extractTo(body, name, destPath),
  };
}

function entryType(header: tar.Header): TarEntry['type'] {
  switch (header.type) {
    case 'file':
    case 'contiguous-file':
      return 'file';
    case 'directory':
      return 'directory';
    case 'symlink':
    case 'link':
      return 'link';
    default:
      // Device nodes and fifos have no business in an app bundle.
      throw unsafeEntry(header.name, `entries of type ${header.type} are not allowed`);
  }
}

async function readSmall(body: TarBody, name: string, size: number, maxBytes: number): Promise<Buffer> {
  if (size > maxBytes) throw badRequest(`${quote(name)} is ${formatBytes(size)}, more than the ${formatBytes(maxBytes)} we accept for it`);
  const chunks: Uint8Array[] = [];
  try {
    for await (const chunk of body) chunks.push(chunk);
  } catch (err) {
    throw tarError(err);
  }
  return Buffer.concat(chunks);
}

async function extractTo(body: TarBody, name: string, destPath: string): Promise<void> {
  try {
    // Readable.from over the entry's async iterator: tar-stream entries are streamx streams.
    await pipeline(Readable.from(body), createWriteStream(destPath));
  } catch (err) {
    await rm(destPath, { force: true });
    throw tarError(err, name);
  }
}

/** tar-stream's own failures mean the gunzipped data is not a (complete) tar; ours pass through. */
function tarError(err: unknown, entryName?: string): unknown {
  if (err instanceof ApiError || err instanceof ContentMismatch || isSystemError(err) || !(err instanceof Error)) return err;
  const where = entryName === undefined ? '' : ` (at entry ${quote(entryName)})`;
  return new ContentMismatch(`the gzip data is not a valid tar archive${where}: ${err.message}`);
}
