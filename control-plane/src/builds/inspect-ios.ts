/**
 * iOS uploads: an .ipa (device build), or a simulator .app bundle archived as .zip or
 * .tar.gz, or such an archive wrapping a single .ipa, which is unwrapped next to the
 * upload and inspected as an .ipa.
 */
import { rm } from 'node:fs/promises';
import { ApiError } from '../errors.js';
import { ContentMismatch, quote } from './build-errors.js';
import { type BundleInfo, parseInfoPlist } from './info-plist.js';
import type { InspectedBuild } from './inspect.js';
import { IosLayout, type IosLocation } from './ios-layout.js';
import { type InspectLimits, MAX_METADATA_BYTES } from './limits.js';
import { scanTarGz } from './tar-reader.js';
import { withSafeZip, type ZipEntry } from './zip-reader.js';

export async function inspectIpa(filePath: string, limits: InspectLimits): Promise<InspectedBuild> {
  const info = await withSafeZip(filePath, limits, async (zip) => {
    const layout = new IosLayout('ipa');
    const picked: { plist?: ZipEntry } = {};
    await zip.forEachEntry((entry) => {
      if (layout.classify(entry.segments, entry.type) === 'info-plist') picked.plist = entry;
    });
    const location = layout.finish();
    // In 'ipa' mode finish() only ever locates a bundle, and only one with an Info.plist.
    if (location.kind !== 'app' || !picked.plist) throw new Error('IosLayout broke its contract');
    return parseInfoPlist(await zip.readSmall(picked.plist, MAX_METADATA_BYTES), `${location.bundlePath}/Info.plist`);
  });
  return iosBuild('ipa', info);
}

/** Where an archive's wrapped .ipa is written: next to the upload, for the caller to store instead. */
const unwrappedPath = (filePath: string) => `${filePath}.ipa`;

export async function inspectAppZip(filePath: string, limits: InspectLimits): Promise<InspectedBuild> {
  type Found = { info: BundleInfo } | { ipaName: string };
  const found = await withSafeZip(filePath, limits, async (zip): Promise<Found> => {
    const layout = new IosLayout('app-archive');
    const picked: Partial<Record<'info-plist' | 'ipa', ZipEntry>> = {};
    await zip.forEachEntry((entry) => {
      const role = layout.classify(entry.segments, entry.type);
      if (role !== 'other') picked[role] = entry;
    });
    const location = layout.finish();
    const entry = picked[location.kind === 'app' ? 'info-plist' : 'ipa'];
    if (!entry) throw new Error('IosLayout broke its contract'); // it only locates what it was shown
    if (location.kind === 'app') {
      return { info: parseInfoPlist(await zip.readSmall(entry, MAX_METADATA_BYTES), `${location.bundlePath}/Info.plist`) };
    }
    await zip.extractTo(entry, unwrappedPath(filePath));
    return { ipaName: location.ipaPath };
  });
  return 'info' in found ? iosBuild('app', found.info) : inspectUnwrappedIpa(unwrappedPath(filePath), found.ipaName, limits);
}

export async function inspectAppTarGz(filePath: string, limits: InspectLimits): Promise<InspectedBuild> {
  const layout = new IosLayout('app-archive');
  const ipaPath = unwrappedPath(filePath);
  const picked: { plist?: Buffer } = {};
  let location: IosLocation;
  try {
    // A tar can only be read in order: the plist is kept (it is small), the .ipa written out.
    await scanTarGz(filePath, limits, async (entry) => {
      const role = layout.classify(entry.segments, entry.type);
      if (role === 'info-plist') picked.plist = await entry.readSmall(MAX_METADATA_BYTES);
      else if (role === 'ipa') await entry.extractTo(ipaPath);
    });
    location = layout.finish();
  } catch (err) {
    await rm(ipaPath, { force: true }); // an .ipa may have been written before a later entry failed
    throw err;
  }
  if (location.kind === 'app') {
    if (!picked.plist) throw new Error('IosLayout broke its contract'); // finish() checked the bundle has one
    return iosBuild('app', parseInfoPlist(picked.plist, `${location.bundlePath}/Info.plist`));
  }
  return inspectUnwrappedIpa(ipaPath, location.ipaPath, limits);
}

/** Inspects the .ipa taken out of an archive; on failure removes it and says the problem is inside. */
async function inspectUnwrappedIpa(ipaPath: string, ipaName: string, limits: InspectLimits): Promise<InspectedBuild> {
  try {
    return { ...(await inspectIpa(ipaPath, limits)), unwrappedIpaPath: ipaPath };
  } catch (err) {
    await rm(ipaPath, { force: true });
    if (err instanceof ContentMismatch) throw new ContentMismatch(`the enclosed ${quote(ipaName)} is not a valid .ipa: ${err.message}`);
    if (err instanceof ApiError) throw new ApiError(err.status, `in the enclosed ${quote(ipaName)}: ${err.detail}`, err.errors);
    throw err;
  }
}

function iosBuild(kind: 'ipa' | 'app', info: BundleInfo): InspectedBuild {
  const { bundleId, versionName, versionCode, displayName } = info;
  return { platform: 'ios', kind, packageName: bundleId, versionName, versionCode, displayName };
}
