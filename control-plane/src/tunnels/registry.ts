/**
 * The tunnels connected to this control-plane process, by organisation and name. In
 * memory, per replica: a tunnel client holds one WebSocket to one replica, and a run's
 * streams can use it only when they reach that same replica (README "Tunnels" says what
 * this means for several replicas). A name is unique within its organisation while
 * connected; the same name in another organisation is another tunnel.
 */
import type { MuxSession } from '@devicelab/shared';

export interface ConnectedTunnel {
  orgId: string;
  name: string;
  /** The API key that opened it. */
  keyId: string;
  connectedAt: Date;
  session: MuxSession;
  /** Aborted with the reason when the tunnel goes away: relays using it end their streams. */
  lost: AbortSignal;
  /** Streams opened through it since it connected. */
  streamsOpened: number;
}

export interface TunnelRegistry {
  /** Registers a tunnel; null when the organisation already has one connected with that name. */
  claim(entry: Omit<ConnectedTunnel, 'lost' | 'streamsOpened' | 'connectedAt'>): ConnectedTunnel | null;
  /** Forgets it (if it is still the registered one) and aborts its `lost` signal with the reason. */
  release(tunnel: ConnectedTunnel, reason: string): void;
  find(orgId: string, name: string): ConnectedTunnel | undefined;
  list(orgId: string): ConnectedTunnel[];
  /** "<org id>/<name>" of every connected tunnel, as failAttemptsWithoutTunnel wants them. */
  connectedKeys(): string[];
}

const keyOf = (orgId: string, name: string) => `${orgId}/${name}`;

export function createTunnelRegistry(): TunnelRegistry {
  const tunnels = new Map<string, { tunnel: ConnectedTunnel; controller: AbortController }>();
  return {
    claim(entry) {
      const key = keyOf(entry.orgId, entry.name);
      if (tunnels.has(key)) return null;
      const controller = new AbortController();
      const tunnel: ConnectedTunnel = { ...entry, connectedAt: new Date(), lost: controller.signal, streamsOpened: 0 };
      tunnels.set(key, { tunnel, controller });
      return tunnel;
    },
    release(tunnel, reason) {
      const key = keyOf(tunnel.orgId, tunnel.name);
      const held = tunnels.get(key);
      if (held?.tunnel !== tunnel) return;
      tunnels.delete(key);
      held.controller.abort(new Error(reason));
    },
    find: (orgId, name) => tunnels.get(keyOf(orgId, name))?.tunnel,
    list: (orgId) => [...tunnels.values()].map((t) => t.tunnel).filter((t) => t.orgId === orgId).sort((a, b) => a.name.localeCompare(b.name)),
    connectedKeys: () => [...tunnels.keys()],
  };
}
