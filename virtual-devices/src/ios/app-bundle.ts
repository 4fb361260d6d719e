/**
 * What the virtual iOS device reads from an installed `.app` bundle: its Info.plist
 * (binary, as Xcode writes it, or XML), like the real installer does. Anything that is
 * not a bundle with a CFBundleIdentifier is refused with the installer's kind of message.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import bplist from 'bplist-parser';
import { parse as parseXmlPlist } from 'plist';

export interface AppBundleInfo {
  bundleId: string;
  /** CFBundleDisplayName ?? CFBundleName ?? the bundle's file name. */
  displayName: string;
  path: string;
}

export class BundleError extends Error {}

export async function readAppBundle(appPath: string): Promise<AppBundleInfo> {
  const info = await stat(appPath).catch(() => null);
  if (!info?.isDirectory() || !appPath.replace(/\/+$/, '').endsWith('.app')) {
    throw new BundleError(`Failed to install the app: ${appPath} is not an .app bundle directory`);
  }
  const raw = await readFile(join(appPath, 'Info.plist')).catch(() => null);
  if (!raw) throw new BundleError(`Failed to install the app: ${basename(appPath)} has no Info.plist`);
  const dict = decode(raw);
  const bundleId = dict['CFBundleIdentifier'];
  if (typeof bundleId !== 'string' || bundleId === '')
    throw new BundleError(`Failed to install the app: ${basename(appPath)}/Info.plist has no CFBundleIdentifier`);
  const text = (key: string) => (typeof dict[key] === 'string' && dict[key] !== '' ? (dict[key] as string) : null);
  return { bundleId, displayName: text('CFBundleDisplayName') ?? text('CFBundleName') ?? basename(appPath, '.app'), path: appPath };
}

function decode(raw: Buffer): Record<string, unknown> {
  try {
    const parsed: unknown =
      raw.subarray(0, 6).toString('latin1') === 'bplist' ? bplist.parseBuffer(raw)[0] : parseXmlPlist(raw.toString('utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // reported below, like any other unreadable plist
  }
  throw new BundleError('Failed to install the app: its Info.plist is not a property list dictionary');
}
