/**
 * `GET /agent/tunnel?job=<job id>`: a lab agent running a test of a run that names a
 * tunnel opens this WebSocket (agent token as Bearer) for the test's duration. Each
 * stream the agent's device proxy opens on it is opened again on the tunnel, and the two
 * are piped together; a refusal (the tunnel's host filters, an unreachable host) travels
 * back with its reason. The tunnel may be held by this replica or by another one
 * (registry.ts): the relay is the same.
 *
 * Only the test's own agent gets in, and only to the tunnel of the test's organisation:
 * the job must be offered to or running on a device of an agent of this token. When the
 * tunnel goes away, the relay closes with TUNNEL_CLOSE_CODES.tunnelLost and the reason,
 * and the agent fails the test with it.
 *
 * `GET /internal/tunnel` (internalRelayEndpoint) is the same relay for another replica
 * reaching a tunnel held here (peer-links.ts), admitted by the cluster secret.
 */
import type { IncomingMessage } from 'node:http';
import { type IncomingStream, keepAlive, muxOverWebSocket, spliceStream, TUNNEL_CLOSE_CODES } from '@devicelab/shared';
import { WebSocketServer } from 'ws';
import { agentTokenFrom } from '../auth/agent-token.js';
import type { Db } from '../db/index.js';
import type { UpgradeRoute } from '../net/upgrade.js';
import { queryParam, refuseUpgrade, shutDown } from '../net/upgrade.js';
import { findTunnelledJob } from '../queries/tunnel-jobs.js';
import { parseWireId } from '../runs/wire-id.js';
import type { ClusterSecret } from './cluster-secret.js';
import { admitReplica } from './internal-admission.js';
import type { ConnectedTunnel, TunnelRegistry } from './registry.js';

const KEEPALIVE_MS = 15_000;

export type Admission = { ok: true; tunnel: ConnectedTunnel } | { ok: false; status: 400 | 401 | 403 | 404 | 409; detail: string };

/**
 * Relays one stream of the agent into the tunnel, frame by frame (mux-splice.ts): data frames
 * go on with their stream id rewritten, credit passes end to end, nothing is re-encoded.
 */
function relayStream(tunnel: ConnectedTunnel, incoming: IncomingStream): void {
  tunnel.streamsOpened += 1;
  spliceStream(incoming, tunnel.session);
}

export function agentRelayEndpoint(db: Db, registry: TunnelRegistry): UpgradeRoute {
  async function admit(req: IncomingMessage): Promise<Admission> {
    const record = await agentTokenFrom(db, req.headers.authorization);
    if (!record) return { ok: false, status: 401, detail: 'agent token missing, malformed, unknown or revoked' };
    const ref = parseWireId(queryParam(req, 'job') ?? '');
    if (!ref) return { ok: false, status: 400, detail: 'job: give the job id of the test, as in its job.offer' };
    const job = await findTunnelledJob(db, ref, record.id);
    if (!job || !['offered', 'running'].includes(job.status))
      return { ok: false, status: 403, detail: 'that job is not running on a device of this agent' };
    if (job.tunnelName === null) return { ok: false, status: 403, detail: 'the run of that job names no tunnel' };
    const reached = await registry.reach(job.orgId, job.tunnelName);
    return reached.ok ? reached : { ok: false, status: 409, detail: reached.detail };
  }
  return relayEndpoint('/agent/tunnel', admit);
}

export function internalRelayEndpoint(registry: TunnelRegistry, secret: ClusterSecret): UpgradeRoute {
  return relayEndpoint('/internal/tunnel', (req) => admitReplica(req, registry, secret));
}

/** An upgrade path whose WebSocket relays each stream opened on it into the admitted tunnel. */
function relayEndpoint(path: string, admit: (req: IncomingMessage) => Promise<Admission>): UpgradeRoute {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  return {
    path,
    handle(req, socket, head) {
      admit(req).then(
        (admission) => {
          if (!admission.ok) return refuseUpgrade(socket, admission.status, admission.detail);
          const { tunnel } = admission;
          wss.handleUpgrade(req, socket, head, (ws) => {
            if (tunnel.lost.aborted) return ws.close(TUNNEL_CLOSE_CODES.tunnelLost, (tunnel.lost.reason as Error).message);
            const session = muxOverWebSocket(ws, {
              side: 'server',
              onStream: (incoming) => relayStream(tunnel, incoming),
              onProtocolError: () => {},
            });
            const onLost = () => ws.close(TUNNEL_CLOSE_CODES.tunnelLost, (tunnel.lost.reason as Error).message);
            tunnel.lost.addEventListener('abort', onLost, { once: true });
            keepAlive(ws, KEEPALIVE_MS);
            ws.on('close', () => {
              tunnel.lost.removeEventListener('abort', onLost);
              session.close('the agent closed its tunnel relay');
            });
            ws.on('error', () => {});
          });
        },
        (error: unknown) => {
          console.error(`tunnel relay (${path}) failed:`, error);
          refuseUpgrade(socket, 503, 'could not check the request');
        },
      );
    },
    async close() {
      await shutDown(wss, TUNNEL_CLOSE_CODES.shuttingDown, 'control plane shutting down');
    },
  };
}
