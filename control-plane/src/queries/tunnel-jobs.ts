import type { Sql } from '../db/index.js';

/** A job that may use a tunnel: its run's organisation and tunnel, and whether it is on the asking agent. */
export interface TunnelledJob {
  orgId: string;
  tunnelName: string | null;
  status: string;
}

/**
 * The attempt try a lab agent names when it opens its tunnel relay, provided the device
 * it runs on belongs to an agent of that agent token: a token cannot borrow another
 * agent's test (and with it another organisation's tunnel).
 */
export async function findTunnelledJob(
  sql: Sql,
  ref: { id: string; tryNumber: number },
  agentTokenId: string,
): Promise<TunnelledJob | null> {
  const rows = await sql.query<TunnelledJob>(
    `SELECT r.org_id AS "orgId", r.tunnel_name AS "tunnelName", a.status
       FROM attempts a
       JOIN runs r ON r.id = a.run_id
       JOIN devices d ON d.id = a.device_id
       JOIN agents g ON g.id = d.agent_id
      WHERE a.id = $1 AND a.try_number = $2 AND g.token_id = $3`,
    [ref.id, ref.tryNumber, agentTokenId],
  );
  return rows[0] ?? null;
}
