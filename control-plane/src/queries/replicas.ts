/**
 * Control-plane replicas sharing one database (docs/architecture.md#replicas). Each process
 * registers under a new id at start and renews its lease every sweep. A replica
 * whose lease ran out was killed: its agents count as disconnected (their devices
 * offline) so that nobody offers work to them through a socket that no longer
 * exists; their attempts follow the agents' own lease (agents.last_seen_at), and its
 * tunnels' rows go with it (tunnels.replica_id ON DELETE CASCADE). `url` is where the
 * other replicas reach this one (REPLICA_URL): they relay through it to the tunnels it holds.
 */
import type { Sql } from '../db/index.js';

export async function registerReplica(sql: Sql, id: string, url: string | null = null): Promise<void> {
  // Every agent gets a full grace period from this start to reconnect before its
  // attempts are retried elsewhere: a restart must not cost a try, however long the
  // process took to come back (agents of live replicas renew theirs by heartbeat anyway).
  await sql.query(
    `WITH me AS (INSERT INTO replicas (id, url) VALUES ($1, $2) RETURNING id)
     UPDATE agents SET last_seen_at = clock_timestamp()`,
    [id, url],
  );
}

/**
 * Renews the lease. Answers true when the row had to be made again: another replica
 * declared this one dead (a stall longer than the lease) and deleted it with its tunnels.
 */
export async function renewReplica(sql: Sql, id: string, url: string | null = null): Promise<boolean> {
  const rows = await sql.query<{ remade: boolean }>(
    `INSERT INTO replicas (id, url) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET seen_at = clock_timestamp()
     RETURNING (xmax = 0) AS remade`,
    [id, url],
  );
  return rows[0]?.remade ?? false;
}

/**
 * Disconnects the agents of replicas silent for `seconds` (and agents that name no
 * live replica), then forgets those replicas. One statement. Returns the agents.
 */
export async function reapDeadReplicas(sql: Sql, seconds: number): Promise<string[]> {
  const rows = await sql.query<{ id: string }>(
    `WITH dead AS (
       DELETE FROM replicas WHERE seen_at < clock_timestamp() - make_interval(secs => $1) RETURNING id
     ), orphaned AS (
       UPDATE agents a SET connected = false, replica_id = NULL
        WHERE a.connected AND (a.replica_id IN (SELECT id FROM dead)
                               OR NOT EXISTS (SELECT 1 FROM replicas r WHERE r.id = a.replica_id))
        RETURNING a.id
     ), parked AS (
       UPDATE devices d SET state = 'offline' FROM orphaned WHERE d.agent_id = orphaned.id AND d.state <> 'offline' RETURNING d.id
     )
     SELECT id FROM orphaned`,
    [seconds],
  );
  return rows.map((r) => r.id);
}
