/**
 * A safe, random-access view of a zip file (apk, ipa, zipped .app) on top of yauzl.
 * Only the central directory is scanned; entry data is read only for the entries the
 * caller asks for, so a 1 GiB apk costs its central directory plus its manifest.
 */
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ApiError, badRequest } from '../errors.js';
import { DecompressionBudget, entrySegments, LinkTracker } from './archive-safety.js';
import { ContentMismatch, formatBytes, isSystemError, quote, unsafeEntry } from './build-errors.js';
import { type InspectLimits, MAX_LINK_TARGET_BYTES } from './limits.js';

export interface ZipEntry {
  /** The name as stored (yauzl turns backslashes into slashes). */
  readonly name: string;
  /** Path segments without empty or `.` ones; never contains `..`. */
  readonly segments: readonly string[];
  readonly type: 'file' | 'directory' | 'link';
  readonly uncompressedSize: number;
  readonly raw: Entry;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

const OPTIONS: yauzl.Options = {
  lazyEntries: true, // we pull entries one by one: no event storm, no buffering of the central directory
  autoClose: false, // we read chosen entries after the scan; withSafeZip closes
  decodeStrings: true, // needed for yauzl's own file name validation
  strictFileNames: false, // Windows-made zips use backslashes; yauzl maps them to "/" and still refuses "..", "/x", "C:"
  validateEntrySizes: true, // a stream that yields more or fewer bytes than its header says is an error
};

export async function withSafeZip<T>(filePath: string, limits: InspectLimits, use: (zip: SafeZip) => Promise<T>): Promise<T> {
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(filePath, OPTIONS);
  } catch (err) {
    throw zipError(err);
  }
  try {
    return await use(new SafeZip(zip, new DecompressionBudget(limits, zip.fileSize)));
  } finally {
    zip.close();
  }
}

export class SafeZip {
  constructor(
    private readonly zip: ZipFile,
    private readonly budget: DecompressionBudget,
  ) {}

  /** Validates every entry of the central directory (once) and hands the valid ones to `visit`. */
  async forEachEntry(visit: (entry: ZipEntry) => void): Promise<void> {
    // The entry count is in the end-of-central-directory record: refuse before iterating.
    this.budget.checkEntryCount(this.zip.entryCount);
    const links = new LinkTracker();
    for (let raw = await this.nextEntry(); raw; raw = await this.nextEntry()) {
      const entry = await this.validate(raw, links);
      links.noteEntry(entry.segments);
      visit(entry);
    }
    links.finish();
  }

  /** Reads a small entry (manifest, plist, link target) into memory, refusing anything over `maxBytes`. */
  async readSmall(entry: ZipEntry | Entry, maxBytes: number): Promise<Buffer> {
    const raw = 'raw' in entry ? entry.raw : entry;
    if (raw.uncompressedSize > maxBytes) {
      throw badRequest(
        `${quote(raw.fileName)} is ${formatBytes(raw.uncompressedSize)}, more than the ${formatBytes(maxBytes)} we accept for it`,
      );
    }
    const stream = await this.openStream(raw);
    const chunks: Buffer[] = [];
    let total = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > maxBytes) throw badRequest(`${quote(raw.fileName)} is larger than the ${formatBytes(maxBytes)} we accept for it`);
        this.budget.consume(chunk.length);
        chunks.push(chunk);
      }
    } catch (err) {
      stream.destroy();
      throw zipError(err, raw.fileName);
    }
    return Buffer.concat(chunks, total);
  }

  /** Streams an entry to `destPath`, counting bytes against the budget; removes the file on failure. */
  async extractTo(entry: ZipEntry, destPath: string): Promise<void> {
    const stream = await this.openStream(entry.raw);
    try {
      await pipeline(stream, this.budget.countingStream(), createWriteStream(destPath));
    } catch (err) {
      await rm(destPath, { force: true });
      throw zipError(err, entry.name);
    }
  }

  private async validate(raw: Entry, links: LinkTracker): Promise<ZipEntry> {
    const name = raw.fileName;
    const segments = entrySegments(name); // yauzl checked too; this is the check tar shares
    if (raw.isEncrypted()) throw new ContentMismatch(`entry ${quote(name)} is encrypted, which is not supported`);
    this.budget.declare(name, raw.uncompressedSize, raw.compressedSize);
    const isLink = ((raw.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;
    const type = name.endsWith('/') ? 'directory' : isLink ? 'link' : 'file';
    if (type === 'link') {
      // A zip symlink stores its target as the entry's data.
      const target = (await this.readSmall(raw, MAX_LINK_TARGET_BYTES)).toString('utf8');
      links.noteLink(name, segments, target, 'symlink');
    }
    return { name, segments, type, uncompressedSize: raw.uncompressedSize, raw };
  }

  private nextEntry(): Promise<Entry | null> {
    return new Promise((resolve, reject) => {
      const settle = (fn: () => void) => {
        this.zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
        fn();
      };
      const onEntry = (entry: Entry) => settle(() => resolve(entry));
      const onEnd = () => settle(() => resolve(null));
      const onError = (err: unknown) => settle(() => reject(zipError(err)));
      this.zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
      this.zip.readEntry();
    });
  }

  private async openStream(raw: Entry): Promise<Readable> {
    try {
      return await this.zip.openReadStreamPromise(raw);
    } catch (err) {
      throw zipError(err, raw.fileName);
    }
  }
}

/** Maps a yauzl/zlib failure to the client-facing error it deserves; our own errors pass through. */
export function zipError(err: unknown, entryName?: string): unknown {
  if (err instanceof ApiError || err instanceof ContentMismatch || isSystemError(err) || !(err instanceof Error)) return err;
  const message = err.message;
  const unsafeName = /^(invalid relative path|absolute path|invalid characters in fileName): (.*)$/s.exec(message);
  if (unsafeName) {
    const problem = unsafeName[1] === 'absolute path' ? 'absolute paths are not allowed' : 'the path escapes the archive';
    return unsafeEntry(unsafeName[2] ?? '', problem);
  }
  if (/end of central directory record signature not found/i.test(message)) return new ContentMismatch('it is not a zip archive');
  const where = entryName === undefined ? 'the zip archive' : `zip entry ${quote(entryName)}`;
  if (/too many bytes in the stream|not enough bytes in the stream/.test(message)) {
    return badRequest(`${where} does not hold the number of bytes its header declares (corrupt or tampered archive)`);
  }
  return new ContentMismatch(`${where} is corrupt (${message})`);
}
