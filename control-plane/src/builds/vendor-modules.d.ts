// The library's own entry point: used by tests to check that our AXML fixtures are
// real manifests as far as adbkit-apkreader is concerned (it opens the apk itself).
declare module '@devicefarmer/adbkit-apkreader' {
  export interface ParsedManifest {
    package: string;
    versionCode?: number;
    versionName?: string;
    usesSdk: { minSdkVersion?: number } | null;
    application: { label?: string; launcherActivities: { name?: string }[] };
    [key: string]: unknown;
  }
  export interface ApkReader {
    readManifest(): Promise<ParsedManifest>;
  }
  const ApkReaderStatic: { open(apk: string | Buffer): Promise<ApkReader> };
  export default ApkReaderStatic;
}
