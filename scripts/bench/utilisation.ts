/**
 * Device utilisation: how close a run's wall-clock time comes to the ideal, through the real
 * product. The production entry (control-plane/src/main.ts) runs as a child process; one real
 * lab agent (lab-agent/src/agent.ts) runs in this process with --devices virtual Android
 * handsets (its in-process virtual adb server), connected over the real WebSocket. Tests are
 * created, generated (offline model) and run through the public API with an uploaded .apk.
 *
 *   node --import tsx scripts/bench/utilisation.ts [--backend both|postgres|pglite] [--devices 8]
 *        [--tests 40] [--wait 1.5] [--long 4] [--long-wait 8] [--short-wait 1]
 *
 * Runs, each timed from the execute request to GET /runs/{id} answering `completed` (polled
 * every 25 ms):
 * - uniform (cold, then warm): --tests tests of `wait: <--wait>`, first on fresh devices (the
 *   build is installed during the run), then again. Ideal: tests × wait / devices.
 * - skewed (first, then second run): --long tests of `wait: <--long-wait>` listed last and the
 *   rest of `wait: <--short-wait>`. The bound: max(total / devices, longest). The first run
 *   knows no durations (run order); the second has each test's last duration (longest first).
 *
 * Where a device's time goes: the agent's job phases (lab-agent/src/runner.ts JobPhase, on
 * this process's clock) per test, and per device the gap from a verdict handed to the
 * connection to the next offer arriving (the control plane's share), all medians in ms.
 *
 * Target (scheduler issue): both uniform ratios and the second skewed run within 1.1× of the
 * ideal, on both backends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAgent } from '../../lab-agent/src/agent.js';
import type { JobPhase } from '../../lab-agent/src/runner.js';
import { type Backend, backendsFlag, runOnBackends } from './lib/backends.js';
import { keepAliveAgent, sendJson } from './lib/http.js';
import { describeMachine, type Machine, machineLine } from './lib/machine.js';
import { flag, printTable, writeRunResult } from './lib/report.js';
import { createReadyTest, createSharedAgentToken, uploadSampleApk } from './lib/runs-setup.js';
import { type ChildServer, createOrganisation } from './lib/server.js';
import { median, round } from './lib/stats.js';

const DEVICES = Number(flag('devices', '8'));
const TESTS = Number(flag('tests', '40'));
const WAIT = Number(flag('wait', '1.5'));
const LONG = Number(flag('long', '4'));
const LONG_WAIT = Number(flag('long-wait', '8'));
const SHORT_WAIT = Number(flag('short-wait', '1'));
const TARGET_RATIO = 1.1;

const backends = backendsFlag('both');
const PHASES: JobPhase[] = ['offered', 'build', 'installed', 'cleared', 'launched', 'recording', 'steps', 'uploaded', 'result'];

/** One timed run of this benchmark, as its report row (not the API's run result). */
interface TimedRun {
  name: string;
  tests: number;
  wallSeconds: number;
  idealSeconds: number;
  ratio: number;
  /** Median ms from one phase to the next (e.g. `launched→recording`), over the run's tests. */
  phasesMs: Record<string, number>;
  /** Median ms per device from a verdict handed to the connection to the next offer arriving. */
  verdictToOfferMs: number;
  /** Median ms a test's steps took beyond its waits (screen capture, decision round trips). */
  stepOverheadMs: number;
  /** Median ms of a device's time per test outside the test's waits: offer to offer, minus the wait. */
  perTestOverheadMs: number;
}

interface BackendResult {
  backend: Backend;
  runs: TimedRun[];
}

const machine: Machine = describeMachine();
console.log(
  `utilisation benchmark: ${DEVICES} virtual handsets, ${TESTS} × wait ${WAIT} s; skewed ${LONG} × ${LONG_WAIT} s + ` +
    `${TESTS - LONG} × ${SHORT_WAIT} s; production entry (main.ts), backends: ${backends.join(', ')}`,
);
console.log(`machine: ${machineLine(machine)}`);
const started = performance.now();

const results = await runOnBackends(backends, { entry: 'main' }, async ({ backend, server, onCleanup }) =>
  benchBackend(backend, server, onCleanup),
);
report(results);

async function benchBackend(backend: Backend, server: ChildServer, onCleanup: (fn: () => unknown) => void): Promise<BackendResult> {
  const org = await createOrganisation(server, 'Utilisation bench');
  const token = await createSharedAgentToken(server);
  const buildId = await uploadSampleApk(server, org.apiKey);
  const http = keepAliveAgent(2);
  onCleanup(() => http.destroy());
  const auth = { authorization: `Bearer ${org.apiKey}` };

  const make = async (n: number, title: string, wait: number) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push(await createReadyTest(server, org.apiKey, `${title} ${i + 1}`, [`wait: ${wait}`]));
    return ids;
  };
  const uniform = await make(TESTS, 'Uniform', WAIT);
  const skewed = [...(await make(TESTS - LONG, 'Short', SHORT_WAIT)), ...(await make(LONG, 'Long', LONG_WAIT))];
  console.log(`[${backend}] ${uniform.length + skewed.length} tests ready`);

  // Phase times per job, and per device the time its last verdict was handed over.
  const trace = new Map<string, Partial<Record<JobPhase, number>>>();
  const gaps: number[] = [];
  const lastResult = new Map<string, number>();
  const offeredAt = new Map<string, number[]>();
  const stateDir = mkdtempSync(join(tmpdir(), 'devicelab-bench-agent-'));
  const agent = await startAgent({
    controlPlaneUrl: server.url.href.replace(/\/$/, ''),
    token,
    virtualDevices: DEVICES,
    stateDir,
    log: () => {},
    drainSeconds: 0,
    trace(jobId, serial, phase) {
      const now = performance.now();
      const t = trace.get(jobId) ?? {};
      t[phase] = now;
      trace.set(jobId, t);
      if (phase === 'offered') {
        const last = lastResult.get(serial);
        if (last !== undefined) gaps.push(now - last);
        offeredAt.set(serial, [...(offeredAt.get(serial) ?? []), now]);
      }
      if (phase === 'result') lastResult.set(serial, now);
    },
  });
  onCleanup(async () => {
    await agent.stop({ drainSeconds: 0 });
    rmSync(stateDir, { recursive: true, force: true });
  });
  const deadline = Date.now() + 30_000;
  while (agent.devices().filter((d) => d.ready).length < DEVICES || agent.connectionState !== 'connected') {
    if (Date.now() > deadline) throw new Error(`only ${agent.devices().length} of ${DEVICES} devices came up`);
    await new Promise((r) => setTimeout(r, 50));
  }
  await new Promise((r) => setTimeout(r, 500)); // the hello's devices registered

  async function timedRun(name: string, testIds: string[], waits: number[]): Promise<TimedRun> {
    trace.clear();
    gaps.length = 0;
    lastResult.clear();
    offeredAt.clear();
    const t0 = performance.now();
    const res = await sendJson<{ runId: string }>(server.url, http, {
      method: 'POST',
      path: '/tests/execute',
      headers: auth,
      json: { organisationId: org.organisationId, buildId, testIds },
    });
    if (res.status !== 200) throw new Error(`execute: ${res.status} ${JSON.stringify(res.body)}`);
    let run: { status: string; succeededTests: unknown[] };
    for (;;) {
      run = (await sendJson<typeof run>(server.url, http, { method: 'GET', path: `/runs/${res.body.runId}`, headers: auth })).body;
      if (run.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const wallSeconds = (performance.now() - t0) / 1000;
    if (run.status !== 'completed' || run.succeededTests.length !== testIds.length) {
      throw new Error(`${name}: run ended ${run.status} with ${run.succeededTests.length} of ${testIds.length} succeeded`);
    }
    const total = waits.reduce((a, b) => a + b, 0);
    const idealSeconds = Math.max(total / DEVICES, Math.max(...waits));
    const jobs = [...trace.values()];
    const phasesMs: Record<string, number> = {};
    for (let i = 0; i + 1 < PHASES.length; i++) {
      const from = PHASES[i]!;
      const to = PHASES[i + 1]!;
      const spans = jobs.filter((j) => j[from] !== undefined && j[to] !== undefined).map((j) => j[to]! - j[from]!);
      if (spans.length > 0) phasesMs[`${from}→${to}`] = round(median(spans), 1);
    }
    // Waits are per test; with uniform waits the median wait is the wait.
    const stepOverheadMs = round(median(jobs.map((j) => j.steps! - j.recording!)) - median(waits) * 1000, 1);
    const perTest: number[] = [];
    for (const times of offeredAt.values()) for (let i = 1; i < times.length; i++) perTest.push(times[i]! - times[i - 1]!);
    const result: TimedRun = {
      name,
      tests: testIds.length,
      wallSeconds: round(wallSeconds, 2),
      idealSeconds: round(idealSeconds, 2),
      ratio: round(wallSeconds / idealSeconds, 3),
      phasesMs,
      verdictToOfferMs: round(median(gaps), 1),
      stepOverheadMs,
      perTestOverheadMs: waits.every((w) => w === waits[0]) ? round(median(perTest) - waits[0]! * 1000, 1) : NaN,
    };
    console.log(`[${backend}] ${name}: ${result.wallSeconds} s, ideal ${result.idealSeconds} s, ratio ${result.ratio}`);
    return result;
  }

  const skewWaits = [...Array(TESTS - LONG).fill(SHORT_WAIT), ...Array(LONG).fill(LONG_WAIT)];
  const runs = [
    await timedRun('uniform, cold devices', uniform, Array(TESTS).fill(WAIT)),
    await timedRun('uniform, warm', uniform, Array(TESTS).fill(WAIT)),
    await timedRun('skewed, first run', skewed, skewWaits),
    await timedRun('skewed, second run', skewed, skewWaits),
  ];
  return { backend, runs };
}

function report(all: BackendResult[]): void {
  printTable(
    'Wall-clock time against the ideal (max(total test time / devices, longest test))',
    ['run', 'backend', 'wall s', 'ideal s', 'ratio', 'target'],
    all.flatMap((b) =>
      b.runs.map((r) => [
        r.name,
        b.backend,
        r.wallSeconds,
        r.idealSeconds,
        r.ratio,
        r.name === 'skewed, first run' ? '-' : `≤ ${TARGET_RATIO}`,
      ]),
    ),
  );
  const phaseNames = [...new Set(all.flatMap((b) => b.runs.flatMap((r) => Object.keys(r.phasesMs))))];
  printTable(
    "Where a device's time goes (medians, ms; agent clock)",
    ['run', 'backend', 'verdict→offer', ...phaseNames, 'steps beyond waits', 'per test beyond wait'],
    all.flatMap((b) =>
      b.runs.map((r) => [
        r.name,
        b.backend,
        r.verdictToOfferMs,
        ...phaseNames.map((p) => r.phasesMs[p] ?? NaN),
        r.stepOverheadMs,
        r.perTestOverheadMs,
      ]),
    ),
  );
  writeRunResult('utilisation', {
    machine,
    started,
    params: { devices: DEVICES, tests: TESTS, wait: WAIT, long: LONG, longWait: LONG_WAIT, shortWait: SHORT_WAIT },
    results: all,
    targets: [{ what: 'uniform and second skewed run: wall / ideal', max: TARGET_RATIO }],
  });
}
