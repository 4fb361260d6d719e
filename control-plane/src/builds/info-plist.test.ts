import { describe, expect, it } from 'vitest';
import { type IosFields, infoPlist } from '../../../scripts/fixtures/builds.js';
import { ApiError } from '../errors.js';
import { ContentMismatch } from './build-errors.js';
import { parseInfoPlist } from './info-plist.js';

const WHERE = 'Payload/Shop.app/Info.plist';
const fields: IosFields = { name: 'Shop', bundleId: 'com.example.shop', version: '3.2', build: '320', displayName: 'Shop!' };

describe.each([
  ['XML', false],
  ['binary', true],
])('parseInfoPlist (%s plist)', (_format, binaryPlist) => {
  const parse = (extra: Partial<IosFields> = {}) => parseInfoPlist(infoPlist({ ...fields, binaryPlist, ...extra }), WHERE);

  it('reads bundle id, versions and display name', () => {
    expect(parse()).toEqual({ bundleId: 'com.example.shop', versionName: '3.2', versionCode: '320', displayName: 'Shop!' });
  });

  it('falls back to CFBundleName when there is no CFBundleDisplayName', () => {
    expect(parse({ displayName: undefined }).displayName).toBe('Shop');
  });

  it('reports null for missing versions', () => {
    const info = parse({ extraPlist: { CFBundleShortVersionString: undefined, CFBundleVersion: undefined } });
    expect([info.versionName, info.versionCode]).toEqual([null, null]);
  });

  it('accepts numeric versions, which some tools write', () => {
    const info = parse({ extraPlist: { CFBundleShortVersionString: 2, CFBundleVersion: 45 } });
    expect([info.versionName, info.versionCode]).toEqual(['2', '45']);
  });

  it.each([
    ['missing', { CFBundleIdentifier: undefined }],
    ['empty', { CFBundleIdentifier: '' }],
    ['not a string', { CFBundleIdentifier: 42.5 }],
  ])('refuses a %s CFBundleIdentifier with a 400', (_case, extraPlist) => {
    const attempt = () => parse({ extraPlist });
    expect(attempt).toThrow(ApiError);
    expect(attempt).toThrow(`"${WHERE}" has no CFBundleIdentifier`);
  });

  it('refuses a bundle id that could smuggle shell or path syntax', () => {
    expect(() => parse({ bundleId: 'com.example.$(reboot)' })).toThrow(/only letters, digits/);
  });
});

describe('parseInfoPlist on bad data', () => {
  it.each([
    ['text', Buffer.from('hello, not a plist')],
    ['a truncated binary plist', infoPlist({ ...fields, binaryPlist: true }).subarray(0, 40)],
    ['a bare "bplist" header', Buffer.from('bplist00')],
  ])('refuses %s as not a plist', (_what, data) => {
    expect(() => parseInfoPlist(data, WHERE)).toThrow(ContentMismatch);
  });

  it('refuses a plist whose root is not a dictionary', () => {
    const xml = '<?xml version="1.0"?><plist version="1.0"><array><string>x</string></array></plist>';
    expect(() => parseInfoPlist(Buffer.from(xml), WHERE)).toThrow(/is not a dictionary plist/);
  });

  it('accepts an XML plist with a byte order mark', () => {
    const xml = Buffer.concat([Buffer.from('\uFEFF'), infoPlist(fields)]);
    expect(parseInfoPlist(xml, WHERE).bundleId).toBe('com.example.shop');
  });
});
