/** Run answers as GET /runs/{id} gives them, for the unit tests of this folder. */
import type { ResultEntry, Run } from './run-types.js';

export function entry(id: string, status: ResultEntry['status'], extra: Partial<ResultEntry> = {}): ResultEntry {
  return {
    id,
    title: `Test ${id}`,
    status,
    recording: `http://dl.test/app/recording/run_1/runs/${id}`,
    interactionLogs: `http://dl.test/suite/run_1/run/${id}/interaction_logs?organisation_id=org_1`,
    statusMessage: status === 'succeeded' ? null : `why ${id}`,
    platform: 'android',
    device: 'DeviceLab Virtual Phone (virtual-1)',
    startedAt: '2026-11-23T10:00:00.000Z',
    durationSeconds: 1.5,
    ...extra,
  };
}

export function run(
  results: { succeeded?: ResultEntry[]; failed?: ResultEntry[]; blocked?: ResultEntry[] },
  extra: Partial<Run> = {},
): Run {
  const succeededTests = results.succeeded ?? [];
  const failedTests = results.failed ?? [];
  const blockedTests = results.blocked ?? [];
  const done = succeededTests.length + failedTests.length + blockedTests.length;
  const totalTests = extra.totalTests ?? done;
  return {
    runId: 'run_1',
    status: done === totalTests ? 'completed' : 'running',
    trigger: 'ci',
    platform: 'android',
    physical: false,
    buildId: 'bld_1',
    bundleId: null,
    tunnelName: null,
    ci: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    finishedAt: null,
    totalTests,
    pendingTests: totalTests - done,
    succeededTests,
    failedTests,
    blockedTests,
    ...extra,
  };
}
