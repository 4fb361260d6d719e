/** How much work one uploaded archive may cost us before we refuse it. */
export interface InspectLimits {
  /** Total bytes we are willing to decompress/extract from one archive. */
  maxUncompressedBytes: number;
  /** Entries in one archive. */
  maxEntries: number;
  /** Refuse when (declared or actual) uncompressed size / compressed size exceeds this: a decompression bomb. */
  maxRatio: number;
}

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

export const defaultInspectLimits: InspectLimits = Object.freeze({
  maxUncompressedBytes: 8 * GiB,
  maxEntries: 200_000,
  maxRatio: 200,
});

/** Largest Info.plist / AndroidManifest.xml we read into memory (real ones are a few KiB). */
export const MAX_METADATA_BYTES = 16 * MiB;

/** Largest symlink target we read; PATH_MAX on macOS and Linux is at most 4096. */
export const MAX_LINK_TARGET_BYTES = 4096;

/**
 * Below this many uncompressed bytes the ratio check is skipped: tiny entries (an empty
 * plist, a few KiB of zeros) compress absurdly well yet cannot hurt anyone.
 */
export const RATIO_CHECK_MIN_BYTES = 1 * MiB;
