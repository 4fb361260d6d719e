import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { checkLinkTarget, DecompressionBudget, entrySegments, LinkTracker } from './archive-safety.js';

const MiB = 1024 ** 2;
const limits = { maxUncompressedBytes: 100 * MiB, maxEntries: 10, maxRatio: 200 };

/** Runs `fn`, expecting a 400 whose detail matches `pattern`. */
function expect400(fn: () => unknown, pattern: RegExp) {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).detail).toMatch(pattern);
    return;
  }
  throw new Error('expected a 400');
}

describe('entrySegments', () => {
  it.each([
    ['Foo.app/Info.plist', ['Foo.app', 'Info.plist']],
    ['Foo.app/', ['Foo.app']],
    ['./Foo.app/./Info.plist', ['Foo.app', 'Info.plist']],
    ['a//b', ['a', 'b']],
    ['./', []],
    ['..foo/bar..', ['..foo', 'bar..']], // dots inside names are fine
  ])('accepts %j', (name, segments) => {
    expect(entrySegments(name)).toEqual(segments);
  });

  it.each([
    ['../evil', /escapes the archive/],
    ['Foo.app/../../evil', /escapes the archive/],
    ['a/..', /escapes the archive/],
    ['..\\evil', /escapes the archive/],
    ['a\\..\\..\\evil', /escapes the archive/],
    ['/etc/passwd', /absolute/],
    ['\\evil', /absolute/],
    ['\\\\server\\share\\evil', /absolute/],
    ['C:\\Windows\\evil', /absolute/],
    ['c:evil', /absolute/],
    ['evil\0.txt', /NUL/],
  ])('refuses %j', (name, pattern) => {
    expect400(() => entrySegments(name), pattern);
  });
});

describe('checkLinkTarget', () => {
  const link =
    (name: string, target: string, kind: 'symlink' | 'hardlink' = 'symlink') =>
    () =>
      checkLinkTarget(name, entrySegments(name), target, kind);

  it.each([
    ['A.app/Current', 'Versions/A'],
    ['A.app/Resources/icon.png', '../Assets.car'],
    ['A.app/Frameworks/K.framework/K', '../../K'],
    ['A.app/self', '.'],
  ])('accepts symlink %j -> %j', (name, target) => {
    expect(link(name, target)).not.toThrow();
  });

  it.each([
    ['A.app/passwd', '/etc/passwd', /absolute/],
    ['A.app/x', 'C:\\Windows', /absolute/],
    ['A.app/x', '../../etc', /escapes the archive/],
    ['root-link', '..', /escapes the archive/],
    ['A.app/x', 'a/../..', /only leading/],
    ['A.app/x', 'Versions/../../..', /only leading/],
    ['A.app/x', '', /empty target/],
  ])('refuses symlink %j -> %j', (name, target, pattern) => {
    expect400(link(name, target), pattern);
  });

  it('resolves hard links from the archive root, not from the link folder', () => {
    expect(link('A.app/deep/x', 'A.app/y', 'hardlink')).not.toThrow();
    expect400(link('A.app/deep/x', '../y', 'hardlink'), /escapes the archive/);
  });
});

describe('LinkTracker', () => {
  it('refuses an entry stored beneath a symlink, whichever comes first', () => {
    for (const linkFirst of [true, false]) {
      const links = new LinkTracker();
      const noteLink = () => links.noteLink('A.app/up', ['A.app', 'up'], '..', 'symlink');
      if (linkFirst) noteLink();
      links.noteEntry(['A.app', 'up', 'x']);
      if (!linkFirst) noteLink();
      expect400(() => links.finish(), /beneath this symlink/);
    }
  });

  it('accepts links next to ordinary entries', () => {
    const links = new LinkTracker();
    links.noteEntry(['A.app', 'Base.lproj', 'Main.storyboardc', 'Info.plist']);
    links.noteLink('A.app/Main.storyboardc', ['A.app', 'Main.storyboardc'], 'Base.lproj/Main.storyboardc', 'symlink');
    expect(() => links.finish()).not.toThrow();
  });
});

describe('DecompressionBudget', () => {
  it('refuses more entries than maxEntries', () => {
    const budget = new DecompressionBudget(limits, 1000);
    for (let i = 0; i < 10; i += 1) budget.countEntry();
    expect400(() => budget.countEntry(), /too many entries \(11; the limit is 10\)/);
    expect400(() => budget.checkEntryCount(50_000), /too many entries/);
  });

  it('refuses an entry whose declared ratio is above maxRatio', () => {
    const budget = new DecompressionBudget(limits, 10 * MiB);
    expect(() => budget.declare('ok.bin', 2 * MiB, MiB / 100)).not.toThrow(); // 200x exactly
    expect400(() => budget.declare('bomb.bin', 2 * MiB, 1000), /decompression bomb refused: entry "bomb.bin" expands 2097x/);
    expect400(() => budget.declare('empty-compressed.bin', 2 * MiB, 0), /decompression bomb/);
  });

  it('lets small entries compress as well as they like', () => {
    const budget = new DecompressionBudget(limits, 100);
    expect(() => budget.declare('zeros.bin', 512 * 1024, 10)).not.toThrow();
  });

  it('refuses declared totals over maxUncompressedBytes', () => {
    const budget = new DecompressionBudget(limits, 1000 * MiB);
    budget.declare('a', 60 * MiB, 60 * MiB);
    expect400(() => budget.declare('b', 60 * MiB, 60 * MiB), /declares more than 100 MiB of content/);
  });

  it('refuses an archive whose entries together expand too much for its size (overlapping entries)', () => {
    const budget = new DecompressionBudget(limits, MiB / 10);
    for (let i = 0; i < 10; i += 1) budget.declare(`e${i}`, MiB, MiB / 10); // each 10x: plausible alone
    expect400(() => budget.declare('e10', 15 * MiB, 15 * MiB), /the archive expands 250x/);
  });

  it('counts actual bytes through its stream and fails the pipeline past the limit', async () => {
    const budget = new DecompressionBudget({ ...limits, maxUncompressedBytes: 3 * MiB }, 3 * MiB);
    const chunks = Array.from({ length: 4 }, () => Buffer.alloc(MiB));
    const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
    const error = await pipeline(Readable.from(chunks), budget.countingStream(), sink).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).detail).toMatch(/expands to more than 3 MiB/);
  });
});
