import { readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { type ArchiveEntry, writeTarGz } from '../../../scripts/fixtures/archive-writers.js';
import { makeGzipOfText, makeTarGzWithTrailingZeros, makeTextFile } from '../../../scripts/fixtures/builds.js';
import { useTempDir } from '../../../scripts/fixtures/temp-dir.js';
import { ApiError } from '../errors.js';
import { ContentMismatch } from './build-errors.js';
import { defaultInspectLimits, type InspectLimits } from './limits.js';
import { scanTarGz, type TarEntry } from './tar-reader.js';

const MiB = 1024 ** 2;
const inTemp = useTempDir('tar-reader-');

async function tarGz(entries: ArchiveEntry[]): Promise<string> {
  const path = inTemp(`t${Math.random().toString(36).slice(2)}.tar.gz`);
  await writeTarGz(path, entries);
  return path;
}

async function scan(path: string, limits: InspectLimits = defaultInspectLimits) {
  const seen: Pick<TarEntry, 'name' | 'segments' | 'type' | 'size'>[] = [];
  await scanTarGz(path, limits, async ({ name, segments, type, size }) => void seen.push({ name, segments, type, size }));
  return seen;
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => new Error('expected a failure'),
    (err: unknown) => err,
  );

describe('scanTarGz', () => {
  it('visits entries in order, normalising "./" prefixes and skipping the root entry', async () => {
    const path = await tarGz([
      { name: './', directory: true },
      { name: './A.app/', directory: true },
      { name: './A.app/Info.plist', data: 'plist' },
      { name: './A.app/Current', symlinkTo: 'Info.plist' },
      { name: './A.app/Copy', hardlinkTo: 'A.app/Info.plist' },
    ]);
    expect(await scan(path)).toEqual([
      { name: './A.app/', segments: ['A.app'], type: 'directory', size: 0 },
      { name: './A.app/Info.plist', segments: ['A.app', 'Info.plist'], type: 'file', size: 5 },
      { name: './A.app/Current', segments: ['A.app', 'Current'], type: 'link', size: 0 },
      { name: './A.app/Copy', segments: ['A.app', 'Copy'], type: 'link', size: 0 },
    ]);
  });

  it('lets the visitor read small entries and extract others, and skips the rest', async () => {
    const path = await tarGz([
      { name: 'a.txt', data: 'first' },
      { name: 'skipped.bin', zeros: 300_000 },
      { name: 'b.bin', data: Buffer.alloc(100_000, 9) },
    ]);
    const dest = inTemp('b.bin');
    let small: Buffer | undefined;
    await scanTarGz(path, defaultInspectLimits, async (entry) => {
      if (entry.name === 'a.txt') small = await entry.readSmall(1024);
      if (entry.name === 'b.bin') await entry.extractTo(dest);
    });
    expect(small?.toString()).toBe('first');
    expect(await readFile(dest)).toEqual(Buffer.alloc(100_000, 9));
  });

  it('refuses to read an entry into memory past the cap', async () => {
    const path = await tarGz([{ name: 'Info.plist', data: Buffer.alloc(5000) }]);
    const error = await failure(scanTarGz(path, defaultInspectLimits, async (entry) => void (await entry.readSmall(4096))));
    expect((error as ApiError).detail).toMatch(/"Info.plist" is 4.9 KiB, more than the 4 KiB we accept for it/);
  });

  it.each([
    [
      'a character device',
      { name: 'A.app/tty', special: 'character-device' } as ArchiveEntry,
      /entries of type character-device are not allowed/,
    ],
    ['a fifo', { name: 'A.app/pipe', special: 'fifo' } as ArchiveEntry, /entries of type fifo are not allowed/],
    [
      'a hard link out of the archive',
      { name: 'A.app/x', hardlinkTo: '../../etc/shadow' },
      /hardlink target "..\/..\/etc\/shadow" escapes the archive/,
    ],
    ['an absolute hard link', { name: 'A.app/x', hardlinkTo: '/etc/shadow' }, /is an absolute path/],
    ['an entry beneath a symlink', { name: 'A.app/up/evil', data: 'x' }, /"A.app\/up": other entries are stored beneath this symlink/],
  ])('refuses %s', async (_what, entry, pattern) => {
    const path = await tarGz([{ name: 'A.app/up', symlinkTo: '..' }, entry]);
    const error = await failure(scan(path));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).detail).toMatch(pattern);
  });

  it.each([
    ['plain text', (p: string) => makeTextFile(p), /not valid gzip data/],
    ['a gzip of text, not of a tar', (p: string) => makeGzipOfText(p), /the gzip data is not a valid tar archive/],
    [
      'a truncated tar.gz',
      async (p: string) => {
        await writeTarGz(p, [{ name: 'A.app/Info.plist', data: Buffer.alloc(50_000, 1) }]);
        await writeFile(p, (await readFile(p)).subarray(0, 60));
      },
      /not valid gzip data \(unexpected end of file\)/,
    ],
  ])('maps %s to a content mismatch', async (_what, make, pattern) => {
    const path = inTemp('bad.tar.gz');
    await make(path);
    const error = await failure(scan(path));
    expect(error).toBeInstanceOf(ContentMismatch);
    expect((error as Error).message).toMatch(pattern);
  });

  it('counts the bytes gunzip really produces: zeros after the tar end are a bomb too', async () => {
    const path = inTemp('trailing.tar.gz');
    await makeTarGzWithTrailingZeros(path, 8 * MiB);
    expect(((await failure(scan(path))) as ApiError).detail).toMatch(/decompression bomb refused: the archive expands \d+x/);
    const noRatio = { ...defaultInspectLimits, maxRatio: 1e9, maxUncompressedBytes: 2 * MiB };
    expect(((await failure(scan(path, noRatio))) as ApiError).detail).toMatch(/the archive expands to more than 2 MiB of content/);
  });

  it('refuses more entries than the limit while streaming', async () => {
    const path = await tarGz(Array.from({ length: 6 }, (_, i) => ({ name: `f${i}`, data: 'x' })));
    expect(((await failure(scan(path, { ...defaultInspectLimits, maxEntries: 5 }))) as ApiError).detail).toMatch(
      /too many entries \(6; the limit is 5\)/,
    );
  });
});
