/**
 * step.decide: the brain decides the attempt's next step on the screen the agent
 * sent. An agent re-sends an unanswered request after a reconnect, possibly to
 * another replica: the step is stored with its request id, so the same answer comes
 * back from the database and the step is never decided (or counted) twice. A re-sent
 * request that arrives while the first is still being decided (the old connection's
 * model call under way) waits for that decision here; on another replica it runs, and
 * the second to store the step answers with the first one's.
 */
import type { StepDecide, StepDecision } from '@devicelab/shared';
import { ApiError } from '../../errors.js';
import type { AgentRecord } from '../../queries/agents.js';
import { findSession, findStepByRequest, type SessionRecord, type StepRecord } from '../../queries/sessions.js';
import type { AttemptWork } from '../../runs/attempts.js';
import type { AgentContext } from '../context.js';
import { heldAttempt } from '../held-attempt.js';

type Answer = Omit<StepDecision, 'type' | 'requestId'>;

/** Decisions under way in this process, by session and request id. */
const deciding = new Map<string, Promise<Answer>>();

export async function onStepDecide(ctx: AgentContext, agent: AgentRecord, m: StepDecide): Promise<void> {
  const reply = (answer: Answer) => ctx.send(agent.id, { type: 'step.decision', requestId: m.requestId, ...answer });
  const attempt = await heldAttempt(ctx, agent.id, m.jobId);
  const session = attempt?.sessionId ? await findSession(ctx.db, attempt.orgId, attempt.sessionId) : null;
  if (!attempt || !session) return void reply({ ok: false, error: 'this test is not running on this agent', ...NOTHING });
  const key = `${session.id} ${m.requestId}`;
  let answer = deciding.get(key);
  if (!answer) {
    answer = storedOrNewDecision(ctx, attempt, session, m);
    deciding.set(key, answer);
    const forget = () => void deciding.delete(key);
    answer.then(forget, forget);
  }
  reply(await answer);
}

/** The decision stored for this request, or a new one from the step engine. */
async function storedOrNewDecision(ctx: AgentContext, attempt: AttemptWork, session: SessionRecord, m: StepDecide): Promise<Answer> {
  const earlier = await findStepByRequest(ctx.db, session.id, m.requestId);
  if (earlier) return answerFrom(earlier);
  try {
    const r = await ctx.engine.decideStep({
      session,
      call: 'execute',
      command: m.command,
      values: attempt.values ?? {},
      pageSource: m.pageSource,
      screenshot: m.screenshot ? Buffer.from(m.screenshot, 'base64') : undefined,
      stepNumber: m.stepIndex,
      requestId: m.requestId,
      wait: m.waitedMs === undefined ? undefined : { waitedMs: m.waitedMs, settled: m.settled ?? true, mayRetry: m.mayRetry ?? false },
    });
    return {
      ok: true,
      actions: r.actions,
      kind: r.kind,
      finished: r.finished,
      failed: r.failed,
      reason: r.reason,
      screenshotKey: r.screenshotKey,
      retry: r.retry,
    };
  } catch (e) {
    // 502: the AI model could not answer (down, rate limited, timed out): not the test's fault.
    if (e instanceof ApiError) return { ok: false, error: e.detail, ...(e.status === 502 ? { blocked: true } : {}), ...NOTHING };
    // The same request decided at the same time on another replica stored its step first
    // (session_steps_request is unique): its answer is this one's.
    const stored = await findStepByRequest(ctx.db, session.id, m.requestId).catch(() => null);
    if (stored) return answerFrom(stored);
    // Answered with the request id: an untagged error would leave the agent waiting for its step timeout.
    console.error(`step.decide ${m.requestId} of job ${m.jobId} failed:`, e);
    return { ok: false, error: 'the control plane failed to decide this step (internal error)', ...NOTHING };
  }
}

const NOTHING: Omit<Answer, 'ok'> = { actions: [], finished: true, failed: false, reason: '', screenshotKey: null, retry: false };

function answerFrom(step: StepRecord): Answer {
  return {
    ok: true,
    actions: step.actions,
    kind: step.kind === 'code' ? undefined : step.kind,
    finished: step.finished ?? true,
    failed: step.outcome === 'failed',
    reason: step.reason ?? '',
    screenshotKey: step.screenshot,
    retry: false,
  };
}
