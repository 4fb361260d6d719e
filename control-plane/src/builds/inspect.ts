/**
 * Build inspection for POST /uploadBuild: the route has streamed the upload to a temp
 * file; we check that it is what its name says, that it is safe to extract later on a
 * lab machine, and lift out the app's identity. Every refusal is a 400 naming the problem.
 */
import type { Platform } from '@devicelab/shared';
import { badRequest } from '../errors.js';
import { ContentMismatch, quote } from './build-errors.js';
import { inspectApk } from './inspect-android.js';
import { inspectAppTarGz, inspectAppZip, inspectIpa } from './inspect-ios.js';
import { defaultInspectLimits, type InspectLimits } from './limits.js';

export { defaultInspectLimits, type InspectLimits } from './limits.js';

export type BuildPlatform = Platform;
/** `app` = an iOS simulator .app bundle archived as .zip/.tar.gz. */
export type BuildKind = 'apk' | 'ipa' | 'app';
export type BuildExtension = '.apk' | '.ipa' | '.zip' | '.tar.gz';

export interface InspectedBuild {
  platform: BuildPlatform;
  kind: BuildKind;
  /** Android package (manifest `package`) / iOS CFBundleIdentifier. */
  packageName: string;
  /** android:versionName / CFBundleShortVersionString */
  versionName: string | null;
  /** android:versionCode / CFBundleVersion */
  versionCode: string | null;
  /** android:label if a plain string, else null / CFBundleDisplayName ?? CFBundleName */
  displayName: string | null;
  /**
   * Set when a .zip/.tar.gz held a single .ipa: path of the extracted .ipa (written next
   * to filePath, name filePath + '.ipa'); the caller stores that file instead.
   */
  unwrappedIpaPath?: string;
}

const ACCEPTED = '.apk, .ipa, .zip, .tar.gz';

/** The build extension of an original file name, case-insensitive; `.tgz` counts as `.tar.gz`. */
export function extensionOf(fileName: string): BuildExtension | null {
  const name = fileName.toLowerCase();
  if (name.endsWith('.tar.gz') || name.endsWith('.tgz')) return '.tar.gz';
  for (const ext of ['.apk', '.ipa', '.zip'] as const) if (name.endsWith(ext)) return ext;
  return null;
}

/**
 * Inspects the upload at `filePath`, whose original name was `fileName`. Throws ApiError
 * 400 when the file is refused; other errors (disk full...) are ours and stay 500s.
 */
export async function inspectBuild(
  filePath: string,
  fileName: string,
  limits: InspectLimits = defaultInspectLimits,
): Promise<InspectedBuild> {
  const ext = extensionOf(fileName);
  if (ext === null) {
    const found = /\.[^./\\]*$/.exec(fileName)?.[0];
    throw badRequest(`unsupported file extension ${found ? quote(found) : '(none)'} in ${quote(fileName)}; accepted: ${ACCEPTED}`);
  }
  try {
    switch (ext) {
      case '.apk':
        return await inspectApk(filePath, limits);
      case '.ipa':
        return await inspectIpa(filePath, limits);
      case '.zip':
        return await inspectAppZip(filePath, limits);
      case '.tar.gz':
        return await inspectAppTarGz(filePath, limits);
    }
  } catch (err) {
    if (err instanceof ContentMismatch) throw badRequest(`file content does not match its ${ext} extension: ${err.message}`);
    throw err; // ApiErrors are already worded for the client; anything else is a bug or an I/O failure
  }
}
