/**
 * A replica stalled longer than REPLICA_LEASE_SECONDS (a loaded machine: found by
 * scripts/bench/lab-scale.ts) is declared dead by another replica's reaper, which marks its
 * agents disconnected and their devices offline while their sockets stay open here. When the
 * stalled replica's next sweep finds its row gone, it asks its agents to reconnect: their
 * hello brings the devices back, and tests reach them again.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAgent, startAgent } from '../../lab-agent/src/agent.js';
import { addAgentToken } from '../src/admin/provision.js';
import { reapDeadReplicas } from '../src/queries/replicas.js';
import { startServer, type TestServer } from './harness.js';
import { until } from './seed-runs.js';

let server: TestServer;
let agent: RunningAgent | null = null;
beforeAll(async () => {
  server = await startServer({ SWEEP_MS: '60000', REPLICA_LEASE_SECONDS: '180' }); // sweeps only when the test says
});
afterAll(async () => {
  await agent?.stop({ drainSeconds: 0 });
  await server.close();
});

const deviceStates = async () => (await server.db.query<{ state: string }>('SELECT state FROM devices')).map((r) => r.state);

describe('a replica declared dead during a stall', () => {
  it('asks its agents to say hello again, and their devices are back online', async () => {
    agent = await startAgent({
      controlPlaneUrl: server.url,
      token: (await addAgentToken(server.db, null)).agentToken,
      virtualDevices: 1,
      stateDir: mkdtempSync(join(tmpdir(), 'stall-agent-')),
      drainSeconds: 0,
      backoff: { baseMs: 50, maxMs: 200 },
      log: () => {},
    });
    await until(deviceStates, (s) => s.join() === 'online', 20_000);

    // Another replica's reaper, after this one missed its lease: its row goes, its agents are parked.
    await server.db.query(`UPDATE replicas SET seen_at = now() - interval '1 hour' WHERE id = $1`, [server.services.dispatcher.replicaId]);
    expect(await reapDeadReplicas(server.db, 180)).toHaveLength(1);
    expect(await deviceStates()).toEqual(['offline']);

    await server.services.dispatcher.sweep(); // the stall is over
    await until(deviceStates, (s) => s.join() === 'online', 20_000);
    const [row] = await server.db.query<{ connected: boolean; replica: string }>('SELECT connected, replica_id AS replica FROM agents');
    expect(row).toEqual({ connected: true, replica: server.services.dispatcher.replicaId });
  }, 120_000);
});
