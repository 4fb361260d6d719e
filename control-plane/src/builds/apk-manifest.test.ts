import ApkReader from '@devicefarmer/adbkit-apkreader';
import { describe, expect, it } from 'vitest';
import { encodeAndroidManifest, encodeAxml } from '../../../scripts/fixtures/axml.js';
import { makeApk } from '../../../scripts/fixtures/builds.js';
import { useTempDir } from '../../../scripts/fixtures/temp-dir.js';
import { ApiError } from '../errors.js';
import { parseApkManifest } from './apk-manifest.js';
import { ContentMismatch } from './build-errors.js';

const encodings = ['utf16', 'utf8'] as const;

describe('AXML fixtures round-trip through adbkit-apkreader', () => {
  const inTemp = useTempDir('apk-manifest-');

  it.each(encodings)('ApkReader.readManifest reads a %s manifest from an apk', async (encoding) => {
    const path = inTemp(`${encoding}.apk`);
    await makeApk(path, { packageName: 'com.example.shop', versionName: '2.1.0', versionCode: 210, label: 'Shop', encoding });
    const manifest = await (await ApkReader.open(path)).readManifest();
    expect(manifest.package).toBe('com.example.shop');
    expect(manifest.versionCode).toBe(210);
    expect(manifest.versionName).toBe('2.1.0');
    expect(manifest.usesSdk?.minSdkVersion).toBe(24);
    expect(manifest.application.label).toBe('Shop');
    expect(manifest.application.launcherActivities.map((a) => a.name)).toEqual(['.MainActivity']);
  });

  it.each(encodings)('keeps non-ASCII and long strings intact (%s)', (encoding) => {
    const label = `Café ☕ ${'x'.repeat(300)}`; // > 0x7f code units and bytes: two-byte lengths
    const info = parseApkManifest(
      encodeAndroidManifest({ packageName: 'com.example.cafe', versionName: 'v1-é', versionCode: 1, label }, { encoding }),
    );
    expect(info).toEqual({ packageName: 'com.example.cafe', versionName: 'v1-é', versionCode: '1', displayName: label });
  });

  it('encodes UTF-16 strings longer than 0x7fff code units', () => {
    const label = 'L'.repeat(40_000);
    const axml = encodeAxml({
      name: 'manifest',
      attributes: [{ name: 'package', value: 'com.example.long' }],
      children: [{ name: 'application', attributes: [{ name: 'label', android: true, value: label }] }],
    });
    // 40 000 characters is over our free-text limit, which proves the parser read it whole.
    expect(() => parseApkManifest(axml)).toThrow(/android:label in AndroidManifest.xml is longer than 1024 characters/);
  });
});

describe('parseApkManifest', () => {
  const manifest = (fields: Partial<Parameters<typeof encodeAndroidManifest>[0]> = {}) =>
    encodeAndroidManifest({ packageName: 'com.example.app', versionName: '1.0', versionCode: 7, label: 'App', ...fields });

  it('reads package, versionName, versionCode and a plain label', () => {
    expect(parseApkManifest(manifest())).toEqual({
      packageName: 'com.example.app',
      versionName: '1.0',
      versionCode: '7',
      displayName: 'App',
    });
  });

  it('reports no display name when the label is a resource reference', () => {
    expect(parseApkManifest(manifest({ label: { ref: 0x7f0e001b } })).displayName).toBeNull();
  });

  it('reports null for missing versions and label', () => {
    const info = parseApkManifest(encodeAndroidManifest({ packageName: 'com.example.bare' }));
    expect(info).toEqual({ packageName: 'com.example.bare', versionName: null, versionCode: null, displayName: null });
  });

  it('refuses a manifest without a package attribute', () => {
    const axml = encodeAxml({ name: 'manifest', attributes: [{ name: 'versionCode', android: true, value: 1 }] });
    expect(() => parseApkManifest(axml)).toThrow(ApiError);
    expect(() => parseApkManifest(axml)).toThrow(/has no package attribute/);
  });

  it.each([
    ['com.example/../../x', /only letters, digits/],
    ['com.example.app; rm -rf /', /only letters, digits/],
    ['.leading.dot', /only letters, digits/],
  ])('refuses the package name %j', (packageName, pattern) => {
    expect(() => parseApkManifest(manifest({ packageName }))).toThrow(pattern);
  });

  it.each([
    ['text XML', Buffer.from('<?xml version="1.0"?><manifest package="com.example.app"/>')],
    ['truncated AXML', manifest().subarray(0, 200)],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s as not a compiled manifest', (_what, data) => {
    expect(() => parseApkManifest(data)).toThrow(ContentMismatch);
  });

  it('refuses AXML whose root element is not <manifest>', () => {
    expect(() => parseApkManifest(encodeAxml({ name: 'resources' }))).toThrow(/no <manifest> root element/);
  });
});
