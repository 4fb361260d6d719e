import { parseApkManifest } from './apk-manifest.js';
import { ContentMismatch } from './build-errors.js';
import type { InspectedBuild } from './inspect.js';
import { type InspectLimits, MAX_METADATA_BYTES } from './limits.js';
import { withSafeZip, type ZipEntry } from './zip-reader.js';

const MANIFEST = 'AndroidManifest.xml';

/** An .apk is a zip with a compiled AndroidManifest.xml at its root. Only that entry's data is read. */
export async function inspectApk(filePath: string, limits: InspectLimits): Promise<InspectedBuild> {
  return withSafeZip(filePath, limits, async (zip) => {
    const found: { manifest?: ZipEntry } = {};
    await zip.forEachEntry((entry) => {
      if (entry.name !== MANIFEST) return;
      // Two entries with one name is the classic "master key" trick: which one installs?
      if (found.manifest) throw new ContentMismatch(`it holds more than one ${MANIFEST}`);
      found.manifest = entry;
    });
    const manifest = found.manifest;
    if (!manifest) throw new ContentMismatch(`it holds no ${MANIFEST} at its root (is this an Android app?)`);
    if (manifest.type !== 'file') throw new ContentMismatch(`its ${MANIFEST} is a ${manifest.type}, not a file`);
    const info = parseApkManifest(await zip.readSmall(manifest, MAX_METADATA_BYTES));
    return { platform: 'android', kind: 'apk', ...info };
  });
}
