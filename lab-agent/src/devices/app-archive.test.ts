import { existsSync, mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeAppTarGz,
  makeAppZip,
  makeHostileZip,
  makeIpa,
  makeTarGzBomb,
  makeTarGzWithAbsolutePath,
  makeTarGzWithEscapingSymlink,
  makeTextFile,
  makeZipWithAbsolutePath,
  makeZipWithTraversal,
} from '../../../scripts/fixtures/builds.js';
import { unpackAppBundle } from './app-archive.js';

const ios = { name: 'Sample', bundleId: 'com.devicelab.sample', version: '1.0', build: '1' };
let work: string;
const at = (name: string) => join(work, name);

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'app-archive-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('unpackAppBundle', () => {
  it.each([
    ['a simulator .zip', 'sim.zip', (p: string) => makeAppZip(p, ios), 'Sample.app'],
    ['a simulator .zip one folder down', 'nested.zip', (p: string) => makeAppZip(p, ios, { folder: 'Build' }), 'Build/Sample.app'],
    ['a simulator .tar.gz', 'sim.tar.gz', (p: string) => makeAppTarGz(p, ios), 'Sample.app'],
    ['an .ipa', 'sample.ipa', (p: string) => makeIpa(p, ios), 'Payload/Sample.app'],
  ])('finds the .app in %s, with its in-bundle links', async (_what, name, make, inside) => {
    await make(at(name));
    const app = await unpackAppBundle(at(name));
    expect(app).toBe(join(`${at(name)}.unpacked`, inside));
    expect(existsSync(join(app, 'Info.plist'))).toBe(true);
    expect(readlinkSync(join(app, 'Resources/AppIcon.png'))).toBe('../Assets.car');
    // A second call reuses the unpacked copy (a build id names immutable bytes).
    expect(await unpackAppBundle(at(name))).toBe(app);
  });

  it.each([
    ['a zip entry climbing out with ..', 'traversal.zip', makeZipWithTraversal, /outside|invalid relative path/],
    ['an absolute zip entry', 'absolute.zip', makeZipWithAbsolutePath, /outside|absolute path/],
    ['an absolute tar entry', 'absolute.tar.gz', makeTarGzWithAbsolutePath, /outside its folder/],
    ['a tar symlink escaping the bundle', 'link.tar.gz', makeTarGzWithEscapingSymlink, /link pointing outside/],
    [
      'a zip symlink escaping the bundle',
      'link.zip',
      (p: string) => makeHostileZip(p, [{ name: 'Sample.app/x', symlinkTo: '/etc/passwd' }]),
      /link pointing outside/,
    ],
    ['a text file', 'notes.zip', (p: string) => makeTextFile(p), /neither a zip/],
  ])('refuses %s and leaves nothing behind', async (_what, name, make, message) => {
    await make(at(name));
    await expect(unpackAppBundle(at(name))).rejects.toThrow(message);
    expect(existsSync(`${at(name)}.unpacked`)).toBe(false);
    expect(existsSync(join(work, 'evil.sh'))).toBe(false);
  });

  it('stops an archive that unpacks past its size limit', async () => {
    await makeTarGzBomb(at('bomb.tar.gz'), 4 * 1024 ** 2);
    await expect(unpackAppBundle(at('bomb.tar.gz'), { bytes: 1024 ** 2, entries: 1000 })).rejects.toThrow(/size limit/);
    expect(existsSync(`${at('bomb.tar.gz')}.unpacked`)).toBe(false);
  });
});
