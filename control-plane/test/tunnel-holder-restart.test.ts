/**
 * A tunnel name whose row names another replica that is still within its lease: the
 * connecting replica asks that replica (GET /internal/tunnel) whether it holds the tunnel.
 * A process restarted at the same address under a new id (kill -9, then start) answers
 * that it does not, so the reconnecting tunnel client gets its name back at once instead
 * of being refused until the old id's lease runs out; a holder that cannot be reached
 * keeps the name.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHostFilter } from '../../lab-agent/src/tunnel/host-filter.js';
import { startTunnelClient, type TunnelClient, TunnelRefused } from '../../lab-agent/src/tunnel/tunnel-client.js';
import { registerReplica } from '../src/queries/replicas.js';
import { claimTunnel } from '../src/queries/tunnels.js';
import { client, type Org, seedOrg, startServer, type TestServer } from './harness.js';
import { freePort } from './replica-processes.js';

let server: TestServer;
let org: Org;
const tunnels: TunnelClient[] = [];

beforeAll(async () => {
  server = await startServer();
  org = await seedOrg(server.db, { name: 'Tunnel org' });
});
afterEach(async () => {
  await Promise.all(tunnels.splice(0).map((t) => t.close()));
});
afterAll(() => server.close());

function tunnel(name: string): TunnelClient {
  const t = startTunnelClient({
    controlPlaneUrl: server.url,
    apiKey: org.apiKey,
    tunnelName: name,
    filter: createHostFilter({}),
    backoff: { baseMs: 20, maxMs: 100 },
  });
  tunnels.push(t);
  return t;
}

/** A row as a replica that renewed its lease just now, at `url`, left it. */
async function leftBehind(replicaId: string, url: string, name: string): Promise<void> {
  await registerReplica(server.db, replicaId, url);
  const claimed = await claimTunnel(server.db, {
    orgId: org.id,
    name,
    replicaId,
    connectionId: `tnc_${replicaId}`,
    keyId: org.apiKeyId,
    leaseSeconds: 60,
    mayReplaceOwn: false,
  });
  expect(claimed).toBeInstanceOf(Date);
}

const holderOf = async (name: string) =>
  (
    await server.db.query<{ replica: string }>('SELECT replica_id AS replica FROM tunnels WHERE org_id = $1 AND name = $2', [org.id, name])
  )[0]?.replica;

describe('a tunnel row of another replica within its lease', () => {
  it("is taken over when the process at that replica's address is another replica now", async () => {
    await leftBehind('rep_before_restart', server.url, 'office');
    await tunnel('office').connected;
    expect(await holderOf('office')).toBe(server.services.dispatcher.replicaId);
    expect((await client(server.url, org.apiKey)('GET', '/tunnels')).body.tunnels.map((t: { name: string }) => t.name)).toEqual(['office']);
  });

  it('keeps the name when that replica cannot be reached', async () => {
    await leftBehind('rep_far_away', `http://127.0.0.1:${await freePort()}`, 'lab'); // nothing listens there
    await expect(tunnel('lab').done).rejects.toThrow(
      new TunnelRefused('the control plane refused the tunnel: tunnel "lab" is already connected in this organisation'),
    );
    expect(await holderOf('lab')).toBe('rep_far_away');
  });
});

describe('a replica declared dead during a stall', () => {
  it('claims its tunnels again when its lease renewal finds its row gone', async () => {
    await tunnel('stall').connected;
    const me = server.services.dispatcher.replicaId;
    // What another replica's reaper does to a replica silent beyond the lease: the row goes, its tunnels' rows with it.
    await server.db.query('DELETE FROM replicas WHERE id = $1', [me]);
    expect(await holderOf('stall')).toBeUndefined();
    await server.services.dispatcher.sweep();
    expect(await holderOf('stall')).toBe(me);
  });
});
