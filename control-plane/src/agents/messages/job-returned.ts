/**
 * job.rejected / job.released: the agent refused the offer or handed the attempt
 * back (shutting down). It goes back to the queue without counting a try, and that
 * device takes no work until its agent reports it ready again.
 */
import type { AgentMessage } from '@devicelab/shared';
import type { AgentRecord } from '../../queries/agents.js';
import { requeueAttempt } from '../../runs/transitions/requeue.js';
import type { AgentContext } from '../context.js';
import { heldAttempt } from '../held-attempt.js';
import { tearDownGivenUp } from '../verdicts.js';

type Returned = Extract<AgentMessage, { type: 'job.rejected' | 'job.released' }>;

export async function onJobReturned(ctx: AgentContext, agent: AgentRecord, m: Returned): Promise<void> {
  const attempt = await heldAttempt(ctx, agent.id, m.jobId);
  const outcome = attempt ? await requeueAttempt(ctx.db, attempt, 'offline') : null;
  if (attempt && outcome !== null && attempt.values) tearDownGivenUp(ctx)(attempt); // its pre-requests ran
  if (outcome === 'pending') ctx.publishWork();
  ctx.dispatch();
}
