/**
 * The parts of the dispatch-latency benchmarks (dispatch.ts: one control plane;
 * dispatch-replicas.ts: the run created on another replica than the agent's): what a round
 * needs, one round, the baselines, the blocks they alternate in, and the closing check that
 * every run completed.
 *
 * A round: POST /tests/execute, then the `job.offer` at the fake agent, both stamped on this
 * process's clock (performance.now()); the agent answers job.accepted and job.result
 * (succeeded, 0 s) and waits for job.result.ack, so the device is free for the next round.
 */
import type http from 'node:http';
import { type CpuProbe, cpuDelta, cpuSnapshot } from './cpu.js';
import type { BenchAgent } from './fake-agent.js';
import { sendJson, sendTimed } from './http.js';
import type { RunFixture } from './runs-setup.js';
import { type Summary, summarise } from './stats.js';

/** Where requests go: a control plane (one replica) and a keep-alive connection to it. */
export interface Endpoint {
  url: URL;
  http: http.Agent;
}

/** One round's times (ms). */
export interface RoundTimes {
  runId: string;
  /** offer arrival − response arrival; negative: the offer came first. */
  offerAfterResponse: number;
  /** offer arrival − request start. */
  offerAfterRequest: number;
  /** The execute request itself: response arrival − request start. */
  executeResponse: number;
  /** After the offer: job.accepted + job.result sent → job.result.ack received. */
  resultAck: number;
  /** performance.now() of the request's start, the response's end and the offer's arrival, to set other events against. */
  at: { start: number; response: number; offer: number };
}

/** One dispatch round with the execute request sent to `via`; the agent may be connected elsewhere. */
export async function dispatchRound(via: Endpoint, agent: BenchAgent, f: RunFixture): Promise<RoundTimes> {
  const reply = await sendTimed(via.url, via.http, {
    method: 'POST',
    path: '/tests/execute',
    headers: { ...f.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ organisationId: f.organisationId, buildId: f.buildId, testIds: [f.testId] }),
  });
  if (reply.status !== 200) throw new Error(`execute: ${reply.status} ${reply.body.toString('utf8').slice(0, 300)}`);
  const run = JSON.parse(reply.body.toString('utf8')) as { runId: string };
  const offer = await agent.next('job.offer', 10_000);
  if (offer.message.runId !== run.runId || offer.message.testId !== f.testId) {
    throw new Error(`offer for run ${offer.message.runId} test ${offer.message.testId}, expected run ${run.runId} test ${f.testId}`);
  }
  if (offer.message.build?.buildId !== f.buildId) throw new Error(`offer without the build: ${JSON.stringify(offer.message.build)}`);
  const jobId = offer.message.jobId;
  const answeredAt = performance.now();
  agent.send({ type: 'job.accepted', jobId });
  agent.send({ type: 'job.result', jobId, verdict: 'succeeded', durationSeconds: 0 });
  const ack = await agent.next('job.result.ack', 10_000);
  if (ack.message.jobId !== jobId) throw new Error(`ack for ${ack.message.jobId}, expected ${jobId}`);
  if (agent.problems.length) throw new Error(`the agent got: ${agent.problems.join('; ')}`);
  return {
    runId: run.runId,
    offerAfterResponse: offer.at - reply.endAt,
    offerAfterRequest: offer.at - reply.startAt,
    executeResponse: reply.endAt - reply.startAt,
    resultAck: ack.at - answeredAt,
    at: { start: reply.startAt, response: reply.endAt, offer: offer.at },
  };
}

export interface DispatchSummary {
  rounds: number;
  offerAfterResponse: Summary;
  offerAfterRequest: Summary;
  executeResponse: Summary;
  resultAck: Summary;
  /** Rounds in which the offer arrived before the response. */
  offerFirst: number;
}

export function summariseRounds(rounds: readonly RoundTimes[]): DispatchSummary {
  const of = (k: Exclude<keyof RoundTimes, 'runId' | 'at'>) => summarise(rounds.map((r) => r[k]));
  return {
    rounds: rounds.length,
    offerAfterResponse: of('offerAfterResponse'),
    offerAfterRequest: of('offerAfterRequest'),
    executeResponse: of('executeResponse'),
    resultAck: of('resultAck'),
    offerFirst: rounds.filter((r) => r.offerAfterResponse < 0).length,
  };
}

/** The measures of a DispatchSummary as the reports name them, in their order. */
export const DISPATCH_MEASURES = [
  ['offer − execute response (dispatch latency)', 'offerAfterResponse'],
  ['offer − execute request start', 'offerAfterRequest'],
  ['POST /tests/execute response', 'executeResponse'],
  ['job.accepted + job.result → job.result.ack', 'resultAck'],
] as const;

/** The dispatch target (lab agents issue, issue 9): p50 of offer − response under 20 ms. */
const DISPATCH_TARGET_P50_MS = 20;

/** The target on one series, printed as met or missed, and answered for the JSON result. */
export function dispatchTarget(series: string, s: DispatchSummary): { target: string; p50: number; met: boolean } {
  const t = {
    target: `dispatch latency (job.offer − execute response) p50 < ${DISPATCH_TARGET_P50_MS} ms (${series})`,
    p50: s.offerAfterResponse.p50,
    met: s.offerAfterResponse.p50 < DISPATCH_TARGET_P50_MS,
  };
  console.log(`target: ${t.target}: ${t.p50} ms -> ${t.met ? 'MET' : 'MISSED'}`);
  return t;
}

/** The HTTP baseline: an authenticated GET /runs/{id} (a key lookup and two queries), in ms. */
export async function timeGetRun(via: Endpoint, auth: Record<string, string>, runId: string): Promise<number> {
  const r = await sendTimed(via.url, via.http, { method: 'GET', path: `/runs/${runId}`, headers: auth });
  if (r.status !== 200) throw new Error(`GET /runs: ${r.status} ${r.body.toString('utf8').slice(0, 300)}`);
  return r.endAt - r.startAt;
}

/**
 * Runs every series `rounds` times, in blocks of `block` one series after the other, so that
 * a drift of the machine touches them all alike. Answers the CPU time each series used, per
 * probe entry, in ms.
 */
export async function inAlternatingBlocks(
  opts: { rounds: number; block: number; probe: CpuProbe },
  series: Record<string, () => Promise<unknown>>,
): Promise<Record<string, Record<string, number>>> {
  const cpu: Record<string, Record<string, number>> = Object.fromEntries(Object.keys(series).map((name) => [name, {}]));
  for (let done = 0; done < opts.rounds; done += opts.block) {
    const n = Math.min(opts.block, opts.rounds - done);
    for (const [name, step] of Object.entries(series)) {
      const before = cpuSnapshot(opts.probe);
      for (let i = 0; i < n; i++) await step();
      for (const [k, ms] of Object.entries(cpuDelta(before, cpuSnapshot(opts.probe)))) cpu[name]![k] = (cpu[name]![k] ?? 0) + ms;
    }
  }
  return cpu;
}

/**
 * Every run of the organisation is `completed` with its one test succeeded, and there are
 * `expected` of them: the rounds did what they claim. Throws otherwise.
 */
export async function checkRunsSucceeded(
  via: Endpoint,
  auth: Record<string, string>,
  expected: number,
): Promise<{ completedRuns: number; succeeded: number; expected: number }> {
  let completedRuns = 0;
  let succeeded = 0;
  let cursor: string | null = null;
  do {
    const page: { status: number; body: { runs: Array<{ succeededCount: number }>; nextCursor: string | null } } = await sendJson(
      via.url,
      via.http,
      {
        method: 'GET',
        path: `/runs?status=completed&limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        headers: auth,
      },
    );
    if (page.status !== 200) throw new Error(`GET /runs: ${page.status} ${JSON.stringify(page.body)}`);
    completedRuns += page.body.runs.length;
    succeeded += page.body.runs.reduce((s, r) => s + r.succeededCount, 0);
    cursor = page.body.nextCursor;
  } while (cursor);
  if (completedRuns !== expected || succeeded !== expected) {
    throw new Error(
      `expected ${expected} completed runs with one succeeded test each, found ${completedRuns} runs, ${succeeded} succeeded`,
    );
  }
  return { completedRuns, succeeded, expected };
}
