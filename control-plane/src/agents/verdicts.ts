import { runTeardownQuietly } from '../runs/around-requests.js';
import { finishAttempt, type Verdict } from '../runs/transitions/finish.js';
import type { AttemptRef } from '../runs/transitions/ref.js';
import { findRunOfAttempt } from '../runs/run-queries.js';
import { tunnelDialer } from '../tunnels/tunnel-dialer.js';
import type { AgentContext } from './context.js';

/** Records a verdict (once), runs the test's teardown requests, and offers the freed device new work. */
export async function recordVerdict(ctx: AgentContext, ref: AttemptRef, verdict: Verdict): Promise<void> {
  const finished = await finishAttempt(ctx.db, ref, verdict);
  if (!finished) return;
  // Teardown through a tunnel needs the run's tunnel name; the common case reads nothing more.
  const throughTunnel = finished.snapshot.teardownRequests.some((t) => t.throughTunnel);
  const run = throughTunnel ? await findRunOfAttempt(ctx.db, finished.runId) : null;
  runTeardownQuietly(finished, verdict.status, run ? tunnelDialer(ctx.tunnels, finished.orgId, run.tunnelName) : undefined, ctx.config.requests);
  ctx.dispatch();
}
