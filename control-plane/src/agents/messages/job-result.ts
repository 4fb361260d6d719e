/**
 * job.result: the verdict of one try, acknowledged always (the agent re-sends until
 * it is), recorded only for the try this agent's device still holds. The end of a try
 * nobody wanted any more frees the device its hello kept busy (hello.ts).
 */
import type { JobResult } from '@devicelab/shared';
import { type AgentRecord, freeDeviceOfEndedJob } from '../../queries/agents.js';
import { CANCELLED_MESSAGE } from '../../runs/transitions/cancel.js';
import { loseAttempt } from '../../runs/transitions/lose.js';
import type { AgentContext } from '../context.js';
import { heldAttempt } from '../held-attempt.js';
import { recordVerdict, tearDownGivenUp } from '../verdicts.js';
import { parseWireId } from '../wire-id.js';
import { reportedJob } from './hello.js';

export async function onJobResult(ctx: AgentContext, agent: AgentRecord, m: JobResult): Promise<void> {
  if (!(await handled(ctx, agent, m)) && (await freeDeviceOfEndedJob(ctx.db, agent.id, reportedJob(m.jobId)))) ctx.dispatch();
  ctx.send(agent.id, { type: 'job.result.ack', jobId: m.jobId });
}

/** Whether the result was for the try this agent's device holds (and is now recorded). */
async function handled(ctx: AgentContext, agent: AgentRecord, m: JobResult): Promise<boolean> {
  if (m.deviceLost) {
    const attempt = await heldAttempt(ctx, agent.id, m.jobId);
    if (!attempt) return false;
    // As a device.removed under the try (the device is marked offline until the agent reports it
    // ready again): retried once, preferring another device; then blocked with this reason.
    if ((await loseAttempt(ctx.db, attempt, m.statusMessage, tearDownGivenUp(ctx))) === 'retried') ctx.publishWork();
    ctx.dispatch();
    return true;
  }
  const ref = parseWireId(m.jobId);
  if (!ref) return false;
  // Whether this agent's device holds the try is asked in the verdicts' batch statement: a wave
  // of results made a read each before it, queued for the pool (scripts/bench/lab-scale.ts).
  const cancelled = m.verdict === 'cancelled';
  return recordVerdict(
    ctx,
    ref,
    {
      status: m.verdict === 'cancelled' ? 'blocked' : m.verdict,
      statusMessage: cancelled ? CANCELLED_MESSAGE : m.statusMessage,
      failedStep: m.failedStep,
      durationSeconds: m.durationSeconds,
      recordingKey: m.recordingKey,
      deviceLogKey: m.deviceLogKey,
      recordingPending: m.recordingPending,
      deviceLogPending: m.deviceLogPending,
    },
    agent.id,
  );
}
