/**
 * Replica leases (queries/replicas.ts): a replica that stopped renewing is dead, and
 * the agents it held count as disconnected, their devices offline, so that no claim
 * is made for a socket that no longer exists. A live replica's agents are untouched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAgentToken } from '../src/admin/provision.js';
import type { Db } from '../src/db/index.js';
import { reapDeadReplicas, registerReplica, renewReplica } from '../src/queries/replicas.js';
import { freshDatabase } from './harness.js';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => ({ db, drop } = await freshDatabase()));
afterAll(() => drop());

async function agentOn(replicaId: string, agentId: string): Promise<void> {
  const token = await addAgentToken(db, null);
  await db.query(`INSERT INTO agents (id, token_id, hostname, version, connected, replica_id) VALUES ($1, $2, 'host', '1', true, $3)`, [
    agentId,
    token.agentTokenId,
    replicaId,
  ]);
  await db.query(
    `INSERT INTO devices (id, agent_id, serial, platform, kind, model, os_version, state) VALUES ($1, $2, 'emu', 'android', 'emulator', 'Pixel', '14', 'online')`,
    [`dev_${agentId}`, agentId],
  );
}

const stateOf = async (agentId: string) =>
  (
    await db.query<{ connected: boolean; replica: string | null; device: string }>(
      `SELECT a.connected, a.replica_id AS replica, d.state AS device FROM agents a JOIN devices d ON d.agent_id = a.id WHERE a.id = $1`,
      [agentId],
    )
  )[0]!;

describe('replica leases', () => {
  it('retires the agents of a replica whose lease ran out, and only those', async () => {
    await registerReplica(db, 'rep_alive');
    await registerReplica(db, 'rep_dead');
    await agentOn('rep_alive', 'agent-alive');
    await agentOn('rep_dead', 'agent-orphan');
    await db.query(`UPDATE replicas SET seen_at = clock_timestamp() - interval '1 minute' WHERE id = 'rep_dead'`);
    await renewReplica(db, 'rep_alive');

    expect(await reapDeadReplicas(db, 30)).toEqual(['agent-orphan']);
    expect(await stateOf('agent-orphan')).toEqual({ connected: false, replica: null, device: 'offline' });
    expect(await stateOf('agent-alive')).toEqual({ connected: true, replica: 'rep_alive', device: 'online' });
    expect((await db.query<{ id: string }>('SELECT id FROM replicas')).map((r) => r.id)).toEqual(['rep_alive']);
    expect(await reapDeadReplicas(db, 30)).toEqual([]); // nothing left to reap: idempotent
  });
});
