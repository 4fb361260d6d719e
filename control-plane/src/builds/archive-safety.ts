/**
 * Checks shared by the zip and tar readers: entry paths, link targets, entry counts and
 * decompression budgets. Builds are extracted later on lab machines, so anything that
 * could land outside the extraction directory is refused here, at upload time.
 */
import { Transform, type TransformCallback } from 'node:stream';
import { type ArchiveLinkKind, archiveEntryPath, archiveLinkProblem } from '@devicelab/shared';
import { badRequest } from '../errors.js';
import { formatBytes, quote, unsafeEntry } from './build-errors.js';
import { type InspectLimits, RATIO_CHECK_MIN_BYTES } from './limits.js';

/**
 * Splits an entry name into path segments, refusing names that escape the archive (the rule of
 * shared/src/archive-paths.ts, which the lab agent applies again when it unpacks the build).
 */
export function entrySegments(name: string): string[] {
  const path = archiveEntryPath(name);
  if (!path.ok) throw unsafeEntry(name, path.problem);
  return path.segments;
}

export type LinkKind = ArchiveLinkKind;

/** Refuses a link whose target leaves the archive (shared/src/archive-paths.ts). */
export function checkLinkTarget(name: string, segments: readonly string[], target: string, kind: LinkKind): void {
  const problem = archiveLinkProblem(segments, target, kind);
  if (problem) throw unsafeEntry(name, problem);
}

/**
 * Remembers links and folders across one archive. An entry stored beneath a symlink
 * (`link/x` where `link -> ..`) would be written through the link wherever it points,
 * whatever order the entries come in, so that is refused once every entry has been seen.
 */
export class LinkTracker {
  private readonly links = new Set<string>();
  private readonly folders = new Set<string>();

  noteEntry(segments: readonly string[]): void {
    for (let i = segments.length - 1; i >= 1; i -= 1) {
      const folder = segments.slice(0, i).join('/');
      if (this.folders.has(folder)) break; // its ancestors were added with it
      this.folders.add(folder);
    }
  }

  noteLink(name: string, segments: readonly string[], target: string, kind: LinkKind): void {
    checkLinkTarget(name, segments, target, kind);
    this.links.add(segments.join('/'));
  }

  finish(): void {
    for (const link of this.links) {
      if (this.folders.has(link)) throw unsafeEntry(link, 'other entries are stored beneath this symlink');
    }
  }
}

/**
 * Counts entries and bytes of one archive against the limits, both as declared by the
 * headers (refused before anything is decompressed) and as actually produced while
 * streaming (so a header that lies about sizes is caught too).
 */
export class DecompressionBudget {
  private entries = 0;
  private declaredBytes = 0;
  private actualBytes = 0;

  constructor(
    private readonly limits: InspectLimits,
    /** Size of the archive file on disk: the compressed side of every ratio. */
    private readonly archiveBytes: number,
  ) {}

  checkEntryCount(count: number): void {
    if (count > this.limits.maxEntries) {
      throw badRequest(`the archive has too many entries (${count}; the limit is ${this.limits.maxEntries})`);
    }
  }

  countEntry(): void {
    this.entries += 1;
    this.checkEntryCount(this.entries);
  }

  /** An entry header announces `uncompressed` bytes, stored in `compressed` bytes when the format says so (zip). */
  declare(name: string, uncompressed: number, compressed?: number): void {
    if (compressed !== undefined) checkRatio(this.limits, uncompressed, compressed, `entry ${quote(name)}`);
    this.declaredBytes += uncompressed;
    this.checkTotal(this.declaredBytes, 'declares');
  }

  /** Bytes really produced by decompression. */
  consume(bytes: number): void {
    this.actualBytes += bytes;
    this.checkTotal(this.actualBytes, 'expands to');
  }

  /** A pass-through stream that feeds `consume`, failing the pipeline when over budget. */
  countingStream(): Transform {
    return new Transform({
      transform: (chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) => {
        try {
          this.consume(chunk.length);
          done(null, chunk);
        } catch (err) {
          done(err as Error);
        }
      },
    });
  }

  private checkTotal(total: number, verb: string): void {
    if (total > this.limits.maxUncompressedBytes) {
      throw badRequest(
        `the archive ${verb} more than ${formatBytes(this.limits.maxUncompressedBytes)} of content, ` +
          'the most we decompress from one upload (a decompression bomb?)',
      );
    }
    // Overlapping zip entries or a gzip of zeros keep every single header plausible; the
    // whole archive against its file size still gives them away.
    checkRatio(this.limits, total, this.archiveBytes, 'the archive');
  }
}

function checkRatio(limits: InspectLimits, uncompressed: number, compressed: number, what: string): void {
  if (uncompressed < RATIO_CHECK_MIN_BYTES) return;
  const ratio = uncompressed / Math.max(compressed, 1);
  if (ratio > limits.maxRatio) {
    throw badRequest(
      `decompression bomb refused: ${what} expands ${Math.round(ratio)}x ` +
        `(${formatBytes(uncompressed)} from ${formatBytes(compressed)}; the limit is ${limits.maxRatio}x)`,
    );
  }
}
