import { runTeardownQuietly } from '../runs/around-requests.js';
import { finishAttempt, type Verdict } from '../runs/transitions/finish.js';
import type { AttemptRef } from '../runs/transitions/ref.js';
import type { AgentContext } from './context.js';

/** Records a verdict (once), runs the test's teardown requests, and offers the freed device new work. */
export async function recordVerdict(ctx: AgentContext, ref: AttemptRef, verdict: Verdict): Promise<void> {
  const finished = await finishAttempt(ctx.db, ref, verdict);
  if (!finished) return;
  runTeardownQuietly(finished, verdict.status);
  ctx.dispatch();
}
