/**
 * Links to tunnels another replica holds. A replica that needs such a tunnel (an agent's
 * relay, a pre-request through it) opens ONE WebSocket to the holder's
 * `GET /internal/tunnel` (internal-relay.ts) per tunnel and multiplexes every stream of
 * that tunnel over it with the same MuxSession protocol; the holder relays each stream
 * into the tunnel client's session as it does for its own agents. The link is kept while
 * it lives and opened again when next needed after it closed.
 *
 * What callers get has the shape of a tunnel held here (`session.open(target)`, `lost`),
 * so relays cannot tell the difference. `lost` is aborted with the reason when the tunnel
 * disconnects at the holder or the holder goes away.
 */
import { once } from 'node:events';
import { keepAlive, muxOverWebSocket, refusalDetail, TUNNEL_CLOSE_CODES } from '@devicelab/shared';
import WebSocket from 'ws';
import type { ClusterSecret } from './cluster-secret.js';
import type { ConnectedTunnel } from './registry.js';

const KEEPALIVE_MS = 15_000;
const HANDSHAKE_MS = 5_000;

/** The holder answered that it does not hold the tunnel (it went in the meantime). */
export class NotHeldThere extends Error {}

export interface TunnelHolder {
  replicaId: string;
  url: string;
}

export interface PeerLinks {
  reach(holder: TunnelHolder, orgId: string, name: string): Promise<ConnectedTunnel>;
  /** Closes every link (this replica is stopping). */
  close(): Promise<void>;
}

export function internalTunnelUrl(holder: TunnelHolder, orgId: string, name: string): string {
  const url = new URL(holder.url);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/internal/tunnel`;
  url.search = new URLSearchParams({ org: orgId, name, replica: holder.replicaId }).toString();
  return url.toString();
}

export function createPeerLinks(secret: ClusterSecret): PeerLinks {
  const links = new Map<string, Promise<ConnectedTunnel>>();
  const sockets = new Set<WebSocket>();
  let stopping = false;

  async function open(key: string, holder: TunnelHolder, orgId: string, name: string): Promise<ConnectedTunnel> {
    const ws = new WebSocket(internalTunnelUrl(holder, orgId, name), {
      headers: { authorization: `Bearer ${await secret.value()}` },
      handshakeTimeout: HANDSHAKE_MS,
      maxPayload: 1024 * 1024,
    });
    sockets.add(ws);
    ws.on('close', () => sockets.delete(ws));
    const refused = new Promise<never>((_, reject) => {
      ws.once(
        'unexpected-response',
        (_req, res) =>
          void refusalDetail(res).then((detail) => {
            ws.terminate();
            reject(res.statusCode === 404 ? new NotHeldThere(detail) : new Error(`the replica holding it refused the relay: ${detail}`));
          }),
      );
      ws.once('error', (error) =>
        reject(new Error(`the control-plane replica holding it (${holder.url}) cannot be reached: ${error.message}`)),
      );
    });
    await Promise.race([once(ws, 'open'), refused]);
    ws.on('error', () => {}); // 'close' follows
    const session = muxOverWebSocket(ws, { side: 'client', onProtocolError: () => {} });
    const lost = new AbortController();
    ws.on('close', (code, reasonBuffer) => {
      links.delete(key);
      // The holder says why when the tunnel itself went; anything else is the holder going away.
      const reason = stopping
        ? 'control plane shutting down'
        : code === TUNNEL_CLOSE_CODES.tunnelLost && reasonBuffer.length > 0
          ? reasonBuffer.toString()
          : `the control-plane replica holding tunnel "${name}" went away`;
      session.close(reason);
      lost.abort(new Error(reason));
    });
    keepAlive(ws, KEEPALIVE_MS);
    return { orgId, name, session, lost: lost.signal, streamsOpened: 0 };
  }

  return {
    reach(holder, orgId, name) {
      const key = JSON.stringify([holder.replicaId, orgId, name]);
      let link = links.get(key);
      if (!link) {
        link = open(key, holder, orgId, name);
        links.set(key, link);
        // A failed attempt is not remembered: the next caller tries again.
        link.catch(() => {
          if (links.get(key) === link) links.delete(key);
        });
      }
      return link;
    },
    async close() {
      stopping = true;
      await Promise.all(
        [...sockets].map(async (ws) => {
          if (ws.readyState === WebSocket.CLOSED) return;
          const closed = once(ws, 'close');
          ws.close(1001, 'control plane shutting down');
          setTimeout(() => ws.terminate(), 2000).unref();
          await closed;
        }),
      );
    },
  };
}
