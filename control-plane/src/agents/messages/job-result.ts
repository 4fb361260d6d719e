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
import { reportedJob } from './hello.js';

export async function onJobResult(ctx: AgentContext, agent: AgentRecord, m: JobResult): Promise<void> {
  const attempt = await heldAttempt(ctx, agent.id, m.jobId);
  if (attempt && m.deviceLost) {
    // As a device.removed under the try (the device is marked offline until the agent reports it
    // ready again): retried once, preferring another device; then blocked with this reason.
    if ((await loseAttempt(ctx.db, attempt, m.statusMessage, tearDownGivenUp(ctx))) === 'retried') ctx.publishWork();
    ctx.dispatch();
  } else if (attempt) {
    const cancelled = m.verdict === 'cancelled';
    await recordVerdict(ctx, attempt, {
      status: m.verdict === 'cancelled' ? 'blocked' : m.verdict,
      statusMessage: cancelled ? CANCELLED_MESSAGE : m.statusMessage,
      failedStep: m.failedStep,
      durationSeconds: m.durationSeconds,
      recordingKey: m.recordingKey,
      deviceLogKey: m.deviceLogKey,
      recordingPending: m.recordingPending,
      deviceLogPending: m.deviceLogPending,
    });
  } else if (await freeDeviceOfEndedJob(ctx.db, agent.id, reportedJob(m.jobId))) {
    ctx.dispatch();
  }
  ctx.send(agent.id, { type: 'job.result.ack', jobId: m.jobId });
}
