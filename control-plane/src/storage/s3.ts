/**
 * Builds and artifacts in an S3-compatible bucket (AWS S3, MinIO, R2…), configured the
 * standard AWS way: region and credentials from the SDK's default chain (AWS_REGION,
 * AWS_ACCESS_KEY_ID…, profiles, instance roles), the endpoint from AWS_ENDPOINT_URL_S3 /
 * AWS_ENDPOINT_URL, path-style addressing with S3_FORCE_PATH_STYLE=1 (config.ts).
 *
 * Only object operations are used (no bucket listing or bucket HEAD): a key prefix is all
 * the control plane needs, and it keeps the IAM policy to Get/Put/DeleteObject (+ the
 * multipart calls that PutObject permits).
 */
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '../config.js';
import type { FileStorage } from './files.js';
import { scratchFolder } from './scratch.js';

/** Parts of a multipart upload: memory held per upload is PART_BYTES × PARTS_IN_FLIGHT, whatever the build's size. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
const PROBE_KEY = '.devicelab-storage-check';

export function createS3Storage(settings: S3Settings, scratchDir: string): FileStorage {
  const client = new S3Client({
    ...(settings.region ? { region: settings.region } : {}),
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
  });
  const Bucket = settings.bucket;
  const Key = (key: string) => {
    if (key.split('/').some((part) => part === '..' || part === '.' || part === '')) throw new Error(`not a storage key: ${key}`);
    return settings.prefix + key;
  };
  const scratch = scratchFolder(scratchDir);

  /** Absent objects are null for every read; anything else is the caller's error. */
  async function orNull<T>(read: () => Promise<T>): Promise<T | null> {
    try {
      return await read();
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  return {
    location: settings.url,
    async check() {
      // A read of a key that is never written tells a missing bucket (NoSuchBucket) from
      // refused credentials (403) from a working store (NoSuchKey) in one request.
      try {
        const found = await client.send(new GetObjectCommand({ Bucket, Key: settings.prefix + PROBE_KEY }));
        found.Body?.transformToByteArray().catch(() => {}); // someone put one there: drain it
      } catch (e) {
        if ((e as { name?: string }).name === 'NoSuchKey') return;
        throw new Error(`${settings.url}: ${describeFailure(e, settings)}`);
      }
    },
    scratchPath: scratch.scratchPath,
    removeStaleScratch: scratch.removeStaleScratch,
    async commit(path, key) {
      try {
        // lib-storage sends a small file in one PUT and a big one in parts, reading the file
        // as it goes: a 4 GiB build never sits in memory.
        await new Upload({
          client,
          partSize: PART_BYTES,
          queueSize: PARTS_IN_FLIGHT,
          leavePartsOnError: false,
          params: { Bucket, Key: Key(key), Body: createReadStream(path) },
        }).done();
      } finally {
        await rm(path, { force: true });
      }
    },
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: Key(key), Body: data }));
    },
    get: (key) =>
      orNull(async () => {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: Key(key) }));
        return Buffer.from(await res.Body!.transformToByteArray());
      }),
    openRead: (key, range) =>
      orNull(async () => {
        const res = await client.send(
          new GetObjectCommand({ Bucket, Key: Key(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        // With a range, the whole object's size is after the slash of Content-Range.
        const total = res.ContentRange ? Number(res.ContentRange.split('/')[1]) : res.ContentLength;
        return { stream: res.Body as Readable, size: Number(total ?? 0) };
      }),
    size: (key) => orNull(async () => Number((await client.send(new HeadObjectCommand({ Bucket, Key: Key(key) }))).ContentLength ?? 0)),
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) })); // S3 answers 204 for an absent key too
    },
  };
}

function isNotFound(e: unknown): boolean {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    err.name === 'NoSuchKey' ||
    err.name === 'NotFound' ||
    (err instanceof S3ServiceException && err.$metadata?.httpStatusCode === 404 && err.name !== 'NoSuchBucket')
  );
}

/** Why the start check failed, as the operator would fix it. */
function describeFailure(e: unknown, settings: S3Settings): string {
  const err = e as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  const status = err.$metadata?.httpStatusCode;
  if (err.name === 'NoSuchBucket') return `bucket "${settings.bucket}" does not exist`;
  if (err.name === 'CredentialsProviderError')
    return `no AWS credentials found (set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, AWS_PROFILE, or run with a role): ${err.message}`;
  if (status === 403 || ['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'AccessDenied'].includes(err.name ?? '')) {
    return `the credentials were refused (${err.name}): check AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY and that they may read and write the bucket`;
  }
  if (err.name === 'PermanentRedirect' || status === 301)
    return `bucket "${settings.bucket}" is in another region than ${settings.region ?? 'the configured one'} (set AWS_REGION)`;
  const where = settings.endpoint ?? 'AWS S3';
  return `cannot reach ${where}: ${err.name && err.name !== 'Error' ? `${err.name}: ` : ''}${err.message ?? String(e)}`;
}

export const s3ScratchDir = (dataDir: string) => join(dataDir, 'tmp');
