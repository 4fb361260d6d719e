/**
 * Retention: with BUILD_RETENTION_DAYS, builds no run used for that long are expired and
 * their files deleted; with ARTIFACT_RETENTION_DAYS, recordings of tests that finished that
 * long ago with their device logs, and step screenshots taken that long ago. Off by default (nothing is deleted).
 *
 * Every replica runs the sweep on a timer, but only the holder of the `retention` lease
 * works (queries/retention.ts): one replica at a time, and another one takes over once a
 * killed holder's lease has run out. Each kind is worked in batches: blobs are deleted,
 * then their records marked, so a sweep killed in between repeats the deletion next time.
 */
import type { RetentionSettings } from '../config.js';
import type { Db } from '../db/index.js';
import {
  type AttemptArtifact,
  buildFilesToDelete,
  expiredAttemptArtifacts,
  expiredScreenshots,
  expireUnusedBuilds,
  markAttemptArtifactsExpired,
  markBuildFilesDeleted,
  markScreenshotsExpired,
  releaseLease,
  takeLease,
} from '../queries/retention.js';
import { isRecordingOf, MAX_RECORDING_PARTS, partKey } from '../recordings/formats.js';
import type { FileStorage } from '../storage/files.js';

const LEASE = 'retention';
/** Renewed before every batch; a batch of deletions takes well under this. */
const LEASE_SECONDS = 300;
const BATCH = 100;

export interface SweepCounts {
  /** false when another replica holds the lease (or retention is off). */
  swept: boolean;
  builds: number;
  recordings: number;
  deviceLogs: number;
  screenshots: number;
}

export interface RetentionSweeper {
  /** One sweep, to the end of what is due; answers what it deleted. */
  sweep(): Promise<SweepCounts>;
  /** Sweeps now and every `retention.sweepMs` (while any retention is on). */
  start(): void;
  stop(): Promise<void>;
}

export function createRetentionSweeper(deps: {
  db: Db;
  storage: FileStorage;
  retention: RetentionSettings;
  replicaId: string;
}): RetentionSweeper {
  const { db, storage, retention, replicaId } = deps;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();

  const holdLease = async () => {
    if (!(await takeLease(db, LEASE, replicaId, LEASE_SECONDS))) throw new LeaseLost();
  };

  async function sweepBuilds(days: number): Promise<number> {
    let deleted = 0;
    for (;;) {
      await holdLease();
      await expireUnusedBuilds(db, days, BATCH);
      const due = await buildFilesToDelete(db, BATCH);
      if (due.length === 0) return deleted;
      for (const build of due) await storage.remove(build.storageKey);
      await markBuildFilesDeleted(
        db,
        due.map((b) => b.id),
      );
      deleted += due.length;
    }
  }

  /** Recordings or device logs, each deleted with `remove` and then marked, a batch at a time. */
  async function sweepAttemptArtifacts(kind: AttemptArtifact, days: number, remove: (key: string) => Promise<void>): Promise<number> {
    let deleted = 0;
    for (;;) {
      await holdLease();
      const due = await expiredAttemptArtifacts(db, kind, days, BATCH);
      if (due.length === 0) return deleted;
      // The key came from the agent's verdict: only what lies under its own run's recordings is deleted.
      for (const artifact of due) if (isRecordingOf(artifact.key, artifact.orgId, artifact.runId)) await remove(artifact.key);
      await markAttemptArtifactsExpired(
        db,
        kind,
        due.map((a) => a.id),
      );
      deleted += due.length;
    }
  }

  /** Every part, including those after a part a killed sweep already deleted. */
  async function removeParts(key: string): Promise<void> {
    await storage.remove(key);
    for (let n = 1; n < MAX_RECORDING_PARTS && (await storage.size(partKey(key, n))) !== null; n += 1)
      await storage.remove(partKey(key, n));
  }

  async function sweepScreenshots(days: number): Promise<number> {
    let deleted = 0;
    for (;;) {
      await holdLease();
      const due = await expiredScreenshots(db, days, BATCH);
      if (due.length === 0) return deleted;
      for (const step of due) {
        // Keys are made by the step engine under the session's folder; nothing else is a screenshot's to delete.
        if (step.key.startsWith(`sessions/${step.sessionId}/`) && !step.key.includes('..')) await storage.remove(step.key);
      }
      await markScreenshotsExpired(db, due);
      deleted += due.length;
    }
  }

  async function sweep(): Promise<SweepCounts> {
    const counts: SweepCounts = { swept: false, builds: 0, recordings: 0, deviceLogs: 0, screenshots: 0 };
    if (retention.buildDays === null && retention.artifactDays === null) return counts;
    if (!(await takeLease(db, LEASE, replicaId, LEASE_SECONDS))) return counts;
    try {
      if (retention.buildDays !== null) counts.builds = await sweepBuilds(retention.buildDays);
      if (retention.artifactDays !== null) {
        counts.recordings = await sweepAttemptArtifacts('recording', retention.artifactDays, removeParts);
        counts.deviceLogs = await sweepAttemptArtifacts('deviceLog', retention.artifactDays, (key) => storage.remove(key));
        counts.screenshots = await sweepScreenshots(retention.artifactDays);
      }
      counts.swept = true;
      await releaseLease(db, LEASE, replicaId);
    } catch (error) {
      if (!(error instanceof LeaseLost)) throw error;
    }
    return counts;
  }

  return {
    sweep,
    start() {
      if (retention.buildDays === null && retention.artifactDays === null) return;
      const tick = () => {
        running = sweep().then(
          (c) => {
            if (c.builds + c.recordings + c.deviceLogs + c.screenshots > 0) {
              console.log(
                `retention: deleted ${c.builds} build file(s), ${c.recordings} recording(s), ${c.deviceLogs} device log(s), ${c.screenshots} screenshot(s)`,
              );
            }
          },
          (error: unknown) => console.error('retention sweep failed:', error),
        );
      };
      tick();
      timer = setInterval(tick, retention.sweepMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

/** The lease ran out under a stalled sweep and another replica took it: this one stops. */
class LeaseLost extends Error {}
