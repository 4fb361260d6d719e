import { describe, expect, it } from 'vitest';
import { encodeAndroidManifest, encodeAxml } from '../../scripts/fixtures/axml.js';
import { readAndroidManifest } from './android-manifest.js';

const fields = { packageName: 'com.example.reader', versionName: '3.4', versionCode: 34, label: 'Reader' };

/** The chunks after the file header: [offset, type, size]. */
function chunks(axml: Buffer): Array<[number, number, number]> {
  const found: Array<[number, number, number]> = [];
  for (let at = 8; at < axml.length; at += axml.readUInt32LE(at + 4)) found.push([at, axml.readUInt16LE(at), axml.readUInt32LE(at + 4)]);
  return found;
}

describe('readAndroidManifest', () => {
  it.each(['utf16', 'utf8'] as const)('reads package, versions, label and the launcher activity (%s strings)', (encoding) => {
    expect(readAndroidManifest(encodeAndroidManifest(fields, { encoding }))).toEqual({
      packageName: 'com.example.reader',
      versionCode: 34,
      versionName: '3.4',
      label: 'Reader',
      activities: ['com.example.reader.MainActivity'],
      launcherActivity: 'com.example.reader.MainActivity',
    });
  });

  it('resolves android:* attributes by resource id when an obfuscator blanked their names', () => {
    const axml = encodeAndroidManifest(fields);
    for (const name of ['versionName', 'label']) {
      const at = axml.indexOf(Buffer.from(name, 'utf16le'));
      expect(at).toBeGreaterThan(0);
      axml.fill(Buffer.from('x', 'utf16le'), at, at + 2 * name.length);
    }
    expect(readAndroidManifest(axml)).toMatchObject({ versionName: '3.4', label: 'Reader' });
  });

  it('reports a resource-reference label as no label, and accepts a versionCode written as digits', () => {
    const axml = encodeAxml({
      name: 'manifest',
      attributes: [
        { name: 'package', value: 'com.example.ref' },
        { name: 'versionCode', android: true, value: '42' },
      ],
      children: [{ name: 'application', attributes: [{ name: 'label', android: true, value: { ref: 0x7f0a0001 } }] }],
    });
    expect(readAndroidManifest(axml)).toMatchObject({ packageName: 'com.example.ref', versionCode: 42, label: null });
  });

  it('returns a missing package as null for the caller to refuse', () => {
    expect(readAndroidManifest(encodeAxml({ name: 'manifest' })).packageName).toBeNull();
  });

  it.each([
    ['text XML', Buffer.from('<?xml version="1.0"?><manifest package="x.y"/>'), /not binary XML/],
    ['cut-off AXML', encodeAndroidManifest(fields).subarray(0, 200), /cut off/],
    ['another root', encodeAxml({ name: 'resources' }), /no <manifest> root element \(the root is <resources>\)/],
  ])('says what is wrong with %s', (_what, data, message) => {
    expect(() => readAndroidManifest(data)).toThrow(message);
  });

  it('refuses a string pool whose entries all point at one long string (text out of proportion to the file)', () => {
    const axml = encodeAndroidManifest({ ...fields, label: 'L'.repeat(5000) });
    const [pool] = chunks(axml);
    const [at] = pool!;
    const count = axml.readUInt32LE(at + 8);
    const stringsStart = at + axml.readUInt32LE(at + 20);
    const offsets = at + axml.readUInt16LE(at + 2);
    const offsetOf = (i: number) => axml.readUInt32LE(offsets + 4 * i);
    let longest = 0;
    for (let i = 1; i < count; i += 1) {
      if (axml.readUInt16LE(stringsStart + offsetOf(i)) > axml.readUInt16LE(stringsStart + offsetOf(longest))) longest = i;
    }
    const target = offsetOf(longest);
    for (let i = 0; i < count; i += 1) axml.writeUInt32LE(target, offsets + 4 * i);
    expect(() => readAndroidManifest(axml)).toThrow(/decodes to more text than it holds/);
  });

  it('refuses an element whose attribute count runs past its chunk', () => {
    const axml = encodeAndroidManifest(fields);
    const element = chunks(axml).find(([, type]) => type === 0x0102);
    const [at] = element!;
    axml.writeUInt16LE(0xffff, at + 16 + 12); // the attribute count, 12 bytes into the element's header extension
    expect(() => readAndroidManifest(axml)).toThrow(/attributes run past its chunk/);
  });
});
