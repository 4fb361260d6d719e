/**
 * Reads the identity of an iOS bundle from its Info.plist. Xcode writes binary plists
 * (bplist00) into built products; hand-made or older bundles use XML.
 */
import bplist from 'bplist-parser';
import { parse as parseXmlPlist } from 'plist';
import { badRequest } from '../errors.js';
import { ContentMismatch, quote } from './build-errors.js';
import { checkIdentifier, checkText } from './identifier.js';

export interface BundleInfo {
  bundleId: string;
  /** CFBundleShortVersionString */
  versionName: string | null;
  /** CFBundleVersion */
  versionCode: string | null;
  /** CFBundleDisplayName ?? CFBundleName */
  displayName: string | null;
}

/** `where` names the plist in error messages, e.g. "Payload/Foo.app/Info.plist". */
export function parseInfoPlist(data: Buffer, where: string): BundleInfo {
  const dict = decode(data, where);
  const bundleId = typeof dict.CFBundleIdentifier === 'string' ? text(dict.CFBundleIdentifier) : null;
  if (bundleId === null) throw badRequest(`${quote(where)} has no CFBundleIdentifier (a non-empty string is required)`);
  const field = (key: string) => checkText(text(dict[key]), `${key} in ${quote(where)}`);
  checkIdentifier(bundleId, `CFBundleIdentifier in ${quote(where)}`);
  return {
    bundleId,
    versionName: field('CFBundleShortVersionString'),
    versionCode: field('CFBundleVersion'),
    displayName: field('CFBundleDisplayName') ?? field('CFBundleName'),
  };
}

function decode(data: Buffer, where: string): Record<string, unknown> {
  let root: unknown;
  try {
    if (data.subarray(0, 6).toString('latin1') === 'bplist') {
      // bplist-parser returns the top-level objects as an array; a plist has one.
      root = bplist.parseBuffer(data)[0];
    } else {
      const xml = data.toString('utf8').replace(/^\uFEFF/, '');
      // Saves the XML parser (which logs to the console) from every random upload.
      if (!/<plist[\s>]/.test(xml)) throw new Error('neither a binary plist nor an XML <plist>');
      root = parseXmlPlist(xml);
    }
  } catch (err) {
    // Both parsers throw plain Errors (and RangeErrors on truncated input) for bad data.
    throw new ContentMismatch(`${quote(where)} is not a valid plist (${(err as Error).message})`);
  }
  if (root === null || typeof root !== 'object' || Array.isArray(root) || root instanceof Uint8Array || root instanceof Date) {
    throw new ContentMismatch(`${quote(where)} is not a dictionary plist`);
  }
  return root as Record<string, unknown>;
}

/** A plist value we can show as text: non-empty strings, and numbers that some tools write for versions. */
function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}
