/**
 * `devicelab run`: upload or pick the build, start the run, wait for it, write the
 * reports, and answer with an exit code a CI job can branch on (errors.ts EXIT).
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Writable } from 'node:stream';
import { type ApiClient, createApiClient } from './api-client.js';
import { EXIT, type ExitCode, exitCodeOf } from './errors.js';
import { junitXml } from './junit.js';
import { type RawRunOptions, type RunPlan, runPlan } from './options.js';
import { waitForRun } from './poller.js';
import { elapsed, runDisplay } from './progress.js';
import { allSucceeded, type Run } from './run-types.js';
import { markdownSummary } from './summary.js';
import { waitForTunnel } from './tunnel-wait.js';
import { uploadWithProgress } from './upload-progress.js';

export interface CommandIo {
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable & { isTTY?: boolean };
  env: Record<string, string | undefined>;
  now?: () => number;
}

export interface Me {
  organisationId: string;
  organisationName: string;
  apiKeyId: string;
  keyKind: string;
}

interface Started {
  runId: string;
  status: string;
  message: string;
  /** The run's page (a control plane from before it existed sends none: then the API URL). */
  app_link?: string;
}

/**
 * Prints the error and gives its exit code. Anything unforeseen (a report path that
 * cannot be written, say) is 2 too: exit 1 must keep meaning "the tests failed".
 */
export function reportError(err: unknown, io: CommandIo): ExitCode {
  io.stderr.write(`devicelab: ${err instanceof Error ? err.message : String(err)}\n`);
  return exitCodeOf(err) ?? EXIT.refused;
}

export function clientFor(plan: Pick<RunPlan, 'url' | 'apiKey'>, io: CommandIo): ApiClient {
  return createApiClient({
    baseUrl: plan.url,
    apiKey: plan.apiKey,
    onRetry: (why, ms) => io.stderr.write(`devicelab: ${why}; retrying in ${(ms / 1000).toFixed(1)} s\n`),
  });
}

/** The execute body for the plan (docs/api.md#runs), with the build already resolved to an id or a name. */
function executeBody(plan: RunPlan, me: Me, buildId: string | undefined): Record<string, unknown> {
  const app = plan.app;
  return {
    organisationId: me.organisationId,
    ...(buildId
      ? { buildId }
      : app.kind === 'name'
        ? { build: { meta: { name: app.name } }, ...(app.platform ? { platform: app.platform } : {}) }
        : {}),
    ...(plan.testIds.length > 0 ? { testIds: plan.testIds } : {}),
    ...(plan.tags.length > 0 ? { tags: plan.tags } : {}),
    ...(plan.physical !== undefined ? { usePhysicalDevice: plan.physical } : {}),
    ...(plan.tunnelName ? { tunnelName: plan.tunnelName } : {}),
    trigger: plan.trigger,
  };
}

function writeReports(plan: RunPlan, run: Run, timedOut: boolean, io: CommandIo): void {
  const write = (path: string, text: string) => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  };
  if (plan.junit) {
    write(plan.junit, junitXml(run, { timedOut }));
    io.stdout.write(`JUnit report: ${plan.junit}\n`);
  }
  const summary = markdownSummary(run, { timedOut });
  if (plan.summary) {
    write(plan.summary, summary);
    io.stdout.write(`Summary: ${plan.summary}\n`);
  }
  // GitHub Actions shows this file on the job's page.
  if (io.env.GITHUB_STEP_SUMMARY) appendFileSync(io.env.GITHUB_STEP_SUMMARY, summary);
}

async function resolveBuild(api: ApiClient, plan: RunPlan, deadline: number, io: CommandIo): Promise<string | undefined> {
  const app = plan.app;
  if (app.kind === 'id') return app.buildId;
  if (app.kind === 'name') return undefined;
  const up = await uploadWithProgress(
    api,
    app.path,
    {
      deadline,
      ...(app.name ? { name: app.name } : {}),
      ...(app.platform ? { platform: app.platform } : {}),
    },
    io.stdout,
    io.env,
  );
  io.stdout.write(`uploaded ${app.path}: build ${up.buildId}\n`);
  return up.buildId;
}

export async function runCommand(raw: RawRunOptions, io: CommandIo): Promise<ExitCode> {
  const now = io.now ?? Date.now;
  try {
    const plan = runPlan(raw);
    const started = now();
    const deadline = started + plan.timeoutMs;
    const api = clientFor(plan, io);
    const me = await api<Me>('GET', '/me', { deadline });
    io.stdout.write(`DeviceLab ${plan.url} · organisation ${me.organisationName} (${me.organisationId})\n`);
    const buildId = await resolveBuild(api, plan, deadline, io);
    // After the upload, which often outlasts the tunnel's start in a CI job.
    if (plan.tunnelName) {
      await waitForTunnel(api, { name: plan.tunnelName, deadline: Math.min(deadline, now() + plan.tunnelWaitMs), out: io.stdout, now });
    }
    const run = await api<Started>('POST', '/tests/execute', { json: executeBody(plan, me, buildId), deadline });
    io.stdout.write(`${run.message}\nrun ${run.runId}: ${run.app_link ?? `${plan.url}/runs/${run.runId}`}\n`);
    if (plan.async) return EXIT.ok;

    const display = runDisplay(io.stdout, started, now);
    const outcome = await waitForRun(api, run.runId, {
      deadline,
      now,
      onChange: display.change,
      onPoll: display.tick,
    }).finally(() => display.done());
    const timedOut = outcome.kind === 'timed-out';
    if (outcome.run) writeReports(plan, outcome.run, timedOut, io);
    if (timedOut) {
      io.stderr.write(
        `devicelab: run ${run.runId} did not finish within ${elapsed(plan.timeoutMs)}; it goes on without us (POST /runs/${run.runId}/cancel stops it)\n`,
      );
      return EXIT.unreachable;
    }
    const final = outcome.run!;
    return allSucceeded(final) ? EXIT.ok : EXIT.testsFailed;
  } catch (err) {
    return reportError(err, io);
  }
}
