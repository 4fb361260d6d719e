/**
 * Who may open `GET /internal/tunnel?org=…&name=…&replica=…`: another control-plane
 * replica, showing the cluster secret as Bearer (cluster-secret.ts). API keys and agent
 * tokens are not the secret, so they never get in. `replica` names the replica the caller
 * means: a process restarted at the same address under a new id answers 404, as does one
 * that does not hold the tunnel, which tells the caller the tunnel is not there.
 */
import type { IncomingMessage } from 'node:http';
import { bearerToken } from '../auth/bearer.js';
import { queryParam } from '../net/upgrade.js';
import type { Admission } from './agent-relay.js';
import type { ClusterSecret } from './cluster-secret.js';
import type { TunnelRegistry } from './registry.js';

export async function admitReplica(req: IncomingMessage, registry: TunnelRegistry, secret: ClusterSecret): Promise<Admission> {
  const presented = bearerToken(req.headers.authorization);
  if (!presented) return { ok: false, status: 401, detail: 'this path is for control-plane replicas: send the cluster secret as Bearer' };
  if (!(await secret.matches(presented)))
    return { ok: false, status: 403, detail: 'not the cluster secret: this path is for control-plane replicas only' };
  const [orgId, name, replica] = ['org', 'name', 'replica'].map((p) => queryParam(req, p));
  if (!orgId || !name || !replica) return { ok: false, status: 400, detail: 'org, name and replica are required' };
  if (replica !== registry.replicaId) return { ok: false, status: 404, detail: `this is not control-plane replica ${replica}` };
  const tunnel = registry.held(orgId, name);
  if (!tunnel) return { ok: false, status: 404, detail: `tunnel "${name}" is not connected to this replica` };
  return { ok: true, tunnel };
}
