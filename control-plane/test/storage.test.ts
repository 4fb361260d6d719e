/**
 * The storage contract (storage/files.ts) on both kinds of STORAGE_URL: a folder, and an
 * S3 bucket on a local fake S3 server (fake-s3.ts) through the real AWS SDK. Same
 * assertions on each, so a page or an agent cannot tell which one a replica uses.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import type { FileStorage } from '../src/storage/files.js';
import { openStorage } from '../src/storage/open.js';
import { type FakeS3, startFakeS3 } from './fake-s3.js';

let s3: FakeS3;
let work: string;
beforeAll(async () => {
  s3 = await startFakeS3(['lab']);
  work = mkdtempSync(join(tmpdir(), 'devicelab-storage-'));
});
afterAll(async () => {
  await s3?.close();
  rmSync(work, { recursive: true, force: true });
});

const text = async (stream: NodeJS.ReadableStream) => {
  let out = '';
  for await (const chunk of stream) out += chunk.toString();
  return out;
};

const kinds: [string, () => { storage: FileStorage; dataDir: string }][] = [
  [
    'a folder',
    () => {
      const dataDir = mkdtempSync(join(work, 'dir-'));
      return { storage: openStorage(loadConfig({ DATA_DIR: dataDir })), dataDir };
    },
  ],
  [
    'an S3 bucket',
    () => {
      const dataDir = mkdtempSync(join(work, 's3-'));
      return {
        storage: openStorage(loadConfig({ DATA_DIR: dataDir, ...s3.env('lab', `p-${Math.random().toString(36).slice(2)}`) })),
        dataDir,
      };
    },
  ],
];

describe.each(kinds)('storage in %s', (_name, make) => {
  it('passes its start check, stores a committed upload, and removes the scratch file', async () => {
    const { storage } = make();
    await storage.check();
    const scratch = await storage.scratchPath();
    writeFileSync(scratch, 'build bytes');
    await storage.commit(scratch, 'builds/org_1/bld_1/app.apk');
    expect(existsSync(scratch)).toBe(false);
    expect(await storage.size('builds/org_1/bld_1/app.apk')).toBe(11);
    const whole = await storage.openRead('builds/org_1/bld_1/app.apk');
    expect(whole!.size).toBe(11);
    expect(await text(whole!.stream)).toBe('build bytes');
  });

  it('reads a byte range with the whole size beside it, as playback asks', async () => {
    const { storage } = make();
    await storage.put('recordings/o/r/a-1.mp4', Buffer.from('0123456789'));
    const part = await storage.openRead('recordings/o/r/a-1.mp4', { start: 2, end: 5 });
    expect(part!.size).toBe(10);
    expect(await text(part!.stream)).toBe('2345');
  });

  it('answers null for an absent key, and removes a key twice without complaint', async () => {
    const { storage } = make();
    await storage.put('screens/x.png', Buffer.from('png'));
    expect((await storage.get('screens/x.png'))!.toString()).toBe('png');
    await storage.remove('screens/x.png');
    await storage.remove('screens/x.png');
    expect(await storage.get('screens/x.png')).toBeNull();
    expect(await storage.size('screens/x.png')).toBeNull();
    expect(await storage.openRead('screens/x.png')).toBeNull();
  });

  it('refuses a key that climbs out of its root', async () => {
    const { storage } = make();
    await expect(storage.put('../outside', Buffer.from('x'))).rejects.toThrow();
  });
});

describe('an S3 STORAGE_URL that cannot be used', () => {
  it('names a missing bucket', async () => {
    const storage = openStorage(loadConfig({ DATA_DIR: work, ...s3.env('no-such-bucket') }));
    await expect(storage.check()).rejects.toThrow('s3://no-such-bucket: bucket "no-such-bucket" does not exist');
  });

  it('says the credentials were refused', async () => {
    const storage = openStorage(loadConfig({ DATA_DIR: work, ...s3.env('lab'), AWS_SECRET_ACCESS_KEY: 'wrong' }));
    await expect(storage.check()).rejects.toThrow(/^s3:\/\/lab: the credentials were refused \(SignatureDoesNotMatch\)/);
  });

  it('stores a build bigger than one part (a multipart upload read from the scratch file)', async () => {
    const dataDir = mkdtempSync(join(work, 'big-'));
    const storage = openStorage(loadConfig({ DATA_DIR: dataDir, ...s3.env('lab', 'big') }));
    const scratch = await storage.scratchPath();
    writeFileSync(scratch, Buffer.alloc(20 * 1024 * 1024, 1)); // three 8 MiB parts
    await storage.commit(scratch, 'builds/o/b/big.ipa');
    expect(await storage.size('builds/o/b/big.ipa')).toBe(20 * 1024 * 1024);
    expect(readdirSync(join(dataDir, 'tmp'))).toEqual([]);
  });
});

describe('STORAGE_URL parsing', () => {
  it('defaults to DATA_DIR/files and reads s3://bucket/prefix the AWS way', () => {
    expect(loadConfig({ DATA_DIR: '/srv/lab' }).storage).toEqual({ kind: 'directory', path: '/srv/lab/files' });
    expect(loadConfig({ STORAGE_URL: 's3://my-lab/eu/prod/', AWS_REGION: 'eu-west-1' }).storage).toEqual({
      kind: 's3',
      url: 's3://my-lab/eu/prod/',
      bucket: 'my-lab',
      prefix: 'eu/prod/',
      region: 'eu-west-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(loadConfig({ STORAGE_URL: 's3://b1b', AWS_ENDPOINT_URL: 'http://minio:9000', S3_FORCE_PATH_STYLE: '1' }).storage).toMatchObject({
      prefix: '',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      forcePathStyle: true,
    });
  });

  it('stops the start on what is not a folder or an s3 URL', () => {
    expect(() => loadConfig({ STORAGE_URL: 'gs://bucket' })).toThrow(
      'STORAGE_URL must be a folder or s3://bucket/prefix, got "gs://bucket"',
    );
    expect(() => loadConfig({ STORAGE_URL: 's3://' })).toThrow('STORAGE_URL: "s3://" is not s3://bucket/prefix');
  });
});
