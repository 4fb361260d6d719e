import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApiClient } from './api-client.js';
import { UsageError } from './errors.js';
import { uploadBuild } from './upload.js';

/** A one-request HTTP server that keeps the body it was sent and answers a build id. */
async function receiver() {
  let received: { headers: IncomingMessage['headers']; body: Buffer } | undefined;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received = { headers: req.headers, body: Buffer.concat(chunks) };
      res.setHeader('content-type', 'application/json').end('{"buildId":"bld_1"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received: () => received!, close: () => new Promise((r) => server.close(r)) };
}

describe('uploading a build', () => {
  it('streams the file as multipart with its name, platform and ci parts, reporting progress up to its size', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'upload-'));
    const file = join(dir, 'app.apk');
    const content = Buffer.alloc(300_000, 7);
    writeFileSync(file, content);
    const srv = await receiver();
    const progress: number[] = [];
    try {
      const api = createApiClient({ baseUrl: srv.url, apiKey: 'k' });
      const up = await uploadBuild(api, file, {
        name: 'nightly',
        platform: 'android',
        ci: { provider: 'github' },
        onProgress: (sent, total) => {
          expect(total).toBe(300_000);
          progress.push(sent);
        },
      });
      expect(up.buildId).toBe('bld_1');
    } finally {
      await srv.close();
    }
    const { headers, body } = srv.received();
    const boundary = /boundary=(.+)$/.exec(String(headers['content-type']))![1]!;
    const text = body.toString('latin1');
    expect(text).toContain('name="platform"\r\n\r\nandroid\r\n');
    expect(text).toContain('name="metadata"\r\n\r\n{"name":"nightly"}\r\n');
    expect(text).toContain('name="ci"\r\n\r\n{"provider":"github"}\r\n');
    expect(text).toContain('name="build"; filename="app.apk"');
    const start = body.indexOf('\r\n\r\n', body.indexOf('filename="app.apk"')) + 4;
    expect(body.subarray(start, body.indexOf(`\r\n--${boundary}--`, start)).equals(content)).toBe(true);
    expect(progress.at(-1)).toBe(300_000);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('refuses a missing file as a usage error before sending anything', async () => {
    const api = createApiClient({
      baseUrl: 'http://127.0.0.1:1',
      apiKey: 'k',
      fetch: () => {
        throw new Error('sent');
      },
    });
    await expect(uploadBuild(api, '/nonexistent/app.apk')).rejects.toThrow(UsageError);
  });
});
