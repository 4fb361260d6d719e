import fs from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { writeZip } from '../../../scripts/fixtures/archive-writers.js';
import { makeApk, makeHostileZip, makeLargeApk } from '../../../scripts/fixtures/builds.js';
import { useTempDir } from '../../../scripts/fixtures/temp-dir.js';
import { ApiError } from '../errors.js';
import { ContentMismatch } from './build-errors.js';
import { defaultInspectLimits } from './limits.js';
import { withSafeZip, type ZipEntry } from './zip-reader.js';

const MiB = 1024 ** 2;
const inTemp = useTempDir('zip-reader-');

/** fs.read(fd, buffer, offset, length, position, callback): the length, when called that way. */
const lengthArg = (args: unknown[]) => (typeof args[3] === 'number' ? args[3] : 0);

async function entriesOf(path: string, limits = defaultInspectLimits): Promise<ZipEntry[]> {
  return withSafeZip(path, limits, async (zip) => {
    const entries: ZipEntry[] = [];
    await zip.forEachEntry((e) => entries.push(e));
    return entries;
  });
}

describe('withSafeZip', () => {
  it('reads only the central directory and the requested entry of a large apk', async () => {
    const path = inTemp('large.apk');
    await makeLargeApk(path, 64 * MiB);
    // yauzl reads through fs.read on the shared `fs` module object: count what it asks for.
    const read = vi.spyOn(fs, 'read');
    try {
      const manifest = await withSafeZip(path, defaultInspectLimits, async (zip) => {
        let found: ZipEntry | undefined;
        await zip.forEachEntry((e) => {
          if (e.name === 'AndroidManifest.xml') found = e;
        });
        return zip.readSmall(found!, MiB);
      });
      expect(manifest.length).toBeGreaterThan(100);
      const bytesRequested = read.mock.calls.reduce((sum, args) => sum + lengthArg(args as unknown[]), 0);
      expect((await stat(path)).size).toBeGreaterThan(64 * MiB);
      expect(bytesRequested).toBeGreaterThan(0); // the spy did see yauzl's reads
      expect(bytesRequested).toBeLessThan(256 * 1024);
    } finally {
      read.mockRestore();
    }
  });

  it('reports entry types, including symlinks stored as unix modes', async () => {
    const path = inTemp('types.zip');
    await writeZip(path, [
      { name: 'A.app/', directory: true },
      { name: 'A.app/Info.plist', data: 'x' },
      { name: 'A.app/Current', symlinkTo: 'Info.plist' },
    ]);
    const entries = await entriesOf(path);
    expect(entries.map((e) => [e.name, e.type, e.segments])).toEqual([
      ['A.app/', 'directory', ['A.app']],
      ['A.app/Info.plist', 'file', ['A.app', 'Info.plist']],
      ['A.app/Current', 'link', ['A.app', 'Current']],
    ]);
  });

  it('refuses the entry count before iterating', async () => {
    const path = inTemp('count.apk');
    await makeApk(path, { packageName: 'com.example.count' });
    await expect(entriesOf(path, { ...defaultInspectLimits, maxEntries: 3 })).rejects.toThrow(/too many entries \(5; the limit is 3\)/);
  });

  it('refuses to read a metadata entry into memory past the cap', async () => {
    const path = inTemp('big-plist.zip');
    await writeZip(path, [{ name: 'Info.plist', zeros: 2 * MiB, compress: false }]);
    const attempt = withSafeZip(path, defaultInspectLimits, async (zip) => {
      let entry: ZipEntry | undefined;
      await zip.forEachEntry((e) => (entry = e));
      return zip.readSmall(entry!, MiB);
    });
    await expect(attempt).rejects.toThrow(/"Info.plist" is 2 MiB, more than the 1 MiB we accept for it/);
  });

  it.each([
    ['a text file', async (p: string) => writeFile(p, 'hello, I am text'), /not a zip archive/],
    ['an empty file', async (p: string) => writeFile(p, ''), /not a zip archive/],
    [
      'a truncated zip',
      async (p: string) => {
        await makeApk(p, { packageName: 'com.example.cut' });
        await writeFile(p, (await readFile(p)).subarray(0, 300));
      },
      /not a zip archive/,
    ],
  ])('maps %s to a content mismatch', async (_what, make, pattern) => {
    const path = inTemp('bad.zip');
    await make(path);
    const error = await entriesOf(path).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ContentMismatch);
    expect((error as Error).message).toMatch(pattern);
  });

  it('maps yauzl name validation to an unsafe-entry 400', async () => {
    const path = inTemp('evil.zip');
    await makeHostileZip(path, [{ name: '../evil.sh', data: 'x' }], []);
    const error = await entriesOf(path).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).detail).toBe('unsafe archive entry "../evil.sh": the path escapes the archive');
  });

  it("leaves file system errors alone (they are ours, not the uploader's)", async () => {
    await expect(entriesOf(inTemp('missing.zip'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
