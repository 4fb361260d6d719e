import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, client, type Org, seedOrg, startServer, type TestServer } from './harness.js';

let server: TestServer;
let api: Client;

beforeAll(async () => {
  server = await startServer({ ORG_MAX_FOLDERS: '5000' }); // a legacy organisation below has 3,000
  api = client(server.url, (await seedOrg(server.db)).apiKey);
});
afterAll(() => server.close());

const folder = async (name: string, parentId?: string) => {
  const res = await api('POST', '/tests/folders', { name, parentId });
  expect(res.status).toBe(200);
  return res.body.folderId as string;
};
const test = async (folderId?: string) => {
  const res = await api('POST', '/tests', { commands: ['tapOn: "Login"'], folderId, autoGenerate: false });
  expect(res.status).toBe(200);
  return res.body.testId as string;
};
const listing = async () => (await api('GET', '/tests/folders')).body as { folders: any[]; unfiledTestCount: number };
const byId = async (id: string) => (await listing()).folders.find((f) => f.id === id);

describe('folders', () => {
  it('creates a folder with path and testCount 0', async () => {
    const parent = await folder('Checkout');
    const res = await api('POST', '/tests/folders', { name: 'Payments', parentId: parent });
    expect(res.status).toBe(200);
    expect(res.body.folder).toEqual({
      id: res.body.folderId,
      name: 'Payments',
      parentId: parent,
      path: 'Checkout / Payments',
      testCount: 0,
    });
    expect(res.body.folderId).toMatch(/^fld_/);
  });

  it('counts tests of all subfolders and reports unfiled tests', async () => {
    const before = (await listing()).unfiledTestCount;
    const a = await folder('A');
    const b = await folder('B', a);
    const c = await folder('C', b);
    await test(a);
    await test(c);
    await test(c);
    await test();
    expect((await byId(a)).testCount).toBe(3);
    expect((await byId(b)).testCount).toBe(2);
    expect(await byId(c)).toMatchObject({ testCount: 2, path: 'A / B / C', parentId: b });
    expect((await listing()).unfiledTestCount).toBe(before + 1);
  });

  it('allows two folders to share a name', async () => {
    const x = await folder('Twin');
    const y = await folder('Twin');
    expect(x).not.toBe(y);
    expect((await listing()).folders.filter((f) => f.name === 'Twin')).toHaveLength(2);
  });

  it('accepts 60 characters and refuses 61, an empty name and a missing name', async () => {
    expect((await api('POST', '/tests/folders', { name: 'x'.repeat(60) })).status).toBe(200);
    expect((await api('POST', '/tests/folders', { name: 'é'.repeat(60) })).status).toBe(200);
    for (const body of [{ name: 'x'.repeat(61) }, { name: '' }, { name: '   ' }, {}]) {
      const res = await api('POST', '/tests/folders', body);
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/name/);
    }
    const f = await folder('Keep');
    expect((await api('PATCH', '/tests/folders', { folderId: f, name: 'y'.repeat(61) })).status).toBe(400);
    expect((await byId(f)).name).toBe('Keep');
  });

  it('answers 404 for an unknown parent', async () => {
    const res = await api('POST', '/tests/folders', { name: 'Orphan', parentId: 'fld_nope' });
    expect(res.status).toBe(404);
    expect((await listing()).folders.some((f) => f.name === 'Orphan')).toBe(false);
  });

  it('renames, moves, and does both; moving takes subfolders and tests along', async () => {
    const root = await folder('Root');
    const mover = await folder('Mover');
    const child = await folder('Child', mover);
    await test(child);
    let res = await api('PATCH', '/tests/folders', { folderId: mover, parentId: root, name: 'Moved' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ folderId: mover, message: expect.any(String) });
    expect(await byId(child)).toMatchObject({ path: 'Root / Moved / Child' });
    expect((await byId(root)).testCount).toBe(1);
    res = await api('PATCH', '/tests/folders', { folderId: mover, parentId: null });
    expect(res.status).toBe(200);
    expect(await byId(mover)).toMatchObject({ parentId: null, path: 'Moved' });
    expect((await byId(root)).testCount).toBe(0);
    res = await api('PATCH', '/tests/folders', { folderId: mover, name: 'Renamed' });
    expect(await byId(child)).toMatchObject({ path: 'Renamed / Child' });
  });

  it('refuses a move into itself or a descendant with 400 and applies no rename', async () => {
    const top = await folder('Top');
    const mid = await folder('Mid', top);
    const low = await folder('Low', mid);
    for (const parentId of [top, mid, low]) {
      const res = await api('PATCH', '/tests/folders', { folderId: top, parentId, name: 'Sneaky' });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/inside itself/);
    }
    expect(await byId(top)).toMatchObject({ name: 'Top', parentId: null });
  });

  it('needs a name or parentId, and a known folder', async () => {
    const f = await folder('Lonely');
    expect((await api('PATCH', '/tests/folders', { folderId: f })).status).toBe(400);
    expect((await api('PATCH', '/tests/folders', { folderId: 'fld_nope', name: 'x' })).status).toBe(404);
    expect((await api('PATCH', '/tests/folders', { folderId: f, parentId: 'fld_nope' })).status).toBe(404);
  });

  it('deletes a folder: subfolders move up to its parent, its tests become unfiled, no test is deleted', async () => {
    const grand = await folder('Grand');
    const doomed = await folder('Doomed', grand);
    const sub1 = await folder('Sub1', doomed);
    const sub2 = await folder('Sub2', doomed);
    const t1 = await test(doomed);
    const t2 = await test(doomed);
    const deep = await test(sub1);
    const res = await api('DELETE', '/tests/folders', { folderId: doomed });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ folderId: doomed, message: expect.any(String) });
    expect(res.body.promotedFolderIds.sort()).toEqual([sub1, sub2].sort());
    expect(res.body.unfiledTestIds.sort()).toEqual([t1, t2].sort());
    expect(await byId(doomed)).toBeUndefined();
    expect(await byId(sub1)).toMatchObject({ parentId: grand, path: 'Grand / Sub1', testCount: 1 });
    for (const id of [t1, t2]) expect((await api('GET', `/tests/${id}`)).body.folderId).toBeNull();
    expect((await api('GET', `/tests/${deep}`)).body.folderId).toBe(sub1);
    expect((await api('DELETE', '/tests/folders', { folderId: doomed })).status).toBe(404);
  });

  it('deleting a top-level folder promotes its subfolders to the top level', async () => {
    const top = await folder('TopDel');
    const kid = await folder('Kid', top);
    await api('DELETE', '/tests/folders', { folderId: top });
    expect(await byId(kid)).toMatchObject({ parentId: null, path: 'Kid' });
  });

  it('moves many tests, reporting moved, unchanged and skipped ids', async () => {
    const from = await folder('From');
    const to = await folder('To');
    const a = await test(from);
    const b = await test();
    const already = await test(to);
    const res = await api('POST', '/tests/folders/move', { testIds: [a, b, already, 'tst_gone', a], folderId: to });
    expect(res.status).toBe(200);
    expect(res.body.movedTestIds.sort()).toEqual([a, b].sort());
    expect(res.body.unchangedTestIds).toEqual([already]);
    expect(res.body.skippedTestIds).toEqual(['tst_gone']);
    expect((await byId(to)).testCount).toBe(3);
    const out = await api('POST', '/tests/folders/move', { testIds: [a], folderId: null });
    expect(out.body.movedTestIds).toEqual([a]);
    expect((await api('GET', `/tests/${a}`)).body.folderId).toBeNull();
    expect((await api('POST', '/tests/folders/move', { testIds: [a], folderId: 'fld_nope' })).status).toBe(404);
    expect((await api('POST', '/tests/folders/move', { testIds: [], folderId: to })).status).toBe(400);
  });

  it('never forms a cycle under concurrent crossing moves', async () => {
    // Pairs of sibling folders each moved into the other at the same moment: without
    // serialisation both checks pass and the two folders point at each other.
    for (let round = 0; round < 15; round++) {
      const x = await folder(`X${round}`);
      const y = await folder(`Y${round}`);
      const results = await Promise.all([
        api('PATCH', '/tests/folders', { folderId: x, parentId: y }),
        api('PATCH', '/tests/folders', { folderId: y, parentId: x }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    }
    // Every folder must still reach the top level by following parents.
    const all = (await listing()).folders;
    const parents = new Map(all.map((f) => [f.id, f.parentId as string | null]));
    for (const f of all) {
      const seen = new Set<string>();
      let at: string | null = f.id;
      while (at !== null) {
        expect(seen.has(at)).toBe(false);
        seen.add(at);
        at = parents.get(at) ?? null;
      }
    }
  });
});

describe('folder depth', () => {
  let org: Org;
  let call: Client;
  const count = async () =>
    (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM folders WHERE org_id = $1', [org.id]))[0]!.n;
  beforeAll(async () => {
    org = await seedOrg(server.db, { name: 'Deep' });
    call = client(server.url, org.apiKey);
  });

  it('allows 50 levels and refuses the 51st with 400, at create and at move, changing nothing', async () => {
    const chain: string[] = [];
    for (let level = 1; level <= 50; level++) {
      const res = await call('POST', '/tests/folders', { name: `L${level}`, parentId: chain.at(-1) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      chain.push(res.body.folderId);
    }
    const deepest = (await call('GET', '/tests/folders')).body.folders.find((f: any) => f.id === chain[49]);
    expect(deepest.path.split(' / ')).toHaveLength(50);
    const before = await count();
    const refused = await call('POST', '/tests/folders', { name: 'L51', parentId: chain[49] });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('folders can be nested at most 50 levels deep');
    expect(await count()).toBe(before);

    // A folder with one subfolder (height 2) fits under level 48, not under level 49.
    const top = (await call('POST', '/tests/folders', { name: 'Two' })).body.folderId;
    await call('POST', '/tests/folders', { name: 'Sub', parentId: top });
    const move = await call('PATCH', '/tests/folders', { folderId: top, parentId: chain[48], name: 'Renamed' });
    expect(move.status).toBe(400);
    expect(move.body.detail).toMatch(/at most 50 levels/);
    expect((await call('GET', '/tests/folders')).body.folders.find((f: any) => f.id === top)).toMatchObject({
      name: 'Two',
      parentId: null,
    });
    expect((await call('PATCH', '/tests/folders', { folderId: top, parentId: chain[47] })).status).toBe(200);
  });

  // Trees from before the limit: once a permanent 500 on the listing, and a create that
  // committed and then answered 500 (the client retried and made duplicates).
  it('lists a 3,000-deep tree made before the limit, and refuses to deepen it without committing', async () => {
    const deep = await seedOrg(server.db, { name: 'Legacy' });
    await server.db.query(
      `INSERT INTO folders (id, org_id, name, parent_id)
       SELECT 'fld_legacy' || g, $1, 'D', CASE WHEN g = 1 THEN NULL ELSE 'fld_legacy' || (g - 1) END
         FROM generate_series(1, 3000) g`,
      [deep.id],
    );
    const legacy = client(server.url, deep.apiKey);
    const listed = await legacy('GET', '/tests/folders');
    expect(listed.status).toBe(200);
    expect(listed.body.folders).toHaveLength(3000);
    const refused = await legacy('POST', '/tests/folders', { name: 'More', parentId: 'fld_legacy3000' });
    expect(refused.status).toBe(400);
    const created = await legacy('POST', '/tests/folders', { name: 'Top' });
    expect(created.status).toBe(200);
    expect(created.body.folder).toEqual({ id: created.body.folderId, name: 'Top', parentId: null, path: 'Top', testCount: 0 });
    expect((await legacy('GET', '/tests/folders')).body.folders).toHaveLength(3001);
    // Moving part of it to the top level makes it shallower, so it is allowed.
    expect((await legacy('PATCH', '/tests/folders', { folderId: 'fld_legacy2990', parentId: null })).status).toBe(200);
  });
});

describe('folders under random concurrent moves', () => {
  it('stay a tree: every folder still reaches the top level', async () => {
    const pool: string[] = [];
    for (let i = 0; i < 12; i++) pool.push(await folder(`R${i}`, i > 0 && i % 3 !== 0 ? pool[i - 1] : undefined));
    const pick = () => pool[Math.floor(Math.random() * pool.length)]!;
    for (let wave = 0; wave < 4; wave++) {
      const moves = Array.from({ length: 16 }, () =>
        api('PATCH', '/tests/folders', { folderId: pick(), parentId: Math.random() < 0.15 ? null : pick() }),
      );
      for (const res of await Promise.all(moves)) expect([200, 400]).toContain(res.status);
    }
    const parents = new Map((await listing()).folders.map((f) => [f.id, f.parentId as string | null]));
    for (const id of pool) {
      const seen = new Set<string>();
      for (let at: string | null = id; at !== null; at = parents.get(at) ?? null) {
        expect(seen.has(at), 'cycle through ' + at).toBe(false);
        seen.add(at);
      }
    }
  });
});

describe('filing tests while their folder is deleted', () => {
  it('either refuses the test with 404 or files it and then unfiles it; never a dangling folder', async () => {
    for (let round = 0; round < 5; round++) {
      const f = await folder(`Racy${round}`);
      const creates = Array.from({ length: 6 }, () => api('POST', '/tests', { commands: ['launchApp'], folderId: f, autoGenerate: false }));
      const [deleted, ...created] = await Promise.all([api('DELETE', '/tests/folders', { folderId: f }), ...creates]);
      expect(deleted.status).toBe(200);
      for (const res of created) {
        expect([200, 404]).toContain(res.status);
        if (res.status === 200) {
          const t = (await api('GET', `/tests/${res.body.testId}`)).body;
          expect(t.folderId).toBeNull();
        }
      }
      const reported = new Set(deleted.body.unfiledTestIds);
      for (const res of created.filter((r) => r.status === 200)) expect(reported.has(res.body.testId)).toBe(true);
    }
  });
});

describe('folders for a studio organisation', () => {
  it('answers 400 on every folder endpoint and refuses folderId on tests', async () => {
    const studio = client(server.url, (await seedOrg(server.db, { type: 'studio' })).apiKey);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/tests/folders'],
      ['POST', '/tests/folders', { name: 'x' }],
      ['PATCH', '/tests/folders', { folderId: 'fld_x', name: 'y' }],
      ['DELETE', '/tests/folders', { folderId: 'fld_x' }],
      ['POST', '/tests/folders/move', { testIds: ['tst_x'], folderId: 'fld_x' }],
      ['POST', '/tests', { commands: ['launchApp'], folderId: 'fld_x' }],
      ['GET', '/tests?folderId=fld_x'],
    ];
    for (const [method, path, body] of calls) {
      const res = await studio(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body.detail).toMatch(/studio/);
    }
    const created = await studio('POST', '/tests', { commands: ['launchApp'], autoGenerate: false });
    expect(created.status).toBe(200);
    const patched = await studio('PATCH', '/tests', { testId: created.body.testId, folderId: null });
    expect(patched.status).toBe(400);
    expect((await studio('GET', '/tests')).body.tests).toHaveLength(1);
  });
});
