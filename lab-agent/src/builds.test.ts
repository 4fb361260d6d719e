import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildCache, BuildDownloadError } from './builds.js';
import { type FakeControlPlane, startFakeControlPlane } from './testing/fake-control-plane.js';

describe('BuildCache', () => {
  let server: FakeControlPlane;
  const bytes = Buffer.from('PK\u0003\u0004 pretend apk bytes '.repeat(1000));
  const fresh = (token = server.token) => {
    const stateDir = mkdtempSync(join(tmpdir(), 'builds-'));
    return { stateDir, cache: new BuildCache({ stateDir, token, retryDelaysMs: [10, 10] }) };
  };

  beforeAll(async () => {
    server = await startFakeControlPlane();
  });
  afterAll(() => server.close());

  it('downloads with the agent token into builds/<id>/<file>, verifies, and reuses the file', async () => {
    const build = server.addBuild('b-cache', bytes, { fileName: 'app-release.apk' });
    const { stateDir, cache } = fresh();
    const path = await cache.get(build);
    expect(path).toBe(join(stateDir, 'builds', 'b-cache', 'app-release.apk'));
    expect(readFileSync(path).equals(bytes)).toBe(true);
    expect(await cache.get(build)).toBe(path);
    expect(server.downloads.get('b-cache')).toBe(1);
    expect(cache.downloads).toBe(1);
    // No temp files left beside it.
    expect(readdirSync(join(stateDir, 'builds', 'b-cache'))).toEqual(['app-release.apk']);
  });

  it('shares one download between concurrent requests for the same build', async () => {
    const build = server.addBuild('b-concurrent', bytes);
    const { cache } = fresh();
    const [a, b, c] = await Promise.all([cache.get(build), cache.get(build), cache.get(build)]);
    expect(new Set([a, b, c]).size).toBe(1);
    expect(server.downloads.get('b-concurrent')).toBe(1);
  });

  it('rejects a body whose sha256 differs and keeps nothing', async () => {
    const build = server.addBuild('b-corrupt', bytes, { sha256: 'ab'.repeat(32) });
    const { stateDir, cache } = fresh();
    const error = await cache.get(build).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BuildDownloadError);
    expect((error as Error).message).toMatch(/Could not download build b-corrupt .*sha256 mismatch \(expected abab/);
    expect(readdirSync(join(stateDir, 'builds', 'b-corrupt'))).toEqual([]);
  });

  it('tries again after a passing failure (a dropped connection, a 503), not after a refusal', async () => {
    const requests: number[] = [];
    // Answers from a script, one per request: 0 drops the connection (the control plane restarting).
    const serve = async (script: number[], build: (url: string) => Parameters<BuildCache['get']>[0]) => {
      let n = 0;
      const http = createHttpServer((req, res) => {
        const status = script[Math.min(n++, script.length - 1)]!;
        if (status === 0) return req.socket.destroy();
        if (status !== 200) return void res.writeHead(status).end();
        res.end(bytes);
      });
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
      try {
        const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/agent/builds/b`;
        return await fresh()
          .cache.get(build(url))
          .then(
            () => 'downloaded',
            (e: Error) => e.message,
          );
      } finally {
        requests.push(n);
        http.close();
      }
    };
    const ref = (id: string) => (url: string) => ({
      buildId: id,
      downloadUrl: url,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      sizeBytes: bytes.length,
      kind: 'apk' as const,
      fileName: 'app.apk',
    });
    expect(await serve([0, 503, 200], ref('b-flaky'))).toBe('downloaded');
    expect(await serve([404], ref('b-gone'))).toMatch(/HTTP 404/);
    expect(await serve([503], ref('b-down'))).toMatch(/HTTP 503/);
    // Three tries for the flaky one, one for the 404 (an answer, not a hiccup), 1 + 2 retries for the 503.
    expect(requests).toEqual([3, 1, 3]);
  });

  it('says what went wrong when the server refuses', async () => {
    const build = server.addBuild('b-404', bytes);
    const missing = { ...build, buildId: 'b-missing', downloadUrl: build.downloadUrl.replace('b-404', 'b-missing') };
    expect(
      await fresh()
        .cache.get(missing)
        .catch((e: Error) => e.message),
    ).toMatch(/Could not download build b-missing .*HTTP 404/);
    expect(
      await fresh('wrong-token')
        .cache.get(build)
        .catch((e: Error) => e.message),
    ).toMatch(/HTTP 401/);
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const unreachable = { ...build, buildId: 'b-down', downloadUrl: `http://127.0.0.1:${closedPort}/builds/x` };
    expect(
      await fresh()
        .cache.get(unreachable)
        .catch((e: Error) => e.message),
    ).toMatch(/Could not download build b-down .*ECONNREFUSED/);
  });

  it('removes what a killed process left half-written, once older than any live download, and nothing else', async () => {
    const { stateDir, cache } = fresh();
    const dir = join(stateDir, 'builds', 'bld_1');
    mkdirSync(join(dir, 'app.ipa.unpacked.tmp-0a1b2c3d', 'Payload'), { recursive: true });
    mkdirSync(join(dir, 'app.ipa.unpacked'), { recursive: true });
    for (const name of ['app.ipa', 'app.ipa.0123456789ab.part', 'app.ipa.abcdefabcdef.part', 'notes.part'])
      writeFileSync(join(dir, name), 'x');
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const name of ['app.ipa', 'app.ipa.unpacked', 'app.ipa.unpacked.tmp-0a1b2c3d', 'app.ipa.0123456789ab.part', 'notes.part'])
      utimesSync(join(dir, name), hourAgo, hourAgo);
    // An hour-old leftover goes; the fresh .part may be a download under way; the build, its unpacked copy and other names stay.
    expect(await cache.removeLeftovers()).toBe(2);
    expect(readdirSync(dir).sort()).toEqual(['app.ipa', 'app.ipa.abcdefabcdef.part', 'app.ipa.unpacked', 'notes.part']);
    expect(await fresh().cache.removeLeftovers()).toBe(0); // no cache dir yet
  });

  it('refuses ids and file names that would leave the cache dir', async () => {
    const build = server.addBuild('b-ok', bytes);
    const { cache } = fresh();
    await expect(cache.get({ ...build, fileName: '../../evil.sh' })).rejects.toThrow(/not a plain file name/);
    await expect(cache.get({ ...build, buildId: '..' })).rejects.toThrow(/not a plain file name/);
  });
});
