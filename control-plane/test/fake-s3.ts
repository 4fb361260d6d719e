/**
 * A local S3-compatible server for tests (@20minutes/s3rver, a maintained fork of s3rver
 * that runs on Node 20): objects on disk in a temporary folder, real SigV4 checks (wrong
 * credentials are refused as by AWS). The control plane talks to it with the real AWS SDK.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';

export const FAKE_S3_KEY = { id: 'S3RVER', secret: 'S3RVER' };

export interface FakeS3 {
  endpoint: string;
  /** The environment a control plane needs for `s3://<bucket>/<prefix>` on this server. */
  env(bucket: string, prefix?: string): Record<string, string>;
  close(): Promise<void>;
}

export async function startFakeS3(buckets: string[]): Promise<FakeS3> {
  const directory = mkdtempSync(join(tmpdir(), 'devicelab-fake-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: (bucket, prefix = '') => ({
      STORAGE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
      AWS_ENDPOINT_URL_S3: endpoint,
      S3_FORCE_PATH_STYLE: '1',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: FAKE_S3_KEY.id,
      AWS_SECRET_ACCESS_KEY: FAKE_S3_KEY.secret,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    }),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
