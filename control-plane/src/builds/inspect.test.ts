import { access, copyFile, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import * as fx from '../../../scripts/fixtures/builds.js';
import { useTempDir } from '../../../scripts/fixtures/temp-dir.js';
import { ApiError } from '../errors.js';
import { defaultInspectLimits, extensionOf, type InspectedBuild, type InspectLimits, inspectBuild } from './inspect.js';

const MiB = 1024 ** 2;
const IOS: fx.IosFields = { name: 'Shop', bundleId: 'com.example.shop', version: '4.5', build: '450', displayName: 'Shop' };
const ANDROID: fx.ApkFields = { packageName: 'com.example.shop', versionName: '4.5', versionCode: 450, label: 'Shop' };
const iosResult = (kind: 'ipa' | 'app'): InspectedBuild => ({
  platform: 'ios',
  kind,
  packageName: 'com.example.shop',
  versionName: '4.5',
  versionCode: '450',
  displayName: 'Shop',
});

const inTemp = useTempDir('inspect-');
let counter = 0;

/** Writes a fixture with `make` into a fresh temp path and inspects it as `fileName`. */
async function inspect(fileName: string, make: (path: string) => Promise<unknown>, limits?: InspectLimits) {
  const path = inTemp(`upload-${(counter += 1)}`);
  await make(path);
  return { path, result: inspectBuild(path, fileName, limits) };
}

/** The 400 detail `promise` rejects with. */
async function detailOf(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    () => new Error('expected a rejection'),
    (e: unknown) => e,
  );
  if (!(err instanceof ApiError)) throw err;
  expect(err.status).toBe(400);
  return err.detail;
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

describe('extensionOf (rule 1)', () => {
  it.each([
    ['app.apk', '.apk'],
    ['APP.APK', '.apk'],
    ['x.ipa', '.ipa'],
    ['sim.zip', '.zip'],
    ['sim.tar.gz', '.tar.gz'],
    ['sim.TGZ', '.tar.gz'],
    ['my.app.Tar.Gz', '.tar.gz'],
    ['apk', null],
    ['app.gz', null],
    ['app.tar', null],
    ['app.aab', null],
    ['app.apk.exe', null],
    ['', null],
  ] as const)('%j -> %j', (name, ext) => {
    expect(extensionOf(name)).toBe(ext);
  });

  it.each([
    ['app.exe', '".exe"'],
    ['archive.tar', '".tar"'],
    ['README', '(none)'],
  ])('refuses %j naming the extension and the accepted ones', async (name, shown) => {
    expect(await detailOf(inspectBuild(inTemp('never-read'), name))).toBe(
      `unsupported file extension ${shown} in "${name}"; accepted: .apk, .ipa, .zip, .tar.gz`,
    );
  });
});

describe('valid builds', () => {
  it.each([
    [
      'an apk (UTF-16 manifest)',
      'shop.apk',
      (p: string) => fx.makeApk(p, ANDROID),
      { platform: 'android', kind: 'apk', packageName: 'com.example.shop', versionName: '4.5', versionCode: '450', displayName: 'Shop' },
    ],
    [
      'an apk (UTF-8 manifest, label reference)',
      'Shop.APK',
      (p: string) => fx.makeApk(p, { ...ANDROID, encoding: 'utf8', label: { ref: 0x7f0e0001 } }),
      { platform: 'android', kind: 'apk', packageName: 'com.example.shop', versionName: '4.5', versionCode: '450', displayName: null },
    ],
    ['an ipa (XML plist)', 'shop.ipa', (p: string) => fx.makeIpa(p, IOS), iosResult('ipa')],
    ['an ipa (binary plist)', 'shop.ipa', (p: string) => fx.makeIpa(p, { ...IOS, binaryPlist: true }), iosResult('ipa')],
    ['a zipped .app at the root', 'sim.zip', (p: string) => fx.makeAppZip(p, { ...IOS, binaryPlist: true }), iosResult('app')],
    [
      'a zipped .app one folder down',
      'sim.zip',
      (p: string) => fx.makeAppZip(p, IOS, { folder: 'Debug-iphonesimulator' }),
      iosResult('app'),
    ],
    ['a tarred .app at the root', 'sim.tar.gz', (p: string) => fx.makeAppTarGz(p, IOS), iosResult('app')],
    [
      'a tarred .app under "./" one folder down (.tgz)',
      'sim.tgz',
      (p: string) => fx.makeAppTarGz(p, { ...IOS, binaryPlist: true }, { dotSlash: true, folder: 'build' }),
      iosResult('app'),
    ],
  ])('inspects %s', async (_what, fileName, make, expected) => {
    const { result } = await inspect(fileName, make);
    expect(await result).toEqual(expected);
  });

  it.each([
    ['a .zip', 'ci.zip', (p: string) => fx.makeZipWithIpa(p, IOS)],
    ['a .zip, one folder down', 'ci.zip', (p: string) => fx.makeZipWithIpa(p, IOS, { folder: 'out' })],
    ['a .tar.gz', 'ci.tar.gz', (p: string) => fx.makeTarGzWithIpa(p, { ...IOS, binaryPlist: true })],
  ])('unwraps a single .ipa from %s next to the upload', async (_what, fileName, make) => {
    const { path, result } = await inspect(fileName, make);
    const build = await result;
    expect(build).toEqual({ ...iosResult('ipa'), unwrappedIpaPath: `${path}.ipa` });
    // The unwrapped file is a complete .ipa in its own right.
    await copyFile(`${path}.ipa`, inTemp('copy.ipa'));
    expect(await inspectBuild(inTemp('copy.ipa'), 'copy.ipa')).toEqual(iosResult('ipa'));
  });
});

describe('content must match the extension (rules 2 and 3)', () => {
  const text = (p: string) => fx.makeTextFile(p);
  it.each([
    ['a text file named .apk', 'x.apk', text, 'file content does not match its .apk extension: it is not a zip archive'],
    ['a text file named .ipa', 'x.ipa', text, 'file content does not match its .ipa extension: it is not a zip archive'],
    ['a text file named .zip', 'x.zip', text, 'file content does not match its .zip extension: it is not a zip archive'],
    ['a text file named .tar.gz', 'x.tar.gz', text, /^file content does not match its .tar.gz extension: it is not valid gzip data/],
    [
      'a gzip of text named .tar.gz',
      'x.tar.gz',
      (p: string) => fx.makeGzipOfText(p),
      /^file content does not match its .tar.gz extension: the gzip data is not a valid tar archive/,
    ],
    [
      'a zip named .tar.gz',
      'x.tar.gz',
      (p: string) => fx.makeAppZip(p, IOS),
      /^file content does not match its .tar.gz extension: it is not valid gzip data/,
    ],
    [
      'an ipa named .apk',
      'x.apk',
      (p: string) => fx.makeIpa(p, IOS),
      'file content does not match its .apk extension: it holds no AndroidManifest.xml at its root (is this an Android app?)',
    ],
    [
      'an apk named .ipa',
      'x.ipa',
      (p: string) => fx.makeApk(p, ANDROID),
      'file content does not match its .ipa extension: it holds no Payload/<Name>.app bundle',
    ],
    [
      'an apk named .zip',
      'x.zip',
      (p: string) => fx.makeApk(p, ANDROID),
      /^file content does not match its .zip extension: it holds no <Name>.app bundle and no .ipa/,
    ],
    ['a zipped .app named .ipa', 'x.ipa', (p: string) => fx.makeAppZip(p, IOS), /extension: it holds no Payload\/<Name>.app bundle/],
    [
      'an apk with a text manifest',
      'x.apk',
      (p: string) => fx.writeZip(p, [{ name: 'AndroidManifest.xml', data: '<manifest package="a.b"/>' }]),
      /^file content does not match its .apk extension: AndroidManifest.xml is not a valid compiled \(binary\) manifest/,
    ],
    [
      'an apk with two manifests',
      'x.apk',
      (p: string) => fx.writeZip(p, [...fx.apkEntries(ANDROID), ...fx.apkEntries(ANDROID).slice(-1)]),
      /it holds more than one AndroidManifest.xml/,
    ],
    [
      'an ipa with a broken Info.plist',
      'x.ipa',
      (p: string) => fx.writeZip(p, [{ name: 'Payload/A.app/Info.plist', data: 'bplist00 nope' }]),
      /"Payload\/A.app\/Info.plist" is not a valid plist/,
    ],
    [
      'a zip with two .app bundles',
      'x.zip',
      (p: string) => fx.writeZip(p, [...fx.appBundleEntries('', IOS), ...fx.appBundleEntries('', { ...IOS, name: 'Other' })]),
      /it holds more than one .app bundle \("Shop.app", "Other.app"\)/,
    ],
    [
      'a zip with an .app and an .ipa',
      'x.zip',
      (p: string) => fx.writeZip(p, [...fx.appBundleEntries('', IOS), { name: 'Shop.ipa', data: 'x' }]),
      /both an .app bundle/,
    ],
    [
      'a tar.gz with two .ipa files',
      'x.tar.gz',
      (p: string) =>
        fx.writeTarGz(p, [
          { name: 'a.ipa', data: 'x' },
          { name: 'b/b.ipa', data: 'y' },
        ]),
      /more than one .ipa \("a.ipa", "b\/b.ipa"\)/,
    ],
    [
      'an .app without Info.plist',
      'x.tar.gz',
      (p: string) =>
        fx.writeTarGz(
          p,
          fx.appBundleEntries('', IOS).filter((e) => !e.name.endsWith('.app/Info.plist')),
        ),
      /the bundle "Shop.app" has no Info.plist/,
    ],
    [
      'a zip wrapping a text file named .ipa',
      'x.zip',
      (p: string) => fx.writeZip(p, [{ name: 'Shop.ipa', data: 'not a zip' }]),
      'file content does not match its .zip extension: the enclosed "Shop.ipa" is not a valid .ipa: it is not a zip archive',
    ],
  ])('refuses %s', async (_what, fileName, make, expected) => {
    const { result } = await inspect(fileName, make);
    const detail = await detailOf(result);
    if (typeof expected === 'string') expect(detail).toBe(expected);
    else expect(detail).toMatch(expected);
  });

  it.each([
    [
      'ipa',
      'x.ipa',
      (p: string) => fx.makeIpa(p, { ...IOS, extraPlist: { CFBundleIdentifier: undefined } }),
      '"Payload/Shop.app/Info.plist" has no CFBundleIdentifier (a non-empty string is required)',
    ],
    [
      'zipped .app',
      'x.zip',
      (p: string) => fx.makeAppZip(p, { ...IOS, binaryPlist: true, extraPlist: { CFBundleIdentifier: '' } }),
      '"Shop.app/Info.plist" has no CFBundleIdentifier (a non-empty string is required)',
    ],
    [
      'tarred .app',
      'x.tgz',
      (p: string) => fx.makeAppTarGz(p, { ...IOS, extraPlist: { CFBundleIdentifier: undefined } }),
      '"Shop.app/Info.plist" has no CFBundleIdentifier (a non-empty string is required)',
    ],
  ])('requires CFBundleIdentifier (%s)', async (_what, fileName, make, expected) => {
    expect(await detailOf((await inspect(fileName, make)).result)).toBe(expected);
  });

  it('removes an unwrapped .ipa that turns out invalid', async () => {
    const { path, result } = await inspect('x.tar.gz', (p) => fx.writeTarGz(p, [{ name: 'Shop.ipa', data: 'not a zip' }]));
    expect(await detailOf(result)).toMatch(/the enclosed "Shop.ipa" is not a valid .ipa/);
    expect(await exists(`${path}.ipa`)).toBe(false);
  });
});

describe('hostile archives (rule 4)', () => {
  const unsafe = (name: string, problem: string) => `unsafe archive entry "${name}": ${problem}`;
  it.each([
    ['a zip with a ../ entry', 'x.zip', fx.makeZipWithTraversal, unsafe('../evil.sh', 'the path escapes the archive')],
    ['a zip with an absolute entry', 'x.zip', fx.makeZipWithAbsolutePath, unsafe('/tmp/evil.sh', 'absolute paths are not allowed')],
    [
      'a zip with a drive-letter entry',
      'x.zip',
      (p: string) => fx.makeHostileZip(p, [{ name: 'C:\\evil.bat', data: 'x' }]),
      unsafe('C:/evil.bat', 'absolute paths are not allowed'),
    ],
    [
      'a zip with a UNC entry',
      'x.zip',
      (p: string) => fx.makeHostileZip(p, [{ name: '\\\\host\\share\\x', data: 'x' }]),
      unsafe('//host/share/x', 'absolute paths are not allowed'),
    ],
    [
      'an apk with a backslash traversal',
      'x.apk',
      (p: string) => fx.makeHostileZip(p, [{ name: 'lib\\..\\..\\evil.so', data: 'x' }], fx.apkEntries(ANDROID)),
      unsafe('lib/../../evil.so', 'the path escapes the archive'),
    ],
    [
      'a zip with an absolute symlink',
      'x.zip',
      (p: string) => fx.makeHostileZip(p, [{ name: 'Sample.app/passwd', symlinkTo: '/etc/passwd' }]),
      unsafe('Sample.app/passwd', 'symlink target "/etc/passwd" is an absolute path'),
    ],
    [
      'an ipa with an escaping symlink',
      'x.ipa',
      (p: string) => fx.makeHostileZip(p, [{ name: 'Payload/Shop.app/up', symlinkTo: '../../..' }], fx.ipaEntries(IOS)),
      unsafe('Payload/Shop.app/up', 'symlink target "../../.." escapes the archive'),
    ],
    ['a tar.gz with an absolute entry', 'x.tar.gz', fx.makeTarGzWithAbsolutePath, unsafe('/tmp/evil.sh', 'absolute paths are not allowed')],
    [
      'a tar.gz with a ../ entry',
      'x.tar.gz',
      (p: string) => fx.makeHostileTarGz(p, [{ name: 'Sample.app/../../evil', data: 'x' }]),
      unsafe('Sample.app/../../evil', 'the path escapes the archive through a ".." segment'),
    ],
    [
      'a tar.gz with an escaping symlink',
      'x.tar.gz',
      fx.makeTarGzWithEscapingSymlink,
      unsafe('Sample.app/Resources/passwd', 'symlink target "../../../../etc/passwd" escapes the archive'),
    ],
    [
      'a tar.gz writing through a symlink',
      'x.tar.gz',
      (p: string) =>
        fx.makeHostileTarGz(p, [
          { name: 'Sample.app/up', symlinkTo: '..' },
          { name: 'Sample.app/up/x', data: 'x' },
        ]),
      unsafe('Sample.app/up', 'other entries are stored beneath this symlink'),
    ],
  ])('refuses %s', async (_what, fileName, make, expected) => {
    expect(await detailOf((await inspect(fileName, make)).result)).toBe(expected);
  });

  it('accepts links that stay inside the bundle (every fixture bundle has some)', async () => {
    const entries = fx.appBundleEntries('', IOS).filter((e) => e.symlinkTo !== undefined);
    expect(entries.length).toBeGreaterThan(0);
    expect((await (await inspect('x.zip', (p) => fx.makeAppZip(p, IOS))).result).kind).toBe('app');
  });

  it('refuses more entries than maxEntries', async () => {
    const limits = { ...defaultInspectLimits, maxEntries: 4 };
    expect(await detailOf((await inspect('x.apk', (p) => fx.makeApk(p, ANDROID), limits)).result)).toBe(
      'the archive has too many entries (5; the limit is 4)',
    );
  });
});

describe('decompression bombs (rule 4)', () => {
  it('refuses a zip entry whose declared ratio is too high, before inflating it', async () => {
    const started = Date.now();
    const { result } = await inspect('bomb.apk', (p) => fx.makeZipBomb(p));
    expect(await detailOf(result)).toMatch(
      /^decompression bomb refused: entry "assets\/bomb.bin" expands \d{3,4}x \(200 MiB from \d+(\.\d)? KiB; the limit is 200x\)$/,
    );
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('refuses a tar.gz that gunzips into a bomb', async () => {
    const { result } = await inspect('bomb.tar.gz', (p) => fx.makeTarGzBomb(p));
    expect(await detailOf(result)).toMatch(/^decompression bomb refused: the archive expands \d+x/);
  });

  it('refuses archives declaring more than maxUncompressedBytes', async () => {
    const limits = { ...defaultInspectLimits, maxUncompressedBytes: 2 * MiB };
    const { result } = await inspect('big.apk', (p) => fx.makeLargeApk(p, 3 * MiB), limits);
    expect(await detailOf(result)).toMatch(/^the archive declares more than 2 MiB of content/);
  });

  it('catches an entry whose header lies about its size, and removes the partial .ipa', async () => {
    const { path, result } = await inspect('lying.zip', (p) => fx.makeZipWithLyingIpaSize(p));
    expect(await detailOf(result)).toBe(
      'zip entry "Sample.ipa" does not hold the number of bytes its header declares (corrupt or tampered archive)',
    );
    expect(await exists(`${path}.ipa`)).toBe(false);
  });

  it('counts the bytes really extracted from a .tar.gz against the limits', async () => {
    const limits = { ...defaultInspectLimits, maxRatio: 1e9, maxUncompressedBytes: 2 * MiB };
    const { result } = await inspect('trailing.tar.gz', (p) => fx.makeTarGzWithTrailingZeros(p, 4 * MiB), limits);
    expect(await detailOf(result)).toMatch(/^the archive expands to more than 2 MiB of content/);
  });
});

describe('large files (rule 5)', () => {
  it('inspects a large apk from its central directory and manifest only', async () => {
    const { result } = await inspect('large.apk', (p) => fx.makeLargeApk(p, 128 * MiB, ANDROID));
    const started = Date.now();
    expect((await result).packageName).toBe('com.example.shop');
    // Reading 128 MiB would be visible; the byte-level proof is in zip-reader.test.ts.
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe("errors that are not the uploader's", () => {
  it('lets file system errors through as they are (a 500, not a 400)', async () => {
    await expect(inspectBuild(inTemp('does-not-exist'), 'x.apk')).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(inspectBuild(inTemp('does-not-exist'), 'x.tar.gz')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('leaves the uploaded file untouched', async () => {
    const { path, result } = await inspect('x.zip', (p) => fx.makeZipWithIpa(p, IOS));
    const before = await readFile(path);
    await result;
    expect(await readFile(path)).toEqual(before);
  });
});
