/**
 * Device utilisation: how close a run's wall-clock time comes to the ideal, through the real
 * product. The production entry (control-plane/src/main.ts) runs as a child process; one real
 * lab agent (lab-agent/src/agent.ts) runs in this process with --devices virtual Android
 * handsets (its in-process virtual adb server), connected over the real WebSocket. Tests are
 * created, generated (offline model) and run through the public API with an uploaded .apk.
 *
 *   node --import tsx scripts/bench/utilisation.ts [--backend both|postgres|pglite] [--devices 8]
 *        [--tests 40] [--wait 1.5] [--long 4] [--long-wait 8] [--short-wait 1] [--handsets in-agent|own-process]
 *        [--uploads both|after-verdict|before-verdict] [--cpu-prof DIR]
 *
 * --cpu-prof writes the control plane's V8 CPU profile to DIR/<backend> (where its time goes).
 *
 * --uploads: when the agent uploads each test's recording and device log (lab-agent/src/jobs.ts
 * artifactUploads). `both` (the default) measures the agents that upload before the verdict
 * (the baseline) and after it (the product's default), each with tests and an agent of its
 * own, on the same server, one after the other.
 *
 * --handsets own-process runs the virtual handsets' adb server as a child process
 * (virtual-devices/src/serve.ts) that the agent reaches as it would Google's adb server: the
 * handsets' screenshots and recordings then no longer take the agent's own thread.
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
 * connection to the next offer arriving (the control plane's share), all means in ms (they add
 * up, but for those after the verdict, marked "after": uploads in the background).
 *
 * Two ideals. The issue's: the tests' own `wait`s (tests × wait / devices; max(total /
 * devices, longest) for the skewed runs). Every step also reads its screen and asks the
 * control plane for its decision; a `wait:` step counts both towards its wait
 * (lab-agent/src/runner.ts), other steps settle the screen first (screen-settle.ts). "Ratio to
 * the measured test time" divides instead by the tests' own time as measured on the devices
 * (first step's start to last step's end): what is left above 1 is the time between tests alone.
 *
 * Target (scheduler issue): both uniform ratios and the second skewed run within 1.1× of the
 * ideal, on both backends.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance as perf } from 'node:perf_hooks';
import { startAgent } from '../../lab-agent/src/agent.js';
import type { JobPhase } from '../../lab-agent/src/runner.js';
import { type Backend, backendsFlag, runOnBackends } from './lib/backends.js';
import { type CpuProbe, cpuDelta, cpuSnapshot } from './lib/cpu.js';
import { keepAliveAgent, sendJson } from './lib/http.js';
import { describeMachine, type Machine, machineLine } from './lib/machine.js';
import { repoRoot } from './lib/paths.js';
import { flag, printTable, writeRunResult } from './lib/report.js';
import { createReadyTest, createSharedAgentToken, uploadSampleApk } from './lib/runs-setup.js';
import { type ChildServer, createOrganisation, freePort } from './lib/server.js';
import { round } from './lib/stats.js';

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

const DEVICES = Number(flag('devices', '8'));
const TESTS = Number(flag('tests', '40'));
const WAIT = Number(flag('wait', '1.5'));
const LONG = Number(flag('long', '4'));
const LONG_WAIT = Number(flag('long-wait', '8'));
const SHORT_WAIT = Number(flag('short-wait', '1'));
const TARGET_RATIO = 1.1;
const HANDSETS = flag('handsets', 'in-agent');
if (HANDSETS !== 'in-agent' && HANDSETS !== 'own-process') throw new Error('--handsets is in-agent or own-process');

const backends = backendsFlag('both');
const CPU_PROF = flag('cpu-prof', '');
const POLL_MS = Number(flag('poll-ms', '25'));
type Uploads = 'after-verdict' | 'before-verdict';
const UPLOADS_FLAG = flag('uploads', 'both');
if (!['both', 'after-verdict', 'before-verdict'].includes(UPLOADS_FLAG))
  throw new Error('--uploads is both, after-verdict or before-verdict');
const UPLOAD_MODES: Uploads[] = UPLOADS_FLAG === 'both' ? ['before-verdict', 'after-verdict'] : [UPLOADS_FLAG as Uploads];
const PHASES: JobPhase[] = [
  'offered',
  'build',
  'installed',
  'cleared',
  'launched',
  'recording',
  'screen',
  'decided',
  'steps',
  'stopped',
  'uploaded',
  'result',
];

/** One timed run of this benchmark, as its report row (not the API's run result). */
interface TimedRun {
  name: string;
  /** When the agent uploaded recordings and device logs. */
  uploads: Uploads;
  tests: number;
  wallSeconds: number;
  idealSeconds: number;
  ratio: number;
  /**
   * Against the tests' own time as measured on the devices (first step's start to last step's
   * end: settling screens, decisions and waits), so only the time between tests counts.
   */
  measuredIdealSeconds: number;
  measuredRatio: number;
  /** From the execute request to the first offer arriving at the agent, ms. */
  runStartMs: number;
  /** From the last verdict handed to the connection to GET /runs/{id} answering completed, ms. */
  runEndMs: number;
  /** Mean ms from one phase to the next (e.g. `launched→recording`), over the run's tests. */
  phasesMs: Record<string, number>;
  /** Mean ms per device from a verdict handed to the connection to the next offer arriving. */
  verdictToOfferMs: number;
  /** Mean ms a test's steps took beyond its waits (screen capture, decision round trips). */
  stepOverheadMs: number;
  /** Mean ms of a device's time per test outside the test's waits: offer to offer, minus the wait. */
  perTestOverheadMs: number;
  /**
   * CPU during the run, % of one core: the control plane, PostgreSQL (0 on PGlite), and this
   * process (the agent with its in-agent handsets, and the benchmark's polling); the machine has
   * few cores, so a sum near their number means the parties waited for each other.
   */
  cpuPercent: Record<string, number>;
  /** Share of the run the agent's thread was busy (event loop utilisation): its handsets' screens and recordings run there too. */
  agentThreadBusy: number;
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
console.log(`machine: ${machineLine(machine)}; handsets: ${HANDSETS}; uploads: ${UPLOAD_MODES.join(', then ')}`);
const started = performance.now();

const results = await runOnBackends(
  backends,
  { entry: 'main', nodeArgs: (backend) => (CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}/${backend}`] : []) },
  async ({ backend, server, probe, onCleanup }) => benchBackend(backend, server, probe, onCleanup),
);
report(results);

async function benchBackend(
  backend: Backend,
  server: ChildServer,
  probe: CpuProbe,
  onCleanup: (fn: () => unknown) => void,
): Promise<BackendResult> {
  const org = await createOrganisation(server, 'Utilisation bench');
  const token = await createSharedAgentToken(server);
  const buildId = await uploadSampleApk(server, org.apiKey);
  const http = keepAliveAgent(2);
  onCleanup(() => http.destroy());
  const auth = { authorization: `Bearer ${org.apiKey}` };
  const runs: TimedRun[] = [];
  for (const uploads of UPLOAD_MODES) runs.push(...(await benchAgent(uploads)));
  return { backend, runs };

  /** One agent's four runs, on tests of their own (so the skewed first run knows no durations). */
  async function benchAgent(uploads: Uploads): Promise<TimedRun[]> {
    const make = async (n: number, title: string, wait: number) => {
      const ids: string[] = [];
      for (let i = 0; i < n; i++) ids.push(await createReadyTest(server, org.apiKey, `${title} ${i + 1} (${uploads})`, [`wait: ${wait}`]));
      return ids;
    };
    const uniform = await make(TESTS, 'Uniform', WAIT);
    const skewed = [...(await make(TESTS - LONG, 'Short', SHORT_WAIT)), ...(await make(LONG, 'Long', LONG_WAIT))];
    console.log(`[${backend}] ${uniform.length + skewed.length} tests ready; the agent uploads ${uploads}`);

    // Phase times per job, and per device the time its last verdict was handed over.
    const trace = new Map<string, Partial<Record<JobPhase, number>>>();
    const gaps: number[] = [];
    const lastResult = new Map<string, number>();
    const offeredAt = new Map<string, number[]>();
    const stateDir = mkdtempSync(join(tmpdir(), 'devicelab-bench-agent-'));
    const handsets = HANDSETS === 'own-process' ? await startHandsetsProcess(onCleanup) : null;
    const agent = await startAgent({
      controlPlaneUrl: server.url.href.replace(/\/$/, ''),
      token,
      ...(handsets ? { adbHost: '127.0.0.1', adbPort: handsets.port } : { virtualDevices: DEVICES }),
      stateDir,
      log: () => {},
      drainSeconds: 0,
      artifactUploads: uploads,
      trace(jobId, serial, phase) {
        const now = performance.now();
        // A previous run's uploads, finishing after this run began, are not this run's.
        if (phase !== 'offered' && !trace.has(jobId)) return;
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
    const stopAgent = async () => {
      await agent.stop({ drainSeconds: 0 });
      rmSync(stateDir, { recursive: true, force: true });
    };
    onCleanup(stopAgent);
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
      const cpuBefore = cpuSnapshot(probe);
      const eluBefore = perf.eventLoopUtilization();
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
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
      const tEnd = performance.now();
      const agentThreadBusy = perf.eventLoopUtilization(eluBefore).utilization;
      const cpu = cpuDelta(cpuBefore, cpuSnapshot(probe));
      const wallSeconds = (tEnd - t0) / 1000;
      // The last tests' uploads after their verdicts: counted in the breakdown, and not left to overlap the next run.
      for (const until = Date.now() + 15_000; Date.now() < until && [...trace.values()].some((j) => j.uploaded === undefined); )
        await new Promise((r) => setTimeout(r, 25));
      if (run.status !== 'completed' || run.succeededTests.length !== testIds.length) {
        throw new Error(`${name}: run ended ${run.status} with ${run.succeededTests.length} of ${testIds.length} succeeded`);
      }
      const total = waits.reduce((a, b) => a + b, 0);
      const idealSeconds = Math.max(total / DEVICES, Math.max(...waits));
      const jobs = [...trace.values()];
      const testSpans = jobs.map((j) => (j.steps! - j.recording!) / 1000);
      const measuredIdealSeconds = Math.max(testSpans.reduce((a, b) => a + b, 0) / DEVICES, Math.max(...testSpans));
      const phasesMs: Record<string, number> = {};
      // Between consecutive phases the agent reported (an older agent reports fewer of them), in
      // the order they came: uploads after the verdict come after `result`, off the device's path.
      const since = (p: JobPhase) => mean(jobs.map((j) => j[p]! - j.offered!));
      const reported = PHASES.filter((p) => jobs.every((j) => j[p] !== undefined)).sort((a, b) => since(a) - since(b));
      const afterVerdict = (p: JobPhase) => reported.indexOf(p) > reported.indexOf('result');
      for (let i = 0; i + 1 < reported.length; i++) {
        const from = reported[i]!;
        const to = reported[i + 1]!;
        phasesMs[`${from}→${to}${afterVerdict(to) ? ' (after)' : ''}`] = round(mean(jobs.map((j) => j[to]! - j[from]!)), 1);
      }
      const stepOverheadMs = round(mean(jobs.map((j) => j.steps! - j.recording!)) - mean(waits) * 1000, 1);
      const perTest: number[] = [];
      for (const times of offeredAt.values()) for (let i = 1; i < times.length; i++) perTest.push(times[i]! - times[i - 1]!);
      const result: TimedRun = {
        name,
        uploads,
        tests: testIds.length,
        wallSeconds: round(wallSeconds, 2),
        idealSeconds: round(idealSeconds, 2),
        ratio: round(wallSeconds / idealSeconds, 3),
        measuredIdealSeconds: round(measuredIdealSeconds, 2),
        measuredRatio: round(wallSeconds / measuredIdealSeconds, 3),
        runStartMs: round(Math.min(...jobs.map((j) => j.offered!)) - t0, 1),
        runEndMs: round(tEnd - Math.max(...jobs.map((j) => j.result!)), 1),
        phasesMs,
        verdictToOfferMs: round(mean(gaps), 1),
        stepOverheadMs,
        perTestOverheadMs: waits.every((w) => w === waits[0]) ? round(mean(perTest) - waits[0]! * 1000, 1) : NaN,
        cpuPercent: Object.fromEntries(Object.entries(cpu).map(([k, ms]) => [k, round((ms / (tEnd - t0)) * 100, 0)])),
        agentThreadBusy: round(agentThreadBusy, 2),
      };
      console.log(
        `[${backend}, uploads ${uploads}] ${name}: ${result.wallSeconds} s, ideal ${result.idealSeconds} s, ratio ${result.ratio}; ` +
          `against the measured test time ${result.measuredIdealSeconds} s: ${result.measuredRatio}`,
      );
      return result;
    }

    const skewWaits = [...Array(TESTS - LONG).fill(SHORT_WAIT), ...Array(LONG).fill(LONG_WAIT)];
    const runs = [
      await timedRun('uniform, cold devices', uniform, Array(TESTS).fill(WAIT)),
      await timedRun('uniform, warm', uniform, Array(TESTS).fill(WAIT)),
      await timedRun('skewed, first run', skewed, skewWaits),
      await timedRun('skewed, second run', skewed, skewWaits),
    ];
    await stopAgent();
    return runs;
  }
}

/** The virtual handsets' adb server in a process of its own; its port once it listens. */
async function startHandsetsProcess(onCleanup: (fn: () => unknown) => void): Promise<{ port: number }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'virtual-devices', 'src', 'serve.ts'), '--port', String(port), '--devices', String(DEVICES)],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  onCleanup(() => child.kill('SIGTERM'));
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the handsets' adb server exited with ${code}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('virtual adb server on')) resolve();
    });
  });
  return { port };
}

function report(all: BackendResult[]): void {
  printTable(
    'Wall-clock time against the ideal (max(total test time / devices, longest test))',
    ['run', 'backend', 'uploads', 'wall s', 'ideal s', 'ratio', 'target', 'measured test time s', 'ratio to it'],
    all.flatMap((b) =>
      b.runs.map((r) => [
        r.name,
        b.backend,
        r.uploads,
        r.wallSeconds,
        r.idealSeconds,
        r.ratio,
        r.name === 'skewed, first run' ? '-' : `≤ ${TARGET_RATIO}`,
        r.measuredIdealSeconds,
        r.measuredRatio,
      ]),
    ),
  );
  const phaseNames = [...new Set(all.flatMap((b) => b.runs.flatMap((r) => Object.keys(r.phasesMs))))];
  printTable(
    "Where a device's time goes (means, ms, so the phases add up; agent clock)",
    ['run', 'backend', 'uploads', 'run start', 'verdict→offer', ...phaseNames, 'steps beyond waits', 'per test beyond wait', 'run end'],
    all.flatMap((b) =>
      b.runs.map((r) => [
        r.name,
        b.backend,
        r.uploads,
        r.runStartMs,
        r.verdictToOfferMs,
        ...phaseNames.map((p) => r.phasesMs[p] ?? NaN),
        r.stepOverheadMs,
        r.perTestOverheadMs,
        r.runEndMs,
      ]),
    ),
  );
  printTable(
    'CPU during each run (% of one core; the machine has ' + machine.cores + ' cores) and the agent thread busy',
    ['run', 'backend', 'uploads', 'control plane %', 'PostgreSQL %', 'agent + handsets + bench %', 'agent thread busy'],
    all.flatMap((b) =>
      b.runs.map((r) => [
        r.name,
        b.backend,
        r.uploads,
        r.cpuPercent.server ?? NaN,
        r.cpuPercent.postgres ?? NaN,
        r.cpuPercent.client ?? NaN,
        r.agentThreadBusy,
      ]),
    ),
  );
  writeRunResult('utilisation', {
    machine,
    started,
    params: {
      handsets: HANDSETS,
      uploads: UPLOAD_MODES,
      devices: DEVICES,
      tests: TESTS,
      wait: WAIT,
      long: LONG,
      longWait: LONG_WAIT,
      shortWait: SHORT_WAIT,
    },
    results: all,
    targets: [{ what: 'uniform and second skewed run: wall / ideal', max: TARGET_RATIO }],
  });
}
