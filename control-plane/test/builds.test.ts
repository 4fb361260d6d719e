import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fixtures from '../../scripts/fixtures/builds.js';
import { useTempDir } from '../../scripts/fixtures/temp-dir.js';
import { UNVERIFIED_UPLOADS } from '../src/routes/builds.js';
import { client, type Org, seedOrg, startServer, type TestServer } from './harness.js';

let server: TestServer;
let org: Org;
const at = useTempDir('devicelab-builds-');

beforeAll(async () => {
  server = await startServer({ UPLOAD_MAX_BYTES: String(2 * 1024 * 1024) });
  org = await seedOrg(server.db);
});
afterAll(() => server.close());

interface Upload {
  file?: { path: string; name: string };
  fields?: Record<string, string>;
  bearer?: string | null;
  path?: string;
}

async function upload({ file, fields = {}, bearer = org.apiKey, path = '/uploadBuild' }: Upload) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set('build', new Blob([readFileSync(file.path)]), file.name);
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const api = () => client(server.url, org.apiKey);
const buildCount = async () => (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM builds'))[0]!.n;

describe('POST /uploadBuild', () => {
  it('stores an APK and reads its package and version from the binary manifest', async () => {
    await fixtures.makeApk(at('app.apk'), { packageName: 'com.example.shop', versionName: '2.3.1', versionCode: 231, label: 'Shop' });
    const res = await upload({
      file: { path: at('app.apk'), name: 'app-release.apk' },
      fields: { platform: 'android', metadata: '{"name":"nightly"}' },
    });
    expect(res.status).toBe(200);
    expect(res.body.buildId).toMatch(/^bld_/);
    expect(res.body.app_link).toBe(`${server.config.appUrl}/organisations/${org.id}/build/${res.body.buildId}`);
    const build = (await api()('GET', `/builds/${res.body.buildId}`)).body;
    expect(build).toMatchObject({
      buildId: res.body.buildId,
      platform: 'android',
      kind: 'apk',
      packageName: 'com.example.shop',
      versionName: '2.3.1',
      versionCode: '231',
      displayName: 'Shop',
      fileName: 'app-release.apk',
      sizeBytes: statSync(at('app.apk')).size,
      meta: { name: 'nightly' },
    });
    expect(build.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts the trailing-slash path and the organisation_key field instead of a Bearer key', async () => {
    await fixtures.makeIpa(at('a.ipa'), { bundleId: 'com.example.ios', version: '1.0', build: '7', name: 'Ios' });
    const res = await upload({
      file: { path: at('a.ipa'), name: 'a.ipa' },
      fields: { organisation_key: org.orgKey, platform: 'ios' },
      bearer: null,
      path: '/uploadBuild/',
    });
    expect(res.status).toBe(200);
    const build = (await api()('GET', `/builds/${res.body.buildId}`)).body;
    expect(build).toMatchObject({ platform: 'ios', kind: 'ipa', packageName: 'com.example.ios', versionName: '1.0', versionCode: '7' });
  });

  it('accepts simulator .app bundles as .zip and .tar.gz, with XML or binary Info.plist', async () => {
    await fixtures.makeAppZip(at('sim.zip'), { bundleId: 'com.example.sim', version: '3.0', build: '30', name: 'Sim' });
    await fixtures.makeAppTarGz(at('sim.tar.gz'), {
      bundleId: 'com.example.simtar',
      version: '3.1',
      build: '31',
      name: 'SimTar',
      binaryPlist: true,
    });
    for (const [file, id] of [
      ['sim.zip', 'com.example.sim'],
      ['sim.tar.gz', 'com.example.simtar'],
    ] as const) {
      const res = await upload({ file: { path: at(file), name: file }, fields: { platform: 'ios' } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await api()('GET', `/builds/${res.body.buildId}`)).body).toMatchObject({ kind: 'app', packageName: id });
    }
  });

  it('unwraps a .zip or .tar.gz holding a single .ipa and stores that .ipa', async () => {
    await fixtures.makeZipWithIpa(at('wrapped.zip'), { bundleId: 'com.example.wrapped', version: '1.2', build: '12', name: 'W' });
    await fixtures.makeTarGzWithIpa(at('wrapped.tar.gz'), { bundleId: 'com.example.wrappedtar', version: '1.3', build: '13', name: 'WT' });
    for (const [file, id, stored] of [
      ['wrapped.zip', 'com.example.wrapped', 'wrapped.ipa'],
      ['wrapped.tar.gz', 'com.example.wrappedtar', 'wrapped.ipa'],
    ]) {
      const res = await upload({ file: { path: at(file!), name: file! } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const build = (await api()('GET', `/builds/${res.body.buildId}`)).body;
      expect(build).toMatchObject({ kind: 'ipa', platform: 'ios', packageName: id, fileName: stored });
      const files = await readdir(join(server.dataDir, 'files', 'builds', org.id, res.body.buildId));
      expect(files).toEqual([stored]);
    }
  });

  it('leaves no scratch files behind, accepted or refused', async () => {
    const scratch = join(server.dataDir, 'files', 'tmp');
    expect(await readdir(scratch)).toEqual([]);
  });
});

describe('POST /uploadBuild refusals (each changes nothing)', () => {
  const refusals: Array<[string, () => Promise<Upload>, number, RegExp]> = [
    [
      'an unaccepted extension',
      async () => {
        writeFileSync(at('x.exe'), 'MZ');
        return { file: { path: at('x.exe'), name: 'setup.exe' } };
      },
      400,
      /extension/,
    ],
    [
      'no extension',
      async () => {
        writeFileSync(at('noext'), 'x');
        return { file: { path: at('noext'), name: 'build' } };
      },
      400,
      /extension/,
    ],
    [
      'a text file named .apk',
      async () => {
        writeFileSync(at('fake.apk'), 'hello');
        return { file: { path: at('fake.apk'), name: 'fake.apk' } };
      },
      400,
      /does not match/,
    ],
    [
      'an ipa named .apk',
      async () => {
        await fixtures.makeIpa(at('ipa-as.apk'), { bundleId: 'a.b', version: '1', build: '1', name: 'x' });
        return { file: { path: at('ipa-as.apk'), name: 'x.apk' } };
      },
      400,
      /does not match/,
    ],
    [
      'an apk named .ipa',
      async () => {
        await fixtures.makeApk(at('apk-as.ipa'), { packageName: 'a.b', versionName: '1', versionCode: 1, label: 'x' });
        return { file: { path: at('apk-as.ipa'), name: 'x.ipa' } };
      },
      400,
      /does not match/,
    ],
    [
      'a platform that contradicts the file',
      async () => {
        await fixtures.makeApk(at('p.apk'), { packageName: 'a.b', versionName: '1', versionCode: 1, label: 'x' });
        return { file: { path: at('p.apk'), name: 'p.apk' }, fields: { platform: 'ios' } };
      },
      400,
      /platform/,
    ],
    ['an unknown platform', async () => ({ file: { path: at('p.apk'), name: 'p.apk' }, fields: { platform: 'windows' } }), 400, /platform/],
    [
      'metadata that is not JSON',
      async () => ({ file: { path: at('p.apk'), name: 'p.apk' }, fields: { metadata: '{name:' } }),
      400,
      /metadata/,
    ],
    [
      'metadata that is not an object',
      async () => ({ file: { path: at('p.apk'), name: 'p.apk' }, fields: { metadata: '[1]' } }),
      400,
      /metadata/,
    ],
    [
      'a metadata name that is not a string',
      async () => ({ file: { path: at('p.apk'), name: 'p.apk' }, fields: { metadata: '{"name":5}' } }),
      400,
      /metadata/,
    ],
    // Once a 500 (stack overflow in the walkers after JSON.parse): the one JSON reader limits depth.
    [
      'metadata nested 5,000 levels deep',
      async () => ({ file: { path: at('p.apk'), name: 'p.apk' }, fields: { metadata: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}` } }),
      400,
      /metadata.*nested more than 64/,
    ],
    [
      'metadata holding a lone surrogate',
      async () => ({ file: { path: at('p.apk'), name: 'p.apk' }, fields: { metadata: '{"name":"\\ud800"}' } }),
      400,
      /metadata.*surrogate/,
    ],
    ['no build part', async () => ({ fields: { platform: 'android' } }), 400, /build/],
    ['no key at all', async () => ({ file: { path: at('p.apk'), name: 'p.apk' }, bearer: null }), 401, /key/],
    [
      'a wrong organisation_key',
      async () => ({ file: { path: at('p.apk'), name: 'p.apk' }, fields: { organisation_key: `dl_org_${'z'.repeat(40)}` }, bearer: null }),
      401,
      /key/,
    ],
    [
      'an entry escaping the archive',
      async () => {
        await fixtures.makeZipWithTraversal(at('evil.zip'));
        return { file: { path: at('evil.zip'), name: 'evil.zip' } };
      },
      400,
      /\.\.|escap|outside/i,
    ],
    [
      'an absolute entry path',
      async () => {
        await fixtures.makeTarGzWithAbsolutePath(at('abs.tar.gz'));
        return { file: { path: at('abs.tar.gz'), name: 'abs.tar.gz' } };
      },
      400,
      /absolute/i,
    ],
    [
      'a link pointing outside',
      async () => {
        await fixtures.makeTarGzWithEscapingSymlink(at('link.tar.gz'));
        return { file: { path: at('link.tar.gz'), name: 'link.tar.gz' } };
      },
      400,
      /link/i,
    ],
    [
      'a decompression bomb',
      async () => {
        await fixtures.makeZipBomb(at('bomb.zip'));
        return { file: { path: at('bomb.zip'), name: 'bomb.zip' } };
      },
      400,
      /bomb|ratio|compress|large/i,
    ],
    [
      'a tar.gz decompression bomb',
      async () => {
        await fixtures.makeTarGzBomb(at('bomb.tar.gz'));
        return { file: { path: at('bomb.tar.gz'), name: 'bomb.tar.gz' } };
      },
      400,
      /bomb|ratio|compress|large/i,
    ],
    [
      'a zip whose header lies about the .ipa size',
      async () => {
        await fixtures.makeZipWithLyingIpaSize(at('lying.zip'));
        return { file: { path: at('lying.zip'), name: 'lying.zip' } };
      },
      400,
      /header|declare|size|bomb/i,
    ],
    [
      'a zip with an absolute entry path',
      async () => {
        await fixtures.makeZipWithAbsolutePath(at('abs.zip'));
        return { file: { path: at('abs.zip'), name: 'abs.zip' } };
      },
      400,
      /absolute/i,
    ],
    [
      'a gzip of text named .tar.gz',
      async () => {
        await fixtures.makeGzipOfText(at('text.tar.gz'));
        return { file: { path: at('text.tar.gz'), name: 'text.tar.gz' } };
      },
      400,
      /does not match/,
    ],
  ];

  it.each(refusals)('refuses %s', async (_name, make, status, detail) => {
    const before = await buildCount();
    const res = await upload(await make());
    expect(res.status).toBe(status);
    expect(res.body.detail).toMatch(detail);
    expect(await buildCount()).toBe(before);
  });

  it('refuses a text part whose bytes are not valid UTF-8, instead of storing U+FFFD', async () => {
    const before = await buildCount();
    const boundary = 'devicelab-boundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="metadata"\r\n\r\n{"name":"caf`),
      Buffer.from([0xe9, 0xff]),
      Buffer.from(`"}\r\n--${boundary}\r\nContent-Disposition: form-data; name="build"; filename="p.apk"\r\n\r\n`),
      readFileSync(at('p.apk')),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await fetch(`${server.url}/uploadBuild`, {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${org.apiKey}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { detail: string }).detail).toBe('form field metadata is not valid UTF-8 text');
    expect(await buildCount()).toBe(before);
  });

  it('answers 413 over the size limit, by declared length or while streaming', async () => {
    writeFileSync(at('big.apk'), Buffer.alloc(3 * 1024 * 1024, 1));
    const res = await upload({ file: { path: at('big.apk'), name: 'big.apk' } });
    expect(res.status).toBe(413);
    expect(res.body.detail).toMatch(/limit/);
    // Chunked (no Content-Length): the limit trips inside the multipart stream.
    const boundary = 'x-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="build"; filename="big.apk"\r\n\r\n`;
    const chunks = [Buffer.from(head), Buffer.alloc(3 * 1024 * 1024, 2), Buffer.from(`\r\n--${boundary}--\r\n`)];
    const streamed = await fetch(`${server.url}/uploadBuild`, {
      method: 'POST',
      headers: { authorization: `Bearer ${org.apiKey}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: new ReadableStream({
        start(c) {
          for (const b of chunks) c.enqueue(b);
          c.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await readdir(join(server.dataDir, 'files', 'tmp'))).toEqual([]);
  });

  describe('anonymous uploads (organisation_key, no Bearer) write nothing until the key passed', () => {
    const boundary = 'anon-boundary';
    const scratch = () => readdir(join(server.dataDir, 'files', 'tmp'));
    beforeAll(() => fixtures.makeApk(at('anon.apk'), { packageName: 'a.b', versionName: '1', versionCode: 1, label: 'x' }));
    /**
     * Sends `parts` and then the start of a 1 MiB file, and holds the body open: the answer
     * must come before the body ends, with nothing written. (Before the fix the file
     * went to files/tmp and the key was looked at only after the whole body.)
     */
    async function heldOpen(parts: string) {
      const { answer, release } = startHeld(parts);
      const early = await Promise.race([answer, new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000))]);
      const written = await scratch();
      release();
      await answer.catch(() => {});
      return { early, written };
    }
    /** Sends `parts` and the start of a 1 MiB file and holds the body open until `release`. */
    function startHeld(parts: string) {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const file = `--${boundary}\r\nContent-Disposition: form-data; name="build"; filename="a.apk"\r\n\r\n`;
      const body = new ReadableStream({
        async start(c) {
          c.enqueue(Buffer.from(parts + file));
          c.enqueue(Buffer.alloc(1024 * 1024, 3));
          await held;
          c.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
          c.close();
        },
      });
      const answer = fetch(`${server.url}/uploadBuild`, {
        method: 'POST',
        body,
        duplex: 'half',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      } as RequestInit).then(async (res) => ({ status: res.status, body: (await res.json()) as { detail: string } }));
      answer.catch(() => {});
      return { answer, release };
    }
    const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

    it('refuses a wrong organisation_key with 401 as soon as it arrives, writing nothing', async () => {
      const before = await buildCount();
      const { early, written } = await heldOpen(field('organisation_key', `dl_org_${'x'.repeat(40)}`));
      expect(written).toEqual([]);
      expect(early).toEqual({ status: 401, body: { detail: 'invalid API key' } });
      expect(await buildCount()).toBe(before);
    });

    it("writes files sent before their key (GPT Driver's order) only UNVERIFIED_UPLOADS at a time, and accepts the right key after the file", async () => {
      // UNVERIFIED_UPLOADS uploads whose file came first, held open: they may write.
      const held = await Promise.all(Array.from({ length: UNVERIFIED_UPLOADS }, () => startHeld(field('platform', 'android'))));
      while ((await scratch()).length < UNVERIFIED_UPLOADS) await new Promise((r) => setTimeout(r, 20));
      // One more is refused at once, writing nothing more.
      const { early, written } = await heldOpen(field('platform', 'android'));
      expect(early?.status).toBe(503);
      expect(early?.body.detail).toMatch(/organisation_key field before the "build" file part/);
      expect(written).toHaveLength(UNVERIFIED_UPLOADS);
      for (const h of held) h.release();
      // Their key never came (the body ended without it): refused, and their files removed.
      for (const h of held) expect((await h.answer).status).toBe(401);
      expect(await scratch()).toEqual([]);
      // The slots are free again: the right key after the file, as GPT Driver's upload action sends it.
      const form = new FormData();
      form.set('build', new Blob([readFileSync(at('anon.apk'))]), 'anon.apk');
      form.set('organisation_key', org.orgKey);
      const late = await fetch(`${server.url}/uploadBuild`, { method: 'POST', body: form });
      expect(late.status, await late.clone().text()).toBe(200);
      // A wrong key after the file: refused, nothing kept.
      const wrong = new FormData();
      wrong.set('build', new Blob([readFileSync(at('anon.apk'))]), 'anon.apk');
      wrong.set('organisation_key', `dl_org_${'x'.repeat(40)}`);
      expect((await fetch(`${server.url}/uploadBuild`, { method: 'POST', body: wrong })).status).toBe(401);
      expect(await scratch()).toEqual([]);
    });

    it('still accepts the right organisation_key before the file', async () => {
      const res = await upload({
        file: { path: at('anon.apk'), name: 'anon.apk' },
        fields: { organisation_key: org.orgKey },
        bearer: null,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
  });

  it('answers 400 for a body that is not multipart, or malformed multipart', async () => {
    const call = client(server.url, org.apiKey);
    expect((await call('POST', '/uploadBuild', { build: 'x' })).status).toBe(400);
    const res = await fetch(`${server.url}/uploadBuild`, {
      method: 'POST',
      headers: { authorization: `Bearer ${org.apiKey}`, 'content-type': 'multipart/form-data; boundary=abc' },
      body: '--abc\r\nContent-Disposition: form-data; name="build"; filename="a.apk"\r\n\r\ntruncated',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).detail).toMatch(/multipart/);
  });

  it('refuses uploads by audit keys with 403 and hides foreign builds behind 404', async () => {
    const audit = await client(server.url, 'test-operator-token')('POST', '/admin/keys', { organisationId: org.id, kind: 'audit' });
    const res = await upload({ file: { path: at('p.apk'), name: 'p.apk' }, bearer: audit.body.apiKey });
    expect(res.status).toBe(403);
    const mine = await upload({ file: { path: at('p.apk'), name: 'p.apk' } });
    const other = await seedOrg(server.db, { name: 'Other' });
    expect((await client(server.url, other.apiKey)('GET', `/builds/${mine.body.buildId}`)).status).toBe(404);
    expect((await upload({ file: { path: at('p.apk'), name: 'p.apk' }, fields: { organisation_key: other.orgKey } })).status).toBe(401);
  });
});

describe('GET /builds', () => {
  let lister: Org;
  /** The lister's uploads, oldest first: [buildId, name, platform]. */
  const uploaded: Array<[string, string | null, 'android' | 'ios']> = [];

  beforeAll(async () => {
    lister = await seedOrg(server.db, { name: 'Lister' });
    await fixtures.makeApk(at('list.apk'), { packageName: 'com.example.list', versionName: '1.0', versionCode: 1, label: 'L' });
    await fixtures.makeIpa(at('list.ipa'), { bundleId: 'com.example.list', version: '1.0', build: '1', name: 'L' });
    const plan: Array<[string | null, 'android' | 'ios']> = [
      ['shop', 'android'],
      ['shop', 'ios'],
      ['admin', 'android'],
      [null, 'android'],
      ['shop', 'android'],
    ];
    for (const [name, platform] of plan) {
      const file = platform === 'android' ? { path: at('list.apk'), name: 'list.apk' } : { path: at('list.ipa'), name: 'list.ipa' };
      const res = await upload({ file, bearer: lister.apiKey, fields: name === null ? {} : { metadata: JSON.stringify({ name }) } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      uploaded.push([res.body.buildId, name, platform]);
    }
  });

  const list = (query = '', key = lister.apiKey) => client(server.url, key)('GET', `/builds${query}`);
  const newestFirst = (keep: (b: [string, string | null, string]) => boolean) =>
    uploaded
      .filter(keep)
      .map(([id]) => id)
      .reverse();

  it("lists the organisation's builds newest first, as GET /builds/{id} shows them", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.builds.map((b: any) => b.buildId)).toEqual(newestFirst(() => true));
    expect(res.body.nextCursor).toBeNull();
    const one = await client(server.url, lister.apiKey)('GET', `/builds/${uploaded[1]![0]}`);
    expect(res.body.builds[3]).toEqual(one.body);
    expect(one.body).toMatchObject({ platform: 'ios', kind: 'ipa', meta: { name: 'shop' }, ci: null });
  });

  it('filters by name, by platform, and by both', async () => {
    const ids = async (query: string) => (await list(query)).body.builds.map((b: any) => b.buildId);
    expect(await ids('?name=shop')).toEqual(newestFirst(([, n]) => n === 'shop'));
    expect(await ids('?platform=ios')).toEqual(newestFirst(([, , p]) => p === 'ios'));
    expect(await ids('?name=shop&platform=android')).toEqual(newestFirst(([, n, p]) => n === 'shop' && p === 'android'));
    expect(await ids('?name=nothing')).toEqual([]);
  });

  it('pages with a cursor until nextCursor is null, each build once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: any = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.builds.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.builds.map((b: any) => b.buildId));
      cursor = res.body.nextCursor;
      pages += 1;
    } while (cursor !== null);
    expect(pages).toBe(3);
    expect(seen).toEqual(newestFirst(() => true));
    const filtered = await list('?name=shop&limit=1');
    const second = await list(`?name=shop&limit=1&cursor=${filtered.body.nextCursor}`);
    expect(second.body.builds.map((b: any) => b.buildId)).toEqual([newestFirst(([, n]) => n === 'shop')[1]]);
  });

  it("never shows another organisation's builds, and audit keys may read it", async () => {
    const other = await seedOrg(server.db, { name: 'Nobody' });
    expect((await list('', other.apiKey)).body).toEqual({ builds: [], nextCursor: null });
    const audit = await client(server.url, 'test-operator-token')('POST', '/admin/keys', { organisationId: lister.id, kind: 'audit' });
    const res = await list('?limit=1', audit.body.apiKey);
    expect(res.status).toBe(200);
    expect(res.body.builds.map((b: any) => b.buildId)).toEqual(newestFirst(() => true).slice(0, 1));
  });

  it.each([
    ['limit=0', /limit/],
    ['limit=201', /limit/],
    ['limit=ten', /limit/],
    ['limit=1.5', /limit/],
    ['platform=windows', /platform/],
    ['name=', /name/],
    [`name=${'n'.repeat(201)}`, /name/],
    ['name=a%00b', /NUL/],
    ['cursor=garbage', /cursor/],
    ['cursor=%00%01', /cursor/],
    [`cursor=${Buffer.from('r:5').toString('base64url')}`, /cursor/], // a runs cursor
  ])('answers 400 with {detail} for %s', async (query, detail) => {
    const res = await list(`?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(detail);
  });

  it('requires a key, before it looks at the query', async () => {
    for (const query of ['', '?limit=0']) {
      const res = await client(server.url)('GET', `/builds${query}`);
      expect(res.status).toBe(401);
      expect(res.body.detail).toMatch(/API key/);
    }
  });
});
