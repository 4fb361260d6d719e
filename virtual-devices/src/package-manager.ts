/**
 * Installed packages and their private data, as `pm` sees them. Installing reads the
 * package name, versions, label and activities from the apk's binary manifest, so any
 * real .apk installs, and anything else fails the way real pm reports it.
 */
import { readApk } from './apk-reader.js';

export interface InstalledPackage {
  packageName: string;
  label: string;
  versionName: string | null;
  versionCode: number | null;
  /** Fully qualified activity classes; empty means "accept any" (system placeholders). */
  activities: string[];
  launcherActivity: string | null;
  system: boolean;
  codePath: string;
}

export type InstallResult = { ok: true; pkg: InstalledPackage } | { ok: false; code: string; message: string };

interface SystemPackage {
  packageName: string;
  label: string;
  launcherActivity?: string;
}

/** A handful of what `pm list packages` shows on a real phone. */
const SYSTEM_PACKAGES: readonly SystemPackage[] = [
  { packageName: 'android', label: 'Android System' },
  { packageName: 'com.android.systemui', label: 'System UI' },
  { packageName: 'com.android.shell', label: 'Shell' },
  { packageName: 'com.android.providers.settings', label: 'Settings Storage' },
  { packageName: 'com.android.settings', label: 'Settings', launcherActivity: 'com.android.settings.Settings' },
  { packageName: 'com.android.chrome', label: 'Chrome', launcherActivity: 'com.google.android.apps.chrome.Main' },
  { packageName: 'com.google.android.inputmethod.latin', label: 'Gboard' },
  {
    packageName: 'com.google.android.apps.nexuslauncher',
    label: 'Pixel Launcher',
    launcherActivity: 'com.google.android.apps.nexuslauncher.NexusLauncherActivity',
  },
];

export class PackageManager {
  private readonly packages = new Map<string, InstalledPackage>();
  private readonly appData = new Map<string, Map<string, string>>();
  private installs = 0;

  constructor() {
    for (const p of SYSTEM_PACKAGES) {
      const activities = p.launcherActivity ? [p.launcherActivity] : [];
      this.packages.set(p.packageName, {
        packageName: p.packageName,
        label: p.label,
        versionName: '14',
        versionCode: 34,
        activities,
        launcherActivity: p.launcherActivity ?? null,
        system: true,
        codePath: `/system/priv-app/${p.label.replace(/\s+/g, '')}/${p.label.replace(/\s+/g, '')}.apk`,
      });
    }
  }

  get(packageName: string): InstalledPackage | undefined {
    return this.packages.get(packageName);
  }

  list(): InstalledPackage[] {
    return [...this.packages.values()];
  }

  /** The package's SharedPreferences-like store, created on first use. */
  dataOf(packageName: string): Map<string, string> {
    let data = this.appData.get(packageName);
    if (!data) this.appData.set(packageName, (data = new Map()));
    return data;
  }

  install(apk: Buffer | null, path: string): InstallResult {
    if (!apk) return { ok: false, code: 'INSTALL_FAILED_INVALID_URI', message: `Can't open file: ${path}` };
    const read = readApk(apk);
    if (!read.ok) {
      return { ok: false, code: 'INSTALL_FAILED_INVALID_APK', message: `Failed to parse ${path}: ${read.error.replace(/\]/g, ')')}` };
    }
    const m = read.manifest;
    const existing = this.packages.get(m.packageName);
    if (existing?.system)
      return {
        ok: false,
        code: 'INSTALL_FAILED_UPDATE_INCOMPATIBLE',
        message: `Package ${m.packageName} signatures do not match previously installed version`,
      };
    this.installs += 1;
    const pkg: InstalledPackage = {
      packageName: m.packageName,
      label: m.label ?? m.packageName,
      versionName: m.versionName,
      versionCode: m.versionCode,
      activities: m.activities,
      launcherActivity: m.launcherActivity,
      system: false,
      codePath: `/data/app/~~${this.installs}/${m.packageName}-${this.installs}/base.apk`,
    };
    this.packages.set(m.packageName, pkg);
    return { ok: true, pkg };
  }

  /** Installs a package record without an apk (a device image that ships the app). */
  preinstall(manifest: {
    packageName: string;
    label: string;
    activities: string[];
    versionName?: string;
    versionCode?: number;
  }): InstalledPackage {
    this.installs += 1;
    const pkg: InstalledPackage = {
      packageName: manifest.packageName,
      label: manifest.label,
      versionName: manifest.versionName ?? '1.0',
      versionCode: manifest.versionCode ?? 1,
      activities: manifest.activities,
      launcherActivity: manifest.activities[0] ?? null,
      system: false,
      codePath: `/data/app/~~${this.installs}/${manifest.packageName}-${this.installs}/base.apk`,
    };
    this.packages.set(pkg.packageName, pkg);
    return pkg;
  }

  uninstall(packageName: string): boolean {
    const pkg = this.packages.get(packageName);
    if (!pkg || pkg.system) return false;
    this.packages.delete(packageName);
    this.appData.delete(packageName);
    return true;
  }

  /** `pm clear`: wipes the app's data; false for an unknown package. */
  clear(packageName: string): boolean {
    if (!this.packages.has(packageName)) return false;
    this.appData.delete(packageName);
    return true;
  }
}
