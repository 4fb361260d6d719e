/**
 * hello: the agent (re)connected. Attempts it no longer knows (it restarted) are
 * lost; the ones it still runs, or holds a result for, carry on. Its devices are
 * registered only after that, so each device's state derives from what still runs
 * on it: a restarted agent's devices come back online instead of staying `busy`
 * with nothing on them (that stalled runs until a control-plane restart).
 *
 * A job it still runs that nobody wants any more (cancelled while the agent was away,
 * or the cancel was lost on its way) is cancelled again once the agent has its
 * welcome, and its device stays `busy` until that job's result: offered work would
 * only be refused meanwhile, and a refusal parks the device offline.
 */
import type { Hello } from '@devicelab/shared';
import { type AgentRecord, markMissingDevicesOffline, type ReportedJob, unwantedJobs, upsertDevices } from '../../queries/agents.js';
import { activeAttemptsOfAgent } from '../../runs/attempts.js';
import { CANCELLED_MESSAGE } from '../../runs/transitions/cancel.js';
import { loseAttempt } from '../../runs/transitions/lose.js';
import type { AgentContext } from '../context.js';
import { tearDownGivenUp } from '../verdicts.js';
import { parseWireId, toWireId } from '../wire-id.js';

export async function onHello(ctx: AgentContext, agent: AgentRecord, m: Hello): Promise<void> {
  const known = new Set(m.jobs.map((j) => j.jobId));
  let requeued = false;
  for (const held of await activeAttemptsOfAgent(ctx.db, agent.id)) {
    if (known.has(toWireId(held))) continue;
    requeued = (await loseAttempt(ctx.db, held, 'the agent restarted without it', tearDownGivenUp(ctx))) === 'retried' || requeued;
  }
  const unwanted = await unwantedJobs(ctx.db, agent.id, runningJobs(m));
  await upsertDevices(
    ctx.db,
    agent,
    m.devices,
    unwanted.flatMap((j) => j.serial ?? []),
  );
  await markMissingDevicesOffline(
    ctx.db,
    agent.id,
    m.devices.map((d) => d.serial),
  );
  if (requeued) ctx.publishWork();
  // This agent's own devices are offered work once it has its welcome (hub.ts).
}

/** After the welcome (a cancel needs the socket): every job the agent runs that nobody wants is cancelled. */
export async function cancelUnwantedJobs(ctx: AgentContext, agent: AgentRecord, m: Hello): Promise<void> {
  for (const job of await unwantedJobs(ctx.db, agent.id, runningJobs(m))) {
    ctx.send(agent.id, {
      type: 'job.cancel',
      jobId: job.jobId,
      reason: job.runCancelled ? CANCELLED_MESSAGE : 'this try of the test is over',
    });
  }
}

export function reportedJob(jobId: string): ReportedJob {
  const ref = parseWireId(jobId);
  return { jobId, attemptId: ref?.id ?? jobId, tryNumber: ref?.tryNumber ?? 0 };
}

const runningJobs = (m: Hello) => m.jobs.filter((j) => j.state === 'running').map((j) => reportedJob(j.jobId));
