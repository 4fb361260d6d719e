/**
 * Reads the identity of an Android app from its compiled (binary AXML) AndroidManifest.xml, with
 * the one manifest reader (shared/src/android-manifest.ts) on the bytes we extracted ourselves,
 * and holds what it read to the upload's rules: a package name that is an identifier, free text
 * within its limits.
 */
import { type AndroidManifest, readAndroidManifest } from '@devicelab/shared';
import { badRequest } from '../errors.js';
import { ContentMismatch } from './build-errors.js';
import { checkIdentifier, checkText } from './identifier.js';

export interface ApkManifestInfo {
  packageName: string;
  versionName: string | null;
  versionCode: string | null;
  /** android:label when it is a plain string; null when it references a resource. */
  displayName: string | null;
}

const WHERE = 'AndroidManifest.xml';

export function parseApkManifest(data: Buffer): ApkManifestInfo {
  const manifest = read(data);
  if (manifest.packageName === null) throw badRequest(`${WHERE} has no package attribute`);
  checkIdentifier(manifest.packageName, `the package name in ${WHERE}`);
  return {
    packageName: manifest.packageName,
    versionName: checkText(manifest.versionName, `android:versionName in ${WHERE}`),
    versionCode: manifest.versionCode === null ? null : String(manifest.versionCode),
    displayName: checkText(manifest.label, `android:label in ${WHERE}`),
  };
}

function read(data: Buffer): AndroidManifest {
  try {
    return readAndroidManifest(data);
  } catch (err) {
    // A text XML file, truncated or hostile data: what the reader says is wrong, in the 422's detail.
    throw new ContentMismatch(`${WHERE} is not a valid compiled (binary) manifest: ${(err as Error).message}`);
  }
}
