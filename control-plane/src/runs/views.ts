import type { z } from '@hono/zod-openapi';
import type { Config } from '../config.js';
import type { StepRecord } from '../queries/sessions.js';
import { isRecordingOf } from '../recordings/formats.js';
import type { InteractionLog, ResultEntry, Run, RunSummary, TestResultStatus } from '../schemas/runs.js';
import type { AttemptRecord, AttemptStatus } from './attempts.js';
import type { RunCounts, RunRecord, RunSummaryRecord } from './run-queries.js';

type Urls = Pick<Config, 'baseUrl' | 'appUrl'>;

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());
const VERDICTS = new Set<AttemptStatus>(['succeeded', 'failed', 'blocked']);

/** Clients see per-test pending | running | succeeded | failed | blocked; `offered` is still waiting for its agent. */
export const publicTestStatus = (s: AttemptStatus): z.infer<typeof TestResultStatus> => (s === 'offered' ? 'pending' : s);

export const recordingUrl = (urls: Urls, runId: string, testId: string) =>
  `${urls.appUrl}/recording/${encodeURIComponent(runId)}/runs/${encodeURIComponent(testId)}`;

export const interactionLogsUrl = (urls: Urls, orgId: string, runId: string, testId: string) =>
  `${urls.baseUrl}/suite/${encodeURIComponent(runId)}/run/${encodeURIComponent(testId)}/interaction_logs` +
  `?organisation_id=${encodeURIComponent(orgId)}`;

export const deviceLogUrl = (urls: Urls, runId: string, testId: string) =>
  `${urls.baseUrl}/runs/${encodeURIComponent(runId)}/tests/${encodeURIComponent(testId)}/device-log`;

export const screenshotUrl = (urls: Urls, runId: string, testId: string, seq: number) =>
  `${urls.baseUrl}/runs/${encodeURIComponent(runId)}/tests/${encodeURIComponent(testId)}/screenshots/${seq}`;

/** A result entry (docs/api.md#runs; statusMessage, platform, device, startedAt, durationSeconds: docs/architecture.md#execute-rules). */
export function resultEntry(urls: Urls, orgId: string, t: AttemptRecord): z.infer<typeof ResultEntry> {
  return {
    id: t.testId,
    title: t.title,
    status: publicTestStatus(t.status),
    recording: recordingUrl(urls, t.runId, t.testId),
    interactionLogs: interactionLogsUrl(urls, orgId, t.runId, t.testId),
    statusMessage: t.statusMessage,
    platform: t.platform,
    device: t.deviceLabel,
    startedAt: iso(t.startedAt),
    durationSeconds: t.durationSeconds === null ? null : Number(t.durationSeconds),
  };
}

/** The CI provenance of a run's build (queries/builds.ts findBuildCis), null without one. */
export type BuildCis = ReadonlyMap<string, Record<string, unknown>>;

function runFields(r: RunRecord, counts: Pick<RunCounts, 'totalTests' | 'pendingTests'>, cis: BuildCis) {
  return {
    runId: r.id,
    status: r.status,
    trigger: r.trigger,
    platform: r.platform,
    physical: r.physical,
    buildId: r.buildId,
    bundleId: r.bundleId,
    tunnelName: r.tunnelName,
    ci: r.buildId === null ? null : (cis.get(r.buildId) ?? null),
    createdAt: iso(r.createdAt)!,
    finishedAt: iso(r.finishedAt),
    totalTests: counts.totalTests,
    pendingTests: counts.pendingTests,
  };
}

/** GET /runs/{run_id}: only tests with a verdict appear in the groups, in run order. */
export function runView(urls: Urls, run: RunRecord, tests: readonly AttemptRecord[], cis: BuildCis): z.infer<typeof Run> {
  const group = (status: AttemptStatus) => tests.filter((t) => t.status === status).map((t) => resultEntry(urls, run.orgId, t));
  return {
    ...runFields(run, { totalTests: tests.length, pendingTests: tests.filter((t) => !VERDICTS.has(t.status)).length }, cis),
    succeededTests: group('succeeded'),
    failedTests: group('failed'),
    blockedTests: group('blocked'),
  };
}

export function runSummary(r: RunSummaryRecord, cis: BuildCis): z.infer<typeof RunSummary> {
  return { ...runFields(r, r, cis), succeededCount: r.succeededCount, failedCount: r.failedCount, blockedCount: r.blockedCount };
}

/**
 * The interaction log of one test of a run: the steps of its session, screenshots as
 * URLs, and per step what the device did with the decision (the step's outcome).
 */
/** `waitingReason`: why a pending test still waits for a device (queries/devices.ts waitingReasons). */
export function interactionLogView(
  urls: Urls,
  t: AttemptRecord,
  steps: readonly StepRecord[],
  waitingReason: string | null = null,
): z.infer<typeof InteractionLog> {
  // A platform run's steps are performed by a lab agent, which reports each one.
  const onDevice = t.deviceLabel !== null;
  return {
    runId: t.runId,
    testId: t.testId,
    title: t.title,
    status: publicTestStatus(t.status),
    statusMessage: t.status === 'pending' && waitingReason !== null ? waitingReason : t.statusMessage,
    deviceLog: t.deviceLogKey !== null && isRecordingOf(t.deviceLogKey, t.orgId, t.runId) ? deviceLogUrl(urls, t.runId, t.testId) : null,
    steps: steps.map((s) => ({
      seq: s.seq,
      index: s.stepIndex,
      call: s.call,
      command: s.command,
      actions: s.actions,
      type: s.kind,
      outcome: s.outcome,
      reason: s.reason,
      device: onDevice
        ? { outcome: s.deviceOutcome ?? 'pending', error: s.deviceError, durationMs: s.deviceMs === null ? null : Number(s.deviceMs) }
        : null,
      screenshot: s.screenshot === null ? null : screenshotUrl(urls, t.runId, t.testId, s.seq),
      durationMs: Number(s.durationMs),
      at: iso(s.createdAt)!,
    })),
  };
}
