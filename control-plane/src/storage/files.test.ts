import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../../../scripts/fixtures/temp-dir.js';
import { createFileStorage } from './files.js';

const at = useTempDir('devicelab-files-');
const HOUR = 3_600_000;

describe('upload scratch files', () => {
  it('removes only scratch files no live upload could still be writing', async () => {
    const storage = createFileStorage(at('files'));
    const now = Date.now();
    const aged = (path: string, ms: number) => utimesSync(path, (now - ms) / 1000, (now - ms) / 1000);
    const killed = await storage.scratchPath(); // a kill -9 mid-upload: the file stays
    const live = await storage.scratchPath(); // another replica's upload under way
    for (const path of [killed, live]) writeFileSync(path, 'partial');
    aged(killed, 7 * HOUR);
    aged(live, 5 * HOUR); // slow, but written to within the last 6 hours
    const other = at('files', 'tmp', 'not-an-upload');
    writeFileSync(other, 'x');
    aged(other, 30 * 24 * HOUR);

    expect(await storage.removeStaleScratch(now)).toBe(1);
    expect(readdirSync(at('files', 'tmp')).sort()).toEqual([live.split('/').pop(), 'not-an-upload'].sort());
    expect(await storage.removeStaleScratch(now + 2 * HOUR)).toBe(1); // the slow one, once it too is stale
  });

  it('finds nothing to do before any upload made the folder', async () => {
    mkdirSync(at('empty'));
    expect(await createFileStorage(join(at('empty'), 'files')).removeStaleScratch()).toBe(0);
  });
});

describe('removing a stored file', () => {
  it('takes the folders only that file made with it, and leaves folders holding anything else', async () => {
    const root = at('removal');
    const storage = createFileStorage(root);
    await storage.put('builds/org_a/bld_1/app.apk', Buffer.from('one'));
    await storage.put('builds/org_a/bld_2/app.apk', Buffer.from('two'));
    await storage.remove('builds/org_a/bld_1/app.apk');
    expect(readdirSync(join(root, 'builds', 'org_a'))).toEqual(['bld_2']);
    await storage.remove('builds/org_a/bld_2/app.apk');
    expect(readdirSync(root)).toEqual([]);
  });
});
