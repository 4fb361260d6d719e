/**
 * The tunnels table's transitions (queries/tunnels.ts) on the real database: a name is
 * one replica's at a time, a dead replica's claim can be taken over, a release deletes
 * only its own connection's row, and the reaper's deleting a dead replica deletes its
 * tunnels with it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/index.js';
import { reapDeadReplicas, registerReplica, renewReplica } from '../src/queries/replicas.js';
import {
  claimTunnel,
  findLiveTunnel,
  listLiveTunnels,
  recordStreamCounts,
  releaseReplicaTunnels,
  releaseTunnel,
  takeOverTunnel,
} from '../src/queries/tunnels.js';
import { freshDatabase, type Org, seedOrg } from './harness.js';

const LEASE = 60;
let db: Db;
let drop: () => Promise<void>;
let org: Org;

const claim = (replicaId: string, connectionId: string, name = 'office', mayReplaceOwn = false) =>
  claimTunnel(db, { orgId: org.id, name, replicaId, connectionId, keyId: org.apiKeyId, leaseSeconds: LEASE, mayReplaceOwn });
const holder = async (name = 'office') =>
  (
    await db.query<{ replica_id: string; connection_id: string }>(
      'SELECT replica_id, connection_id FROM tunnels WHERE org_id = $1 AND name = $2',
      [org.id, name],
    )
  )[0];
const silence = (replicaId: string) =>
  db.query(`UPDATE replicas SET seen_at = clock_timestamp() - interval '1 hour' WHERE id = $1`, [replicaId]);

beforeAll(async () => {
  ({ db, drop } = await freshDatabase());
  org = await seedOrg(db);
});
afterAll(() => drop());
beforeEach(async () => {
  await db.query('DELETE FROM tunnels');
  await db.query('DELETE FROM replicas');
  await registerReplica(db, 'rep_a', 'http://10.0.0.1:8080');
  await registerReplica(db, 'rep_b', 'http://10.0.0.2:8080');
});

describe('tunnel claims', () => {
  it('gives a name to one replica; another replica is refused while the holder lives', async () => {
    expect(await claim('rep_a', 'tnc_1')).toBeInstanceOf(Date);
    expect(await claim('rep_b', 'tnc_2')).toBeNull();
    expect(await holder()).toEqual({ replica_id: 'rep_a', connection_id: 'tnc_1' });
    expect(await findLiveTunnel(db, org.id, 'office', LEASE)).toMatchObject({
      replicaId: 'rep_a',
      replicaUrl: 'http://10.0.0.1:8080',
      keyId: org.apiKeyId,
      streamsOpened: 0,
    });
  });

  it('lets the holder replace its own row only when it says it no longer holds it', async () => {
    await claim('rep_a', 'tnc_1');
    expect(await claim('rep_a', 'tnc_2')).toBeNull();
    expect(await claim('rep_a', 'tnc_2', 'office', true)).toBeInstanceOf(Date);
    // The first connection's late release must not delete its successor's row.
    await releaseTunnel(db, org.id, 'office', 'tnc_1');
    expect(await holder()).toEqual({ replica_id: 'rep_a', connection_id: 'tnc_2' });
    await releaseTunnel(db, org.id, 'office', 'tnc_2');
    expect(await holder()).toBeUndefined();
  });

  it("stops counting a silent replica's tunnel and lets another replica take the name over", async () => {
    await claim('rep_a', 'tnc_1');
    await silence('rep_a');
    expect(await findLiveTunnel(db, org.id, 'office', LEASE)).toBeNull();
    expect(await listLiveTunnels(db, org.id, LEASE)).toEqual([]);
    expect(await claim('rep_b', 'tnc_2')).toBeInstanceOf(Date);
    expect(await holder()).toEqual({ replica_id: 'rep_b', connection_id: 'tnc_2' });
  });

  it("takes over from one connection only while the row is still that connection's", async () => {
    await claim('rep_a', 'tnc_1');
    const takeOver = (from: string, connectionId: string) =>
      takeOverTunnel(db, { orgId: org.id, name: 'office', replicaId: 'rep_b', connectionId, keyId: org.apiKeyId, fromConnectionId: from });
    expect(await takeOver('tnc_other', 'tnc_2')).toBeNull();
    expect(await takeOver('tnc_1', 'tnc_2')).toBeInstanceOf(Date);
    expect(await holder()).toEqual({ replica_id: 'rep_b', connection_id: 'tnc_2' });
  });

  it("deletes a dead replica's tunnels when the reaper deletes the replica, and a stopping replica's on its release", async () => {
    await claim('rep_a', 'tnc_1', 'office');
    await claim('rep_b', 'tnc_2', 'lab');
    await silence('rep_a');
    await reapDeadReplicas(db, LEASE);
    expect(await holder('office')).toBeUndefined();
    expect(await holder('lab')).toEqual({ replica_id: 'rep_b', connection_id: 'tnc_2' });
    await releaseReplicaTunnels(db, 'rep_b');
    expect(await holder('lab')).toBeUndefined();
  });

  it('tells a replica whose row was reaped that it was made again', async () => {
    expect(await renewReplica(db, 'rep_a', 'http://10.0.0.1:8080')).toBe(false);
    await db.query(`DELETE FROM replicas WHERE id = 'rep_a'`);
    expect(await renewReplica(db, 'rep_a', 'http://10.0.0.1:8080')).toBe(true);
  });

  it("records the holder's stream counts", async () => {
    await claim('rep_a', 'tnc_1', 'office');
    await claim('rep_a', 'tnc_2', 'lab');
    await recordStreamCounts(
      db,
      new Map([
        ['tnc_1', 7],
        ['tnc_2', 3],
      ]),
    );
    const listed = await listLiveTunnels(db, org.id, LEASE);
    expect(listed.map((t) => [t.name, t.streamsOpened]).sort()).toEqual([
      ['lab', 3],
      ['office', 7],
    ]);
  });
});
