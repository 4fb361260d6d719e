/**
 * The dialer pre-requests and teardown requests use when `throughTunnel` is set: streams
 * on the run's organisation's tunnel of that name, if it is connected to this replica.
 */
import type { TunnelDialer } from '../requests/tunnel-fetch.js';
import type { TunnelRegistry } from './registry.js';

export function tunnelDialer(registry: TunnelRegistry, orgId: string, tunnelName: string | null): TunnelDialer | undefined {
  if (tunnelName === null) return undefined;
  return {
    name: tunnelName,
    async open(host, port) {
      const tunnel = registry.find(orgId, tunnelName);
      if (!tunnel) throw new Error(`tunnel "${tunnelName}" is not connected`);
      tunnel.streamsOpened += 1;
      return tunnel.session.open({ host, port });
    },
  };
}
