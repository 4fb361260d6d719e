/**
 * `GET /tunnel/connect?name=NAME`: where tunnel clients connect (DESIGN.md section 5).
 * The upgrade is authenticated with an API key (`Authorization: Bearer`); audit keys are
 * refused, and so is a name the organisation already has connected ("already
 * connected"): both answered as HTTP errors with a `{detail}` before any WebSocket exists.
 * Once registered the client gets a `ready` frame; the control plane then opens streams on
 * it for the relays (agent-relay.ts) and for pre-requests (tunnel-dialer.ts).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { TUNNEL_CLOSE_CODES, TunnelName } from '@devicelab/shared';
import { WebSocketServer } from 'ws';
import type { UpgradeRoute } from '../agents/hub.js';
import { bearerFrom, callerFromKey, type Caller } from '../auth/caller.js';
import type { Db } from '../db/index.js';
import { ApiError } from '../errors.js';
import type { TunnelRegistry } from './registry.js';
import { closeAll, keepAlive, queryParam, refuseUpgrade, sessionOn } from './upgrade.js';

const KEEPALIVE_MS = 15_000;

export function tunnelEndpoint(db: Db, registry: TunnelRegistry): UpgradeRoute {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });

  async function authenticate(req: IncomingMessage): Promise<Caller> {
    const raw = bearerFrom(req.headers.authorization);
    if (!raw) throw new ApiError(401, 'missing API key: send "Authorization: Bearer <API key>" (DEVICELAB_API_KEY)');
    const caller = await callerFromKey(db, raw);
    if (caller.kind === 'audit') throw new ApiError(403, 'audit keys cannot open tunnels: use an API key of the organisation');
    return caller;
  }

  function handle(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const name = TunnelName.safeParse(queryParam(req, 'name') ?? '');
    if (!name.success) return refuseUpgrade(socket, 400, `name: ${name.error.issues[0]!.message}`);
    authenticate(req).then((caller) => {
      const wanted = { orgId: caller.org.id, name: name.data, keyId: caller.keyId };
      // Refused as an HTTP error while possible; the claim after the upgrade settles a race of two.
      if (registry.find(wanted.orgId, wanted.name)) return refuseUpgrade(socket, 409, `tunnel "${wanted.name}" is already connected in this organisation`);
      wss.handleUpgrade(req, socket, head, (ws) => {
        const session = sessionOn(ws, { side: 'server', onProtocolError: () => {} });
        const tunnel = registry.claim({ ...wanted, session });
        if (!tunnel) return ws.close(TUNNEL_CLOSE_CODES.nameTaken, `tunnel "${wanted.name}" is already connected in this organisation`);
        keepAlive(ws, KEEPALIVE_MS);
        ws.on('close', () => {
          const reason = `tunnel "${tunnel.name}" disconnected`;
          registry.release(tunnel, reason);
          session.close(reason);
        });
        ws.on('error', () => {});
        ws.send(JSON.stringify({ type: 'ready', tunnelName: tunnel.name }));
      });
    }, (error: unknown) => {
      if (error instanceof ApiError) return refuseUpgrade(socket, error.status, error.detail);
      console.error('tunnel connect failed:', error);
      refuseUpgrade(socket, 503, 'could not check the API key');
    });
  }

  return {
    path: '/tunnel/connect',
    handle,
    async close() {
      await closeAll(wss.clients, TUNNEL_CLOSE_CODES.shuttingDown, 'control plane shutting down');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
