import { runTeardownQuietly } from '../runs/around-requests.js';
import type { AttemptWork } from '../runs/attempts.js';
import { findRunOfAttempt } from '../runs/run-queries.js';
import type { Verdict } from '../runs/transitions/finish.js';
import type { AttemptRef, OnGivenUp } from '../runs/transitions/ref.js';
import { tunnelDialer } from '../tunnels/tunnel-dialer.js';
import type { AgentContext } from './context.js';

/**
 * Records a verdict (once) and runs the test's teardown requests; the freed device is offered
 * new work as soon as the verdict commits (verdict-batches.ts). With `agentId`, only while that
 * agent's device holds the try. Answers whether it was recorded.
 */
export async function recordVerdict(ctx: AgentContext, ref: AttemptRef, verdict: Verdict, agentId?: string): Promise<boolean> {
  const finished = await ctx.finishAttempt(ref, verdict, agentId);
  if (finished) await tearDown(ctx, finished, verdict.status);
  return finished !== null;
}

/**
 * Starts a try's teardown requests (runOn by `outcome`) with the {{values}} its
 * pre-requests remembered, without waiting for them. Call once per try, after the
 * transition that ended the try committed: a verdict, or a try given up by requeue
 * or loss (as `blocked`: the test did not succeed on it), whose values the
 * transition has just cleared, so pass the attempt as read before it.
 */
export async function tearDown(ctx: AgentContext, attempt: AttemptWork, outcome: Verdict['status']): Promise<void> {
  if (attempt.snapshot.teardownRequests.length === 0) return;
  // Teardown through a tunnel needs the run's tunnel name; the common case reads nothing more.
  const throughTunnel = attempt.snapshot.teardownRequests.some((t) => t.throughTunnel);
  const run = throughTunnel ? await findRunOfAttempt(ctx.db, attempt.runId) : null;
  runTeardownQuietly(attempt, outcome, run ? tunnelDialer(ctx.tunnels, attempt.orgId, run.tunnelName) : undefined, ctx.config.requests);
}

/**
 * For transitions that give a try up other than by a verdict (lost, handed back, a stale
 * offer): its teardown runs as for a blocked test, after the commit, at most once per try.
 */
export function tearDownGivenUp(ctx: AgentContext): OnGivenUp {
  return (attempt) => void tearDown(ctx, attempt, 'blocked').catch((e) => console.error(`teardown of ${attempt.id} failed:`, e));
}
