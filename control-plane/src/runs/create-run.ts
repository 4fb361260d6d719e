import type { Platform } from '@devicelab/shared';
import type { Caller } from '../auth/caller.js';
import type { Db } from '../db/index.js';
import { ApiError, badRequest } from '../errors.js';
import { newId, randomToken } from '../ids.js';
import { type BuildRecord, findBuild, findNewestBuildByName } from '../queries/builds.js';
import type { Organisation } from '../queries/organisations.js';
import { useBuild } from '../queries/retention.js';
import { type ExecuteRun, RUN_LIMITS } from '../schemas/runs.js';
import { hasReservedHandset, type RunStatus, testsForRun } from './run-queries.js';
import { notRunnableError, orderSelection } from './selection.js';
import { insertRunWithAttempts } from './transitions/create.js';

/** What runs on the device: an uploaded build, or (bundleId runs) an app already on the handset. */
export interface RunTarget {
  platform: Platform;
  build: BuildRecord | null;
  bundleId: string | null;
  packageName: string;
  physical: boolean;
}

export interface StartedRun {
  runId: string;
  status: RunStatus;
  message: string;
}

/** A new attempt id (agents see `<id>.<try number>` as their job id). */
export const newAttemptId = () => `att_${randomToken(16)}`;

/**
 * POST /tests/execute (docs/architecture.md#execute-rules). Every check happens before anything is written;
 * the run and its attempts are then written in one transaction. The caller wakes
 * the dispatcher to offer them to devices. Throws ApiError for any refusal.
 */
export async function createRun(db: Db, caller: Caller, req: ExecuteRun): Promise<StartedRun> {
  if (req.organisationId !== caller.org.id) {
    throw new ApiError(403, 'organisationId is not the organisation of this API key');
  }
  if (req.testIds === undefined && req.tags === undefined) throw badRequest('send testIds, tags, or both');
  const target = await resolveTarget(db, caller.org, req);
  const testIds = [...new Set(req.testIds ?? [])];
  const tags = [...new Set(req.tags ?? [])];
  const runId = newId('run');
  const tunnel = req.tunnelName ?? null;
  // A run naming a tunnel is created like any other; the dispatcher fails its tests
  // with a message naming the tunnel while that tunnel is not connected (transitions/fail-without-tunnel.ts).
  const status: RunStatus = 'running';

  const count = await db.transaction(async (tx) => {
    const candidates = await testsForRun(tx, caller.org.id, testIds, tags);
    const { tests, unknownIds } = orderSelection(candidates, testIds, tags);
    if (unknownIds.length > 0) {
      throw new ApiError(
        404,
        `test(s) not found: ${unknownIds.join(', ')}`,
        unknownIds.map((path) => ({ path, message: 'test not found' })),
      );
    }
    if (tests.length === 0) {
      throw badRequest(testIds.length > 0 ? 'no test selected' : `no test has any of the tags ${tags.map((t) => `"${t}"`).join(', ')}`);
    }
    if (tests.length > RUN_LIMITS.tests) {
      throw badRequest(`a run holds at most ${RUN_LIMITS.tests} tests; this selection has ${tests.length}`);
    }
    const refusal = notRunnableError(tests, target.platform);
    if (refusal) throw badRequest(refusal.detail, refusal.errors);
    if (target.build) {
      // In the run's transaction: the retention sweep either sees this use and keeps the build, or expired it first.
      const use = await useBuild(tx, target.build.id);
      if (!use.ok) {
        throw new ApiError(
          410,
          `build ${target.build.id} expired on ${use.expiredAt.toISOString().slice(0, 10)}: ${use.reason}; upload it again`,
        );
      }
    }
    await insertRunWithAttempts(
      tx,
      {
        id: runId,
        orgId: caller.org.id,
        apiKeyId: caller.keyId,
        status,
        platform: target.platform,
        buildId: target.build?.id ?? null,
        bundleId: target.bundleId,
        packageName: target.packageName,
        physical: target.physical,
        tunnelName: tunnel,
        trigger: req.trigger,
      },
      tests.map((t) => ({
        id: newAttemptId(),
        testId: t.id,
        title: t.title,
        snapshot: {
          title: t.title,
          commands: t.commands,
          launchParams: t.launchParams,
          testInputs: t.testInputs,
          preRequests: t.preRequests,
          teardownRequests: t.teardownRequests,
        },
      })),
    );
    return tests.length;
  });

  return { runId, status, message: `run started: ${count} test(s) on ${deviceWords(target)}` };
}

const deviceWords = (t: RunTarget) =>
  t.physical
    ? `a real ${t.platform === 'ios' ? 'iPhone' : 'Android handset'}`
    : t.platform === 'ios'
      ? 'an iOS simulator'
      : 'an Android emulator';

/** The app and device kind of a run (docs/api.md#runs: buildId, build, bundleId, platform, usePhysicalDevice). */
export async function resolveTarget(db: Db, org: Organisation, req: ExecuteRun): Promise<RunTarget> {
  if (req.bundleId !== undefined) {
    if (req.buildId !== undefined || req.build !== undefined) {
      throw badRequest('bundleId cannot be combined with buildId or build: send the build, or the bundle id of the installed app');
    }
    if (req.platform === undefined) throw badRequest('bundleId requires platform ("ios" or "android")');
    if (req.usePhysicalDevice === false) {
      throw badRequest("a bundleId run always uses the organisation's real handset: omit usePhysicalDevice or send true");
    }
    if (!org.bundleIdRuns) {
      throw new ApiError(403, 'bundleId runs are not enabled for this organisation: upload a build and send buildId');
    }
    return { platform: req.platform, build: null, bundleId: req.bundleId, packageName: req.bundleId, physical: true };
  }

  let build: BuildRecord | null;
  if (req.build !== undefined) {
    // docs/architecture.md#execute-rules: when both build and buildId are sent, build is used.
    const name = req.build.meta.name;
    build = await findNewestBuildByName(db, org.id, name, req.platform);
    if (!build) throw new ApiError(404, `no build named "${name}"${req.platform ? ` for ${req.platform}` : ''}`);
  } else if (req.buildId !== undefined) {
    build = await findBuild(db, org.id, req.buildId);
    if (!build) throw new ApiError(404, 'build not found');
    if (req.platform !== undefined && req.platform !== build.platform) {
      throw badRequest(`platform is "${req.platform}" but build ${build.id} is an ${build.platform} build`);
    }
  } else {
    throw badRequest('send one of buildId, build or bundleId');
  }

  let physical: boolean;
  if (build.kind === 'ipa') {
    if (req.usePhysicalDevice === false) {
      throw badRequest(
        'an .ipa build installs only on a real iPhone: omit usePhysicalDevice or send true, ' +
          'or upload a simulator build (.zip or .tar.gz of the .app) for a simulator',
      );
    }
    physical = true;
  } else if (build.kind === 'app') {
    if (req.usePhysicalDevice === true) {
      throw badRequest('a simulator build (.app) cannot be installed on a real iPhone: upload an .ipa for a handset');
    }
    physical = false;
  } else {
    physical = req.usePhysicalDevice ?? (await hasReservedHandset(db, org.id, build.platform));
  }
  return { platform: build.platform, build, bundleId: null, packageName: build.packageName, physical };
}
