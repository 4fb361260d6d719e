/**
 * What `pm install` needs from an .apk: its AndroidManifest.xml, found through the zip's
 * central directory (the local headers may lie when data descriptors are used) and
 * inflated with node:zlib, then read by shared/src/android-manifest.ts. Only what a virtual device
 * needs: no signatures, no zip64, no multi-disk archives.
 */
import { inflateRawSync } from 'node:zlib';
import { type AndroidManifest, readAndroidManifest } from '@devicelab/shared';

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/** A manifest is a few KiB; a much larger one is a broken or hostile file. */
const MAX_MANIFEST_BYTES = 8 * 1024 * 1024;

/** What `pm` keeps of a manifest: one whose package name `pm` would accept. */
export type ManifestInfo = AndroidManifest & { packageName: string };

export type ApkReadResult = { ok: true; manifest: ManifestInfo } | { ok: false; error: string };

export function readApk(apk: Buffer): ApkReadResult {
  try {
    const manifest = extractZipEntry(apk, 'AndroidManifest.xml');
    if (!manifest) return { ok: false, error: 'No AndroidManifest.xml in the package' };
    const read = readAndroidManifest(manifest);
    const { packageName } = read;
    if (packageName === null || !/^[A-Za-z][\w]*(\.[A-Za-z][\w]*)+$/.test(packageName)) {
      return { ok: false, error: 'Manifest has no valid package attribute' };
    }
    return { ok: true, manifest: { ...read, packageName } };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}

/** The uncompressed bytes of one entry, or null when the archive has no such entry. */
export function extractZipEntry(zip: Buffer, name: string): Buffer | null {
  const eocd = findEndOfCentralDirectory(zip);
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw new Error('Corrupt zip central directory');
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const localOffset = zip.readUInt32LE(at + 42);
    const entryName = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (entryName === name) return readEntryData(zip, localOffset, method, compressedSize, size);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return null;
}

function findEndOfCentralDirectory(zip: Buffer): number {
  // The record is 22 bytes plus a comment of up to 65535 bytes, at the very end.
  const lowest = Math.max(0, zip.length - 22 - 0xffff);
  for (let at = zip.length - 22; at >= lowest; at -= 1) {
    if (zip.readUInt32LE(at) === EOCD_SIGNATURE) return at;
  }
  throw new Error('Not a zip archive (no end of central directory record)');
}

function readEntryData(zip: Buffer, offset: number, method: number, compressedSize: number, size: number): Buffer {
  if (offset + 30 > zip.length || zip.readUInt32LE(offset) !== LOCAL_SIGNATURE) throw new Error('Corrupt zip local header');
  const start = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
  if (start + compressedSize > zip.length) throw new Error('Truncated zip entry');
  if (size > MAX_MANIFEST_BYTES) throw new Error('AndroidManifest.xml is implausibly large');
  const raw = zip.subarray(start, start + compressedSize);
  if (method === 0) return raw;
  if (method === 8) return inflateRawSync(raw, { maxOutputLength: MAX_MANIFEST_BYTES });
  throw new Error(`Unsupported zip compression method ${method}`);
}
