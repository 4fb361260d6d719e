import { writeFile } from 'node:fs/promises';
import { Adb, type Client, type DeviceClient } from '@devicefarmer/adbkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apkEntries, makeApk, zipToBuffer } from '../../scripts/fixtures/builds.js';
import { useTempDir } from '../../scripts/fixtures/temp-dir.js';
import { startVirtualAdbServer, type VirtualAdbServer } from './adb-server.js';
import { readApk } from './apk-reader.js';
import { SAMPLE_PACKAGE } from './sample-app.js';
import { shellText } from './test-support.js';

const inTemp = useTempDir('virtual-install-');

describe('virtual device: installing real apks through adbkit', () => {
  let server: VirtualAdbServer;
  let client: Client;
  let device: DeviceClient;

  beforeAll(async () => {
    server = await startVirtualAdbServer({ devices: 2 });
    client = Adb.createClient({ host: server.host, port: server.port });
    device = client.getDevice('virtual-1');
  });
  afterAll(() => server.close());

  it('installs an apk (push to /data/local/tmp, pm install -r, rm -f) and lists the package', async () => {
    const apk = inTemp('sample.apk');
    await makeApk(apk, { packageName: SAMPLE_PACKAGE, versionName: '2.1.0', versionCode: 21, label: 'DeviceLab Sample' });
    expect(await device.isInstalled(SAMPLE_PACKAGE)).toBe(false);
    expect(await device.install(apk)).toBe(true);
    expect(await device.isInstalled(SAMPLE_PACKAGE)).toBe(true);
    expect(await device.getPackages('-3')).toEqual([SAMPLE_PACKAGE]);
    expect(await device.getPackages()).toContain('com.android.settings');
    expect(await shellText(device, `dumpsys package ${SAMPLE_PACKAGE} | grep versionName`)).toBe('    versionName=2.1.0\n');
    // adbkit removes the pushed copy after pm install.
    expect(await shellText(device, 'ls /data/local/tmp')).toBe('');
    // Only this device got it.
    expect(await client.getDevice('virtual-2').getPackages('-3')).toEqual([]);
  });

  it('installs from a stream of a UTF-8 manifest apk and launches its MAIN activity', async () => {
    const zip = await zipToBuffer(
      apkEntries({ packageName: 'com.example.other', versionName: '1.0', versionCode: 1, label: 'Other', encoding: 'utf8' }),
    );
    await writeFile(inTemp('other.apk'), zip);
    expect(await device.install(inTemp('other.apk'))).toBe(true);
    expect(await shellText(device, 'monkey -p com.example.other -c android.intent.category.LAUNCHER 1')).toContain('Events injected: 1');
    expect(await shellText(device, 'dumpsys window | grep mCurrentFocus')).toBe(
      '  mCurrentFocus=Window{7d3a1c0 u0 com.example.other/com.example.other.MainActivity}\n',
    );
    expect(await shellText(device, 'uiautomator dump /dev/tty')).toContain('text="Hello from com.example.other"');
    expect(await device.uninstall('com.example.other')).toBe(true);
    expect(await device.isInstalled('com.example.other')).toBe(false);
  });

  it('answers Failure [INSTALL_FAILED_INVALID_APK: …] for a file that is not an apk', async () => {
    await writeFile(inTemp('broken.apk'), 'this is not a zip file at all');
    await expect(device.install(inTemp('broken.apk'))).rejects.toMatchObject({
      code: 'INSTALL_FAILED_INVALID_APK: Failed to parse /data/local/tmp/broken.apk: Not a zip archive (no end of central directory record)',
    });
    expect(await shellText(device, 'pm install /data/local/tmp/absent.apk')).toBe(
      "Exception occurred while executing 'install':\njava.lang.IllegalArgumentException: Error: Can't open file: /data/local/tmp/absent.apk\n",
    );
  });

  it('fails every install when the device is told to (installFails)', async () => {
    const apk = inTemp('again.apk');
    await makeApk(apk, { packageName: 'com.example.again', versionName: '1', versionCode: 1 });
    const virtual = server.getDevice('virtual-2')!;
    virtual.faults.installFails = true;
    const other = client.getDevice('virtual-2');
    await expect(other.install(apk)).rejects.toMatchObject({ code: 'INSTALL_FAILED_INSUFFICIENT_STORAGE' });
    virtual.faults.installFails = 'INSTALL_FAILED_VERSION_DOWNGRADE';
    await expect(other.install(apk)).rejects.toThrow('could not be installed [INSTALL_FAILED_VERSION_DOWNGRADE]');
    virtual.faults.installFails = false;
    expect(await other.install(apk)).toBe(true);
  });

  it('clears app data with pm clear (Success) and reports Failed for unknown packages', async () => {
    expect(await device.clear(SAMPLE_PACKAGE)).toBe(true);
    await expect(device.clear('com.example.unknown')).rejects.toThrow("Package 'com.example.unknown' could not be cleared");
    expect(await shellText(device, `pm path ${SAMPLE_PACKAGE}`)).toMatch(
      new RegExp(`^package:/data/app/~~\\d+/${SAMPLE_PACKAGE}-\\d+/base.apk\\n$`),
    );
  });
});

describe('apk reader', () => {
  it('finds the manifest in the zip and reads it (the fields: shared/src/android-manifest.test.ts)', async () => {
    const zip = await zipToBuffer(apkEntries({ packageName: 'com.example.reader', versionName: '3.4', versionCode: 34, label: 'Reader' }));
    expect(readApk(zip)).toMatchObject({ ok: true, manifest: { packageName: 'com.example.reader', versionCode: 34, label: 'Reader' } });
  });

  it('refuses a manifest whose package name pm would not accept', async () => {
    const zip = await zipToBuffer(apkEntries({ packageName: 'nodots' }));
    expect(readApk(zip)).toEqual({ ok: false, error: 'Manifest has no valid package attribute' });
  });

  it('reports a resource-reference label as no label, and a zip without a manifest as invalid', async () => {
    const zip = await zipToBuffer(apkEntries({ packageName: 'com.example.ref', label: { ref: 0x7f0a0001 } }));
    expect(readApk(zip)).toMatchObject({ ok: true, manifest: { packageName: 'com.example.ref', label: null, versionCode: null } });
    const noManifest = await zipToBuffer([{ name: 'classes.dex', data: 'dex' }]);
    expect(readApk(noManifest)).toEqual({ ok: false, error: 'No AndroidManifest.xml in the package' });
  });
});
