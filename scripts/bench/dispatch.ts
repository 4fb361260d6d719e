/**
 * Dispatch latency: from POST /tests/execute's response to the lab agent receiving the test
 * (`job.offer`). The production entry (control-plane/src/main.ts) runs as a child process; one
 * fake lab agent (scripts/bench/lib/fake-agent.ts) with one Android emulator is connected over
 * the real WebSocket. Each round: the execute request is sent, the time its response arrives
 * and the time the offer frame arrives at the agent are taken on this process's clock
 * (performance.now()); then the agent answers job.accepted and job.result (succeeded, 0 s),
 * waits for job.result.ack (the device is free again) and the next round starts.
 *
 *   node --import tsx scripts/bench/dispatch.ts [--backend postgres|pglite|both] [--rounds 300]
 *        [--warmup 30] [--block 25] [--gap-ms 0]
 *
 * Baselines in the same run, alternating with the rounds in blocks of --block: a WebSocket
 * ping → pong on the agent's connection to the same server, and the HTTP round trip of an
 * authenticated GET /runs/{id} on the same keep-alive connection as the execute requests.
 *
 * Target (lab agents issue): p50 of (offer − response) under 20 ms. That difference can be
 * negative when the offer overtakes the response; it is reported as measured, beside
 * (offer − request start).
 */
import http from 'node:http';
import { backendsFlag, runOnBackends, type Backend, type BackendRun } from './lib/backends.js';
import { cpuDelta, cpuSnapshot, type CpuProbe } from './lib/cpu.js';
import { androidEmulator, connectBenchAgent } from './lib/fake-agent.js';
import { keepAliveAgent, sendJson } from './lib/http.js';
import { describeMachine, machineLine, type Machine } from './lib/machine.js';
import { flag, printTable, writeRunResult } from './lib/report.js';
import { createReadyTest, createSharedAgentToken, uploadSampleApk } from './lib/runs-setup.js';
import { createOrganisation, type ChildServer } from './lib/server.js';
import { round, summarise, type Summary } from './lib/stats.js';

const TARGET_P50_MS = 20;
const ROUNDS = Number(flag('rounds', '300'));
const WARMUP = Number(flag('warmup', '30'));
const BLOCK = Number(flag('block', '25'));
const GAP_MS = Number(flag('gap-ms', '0'));

const backends = backendsFlag('postgres');

interface BackendResult {
  backend: Backend;
  rounds: number;
  /** offer arrival − response arrival (ms); negative: the offer came first. */
  offerAfterResponse: Summary;
  /** offer arrival − request start (ms). */
  offerAfterRequest: Summary;
  /** The execute request itself: response arrival − request start (ms). */
  executeResponse: Summary;
  /** Rounds in which the offer arrived before the response. */
  offerFirst: number;
  /** After the offer: job.accepted + job.result sent → job.result.ack received (ms). */
  resultAck: Summary;
  baseline: { wsPing: Summary; httpGetRun: Summary };
  /** CPU per dispatch round (execute, offer, accept, result, ack), ms. */
  cpuMsPerRound: Record<string, number>;
  check: { completedRuns: number; succeeded: number; expected: number };
}

const machine: Machine = describeMachine();
console.log(`dispatch benchmark: ${ROUNDS} rounds after ${WARMUP} warm-up, blocks of ${BLOCK}, gap ${GAP_MS} ms, ` +
  `production entry (main.ts), backends: ${backends.join(', ')}`);
console.log(`machine: ${machineLine(machine)}`);

const started = performance.now();
const results = await runOnBackends(backends, { entry: 'main', env: { AGENT_HEARTBEAT_MS: '5000' } },
  ({ backend, server, probe, onCleanup }) => benchBackend(backend, server, probe, onCleanup));

report(results);

interface Timed {
  status: number;
  body: Buffer;
  /** performance.now() just before the request is written, and when the last byte of the response arrived. */
  startAt: number;
  endAt: number;
}

/** A request on a keep-alive agent with absolute times on this process's clock (performance.now()). */
function timedRequest(base: URL, agent: http.Agent, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const buf = body === undefined ? undefined : Buffer.from(body);
    const h: Record<string, string | number> = { ...headers };
    if (buf) {
      h['content-type'] = 'application/json';
      h['content-length'] = buf.length;
    }
    const startAt = performance.now();
    const req = http.request({ host: base.hostname, port: base.port, method, path, headers: h, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), startAt, endAt: performance.now() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(buf);
  });
}

async function benchBackend(
  backend: Backend, server: ChildServer, probe: CpuProbe, onCleanup: BackendRun['onCleanup'],
): Promise<BackendResult> {
  const httpAgent = keepAliveAgent(1);
  const org = await createOrganisation(server, 'Dispatch bench org');
  const auth = { authorization: `Bearer ${org.apiKey}` };
  const token = await createSharedAgentToken(server);
  const buildId = await uploadSampleApk(server, org.apiKey);
  const testId = await createReadyTest(server, org.apiKey, 'Log in', ['Tap the Log in button', 'assertVisible: "Products"']);
  console.log(`[${backend}] organisation ${org.organisationId}, build ${buildId}, test ${testId} ready on Android`);

  const agent = await connectBenchAgent(server.url, token, { agentId: 'bench-dispatch-agent', devices: [androidEmulator('emulator-5554')] });
  onCleanup(() => agent.close());
  const welcome = await agent.welcomed;
  console.log(`[${backend}] agent welcomed in ${(welcome.at - agent.startedAt).toFixed(1)} ms (heartbeat every ${welcome.message.heartbeatIntervalMs} ms)`);

  const executeBody = JSON.stringify({ organisationId: org.organisationId, buildId, testIds: [testId] });
  const runIds: string[] = [];
  const samples = { offerAfterResponse: [] as number[], offerAfterRequest: [] as number[], executeResponse: [] as number[], resultAck: [] as number[] };
  let offerFirst = 0;
  const cpu: Record<string, number> = {};

  const dispatchRound = async (record: boolean) => {
    const reply = await timedRequest(server.url, httpAgent, 'POST', '/tests/execute', auth, executeBody);
    if (reply.status !== 200) throw new Error(`execute: ${reply.status} ${reply.body.toString('utf8').slice(0, 300)}`);
    const run = JSON.parse(reply.body.toString('utf8')) as { runId: string; status: string };
    const offer = await agent.next('job.offer', 10_000);
    if (offer.message.runId !== run.runId || offer.message.testId !== testId) {
      throw new Error(`offer for run ${offer.message.runId} test ${offer.message.testId}, expected run ${run.runId} test ${testId}`);
    }
    if (offer.message.build?.buildId !== buildId) throw new Error(`offer without the build: ${JSON.stringify(offer.message.build)}`);
    const jobId = offer.message.jobId;
    const answeredAt = performance.now();
    agent.send({ type: 'job.accepted', jobId });
    agent.send({ type: 'job.result', jobId, verdict: 'succeeded', durationSeconds: 0 });
    const ack = await agent.next('job.result.ack', 10_000);
    if (ack.message.jobId !== jobId) throw new Error(`ack for ${ack.message.jobId}, expected ${jobId}`);
    runIds.push(run.runId);
    if (record) {
      samples.offerAfterResponse.push(offer.at - reply.endAt);
      samples.offerAfterRequest.push(offer.at - reply.startAt);
      samples.executeResponse.push(reply.endAt - reply.startAt);
      samples.resultAck.push(ack.at - answeredAt);
      if (offer.at < reply.endAt) offerFirst++;
    }
    if (agent.problems.length) throw new Error(`the agent got: ${agent.problems.join('; ')}`);
    if (GAP_MS > 0) await new Promise((r) => setTimeout(r, GAP_MS));
  };

  const wsPing: number[] = [];
  const httpGet: number[] = [];
  const getRun = async () => {
    const r = await timedRequest(server.url, httpAgent, 'GET', `/runs/${runIds[runIds.length - 1]}`, auth);
    if (r.status !== 200) throw new Error(`GET /runs: ${r.status} ${r.body.toString('utf8').slice(0, 300)}`);
    return r.endAt - r.startAt;
  };

  for (let i = 0; i < WARMUP; i++) await dispatchRound(false);
  for (let i = 0; i < Math.min(WARMUP, 50); i++) {
    await agent.ping();
    await getRun();
  }
  for (let done = 0; done < ROUNDS; done += BLOCK) {
    const n = Math.min(BLOCK, ROUNDS - done);
    const before = cpuSnapshot(probe);
    for (let i = 0; i < n; i++) await dispatchRound(true);
    const d = cpuDelta(before, cpuSnapshot(probe));
    for (const [k, ms] of Object.entries(d)) cpu[k] = (cpu[k] ?? 0) + ms;
    for (let i = 0; i < n; i++) wsPing.push(await agent.ping());
    for (let i = 0; i < n; i++) httpGet.push(await getRun());
  }

  // Every run completed with its one test succeeded: the rounds did what they claim.
  let completedRuns = 0;
  let succeeded = 0;
  let cursor: string | null = null;
  do {
    const page: { status: number; body: { runs: Array<{ status: string; succeededCount: number }>; nextCursor: string | null } } = await sendJson(server.url, httpAgent, {
      method: 'GET', path: `/runs?status=completed&limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, headers: auth,
    });
    if (page.status !== 200) throw new Error(`GET /runs: ${page.status} ${JSON.stringify(page.body)}`);
    completedRuns += page.body.runs.length;
    succeeded += page.body.runs.reduce((s, r) => s + r.succeededCount, 0);
    cursor = page.body.nextCursor;
  } while (cursor);
  const check = { completedRuns, succeeded, expected: runIds.length };
  if (completedRuns !== runIds.length || succeeded !== runIds.length) {
    throw new Error(`expected ${runIds.length} completed runs with one succeeded test each, found ${completedRuns} runs, ${succeeded} succeeded`);
  }
  httpAgent.destroy();

  const n = samples.offerAfterResponse.length;
  const result: BackendResult = {
    backend,
    rounds: n,
    offerAfterResponse: summarise(samples.offerAfterResponse),
    offerAfterRequest: summarise(samples.offerAfterRequest),
    executeResponse: summarise(samples.executeResponse),
    offerFirst,
    resultAck: summarise(samples.resultAck),
    baseline: { wsPing: summarise(wsPing), httpGetRun: summarise(httpGet) },
    cpuMsPerRound: Object.fromEntries(Object.entries(cpu).map(([k, ms]) => [k, round(ms / Math.max(1, n), 3)])),
    check,
  };
  console.log(`[${backend}] p50: offer − response ${result.offerAfterResponse.p50} ms, offer − request ${result.offerAfterRequest.p50} ms, ` +
    `execute ${result.executeResponse.p50} ms, ws ping ${result.baseline.wsPing.p50} ms, GET /runs/{id} ${result.baseline.httpGetRun.p50} ms; ` +
    `${check.completedRuns} runs completed, ${offerFirst} of ${n} offers before the response`);
  return result;
}

function report(results: BackendResult[]) {
  const rows: Array<Array<string | number>> = [];
  for (const r of results) {
    const line = (label: string, s: Summary) => rows.push([`${r.backend}: ${label}`, s.n, s.min, s.p50, s.p95, s.p99, s.max]);
    line('offer − execute response (dispatch latency)', r.offerAfterResponse);
    line('offer − execute request start', r.offerAfterRequest);
    line('POST /tests/execute response', r.executeResponse);
    line('job.accepted + job.result → job.result.ack', r.resultAck);
    line('WebSocket ping → pong, same connection (baseline)', r.baseline.wsPing);
    line('GET /runs/{id}, same HTTP connection (baseline)', r.baseline.httpGetRun);
  }
  printTable('Dispatch, one agent with one emulator, sequential rounds (ms, on the benchmark process\'s clock)',
    ['measure', 'n', 'min', 'p50', 'p95', 'p99', 'max'], rows);
  printTable('CPU time per dispatch round (ms; 10 ms ticks from /proc, averaged)', ['backend', 'control plane', 'PostgreSQL', 'benchmark process', 'offer before response'],
    results.map((r) => [r.backend, r.cpuMsPerRound.server!, r.backend === 'postgres' ? r.cpuMsPerRound.postgres! : '(in server)', r.cpuMsPerRound.client!, `${r.offerFirst} of ${r.rounds}`]));

  const targets = results.map((r) => ({
    target: `dispatch latency (job.offer − execute response) p50 < ${TARGET_P50_MS} ms (${r.backend})`,
    p50: r.offerAfterResponse.p50,
    met: r.offerAfterResponse.p50 < TARGET_P50_MS,
  }));
  console.log('');
  for (const t of targets) console.log(`target: ${t.target}: ${t.p50} ms -> ${t.met ? 'MET' : 'MISSED'}`);
  writeRunResult('dispatch', {
    machine,
    started,
    params: { rounds: ROUNDS, warmup: WARMUP, block: BLOCK, gapMs: GAP_MS, entry: 'main', backends },
    results,
    targets,
  });
}
