/**
 * `GET /tunnel/connect?name=NAME`: where tunnel clients connect (docs/architecture.md#tunnels).
 * The upgrade is authenticated with an API key (`Authorization: Bearer`); audit keys are
 * refused, and so is a name the organisation already has connected on any replica
 * ("already connected"): both answered as HTTP errors with a `{detail}` before any
 * WebSocket exists. The claim (registry.ts) is what makes the name this connection's.
 * Once registered the client gets a `ready` frame; the control plane then opens streams on
 * it for the relays (agent-relay.ts) and for pre-requests (tunnel-dialer.ts).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { keepAlive, muxOverWebSocket, TUNNEL_CLOSE_CODES, TunnelName } from '@devicelab/shared';
import { WebSocketServer } from 'ws';
import { bearerFrom, type TunnelCaller, tunnelCallerFromKey } from '../auth/caller.js';
import type { Db } from '../db/index.js';
import { ApiError } from '../errors.js';
import type { UpgradeRoute } from '../net/upgrade.js';
import { queryParam, refuseUpgrade, shutDown } from '../net/upgrade.js';
import type { HeldTunnel, TunnelRegistry } from './registry.js';

const KEEPALIVE_MS = 15_000;

const alreadyConnected = (name: string) => `tunnel "${name}" is already connected in this organisation`;

export function tunnelEndpoint(db: Db, registry: TunnelRegistry, maxPerOrg: number): UpgradeRoute {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  /** Connections here between the ORG_MAX_TUNNELS check and their claim, by organisation: a burst counts in full. */
  const connecting = new Map<string, number>();
  const countConnecting = (orgId: string, by: number) => {
    const n = (connecting.get(orgId) ?? 0) + by;
    if (n === 0) connecting.delete(orgId);
    else connecting.set(orgId, n);
  };
  /** Claims and releases under way: stopping waits for them before the database closes. */
  const inFlight = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const settled = work
      .catch((error: unknown) => console.error('tunnel bookkeeping failed:', error))
      .finally(() => inFlight.delete(settled));
    inFlight.add(settled);
  };

  async function authenticate(req: IncomingMessage): Promise<TunnelCaller> {
    const raw = bearerFrom(req.headers.authorization);
    if (!raw) throw new ApiError(401, 'missing API key: send "Authorization: Bearer <API key>" (DEVICELAB_API_KEY)');
    const caller = await tunnelCallerFromKey(db, raw); // tunnel keys too: this is what they are for
    if (caller.kind === 'audit') throw new ApiError(403, 'audit keys cannot open tunnels: use an API key of the organisation');
    return caller;
  }

  function handle(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const name = TunnelName.safeParse(queryParam(req, 'name') ?? '');
    if (!name.success) return refuseUpgrade(socket, 400, `name: ${name.error.issues[0]!.message}`);
    authenticate(req).then(
      async (caller) => {
        const wanted = { orgId: caller.org.id, name: name.data, keyId: caller.keyId };
        // Refused as an HTTP error while possible (whichever replica holds it); the claim after the upgrade settles a race of two.
        if (await registry.taken(wanted.orgId, wanted.name)) return refuseUpgrade(socket, 409, alreadyConnected(wanted.name));
        const connected = (await registry.list(wanted.orgId)).length + (connecting.get(wanted.orgId) ?? 0);
        if (connected >= maxPerOrg) {
          return refuseUpgrade(
            socket,
            429,
            `the organisation has ${maxPerOrg} tunnels connected, the most allowed at once (ORG_MAX_TUNNELS): stop one first`,
          );
        }
        countConnecting(wanted.orgId, 1);
        let counted = true;
        const claimSettled = () => {
          if (counted) countConnecting(wanted.orgId, -1);
          counted = false;
        };
        socket.once('close', claimSettled); // an upgrade that never completes
        wss.handleUpgrade(req, socket, head, (ws) => {
          const session = muxOverWebSocket(ws, { side: 'server', onProtocolError: () => {} });
          let tunnel: HeldTunnel | null = null;
          let closed = false;
          ws.on('close', () => {
            closed = true;
            const reason = `tunnel "${wanted.name}" disconnected`;
            session.close(reason);
            if (tunnel) track(registry.release(tunnel, reason));
          });
          ws.on('error', () => {});
          keepAlive(ws, KEEPALIVE_MS);
          const claiming = registry.claim({ ...wanted, session });
          claiming.finally(claimSettled).catch(() => {});
          track(
            claiming.then(
              (claimed) => {
                if (!claimed) return ws.close(TUNNEL_CLOSE_CODES.nameTaken, alreadyConnected(wanted.name));
                tunnel = claimed;
                if (closed) return void track(registry.release(claimed, `tunnel "${wanted.name}" disconnected`));
                // Released from elsewhere (another connection took the name over): this client is not the tunnel any more.
                claimed.lost.addEventListener(
                  'abort',
                  () => ws.close(TUNNEL_CLOSE_CODES.nameTaken, (claimed.lost.reason as Error).message),
                  { once: true },
                );
                ws.send(JSON.stringify({ type: 'ready', tunnelName: claimed.name }));
              },
              (error: unknown) => {
                console.error('tunnel claim failed:', error);
                ws.close(TUNNEL_CLOSE_CODES.shuttingDown, 'could not register the tunnel; retrying');
              },
            ),
          );
        });
      },
      (error: unknown) => {
        if (error instanceof ApiError) return refuseUpgrade(socket, error.status, error.detail);
        console.error('tunnel connect failed:', error);
        refuseUpgrade(socket, 503, 'could not check the API key');
      },
    );
  }

  return {
    path: '/tunnel/connect',
    handle,
    async close() {
      await shutDown(wss, TUNNEL_CLOSE_CODES.shuttingDown, 'control plane shutting down');
      await Promise.all(inFlight);
      await registry.close(); // this replica's rows go now, not when its lease runs out
    },
  };
}
