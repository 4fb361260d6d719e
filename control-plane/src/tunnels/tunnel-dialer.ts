/**
 * The dialer pre-requests and teardown requests use when `throughTunnel` is set: streams
 * on the run's organisation's tunnel of that name, on whichever replica holds it
 * (registry.ts: directly when it is this one, else through the holder).
 */
import type { TunnelDialer } from '../requests/tunnel-fetch.js';
import type { TunnelRegistry } from './registry.js';

export function tunnelDialer(registry: TunnelRegistry, orgId: string, tunnelName: string | null): TunnelDialer | undefined {
  if (tunnelName === null) return undefined;
  return {
    name: tunnelName,
    async open(host, port) {
      const reached = await registry.reach(orgId, tunnelName);
      if (!reached.ok) throw new Error(reached.detail);
      reached.tunnel.streamsOpened += 1;
      return reached.tunnel.session.open({ host, port });
    },
  };
}
