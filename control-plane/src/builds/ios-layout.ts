/**
 * Where the one iOS app of an upload sits, decided entry by entry so that zip and tar
 * (which can only be read once, in order) share the same rules:
 * - an .ipa holds `Payload/<Name>.app/Info.plist`;
 * - a .zip/.tar.gz holds exactly one `<Name>.app/` bundle, at the root or one folder
 *   down, or exactly one `.ipa` file, at the root or one folder down.
 * Anything ambiguous is refused as soon as it is seen.
 */
import { ContentMismatch, quote } from './build-errors.js';

export type IosLayoutMode = 'ipa' | 'app-archive';
export type EntryRole = 'info-plist' | 'ipa' | 'other';
export type IosLocation = { kind: 'app'; bundlePath: string } | { kind: 'ipa'; ipaPath: string };

const isAppName = (segment: string | undefined) => segment !== undefined && /\.app$/i.test(segment);

export class IosLayout {
  private bundle: string | null = null;
  private ipa: string | null = null;
  private hasInfoPlist = false;

  constructor(private readonly mode: IosLayoutMode) {}

  /** Tells the caller whether this entry is the bundle's Info.plist, the wrapped .ipa, or neither. */
  classify(segments: readonly string[], type: 'file' | 'directory' | 'link'): EntryRole {
    // Finder's zip puts resource forks under __MACOSX/<same path>: not a second bundle.
    if (this.mode === 'app-archive' && segments[0] === '__MACOSX') return 'other';
    const depth = this.bundleDepth(segments);
    if (depth > 0) {
      this.noteBundle(segments.slice(0, depth).join('/'));
      if (segments.length !== depth + 1 || segments[depth] !== 'Info.plist' || type !== 'file') return 'other';
      if (this.hasInfoPlist) throw new ContentMismatch(`it holds more than one ${quote(`${this.bundle}/Info.plist`)}`);
      this.hasInfoPlist = true;
      return 'info-plist';
    }
    const last = segments[segments.length - 1] ?? '';
    if (this.mode === 'app-archive' && type === 'file' && segments.length <= 2 && /\.ipa$/i.test(last)) {
      this.noteIpa(segments.join('/'));
      return 'ipa';
    }
    return 'other';
  }

  /** Once every entry was classified: where the app is, or why there is none. */
  finish(): IosLocation {
    if (this.bundle !== null) {
      if (!this.hasInfoPlist) throw new ContentMismatch(`the bundle ${quote(this.bundle)} has no Info.plist`);
      return { kind: 'app', bundlePath: this.bundle };
    }
    if (this.ipa !== null) return { kind: 'ipa', ipaPath: this.ipa };
    throw new ContentMismatch(
      this.mode === 'ipa'
        ? 'it holds no Payload/<Name>.app bundle'
        : 'it holds no <Name>.app bundle and no .ipa (looked at the root and one folder down)',
    );
  }

  /** How many leading segments name the bundle folder, or 0 when the entry is outside any bundle. */
  private bundleDepth(segments: readonly string[]): number {
    if (this.mode === 'ipa') return segments[0] === 'Payload' && isAppName(segments[1]) ? 2 : 0;
    if (isAppName(segments[0])) return 1;
    return isAppName(segments[1]) ? 2 : 0;
  }

  private noteBundle(path: string): void {
    if (this.bundle === path) return;
    if (this.bundle !== null)
      throw new ContentMismatch(`it holds more than one .app bundle (${quote(this.bundle)}, ${quote(path)}); upload exactly one`);
    if (this.ipa !== null) throw this.bothError(path, this.ipa);
    this.bundle = path;
  }

  private noteIpa(path: string): void {
    if (this.ipa !== null)
      throw new ContentMismatch(`it holds more than one .ipa (${quote(this.ipa)}, ${quote(path)}); upload exactly one`);
    if (this.bundle !== null) throw this.bothError(this.bundle, path);
    this.ipa = path;
  }

  private bothError(bundle: string, ipa: string): ContentMismatch {
    return new ContentMismatch(`it holds both an .app bundle (${quote(bundle)}) and an .ipa (${quote(ipa)}); upload exactly one`);
  }
}
