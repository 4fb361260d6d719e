/**
 * fail without tunnel: pending attempts of runs whose tunnel is not connected on any
 * replica (the tunnels table, queries/tunnels.ts) fail with a message saying what to do
 * (docs/architecture.md#execute-rules), and their runs complete, in one transaction. Durable: a restart
 * in between cannot run them without the tunnel.
 */
import type { Db } from '../../db/index.js';
import { runTunnelConnected } from '../../queries/tunnels.js';
import { announceTestsFinished } from '../run-events.js';
import { completeRunsIfDone, lockRuns } from './complete.js';

/** `leaseSeconds`: a tunnel of a replica silent this long (REPLICA_LEASE_SECONDS) counts as gone. */
export async function failAttemptsWithoutTunnel(db: Db, leaseSeconds: number): Promise<number> {
  const waiting = `r.tunnel_name IS NOT NULL AND NOT ${runTunnelConnected('$1')}`;
  // From the running runs that name a tunnel (a partial index: few, whatever the queue's length),
  // not from the pending attempts: this runs before every claim pass.
  const runIds = (
    await db.query<{ id: string }>(
      `SELECT r.id FROM runs r
      WHERE r.status = 'running' AND ${waiting}
        AND EXISTS (SELECT 1 FROM attempts a WHERE a.run_id = r.id AND a.status = 'pending')`,
      [leaseSeconds],
    )
  ).map((r) => r.id);
  if (runIds.length === 0) return 0;
  return db.transaction(async (tx) => {
    await lockRuns(tx, runIds);
    const failed = await tx.query<{ id: string; runId: string }>(
      `UPDATE attempts a SET status = 'failed', finished_at = clock_timestamp(),
              status_message = 'Tunnel "' || r.tunnel_name || '" is not connected: start it with devicelab tunnel start --tunnel-name ' || r.tunnel_name
         FROM runs r
        WHERE a.run_id = r.id AND a.status = 'pending' AND r.id = ANY($2::text[]) AND ${waiting}
        RETURNING a.id, a.run_id AS "runId"`,
      [leaseSeconds, runIds],
    );
    await announceTestsFinished(
      tx,
      failed.map((f) => f.id),
    );
    await completeRunsIfDone(
      tx,
      failed.map((f) => f.runId),
    );
    return failed.length;
  });
}
