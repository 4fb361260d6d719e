/**
 * A device's time between two tests, through Google's adb server beside the in-agent fake
 * adb server, in one run: the real control plane (child process), the real lab agent
 * (in-process) and one virtual handset, reached either way.
 *
 * "Between two tests" is, on the device, from the previous test's verdict (the agent
 * stopping its screen recording: `pkill -INT screenrecord`) to the next test's first step
 * (the agent's `log -t DeviceLab 'step 1 begins'` marker): pulling and uploading the
 * recording and the device log, the verdict, the next offer, `pm clear`, `logcat -c` and
 * the follow, the launch, the crash check and the next `screenrecord`. Both times are
 * taken where the virtual device runs the commands (a wrapper around its shell), so the
 * two paths are timed at the same place.
 *
 *   node --import tsx scripts/bench/android-between-tests.ts [--tests 8] [--rounds 3]
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningAgent, startAgent } from '../../lab-agent/src/agent.js';
import { startVirtualAndroidDevices, type VirtualDevice } from '../../virtual-devices/src/index.js';
import { startRealAdbServer } from '../fixtures/real-adb.js';
import { keepAliveAgent, sendJson } from './lib/http.js';
import { describeMachine, machineLine } from './lib/machine.js';
import { flag, printTable, writeRunResult } from './lib/report.js';
import { createReadyTest, prepareRunFixture } from './lib/runs-setup.js';
import { startServer } from './lib/server.js';
import { summarise } from './lib/stats.js';

const started = performance.now();
const tests = Number(flag('tests', '8'));
const rounds = Number(flag('rounds', '3'));
const machine = describeMachine();

/** Times (ms, performance.now) at which the device ran each command line. */
function watchShell(device: VirtualDevice): Array<{ at: number; command: string }> {
  const seen: Array<{ at: number; command: string }> = [];
  const run = device.runShell.bind(device);
  device.runShell = (command, streams, signal) => {
    seen.push({ at: performance.now(), command });
    return run(command, streams, signal);
  };
  return seen;
}

/** Gaps between the end of one test and the first step of the next, from the device's commands. */
function gaps(seen: Array<{ at: number; command: string }>): number[] {
  const out: number[] = [];
  let verdict: number | null = null;
  for (const { at, command } of seen) {
    if (command.startsWith('pkill -INT screenrecord')) verdict = at;
    else if (/^log -t DeviceLab '?step 1 begins/.test(command) && verdict !== null) {
      out.push(at - verdict);
      verdict = null;
    }
  }
  return out;
}

const server = await startServer({ entry: 'main' });
const work = mkdtempSync(join(tmpdir(), 'devicelab-bench-between-'));
const adb = await startRealAdbServer();
const doors = await startVirtualAndroidDevices({ count: 1, portBase: 0 });
try {
  const fixture = await prepareRunFixture(server, 'Bench between tests');
  const testIds: string[] = [];
  for (let i = 1; i <= tests; i += 1)
    testIds.push(await createReadyTest(server, fixture.apiKey, `Launch ${i}`, ['assertVisible: "Log in"']));
  await adb.connect(doors.devices[0]!.serial);
  const realDevice = doors.devices[0]!.device;
  const realSeen = watchShell(realDevice);
  const http = keepAliveAgent(2);

  const runOnce = async (): Promise<void> => {
    const res = await sendJson<{ runId: string }>(server.url, http, {
      method: 'POST',
      path: '/tests/execute',
      headers: fixture.auth,
      json: { organisationId: fixture.organisationId, buildId: fixture.buildId, testIds },
    });
    if (res.status !== 200) throw new Error(`execute: ${res.status} ${JSON.stringify(res.body)}`);
    const deadline = Date.now() + 300_000;
    for (;;) {
      const run = await sendJson<{ status: string; failedTests: unknown[]; blockedTests: unknown[] }>(server.url, http, {
        method: 'GET',
        path: `/runs/${res.body.runId}`,
        headers: fixture.auth,
      });
      if (run.body.status !== 'running' && run.body.status !== 'pending') {
        if (run.body.failedTests.length || run.body.blockedTests.length)
          throw new Error(`the run did not pass: ${JSON.stringify(run.body)}`);
        return;
      }
      if (Date.now() > deadline) throw new Error('the run did not finish in 5 minutes');
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const agentOptions = { controlPlaneUrl: server.url.toString(), token: fixture.agentToken, log: () => {}, drainSeconds: 0 };
  const withAgent = async (start: () => Promise<RunningAgent>) => {
    const agent = await start();
    try {
      await runOnce();
    } finally {
      await agent.stop({ drainSeconds: 0 });
    }
  };

  const fakeGaps: number[] = [];
  const realGaps: number[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    // The in-agent fake adb server: a fresh virtual device each round, watched the same way.
    let fakeSeen: Array<{ at: number; command: string }> = [];
    await withAgent(async () => {
      const agent = await startAgent({ ...agentOptions, stateDir: mkdtempSync(join(work, 'fake-')), virtualDevices: 1 });
      fakeSeen = watchShell(agent.virtual!.devices[0]!);
      return agent;
    });
    fakeGaps.push(...gaps(fakeSeen));
    const before = realSeen.length;
    await withAgent(() =>
      startAgent({ ...agentOptions, stateDir: mkdtempSync(join(work, 'real-')), adbHost: '127.0.0.1', adbPort: adb.port }),
    );
    realGaps.push(...gaps(realSeen.slice(before)));
    console.log(`round ${round}/${rounds}: ${fakeGaps.length} + ${realGaps.length} gaps so far`);
  }
  http.destroy();

  const fake = summarise(fakeGaps);
  const real = summarise(realGaps);
  printTable(
    `A device's time between two tests (ms; ${tests} tests per run, ${rounds} runs each way)`,
    ['path', 'n', 'p50', 'p95', 'max', 'mean'],
    [
      ['in-agent fake adb server', fake.n, fake.p50, fake.p95, fake.max, fake.mean],
      ["Google's adb server + adbd front door", real.n, real.p50, real.p95, real.max, real.mean],
    ],
  );
  console.log(`real / fake p50: ${(real.p50 / fake.p50).toFixed(2)}\n${machineLine(machine)}`);
  writeRunResult('android-between-tests', {
    machine,
    started,
    params: { tests, rounds },
    results: [
      { path: 'fake', ...fake },
      { path: 'real-adb', ...real },
    ],
  });
} finally {
  await adb.kill();
  await doors.close();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
