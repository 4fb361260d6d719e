/**
 * job.accepted: the attempt starts under its session. An offer that is no longer
 * wanted (cancelled, given up, another try) is cancelled on the agent.
 */
import type { AgentMessage } from '@devicelab/shared';
import { newId } from '../../ids.js';
import type { AgentRecord } from '../../queries/agents.js';
import type { AgentContext } from '../context.js';
import { heldAttempt } from '../held-attempt.js';

export async function onJobAccepted(
  ctx: AgentContext,
  agent: AgentRecord,
  m: Extract<AgentMessage, { type: 'job.accepted' }>,
): Promise<void> {
  const attempt = await heldAttempt(ctx, agent.id, m.jobId);
  const started = attempt && (await ctx.acceptAttempt(attempt, newId('ses')));
  if (!started) ctx.send(agent.id, { type: 'job.cancel', jobId: m.jobId, reason: 'this test is no longer waiting for a device' });
}
