/**
 * The connected tunnels of every replica (migration 008). A row says which replica holds
 * the tunnel client's WebSocket; each transition is one statement. A tunnel counts as
 * connected while its row exists and its replica's lease is alive (a killed replica's rows
 * stop counting when its lease runs out, and go when the reaper deletes the replica).
 */
import type { Sql } from '../db/index.js';

export interface TunnelRow {
  orgId: string;
  name: string;
  replicaId: string;
  /** The holder's address for other replicas (REPLICA_URL); null for a replica that gave none. */
  replicaUrl: string | null;
  connectionId: string;
  keyId: string;
  connectedAt: Date;
  streamsOpened: number;
}

/** The replica `alias` renewed its lease within the lease (seconds in parameter `param`). */
const live = (alias: string, param: string) => `${alias}.seen_at >= clock_timestamp() - make_interval(secs => ${param})`;
const COLUMNS = `t.org_id AS "orgId", t.name, t.replica_id AS "replicaId", r.url AS "replicaUrl", t.connection_id AS "connectionId",
                 t.key_id AS "keyId", t.connected_at AS "connectedAt", t.streams_opened::float8 AS "streamsOpened"`;

/**
 * Claims the name for a connection on this replica: a new row, or taking over one whose
 * replica's lease ran out (or is gone), or one this replica left behind (`mayReplaceOwn`:
 * the caller knows it no longer holds it). Answers connected_at, or null when another live
 * replica holds the name (or this one, without mayReplaceOwn).
 */
export async function claimTunnel(
  sql: Sql,
  t: { orgId: string; name: string; replicaId: string; connectionId: string; keyId: string; leaseSeconds: number; mayReplaceOwn: boolean },
): Promise<Date | null> {
  const rows = await sql.query<{ connectedAt: Date }>(
    `INSERT INTO tunnels AS t (org_id, name, replica_id, connection_id, key_id) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (org_id, name) DO UPDATE
        SET replica_id = excluded.replica_id, connection_id = excluded.connection_id, key_id = excluded.key_id,
            connected_at = clock_timestamp(), streams_opened = 0
      WHERE (t.replica_id = $3 AND $7)
         OR NOT EXISTS (SELECT 1 FROM replicas r WHERE r.id = t.replica_id AND ${live('r', '$6')})
     RETURNING connected_at AS "connectedAt"`,
    [t.orgId, t.name, t.replicaId, t.connectionId, t.keyId, t.leaseSeconds, t.mayReplaceOwn],
  );
  return rows[0]?.connectedAt ?? null;
}

/**
 * Takes the name over from one connection (`fromConnectionId`) whose replica answered
 * that it does not hold it: a replica restarted at the same address under a new id, before
 * the old id's lease ran out. Compare-and-set: null if the row changed meanwhile.
 */
export async function takeOverTunnel(
  sql: Sql,
  t: { orgId: string; name: string; replicaId: string; connectionId: string; keyId: string; fromConnectionId: string },
): Promise<Date | null> {
  const rows = await sql.query<{ connectedAt: Date }>(
    `UPDATE tunnels SET replica_id = $3, connection_id = $4, key_id = $5, connected_at = clock_timestamp(), streams_opened = 0
      WHERE org_id = $1 AND name = $2 AND connection_id = $6
      RETURNING connected_at AS "connectedAt"`,
    [t.orgId, t.name, t.replicaId, t.connectionId, t.keyId, t.fromConnectionId],
  );
  return rows[0]?.connectedAt ?? null;
}

/** Forgets the connection's row (not a successor's that took the name since). */
export async function releaseTunnel(sql: Sql, orgId: string, name: string, connectionId: string): Promise<void> {
  await sql.query('DELETE FROM tunnels WHERE org_id = $1 AND name = $2 AND connection_id = $3', [orgId, name, connectionId]);
}

/** A replica shutting down lets go of every tunnel it held. */
export async function releaseReplicaTunnels(sql: Sql, replicaId: string): Promise<void> {
  await sql.query('DELETE FROM tunnels WHERE replica_id = $1', [replicaId]);
}

/** The organisation's tunnel of that name if it is connected (on any live replica). */
export async function findLiveTunnel(sql: Sql, orgId: string, name: string, leaseSeconds: number): Promise<TunnelRow | null> {
  const rows = await sql.query<TunnelRow>(
    `SELECT ${COLUMNS} FROM tunnels t JOIN replicas r ON r.id = t.replica_id
      WHERE t.org_id = $1 AND t.name = $2 AND ${live('r', '$3')}`,
    [orgId, name, leaseSeconds],
  );
  return rows[0] ?? null;
}

/** The organisation's connected tunnels, on every live replica. */
export async function listLiveTunnels(sql: Sql, orgId: string, leaseSeconds: number): Promise<TunnelRow[]> {
  return sql.query<TunnelRow>(
    `SELECT ${COLUMNS} FROM tunnels t JOIN replicas r ON r.id = t.replica_id
      WHERE t.org_id = $1 AND ${live('r', '$2')}`,
    [orgId, leaseSeconds],
  );
}

/** The SQL condition "the run r's tunnel is connected", for queries that join runs as r ($n: the lease in seconds). */
export function runTunnelConnected(leaseParam: string): string {
  return `EXISTS (SELECT 1 FROM tunnels t JOIN replicas r2 ON r2.id = t.replica_id
                   WHERE t.org_id = r.org_id AND t.name = r.tunnel_name
                     AND ${live('r2', leaseParam)})`;
}

/** Writes the holder's stream counts (connection id → count), one statement for all. */
export async function recordStreamCounts(sql: Sql, counts: ReadonlyMap<string, number>): Promise<void> {
  if (counts.size === 0) return;
  await sql.query(
    `UPDATE tunnels t SET streams_opened = c.n
       FROM unnest($1::text[], $2::bigint[]) AS c(id, n)
      WHERE t.connection_id = c.id`,
    [[...counts.keys()], [...counts.values()]],
  );
}
