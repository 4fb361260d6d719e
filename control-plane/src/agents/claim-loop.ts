/**
 * The claim loop: while this replica's agents have idle devices that pending
 * attempts can use, claim a batch of pairs (one transaction) and offer them. Runs when woken (a new run, a freed
 * device, a welcome, a wake-up from another replica, the sweep); never two at once
 * (a wake during a pass makes one more pass). Offers go out concurrently: an
 * attempt's pre-requests may take seconds and must not hold up the next claim.
 */
import type { JobOffer } from '@devicelab/shared';
import { type BuildRecord, findBuild, findBuildsOfRuns } from '../queries/builds.js';
import { prepareValues } from '../runs/around-requests.js';
import type { AttemptWork } from '../runs/attempts.js';
import { findRunOfAttempt, findRunsOfAttempts, type RunOfAttempt } from '../runs/run-queries.js';
import { type Claimed, type ClaimedDevice, claimAttemptsOutcome } from '../runs/transitions/claim.js';
import { failAttemptsWithoutTunnel } from '../runs/transitions/fail-without-tunnel.js';
import { recordOffer, recordOffers } from '../runs/transitions/offer.js';
import { requeueAttempt } from '../runs/transitions/requeue.js';
import { tunnelDialer } from '../tunnels/tunnel-dialer.js';
import type { AgentContext } from './context.js';
import { recordVerdict, tearDown } from './verdicts.js';
import { toWireId } from './wire-id.js';

export interface ClaimLoop {
  /** A pass now; resolves when it is done (a call during a pass adds a round to it and resolves with it). */
  run(): Promise<void>;
  /** No more claims; resolves once the pass and the offers under way are done. */
  stop(): Promise<void>;
}

/**
 * Pairs claimed per transaction: enough that a lab's worth of devices freed at once (a
 * replica's share of 500, scripts/bench/lab-scale.ts) is claimed in a few round trips, few
 * enough that a batch's candidate rows (this many per waiting run) stay cheap to read.
 */
const CLAIM_BATCH = 64;

/**
 * Looks again, this long after, when tests this replica's idle devices could have had were held
 * by another replica's claim in flight (it commits within milliseconds); at most CONTENDED_LOOKS
 * times a pass, after which the next wake or sweep tries again.
 */
const CONTENDED_RETRY_MS = 2;
const CONTENDED_LOOKS = 20;

export function createClaimLoop(ctx: AgentContext, connectedAgentIds: () => string[]): ClaimLoop {
  let current: Promise<void> | null = null;
  let again = false;
  // Wakes are counted so that one the pass's own look already covered (a verdict that
  // committed before the claim read the idle devices) does not cost another round.
  let wakes = 0;
  let coveredWakes = 0;
  let stopped = false;
  const inflight = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    inflight.add(work);
    void work.finally(() => inflight.delete(work)).catch(() => {});
    return work;
  };

  async function pass(): Promise<void> {
    do {
      again = false;
      let contendedLooks = 0;
      while (!stopped) {
        const seen = wakes;
        const { claims: batch, contended } = await claimAttemptsOutcome(
          ctx.db,
          connectedAgentIds(),
          CLAIM_BATCH,
          ctx.config.replicaLeaseSeconds,
        );
        coveredWakes = seen;
        if (batch.length > 0) void track(offerBatch(batch)).catch((e: unknown) => console.error('offering a claimed batch failed:', e));
        if (batch.length === CLAIM_BATCH) continue;
        // Short of the limit, the batch paired every idle device it could: another look now would
        // find the same, unless tests were held by another replica's claim in flight; what
        // changes meanwhile (a verdict, new work) wakes a round of its own.
        if (!contended || contendedLooks >= CONTENDED_LOOKS) break;
        contendedLooks += 1;
        await new Promise((resolve) => setTimeout(resolve, CONTENDED_RETRY_MS));
      }
      // The claims passed over runs whose tunnel is connected on no live replica (the tunnels
      // table); their tests fail now, saying what to do. Checked after the claims, not before: a
      // run committed before the last claim's look is seen here, and one committed later woke
      // another round.
      await failAttemptsWithoutTunnel(ctx.db, ctx.config.replicaLeaseSeconds);
    } while (again && wakes > coveredWakes && !stopped);
  }

  function runPass(): Promise<void> {
    if (stopped) return Promise.resolve();
    wakes += 1;
    if (current) {
      again = true; // woken during a pass: one more round, with what changed meanwhile
      return current;
    }
    current = track(pass()).finally(() => {
      current = null;
      // Woken after the pass's last look but before it ended: that wake still gets its round.
      if (again && wakes > coveredWakes && !stopped) void runPass().catch((e: unknown) => console.error('dispatch failed:', e));
    });
    return current;
  }

  /**
   * Offers a claimed batch. The tries without pre-requests (most) share their reads and their
   * record: one read of their runs, one of their builds, one statement recording the offers,
   * where each try alone took three (scripts/bench/lab-scale.ts). A try with pre-requests is
   * offered alone: they may take seconds.
   */
  async function offerBatch(batch: Claimed[]): Promise<void> {
    const plain = batch.filter((c) => c.attempt.snapshot.preRequests.length === 0);
    for (const c of batch) {
      if (!plain.includes(c))
        void track(offer(c.attempt, c.device)).catch((e: unknown) => console.error(`offering ${c.attempt.id} failed:`, e));
    }
    if (plain.length === 0) return;
    let messages: Array<{ claimed: Claimed; message: JobOffer }>;
    try {
      const runIds = plain.map((c) => c.attempt.runId);
      const [runs, builds] = await Promise.all([findRunsOfAttempts(ctx.db, runIds), findBuildsOfRuns(ctx.db, runIds)]);
      const ready = await Promise.all(
        plain.flatMap((claimed) => {
          const run = runs.get(claimed.attempt.runId);
          // No values to wait for without pre-requests: the test inputs' defaults.
          return run ? [prepareValues(claimed.attempt.snapshot).then((p) => ({ claimed, run, values: p.ok ? p.values : {} }))] : [];
        }),
      );
      const recorded = await recordOffers(
        ctx.db,
        ready.map((r) => ({ ref: r.claimed.attempt, deviceId: r.claimed.device.id, values: r.values })),
      );
      messages = ready
        .filter((r) => recorded.has(r.claimed.attempt.id)) // the others were cancelled or lost meanwhile
        .map((r) => ({
          claimed: r.claimed,
          message: jobOffer(r.claimed.attempt, r.claimed.device, r.run, (r.run.buildId && builds.get(r.run.buildId)) || null, r.values),
        }));
    } catch (e) {
      console.error(`offering ${plain.length} claimed tests failed; they wait for a device again:`, e);
      for (const c of plain) await requeueAttempt(ctx.db, c.attempt, 'online', { restartWait: false, deviceId: c.device.id });
      return;
    }
    for (const { claimed, message } of messages) {
      if (ctx.send(claimed.device.agentId, message)) continue;
      const requeued = await requeueAttempt(ctx.db, claimed.attempt, 'offline', { deviceId: claimed.device.id });
      if (requeued === 'pending') ctx.publishWork();
    }
  }

  /**
   * The claim made the attempt `offered` and its device `busy`: whatever goes wrong before
   * the offer is out (a database error, a bug) puts both back, or they would stay so
   * forever. The device goes back online, but no wake-up follows: a failure that recurs on
   * every try is retried by the next sweep, not in a tight loop, and ends blocked when the
   * test's wait for a device runs out (the wait is not restarted for it).
   */
  async function offer(attempt: AttemptWork, device: ClaimedDevice): Promise<void> {
    const progress: { values?: Record<string, string> } = {};
    let message: JobOffer | null;
    try {
      message = await prepareOffer(attempt, device, progress);
    } catch (e) {
      console.error(`offering ${toWireId(attempt)} failed; it waits for a device again:`, e);
      const requeued = await requeueAttempt(ctx.db, attempt, 'online', { restartWait: false, deviceId: device.id });
      if (requeued) await tearDownUnsent(attempt, progress.values);
      return;
    }
    if (!message || ctx.send(device.agentId, message)) return;
    const requeued = await requeueAttempt(ctx.db, attempt, 'offline', { deviceId: device.id });
    if (requeued) await tearDownUnsent(attempt, message.values);
    if (requeued === 'pending') ctx.publishWork();
  }

  /**
   * Runs the pre-requests, records the offer and answers it, or null when there is nothing
   * to send (the pre-requests failed, the run is gone, the try was cancelled or lost
   * meanwhile). `progress.values`: the try's {{values}}, once its pre-requests are done.
   */
  async function prepareOffer(
    attempt: AttemptWork,
    device: ClaimedDevice,
    progress: { values?: Record<string, string> },
  ): Promise<JobOffer | null> {
    const run = await findRunOfAttempt(ctx.db, attempt.runId);
    if (!run) return null;
    // Pre-requests run here, before the agent is involved; their failure is outside the app: blocked.
    const prepared = await prepareValues(attempt.snapshot, tunnelDialer(ctx.tunnels, attempt.orgId, run.tunnelName), ctx.config.requests);
    if (!prepared.ok) {
      await recordVerdict(ctx, attempt, { status: 'blocked', statusMessage: prepared.message });
      return null;
    }
    progress.values = prepared.values;
    // The build is read while the offer is recorded: neither needs the other, and the device waits for both.
    const [offered, build] = await Promise.all([
      recordOffer(ctx.db, attempt, device.id, prepared.values),
      run.buildId ? findBuild(ctx.db, attempt.orgId, run.buildId) : null,
    ]);
    if (!offered) return null; // cancelled or lost meanwhile
    return jobOffer(attempt, device, run, build, prepared.values);
  }

  function jobOffer(
    attempt: AttemptWork,
    device: ClaimedDevice,
    run: RunOfAttempt,
    build: BuildRecord | null,
    values: Record<string, string>,
  ): JobOffer {
    return {
      type: 'job.offer',
      jobId: toWireId(attempt),
      runId: attempt.runId,
      testId: attempt.testId,
      title: attempt.title,
      tryNumber: attempt.tryNumber,
      serial: device.serial,
      platform: device.platform,
      build: build && {
        buildId: build.id,
        downloadUrl: `${ctx.config.baseUrl}/agent/builds/${build.id}`,
        sha256: build.sha256,
        sizeBytes: build.sizeBytes,
        kind: build.kind,
        fileName: build.fileName,
      },
      ...(run.tunnelName ? { tunnel: { name: run.tunnelName } } : {}),
      packageName: run.packageName,
      commands: attempt.snapshot.commands,
      launchParams: attempt.snapshot.launchParams,
      values,
      stepTimeoutSeconds: ctx.config.stepTimeoutSeconds,
      // Every test is recorded (routes/recordings.ts); a recording that fails never changes the verdict.
      record: true,
      recordingUploadUrl: `${ctx.config.baseUrl}/agent/recordings/${encodeURIComponent(toWireId(attempt))}`,
    };
  }

  /**
   * A try given up before its agent had it: what its pre-requests set up is torn down
   * (runOn failure or always), since the next try runs them again. Only after the
   * requeue that gave it up succeeded, so at most once per try.
   */
  async function tearDownUnsent(attempt: AttemptWork, values: Record<string, string> | undefined): Promise<void> {
    if (values && attempt.snapshot.preRequests.length > 0) await tearDown(ctx, { ...attempt, values }, 'blocked');
  }

  return {
    run: runPass,
    async stop() {
      stopped = true;
      while (inflight.size > 0) await Promise.allSettled([...inflight]);
    },
  };
}
