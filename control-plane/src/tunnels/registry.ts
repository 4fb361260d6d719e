/**
 * The tunnels, across replicas. A tunnel client holds one WebSocket to one replica (the
 * holder); the `tunnels` table (queries/tunnels.ts) says which, so a name is unique in its
 * organisation across all replicas, and any replica can list, check and use every tunnel.
 * A relay or pre-request on the holder uses the tunnel's session directly (no network
 * hop, no query); on another replica it goes through a link to the holder (peer-links.ts),
 * which has the same shape. The same name in another organisation is another tunnel.
 */
import type { MuxSession } from '@devicelab/shared';
import type { Db } from '../db/index.js';
import { randomToken } from '../ids.js';
import {
  claimTunnel,
  findLiveTunnel,
  listLiveTunnels,
  recordStreamCounts,
  releaseReplicaTunnels,
  releaseTunnel,
  type TunnelRow,
  takeOverTunnel,
} from '../queries/tunnels.js';
import type { ClusterSecret } from './cluster-secret.js';
import { createPeerLinks, NotHeldThere } from './peer-links.js';

/** A tunnel as relays use it, whether held here or reached through its holder. */
export interface ConnectedTunnel {
  orgId: string;
  name: string;
  session: MuxSession;
  /** Aborted with the reason when the tunnel goes away: relays using it end their streams. */
  lost: AbortSignal;
  /** Streams opened through it (counted by the holder: GET /tunnels shows the holder's count). */
  streamsOpened: number;
}

/** A tunnel whose client is connected to this replica. */
export interface HeldTunnel extends ConnectedTunnel {
  /** The API key that opened it. */
  keyId: string;
  connectedAt: Date;
  /** This connection's claim: its row is released by it, never a successor's. */
  connectionId: string;
}

export interface TunnelListing {
  name: string;
  connectedAt: Date;
  keyId: string;
  streamsOpened: number;
}

export type Reach = { ok: true; tunnel: ConnectedTunnel } | { ok: false; detail: string };

export interface TunnelRegistry {
  readonly replicaId: string;
  /** Whether the organisation has the name connected on some replica, or being claimed here. */
  taken(orgId: string, name: string): Promise<boolean>;
  /** Registers a tunnel connected here; null when the organisation has the name connected (on any replica). */
  claim(entry: { orgId: string; name: string; keyId: string; session: MuxSession }): Promise<HeldTunnel | null>;
  /** Aborts its `lost` signal with the reason and forgets it, here and in the table (if it is still the registered one). */
  release(tunnel: HeldTunnel, reason: string): Promise<void>;
  /** The tunnel if its client is connected to this replica. */
  held(orgId: string, name: string): HeldTunnel | undefined;
  /** The tunnel wherever it is held, or why it cannot be used. */
  reach(orgId: string, name: string): Promise<Reach>;
  list(orgId: string): Promise<TunnelListing[]>;
  /** Claims this replica's tunnels again (the reaper found its replica row deleted: a stall beyond the lease). */
  reclaim(): Promise<void>;
  /** Stopping: closes links to other replicas and releases every row of this replica. */
  close(): Promise<void>;
}

/** What a run whose tunnel is not connected is told (relay refusal and fail-without-tunnel alike). */
export const notConnectedMessage = (name: string) =>
  `Tunnel "${name}" is not connected: start it with devicelab tunnel start --tunnel-name ${name}`;

const keyOf = (orgId: string, name: string) => `${orgId}/${name}`;
const COUNTS_FLUSH_MS = 2000;

export function createTunnelRegistry(deps: { db: Db; replicaId: string; leaseSeconds: number; secret: ClusterSecret }): TunnelRegistry {
  const { db, replicaId, leaseSeconds } = deps;
  /** Held tunnels, and names being claimed (null) so that two connections here cannot both claim one. */
  const tunnels = new Map<string, { tunnel: HeldTunnel; controller: AbortController } | null>();
  const links = createPeerLinks(deps.secret);
  const releasing = new Set<Promise<void>>();
  /** Stream counts last written, by connection id. */
  const written = new Map<string, number>();
  let flushTimer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> = Promise.resolve();

  const heldTunnels = () => [...tunnels.values()].flatMap((entry) => (entry ? [entry.tunnel] : []));

  /** Writes changed stream counts now and then (not per stream: the data path stays off the database). */
  function scheduleFlush(): void {
    if (flushTimer) return;
    flushTimer = setTimeout(() => {
      flushTimer = null;
      const changed = new Map(
        heldTunnels()
          .filter((t) => written.get(t.connectionId) !== t.streamsOpened)
          .map((t) => [t.connectionId, t.streamsOpened]),
      );
      flushing = recordStreamCounts(db, changed).then(
        () => {
          for (const [id, n] of changed) written.set(id, n);
        },
        (error: unknown) => console.error('recording tunnel stream counts failed:', error),
      );
      if (tunnels.size > 0) scheduleFlush();
    }, COUNTS_FLUSH_MS);
    flushTimer.unref();
  }

  /**
   * Whether the replica of a live row really holds the tunnel. Asked only when a claim
   * meets another replica's row: a replica restarted at the same address (kill -9, then
   * start) answers for its new id that it holds nothing, and the old row need not wait for
   * the old id's lease. A holder that cannot be reached counts as holding it.
   */
  async function heldThere(row: TunnelRow): Promise<boolean> {
    if (!row.replicaUrl) return true;
    try {
      await links.reach({ replicaId: row.replicaId, url: row.replicaUrl }, row.orgId, row.name);
      return true;
    } catch (error) {
      return !(error instanceof NotHeldThere);
    }
  }

  /** The claim statement, and a take-over of a row whose replica says it holds nothing. */
  async function claimRow(entry: { orgId: string; name: string; keyId: string }, connectionId: string): Promise<Date | null> {
    const claim = { ...entry, replicaId, connectionId, leaseSeconds, mayReplaceOwn: true };
    const claimed = await claimTunnel(db, claim);
    if (claimed) return claimed;
    const row = await findLiveTunnel(db, entry.orgId, entry.name, leaseSeconds);
    if (!row) return claimTunnel(db, claim); // it went in between
    if (row.replicaId === replicaId || (await heldThere(row))) return null;
    return takeOverTunnel(db, { ...entry, replicaId, connectionId, fromConnectionId: row.connectionId });
  }

  async function release(tunnel: HeldTunnel, reason: string): Promise<void> {
    const key = keyOf(tunnel.orgId, tunnel.name);
    const held = tunnels.get(key);
    if (held?.tunnel !== tunnel) return;
    tunnels.delete(key);
    written.delete(tunnel.connectionId);
    held.controller.abort(new Error(reason));
    const done = releaseTunnel(db, tunnel.orgId, tunnel.name, tunnel.connectionId);
    releasing.add(done);
    try {
      await done;
    } finally {
      releasing.delete(done);
    }
  }

  return {
    replicaId,
    async taken(orgId, name) {
      if (tunnels.has(keyOf(orgId, name))) return true;
      const row = await findLiveTunnel(db, orgId, name, leaseSeconds);
      // A row of ours not in memory is being released.
      return row !== null && row.replicaId !== replicaId && (await heldThere(row));
    },
    async claim(entry) {
      const key = keyOf(entry.orgId, entry.name);
      if (tunnels.has(key)) return null;
      tunnels.set(key, null);
      const connectionId = `tnc_${randomToken(16)}`;
      let connectedAt: Date | null;
      try {
        connectedAt = await claimRow(entry, connectionId);
      } catch (error) {
        tunnels.delete(key);
        throw error;
      }
      if (connectedAt === null) {
        tunnels.delete(key);
        return null;
      }
      const controller = new AbortController();
      const tunnel: HeldTunnel = { ...entry, connectionId, connectedAt, lost: controller.signal, streamsOpened: 0 };
      tunnels.set(key, { tunnel, controller });
      written.set(connectionId, 0);
      scheduleFlush();
      return tunnel;
    },
    release,
    held: (orgId, name) => tunnels.get(keyOf(orgId, name))?.tunnel,
    async reach(orgId, name) {
      const here = tunnels.get(keyOf(orgId, name))?.tunnel;
      if (here) return { ok: true, tunnel: here };
      const row = await findLiveTunnel(db, orgId, name, leaseSeconds);
      if (!row || row.replicaId === replicaId) return { ok: false, detail: notConnectedMessage(name) };
      if (!row.replicaUrl)
        return {
          ok: false,
          detail: `Tunnel "${name}" is connected to control-plane replica ${row.replicaId}, which gave no address to reach it (REPLICA_URL)`,
        };
      try {
        return { ok: true, tunnel: await links.reach({ replicaId: row.replicaId, url: row.replicaUrl }, orgId, name) };
      } catch (error) {
        if (error instanceof NotHeldThere) return { ok: false, detail: notConnectedMessage(name) };
        return { ok: false, detail: `Tunnel "${name}" cannot be used: ${(error as Error).message}` };
      }
    },
    async list(orgId) {
      // The table decides, as it does for fail-without-tunnel: a tunnel whose release is under
      // way is listed until its row is gone, so a run started once it is not listed fails at once.
      const rows = await listLiveTunnels(db, orgId, leaseSeconds);
      return rows
        .map((row) => {
          // The holder's own count is fresher than the one it last wrote.
          const here = tunnels.get(keyOf(orgId, row.name))?.tunnel;
          const streamsOpened = here?.connectionId === row.connectionId ? here.streamsOpened : row.streamsOpened;
          return { name: row.name, connectedAt: row.connectedAt, keyId: row.keyId, streamsOpened };
        })
        .sort((a, b) => a.name.localeCompare(b.name));
    },
    async reclaim() {
      for (const tunnel of heldTunnels()) {
        const again = await claimTunnel(db, { ...tunnel, replicaId, leaseSeconds, mayReplaceOwn: true });
        // Another replica took the name while this one counted as dead: its client is the tunnel now.
        if (again === null) await release(tunnel, `tunnel "${tunnel.name}" was taken over by another connection`);
      }
    },
    async close() {
      if (flushTimer) clearTimeout(flushTimer);
      await flushing; // no write may outlive the database
      await links.close();
      await Promise.all(releasing);
      await releaseReplicaTunnels(db, replicaId);
    },
  };
}
