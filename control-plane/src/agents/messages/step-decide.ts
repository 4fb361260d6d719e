/**
 * step.decide: the brain decides the attempt's next step on the screen the agent
 * sent. An agent re-sends an unanswered request after a reconnect, possibly to
 * another replica: the step is stored with its request id, so the same answer comes
 * back from the database and the step is never decided (or counted) twice.
 */
import type { StepDecide, StepDecision } from '@devicelab/shared';
import { ApiError } from '../../errors.js';
import type { AgentRecord } from '../../queries/agents.js';
import { findSession, findStepByRequest, type StepRecord } from '../../queries/sessions.js';
import type { AgentContext } from '../context.js';
import { heldAttempt } from '../held-attempt.js';

type Answer = Omit<StepDecision, 'type' | 'requestId'>;

export async function onStepDecide(ctx: AgentContext, agent: AgentRecord, m: StepDecide): Promise<void> {
  const reply = (answer: Answer) => ctx.send(agent.id, { type: 'step.decision', requestId: m.requestId, ...answer });
  const attempt = await heldAttempt(ctx, agent.id, m.jobId);
  const session = attempt?.sessionId ? await findSession(ctx.db, attempt.orgId, attempt.sessionId) : null;
  if (!attempt || !session) return void reply({ ok: false, error: 'this test is not running on this agent', ...NOTHING });
  const earlier = await findStepByRequest(ctx.db, session.id, m.requestId);
  if (earlier) return void reply(answerFrom(earlier));
  try {
    const r = await ctx.engine.decide({
      session, call: 'execute', command: m.command, values: attempt.values ?? {}, pageSource: m.pageSource,
      screenshot: m.screenshot ? Buffer.from(m.screenshot, 'base64') : undefined, stepNumber: m.stepIndex, requestId: m.requestId,
    });
    reply({ ok: true, actions: r.actions as Answer['actions'], kind: r.kind, finished: r.finished, failed: r.failed, reason: r.reason, screenshotKey: r.screenshotKey });
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    reply({ ok: false, error: e.detail, ...NOTHING });
  }
}

const NOTHING: Omit<Answer, 'ok'> = { actions: [], finished: true, failed: false, reason: '', screenshotKey: null };

function answerFrom(step: StepRecord): Answer {
  return {
    ok: true, actions: step.actions as Answer['actions'], kind: step.kind === 'code' ? undefined : step.kind,
    finished: step.finished ?? true, failed: step.outcome === 'failed', reason: step.reason ?? '', screenshotKey: step.screenshot,
  };
}
