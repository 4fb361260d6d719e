/**
 * lockOrganisation (folder changes, webhook creation) serialises its holders without
 * blocking the organisation's other writes. It took FOR UPDATE, which conflicts with the
 * FOR KEY SHARE of every foreign-key insert referencing the organisation: a folder move
 * held up test, run and SDK session creation. Needs two connections, so PostgreSQL only
 * (PGlite has one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/index.js';
import { lockOrganisation } from '../src/queries/organisations.js';
import { backend, freshDatabase, type Org, seedOrg } from './harness.js';

const onPostgres = backend === 'postgres';
let db: Db;
let drop: () => Promise<void>;
let org: Org;

beforeAll(async () => {
  if (!onPostgres) return;
  ({ db, drop } = await freshDatabase());
  org = await seedOrg(db);
});
afterAll(async () => {
  if (onPostgres) await drop();
});

/** Holds lockOrganisation in a transaction until the returned release() is called. */
async function holdLock(orgId: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const taken = new Promise<void>((resolve) => (locked = resolve));
  const done = db.transaction(async (tx) => {
    await lockOrganisation(tx, orgId);
    locked();
    await released;
  });
  await taken;
  return { release, done };
}

const settlesWithin = async (work: Promise<unknown>, ms: number) =>
  Promise.race([work.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe.skipIf(!onPostgres)('lockOrganisation', () => {
  it("lets the organisation's inserts through while held", async () => {
    const held = await holdLock(org.id);
    try {
      const insert = db.query("INSERT INTO folders (id, org_id, name) VALUES ('fld_while_locked', $1, 'x')", [org.id]);
      expect(await settlesWithin(insert, 2_000)).toBe(true);
    } finally {
      held.release();
      await held.done;
    }
  });

  it('still makes a second holder wait for the first', async () => {
    const first = await holdLock(org.id);
    const second = db.transaction((tx) => lockOrganisation(tx, org.id));
    expect(await settlesWithin(second, 300)).toBe(false);
    first.release();
    await first.done;
    expect(await settlesWithin(second, 2_000)).toBe(true);
  });
});
