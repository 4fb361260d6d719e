import { describe, expect, it } from 'vitest';
import { entrySegments } from './archive-safety.js';
import { ContentMismatch } from './build-errors.js';
import { IosLayout, type IosLayoutMode } from './ios-layout.js';

type Entry = string; // a trailing "/" marks a directory

function locate(mode: IosLayoutMode, entries: Entry[]) {
  const layout = new IosLayout(mode);
  const roles = entries.map((name) => layout.classify(entrySegments(name), name.endsWith('/') ? 'directory' : 'file'));
  return { roles, location: layout.finish() };
}

describe('IosLayout in an .ipa', () => {
  it('finds Payload/<Name>.app/Info.plist and ignores nested bundles', () => {
    const { roles, location } = locate('ipa', [
      'Payload/',
      'Payload/Shop.app/',
      'Payload/Shop.app/PlugIns/Widget.appex/Info.plist',
      'Payload/Shop.app/Watch/W.app/Info.plist',
      'Payload/Shop.app/Info.plist',
      'iTunesMetadata.plist',
    ]);
    expect(roles).toEqual(['other', 'other', 'other', 'other', 'info-plist', 'other']);
    expect(location).toEqual({ kind: 'app', bundlePath: 'Payload/Shop.app' });
  });

  it.each([
    [['Shop.app/Info.plist'], /no Payload\/<Name>.app bundle/],
    [['Payload/Shop.app/', 'Payload/Shop.app/Shop'], /"Payload\/Shop.app" has no Info.plist/],
    [['Payload/A.app/Info.plist', 'Payload/B.app/Info.plist'], /more than one .app bundle/],
    [['Payload/A.app/Info.plist', 'Payload/A.app/Info.plist'], /more than one "Payload\/A.app\/Info.plist"/],
  ])('refuses %j', (entries, pattern) => {
    expect(() => locate('ipa', entries)).toThrow(ContentMismatch);
    expect(() => locate('ipa', entries)).toThrow(pattern);
  });
});

describe('IosLayout in a .zip/.tar.gz', () => {
  it.each([
    ['a bundle at the root', ['Shop.app/', 'Shop.app/Info.plist', 'Shop.app/Shop'], { kind: 'app', bundlePath: 'Shop.app' }],
    ['a bundle one folder down', ['build/', 'build/Shop.app/Info.plist'], { kind: 'app', bundlePath: 'build/Shop.app' }],
    [
      'a bundle beside Finder resource forks',
      ['Shop.app/Info.plist', '__MACOSX/Shop.app/._Info.plist', '__MACOSX/Other.app/x'],
      { kind: 'app', bundlePath: 'Shop.app' },
    ],
    ['an .ipa at the root', ['Shop.ipa', 'README.txt'], { kind: 'ipa', ipaPath: 'Shop.ipa' }],
    ['an .ipa one folder down', ['out/Shop.IPA'], { kind: 'ipa', ipaPath: 'out/Shop.IPA' }],
    ['an .ipa inside the bundle is part of the bundle', ['Shop.app/Info.plist', 'Shop.app/x.ipa'], { kind: 'app', bundlePath: 'Shop.app' }],
  ])('finds %s', (_what, entries, location) => {
    expect(locate('app-archive', entries).location).toEqual(location);
  });

  it.each([
    ['nothing', ['README.txt', 'a/b/c/Deep.app/Info.plist', 'a/b/Deep.ipa'], /no <Name>.app bundle and no .ipa/],
    ['two bundles', ['A.app/Info.plist', 'x/B.app/Info.plist'], /more than one .app bundle \("A.app", "x\/B.app"\)/],
    ['two .ipa files', ['A.ipa', 'x/B.ipa'], /more than one .ipa/],
    ['a bundle and an .ipa', ['A.app/Info.plist', 'B.ipa'], /both an .app bundle \("A.app"\) and an .ipa \("B.ipa"\)/],
    ['a bundle without Info.plist', ['A.app/', 'A.app/A'], /"A.app" has no Info.plist/],
    ['an Info.plist that is a folder', ['A.app/Info.plist/'], /"A.app" has no Info.plist/],
  ])('refuses %s', (_what, entries, pattern) => {
    expect(() => locate('app-archive', entries)).toThrow(pattern);
  });
});
