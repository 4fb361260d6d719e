/**
 * step.event: what the device did with a decided step is that step's outcome
 * (docs/architecture.md#engine). A decision the model or the cache made whose action failed
 * on the device leaves the step cache, so the next run asks the model afresh.
 * Usage counts are unchanged: the step was decided, and counted, once.
 */
import type { StepEvent } from '@devicelab/shared';
import { cacheKeyOf } from '../../engine/step-engine.js';
import type { AgentRecord } from '../../queries/agents.js';
import { findSession, recordDeviceOutcome } from '../../queries/sessions.js';
import { forgetCachedDecision } from '../../queries/step-cache.js';
import type { AgentContext } from '../context.js';
import { heldAttempt } from '../held-attempt.js';

export async function onStepEvent(ctx: AgentContext, agent: AgentRecord, m: StepEvent): Promise<void> {
  const attempt = await heldAttempt(ctx, agent.id, m.jobId);
  if (!attempt?.sessionId) return; // a try already given up: its steps no longer matter
  const step = await recordDeviceOutcome(
    ctx.db,
    attempt.sessionId,
    { requestId: m.requestId, stepIndex: m.stepIndex },
    {
      outcome: m.outcome,
      error: m.error ?? null,
      ms: m.durationMs,
    },
  );
  if (!step || m.outcome !== 'failed' || (step.kind !== 'ai' && step.kind !== 'cached') || !step.fingerprint || step.call === 'code')
    return;
  const session = await findSession(ctx.db, attempt.orgId, attempt.sessionId);
  if (!session?.platform || step.stepIndex === null) return;
  await forgetCachedDecision(
    ctx.db,
    cacheKeyOf(session, session.platform, {
      call: step.call,
      command: step.command,
      stepIndex: step.stepIndex,
      fingerprint: step.fingerprint,
    }),
  );
}
