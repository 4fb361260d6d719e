/**
 * Matches pending tests to idle devices and follows each test on its agent
 * (DESIGN.md sections 2 and 4). Woken at once by new work, a freed device or a
 * new device, so the happy path has no polling delay; a sweep every SWEEP_MS
 * retries the tests of lost agents and blocks tests that waited too long.
 *
 * On the wire a job id is `<run test id>.<attempt>`: a result from a try that was
 * already given up (its device was lost, the test moved on) is acknowledged and
 * ignored rather than mistaken for the new try's.
 */
import type { AgentMessage, JobOffer } from '@devicelab/shared';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import type { StepEngine } from '../engine/step-engine.js';
import { ApiError } from '../errors.js';
import { newId } from '../ids.js';
import * as agents from '../queries/agents.js';
import { findBuild } from '../queries/builds.js';
import * as jobs from '../queries/jobs.js';
import { insertSession, findSession, stopSession } from '../queries/sessions.js';
import type { AgentTokenRecord } from '../queries/agent-tokens.js';
import type { DispatcherApi } from './dispatcher-api.js';
import type { AgentHandlers, AgentHub } from './hub.js';
import { prepareValues, runTeardownQuietly } from './job-requests.js';

const wireId = (job: { id: string; attempt: number }) => `${job.id}.${job.attempt}`;
function parseWireId(wire: string): { id: string; attempt: number } | null {
  const match = /^(.+)\.(\d+)$/.exec(wire);
  return match ? { id: match[1]!, attempt: Number(match[2]) } : null;
}

export interface Dispatcher extends DispatcherApi, AgentHandlers {
  bind(hub: AgentHub): void;
  /** One sweep now (tests call it instead of waiting for the timer). */
  sweep(): Promise<void>;
  /** No more claims; resolves once offers under way have gone out (before the hub closes). */
  stop(): Promise<void>;
}

export function createDispatcher(deps: { db: Db; config: Config; engine: StepEngine }): Dispatcher {
  const { db, config, engine } = deps;
  let hub: AgentHub | null = null;
  let dispatching = false;
  let stopped = false;
  /** The dispatch loop and offers under way: a stopping process lets them finish first. */
  const inflight = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    inflight.add(work);
    void work.finally(() => inflight.delete(work)).catch(() => {});
    return work;
  };
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  /** The active job behind a wire id, if this agent's device runs this try of it. */
  async function activeJob(agentId: string, wire: string): Promise<jobs.JobRecord | null> {
    const ref = parseWireId(wire);
    const job = ref && (await jobs.findJob(db, ref.id));
    if (!job || job.attempt !== ref.attempt || (job.status !== 'offered' && job.status !== 'running') || !job.deviceId) return null;
    const device = await agents.findDevice(db, job.deviceId);
    return device?.agentId === agentId ? job : null;
  }

  function dispatch(): Promise<void> {
    return stopped ? Promise.resolve() : track(dispatchLoop());
  }

  async function dispatchLoop(): Promise<void> {
    if (!hub) return;
    if (dispatching) {
      again = true;
      return;
    }
    dispatching = true;
    try {
      do {
        again = false;
        // Tunnels are a later part of the product: none is connected yet.
        for (const failed of await jobs.failJobsWithoutTunnel(db, [])) await jobs.completeRunIfDone(db, failed.runId);
        while (!stopped) {
          const claimed = await db.transaction((tx) => jobs.claimNextJob(tx, hub!.connectedAgentIds()));
          if (!claimed) break;
          void track(offer(claimed.job, claimed.deviceId)).catch((e: unknown) => console.error(`offering ${claimed.job.id} failed:`, e));
        }
      } while (again);
    } finally {
      dispatching = false;
    }
  }

  async function offer(job: jobs.JobRecord, deviceId: string): Promise<void> {
    const device = await agents.findDevice(db, deviceId);
    const run = await jobs.findRunOfJob(db, job.runId);
    if (!device || !run) return void (await jobs.requeueJob(db, job.id, 'offline'));
    // Pre-requests run here, before the agent is involved; their failure is outside the app: blocked.
    const prepared = await prepareValues(job.snapshot);
    if (!prepared.ok) return finish(job, { status: 'blocked', statusMessage: prepared.message });
    await jobs.setJobValues(db, job.id, prepared.values);
    const build = run.buildId ? await findBuild(db, job.orgId, run.buildId) : null;
    const message: JobOffer = {
      type: 'job.offer', jobId: wireId(job), runId: job.runId, testId: job.testId, title: job.title, attempt: job.attempt,
      serial: device.serial, platform: device.platform,
      build: build && {
        buildId: build.id, downloadUrl: `${config.baseUrl}/agent/builds/${build.id}`, sha256: build.sha256,
        sizeBytes: build.sizeBytes, kind: build.kind, fileName: build.fileName,
      },
      packageName: run.packageName, commands: job.snapshot.commands, launchParams: job.snapshot.launchParams,
      values: prepared.values, stepTimeoutSeconds: config.stepTimeoutSeconds, record: false,
    };
    if (!hub?.send(device.agentId, message)) await jobs.requeueJob(db, job.id, 'offline');
  }

  async function finish(job: jobs.JobRecord, verdict: jobs.Verdict): Promise<void> {
    const finished = await jobs.finishJob(db, job.id, verdict);
    if (!finished) return;
    if (finished.sessionId) await stopSession(db, finished.orgId, finished.sessionId, verdict.status === 'succeeded' ? 'succeeded' : 'failed');
    await jobs.completeRunIfDone(db, finished.runId);
    runTeardownQuietly(finished, verdict.status);
    void dispatch();
  }

  async function lose(jobId: string, runId: string, why: string): Promise<void> {
    const job = await jobs.findJob(db, jobId);
    if (job?.sessionId) await stopSession(db, job.orgId, job.sessionId, 'failed');
    const run = await jobs.findRunOfJob(db, runId);
    if (run?.status === 'cancelled' && job) return finish(job, { status: 'blocked', statusMessage: 'The run was cancelled' });
    if ((await jobs.loseJob(db, jobId, why)) === 'blocked') await jobs.completeRunIfDone(db, runId);
  }

  async function onMessage(agent: agents.AgentRecord, m: AgentMessage): Promise<void> {
    switch (m.type) {
      case 'hello': {
        await agents.upsertDevices(db, agent, m.devices);
        await agents.markMissingDevicesOffline(db, agent.id, m.devices.map((d) => d.serial));
        // Tests the agent no longer knows (it restarted) are lost; the ones it still runs carry on.
        const known = new Set(m.jobs.map((j) => parseWireId(j.jobId)?.id));
        for (const job of await jobs.activeJobsOfAgent(db, agent.id)) {
          if (!known.has(job.id)) await lose(job.id, job.runId, 'the agent restarted without it');
        }
        return; // dispatching waits for the welcome (welcomed below)
      }
      case 'heartbeat':
        return agents.touchAgent(db, agent.id);
      case 'device.added':
      case 'device.changed':
        await agents.upsertDevices(db, agent, [m.device]);
        return void dispatch();
      case 'device.removed': {
        await agents.setDeviceOffline(db, agent.id, m.serial);
        for (const job of await jobs.activeJobsOfAgent(db, agent.id)) {
          const current = await jobs.findJob(db, job.id);
          const device = current?.deviceId ? await agents.findDevice(db, current.deviceId) : null;
          if (device?.serial === m.serial) await lose(job.id, job.runId, `device ${m.serial} disconnected`);
        }
        return void dispatch();
      }
      case 'job.accepted': {
        const job = await activeJob(agent.id, m.jobId);
        const run = job && (await jobs.findRunOfJob(db, job.runId));
        if (!job || !run || run.status === 'cancelled') {
          hub?.send(agent.id, { type: 'job.cancel', jobId: m.jobId, reason: 'this test is no longer waiting for a device' });
          return;
        }
        const session = await insertSession(db, { id: newId('ses'), orgId: job.orgId, apiKeyId: run.apiKeyId, testId: job.testId, platform: job.platform });
        if (!(await jobs.startJob(db, job.id, session.id))) await stopSession(db, job.orgId, session.id, 'failed');
        return;
      }
      case 'job.rejected':
      case 'job.released': {
        const job = await activeJob(agent.id, m.jobId);
        if (job) {
          if (job.sessionId) await stopSession(db, job.orgId, job.sessionId, 'failed');
          // Refused or given back: that device is not taking work until the agent reports it ready again.
          await jobs.requeueJob(db, job.id, 'offline');
        }
        return void dispatch();
      }
      case 'step.decide':
        return decideStep(agent, m);
      case 'step.event':
        return; // the step itself was recorded when it was decided
      case 'job.result': {
        const job = await activeJob(agent.id, m.jobId);
        if (job) {
          const status = m.verdict === 'cancelled' ? 'blocked' : m.verdict;
          const statusMessage = m.verdict === 'cancelled' ? 'The run was cancelled' : m.statusMessage;
          await finish(job, { status, statusMessage, failedStep: m.failedStep, durationSeconds: m.durationSeconds, recordingKey: m.recordingKey });
        }
        hub?.send(agent.id, { type: 'job.result.ack', jobId: m.jobId });
        return;
      }
    }
  }

  // Agents re-send an unanswered step.decide after a reconnect; answering it from here
  // keeps the step from being decided (and counted) twice.
  const answered = new Map<string, Record<string, unknown>>();
  const ANSWERS_KEPT = 2000;

  async function decideStep(agent: agents.AgentRecord, m: Extract<AgentMessage, { type: 'step.decide' }>): Promise<void> {
    const key = `${agent.id}/${m.requestId}`;
    const reply = (answer: Record<string, unknown>) => {
      answered.set(key, answer);
      if (answered.size > ANSWERS_KEPT) answered.delete(answered.keys().next().value!);
      hub?.send(agent.id, { type: 'step.decision', requestId: m.requestId, ...answer } as never);
    };
    const earlier = answered.get(key);
    if (earlier) return reply(earlier);
    const job = await activeJob(agent.id, m.jobId);
    const session = job?.sessionId ? await findSession(db, job.orgId, job.sessionId) : null;
    if (!job || !session) return void reply({ ok: false, error: 'this test is not running on this agent' });
    try {
      const r = await engine.decide({
        session, call: 'execute', command: m.command, values: job.values ?? {}, pageSource: m.pageSource,
        screenshot: m.screenshot ? Buffer.from(m.screenshot, 'base64') : undefined, stepNumber: m.stepIndex,
      });
      reply({ ok: true, actions: r.actions, kind: r.kind, finished: r.finished, failed: r.failed, reason: r.reason, screenshotKey: r.screenshotKey });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      reply({ ok: false, error: e.detail });
    }
  }

  async function sweep(): Promise<void> {
    const connected = new Set(hub?.connectedAgentIds() ?? []);
    for (const agentId of await agents.listSilentAgents(db, config.agentLostSeconds)) {
      if (connected.has(agentId)) continue; // a live socket: heartbeats may just be slow
      for (const job of await jobs.activeJobsOfAgent(db, agentId)) {
        await lose(job.id, job.runId, `agent ${agentId} stopped answering`);
      }
    }
    await jobs.requeueStaleOffers(db, Math.max(30, config.agentLostSeconds * 3));
    for (const blocked of await jobs.blockOverdueJobs(db, config.runDeviceWaitSeconds)) await jobs.completeRunIfDone(db, blocked.runId);
    await dispatch();
  }

  return {
    bind(h) {
      hub = h;
      timer = setInterval(() => void track(sweep()).catch((e: unknown) => console.error('dispatcher sweep failed:', e)), config.sweepMs);
      timer.unref();
    },
    wake: () => void dispatch().catch((e: unknown) => console.error('dispatch failed:', e)),
    cancel(jobIds, reason) {
      void (async () => {
        for (const id of jobIds) {
          const job = await jobs.findJob(db, id);
          if (!job || !job.deviceId) continue;
          const device = await agents.findDevice(db, job.deviceId);
          const sent = device && hub?.send(device.agentId, { type: 'job.cancel', jobId: wireId(job), reason });
          if (!sent) await finish(job, { status: 'blocked', statusMessage: 'The run was cancelled' });
        }
      })().catch((e: unknown) => console.error('cancel failed:', e));
    },
    sweep,
    async stop() {
      if (timer) clearInterval(timer);
      stopped = true;
      while (inflight.size > 0) await Promise.allSettled([...inflight]);
    },
    async hello(token: AgentTokenRecord, m) {
      const agent = await agents.upsertAgent(db, {
        id: m.agentId, tokenId: token.id, orgId: token.orgId, hostname: m.hostname, version: m.agentVersion, capabilities: m.capabilities,
      });
      return agent ?? { refuse: `agent id ${m.agentId} is registered with another agent token`, code: 4401 };
    },
    message: onMessage,
    welcomed: () => void dispatch().catch((e: unknown) => console.error('dispatch failed:', e)),
    async disconnected(agent) {
      await agents.disconnectAgent(db, agent.id);
    },
  };
}
