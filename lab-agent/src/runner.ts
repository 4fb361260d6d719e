/**
 * Runs one offered job on its device:
 *
 *   build (download, cached) → install (skipped if this device has this build) → clear
 *   data → launch with launch params → for each command: capture the screen, ask the
 *   control plane for a decision, perform it, report a step.event; again for the same
 *   command until the decision says finished → job.result.
 *
 * Verdicts: `failed` when a step cannot be done (the test or the app is wrong: the
 * status message names the step), `blocked` when the test never got a fair chance (no
 * build, install failure, the device vanished), `cancelled` on job.cancel. A released job
 * (agent shutdown) produces no result at all: the control plane queues it again.
 *
 * Cancellation is checked at step boundaries, and also interrupts the waits that can be
 * long (a pending decision, a `wait` action, a download), so a cancel takes effect in
 * about one device command.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  DEFAULT_STEP_WAIT_SECONDS,
  isWaitCommand,
  type JobOffer,
  type JobResult,
  type StepDecision,
  splitStepOptions,
} from '@devicelab/shared';
import { type Action, parseAction, performAction } from './actions.js';
import type { ArtifactUploads } from './artifact-uploads.js';
import { type BuildCache, BuildDownloadError } from './builds.js';
import type { AgentConnection } from './connection.js';
import { JobDeviceLog } from './device-log.js';
import type { DeviceReset, DeviceResets } from './device-resets.js';
import { type DeviceDriver, DriverError } from './devices/driver.js';
import { JobRecording, type RecordingOptions, reportMissing } from './recording.js';
import { readSettledScreen, SETTLE_TIMEOUT_MS, type SettleOptions } from './screen-settle.js';
import { JobTunnel, type OpenRelay } from './tunnel/job-tunnel.js';

export interface RunnerDeps {
  driver: DeviceDriver;
  connection: Pick<AgentConnection, 'requestDecision' | 'sendQueued'> & Partial<Pick<AgentConnection, 'resultAcked'>>;
  builds: BuildCache;
  /** serial → build id last installed there, shared by all runs of the agent. */
  installed: Map<string, string>;
  log?: (line: string) => void;
  /** Decisions asked for one command before it counts as stuck; default 20. */
  maxRoundsPerStep?: number;
  /** How recordings are uploaded (offers with `record`); without it nothing is recorded. */
  recording?: RecordingOptions;
  /**
   * The agent's uploads after verdicts (artifact-uploads.ts): with it the verdict goes out
   * before the recording and device log are uploaded (afterVerdict); without it they are
   * uploaded first and the verdict names them.
   */
  uploads?: ArtifactUploads;
  /** Resets of devices made right after verdicts for their next tests (device-resets.ts); with uploads only. */
  resets?: DeviceResets;
  /** Opens the control plane's relay for a tunnelled test (tunnel/relay-client.ts); absent: tunnels refused. */
  openTunnel?: OpenRelay;
  /** Called as the job passes each phase (where a device's time goes: scripts/bench/utilisation.ts). */
  trace?: JobTrace;
  /** How a screen is read before a decision (screen-settle.ts). */
  settle?: SettleOptions;
  /** How long a step waits for its target when the command sets no `(timeout: …)`; default 5 s. */
  stepWaitSeconds?: number;
  /** Between re-reads of a screen on which the step cannot be done yet; default 250 ms. */
  retryIntervalMs?: number;
}

/** The phases a job passes, in order; `result` is when its verdict is handed to the connection. */
export type JobPhase =
  | 'offered'
  | 'build'
  | 'installed'
  | 'cleared'
  | 'launched'
  | 'recording'
  /** The first step's first settled screen (hierarchy and screenshot) is read. */
  | 'screen'
  /** The first step's first decision has come back from the control plane. */
  | 'decided'
  | 'steps'
  /**
   * The recording and the device log are stopped and off the device, and then uploaded:
   * before `result` without RunnerDeps.uploads, after it (in the background) with them.
   */
  | 'stopped'
  | 'uploaded'
  | 'result';
export type JobTrace = (jobId: string, serial: string, phase: JobPhase) => void;

type Stop = { verdict: 'failed' | 'blocked'; message: string; failedStep: number | null };

class JobStopped extends Error {
  constructor(readonly stop: Stop) {
    super(stop.message);
  }
}

/** Thrown into waits when the job is cancelled or released. */
class Interrupted extends Error {}

export class JobRun {
  readonly jobId: string;
  readonly serial: string;
  private readonly controller = new AbortController();
  private cancelReason: string | null = null;
  private released = false;
  private readonly started = Date.now();
  private tunnel: JobTunnel | null = null;
  /** The device went offline, unauthorized or away under the test: the control plane retries it elsewhere. */
  private deviceLost = false;
  /** The device's log from just before the launch (device-log.ts); null without upload options. */
  private deviceLog: JobDeviceLog | null = null;
  /** Why the test's tunnel went away mid-test: the test fails with it. */
  private tunnelLost: string | null = null;
  /** The uploads of this job's artifacts, once its verdict is out (afterVerdict). */
  private uploadAfterVerdict: (() => Promise<void>) | null = null;

  constructor(
    readonly offer: JobOffer,
    private readonly deps: RunnerDeps,
  ) {
    this.jobId = offer.jobId;
    this.serial = offer.serial;
  }

  /** Stop at the next step boundary (interrupting long waits) with verdict cancelled. */
  cancel(reason: string): void {
    if (this.cancelReason !== null || this.released) return;
    this.cancelReason = reason || 'cancelled';
    this.controller.abort(new Interrupted('cancelled'));
  }

  /** Abandon the job without a verdict (the agent is shutting down). */
  release(): void {
    this.released = true;
    this.controller.abort(new Interrupted('released'));
  }

  get isReleased(): boolean {
    return this.released;
  }

  /** The job's result, or null when it was released. Never throws. */
  async run(): Promise<JobResult | null> {
    let outcome: Pick<JobResult, 'verdict' | 'statusMessage' | 'failedStep'>;
    const { recordingUploadUrl } = this.offer;
    const recording =
      this.offer.record && recordingUploadUrl && this.deps.recording
        ? new JobRecording(this.jobId, this.deps.driver, recordingUploadUrl, this.deps.recording)
        : null;
    const deviceLog = this.deps.recording
      ? (this.deviceLog = new JobDeviceLog(
          this.jobId,
          this.deps.driver,
          this.offer.packageName,
          recordingUploadUrl ?? null,
          this.deps.recording,
        ))
      : null;
    try {
      await this.prepare();
      // From the launched app on: what the steps did is what is worth watching. The recording
      // starts while the log is checked for a crash at launch; neither device command needs the other.
      const [, crash] = await Promise.all([recording?.start(), this.deviceLog?.crash()]);
      if (crash) throw new JobStopped({ verdict: 'failed', message: crash, failedStep: null });
      this.trace('recording');
      for (const [index, command] of this.offer.commands.entries()) await this.step(index, command);
      this.trace('steps');
      outcome = { verdict: 'succeeded', statusMessage: '', failedStep: null };
    } catch (err) {
      if (this.released) {
        await this.tunnel?.close(); // a released job leaves no proxy on the device either
        await deviceLog?.discard();
        return null;
      }
      if (this.cancelReason !== null)
        outcome = { verdict: 'cancelled', statusMessage: `Cancelled: ${this.cancelReason}`, failedStep: null };
      else if (this.tunnelLost !== null) outcome = { verdict: 'failed', statusMessage: this.tunnelLost, failedStep: null };
      else if (err instanceof JobStopped)
        outcome = { verdict: err.stop.verdict, statusMessage: err.stop.message, failedStep: err.stop.failedStep };
      else
        outcome = {
          verdict: 'blocked',
          statusMessage: `Agent error: ${err instanceof Error ? err.message : String(err)}`,
          failedStep: null,
        };
    }
    // The app crashing is why the test ended, whatever step noticed it (or none did).
    const crashCheck = outcome.verdict === 'succeeded' || outcome.verdict === 'failed' ? deviceLog?.crash().catch(() => null) : undefined;
    // The device's proxy setting is undone however the test ended; beside the crash check, both device commands.
    const [crash] = await Promise.all([crashCheck, this.tunnel?.close()]);
    if (crash) outcome = { verdict: 'failed', statusMessage: crash, failedStep: outcome.failedStep };
    if (this.released) {
      await recording?.discard();
      await deviceLog?.discard();
      return null;
    }
    const durationSeconds = Math.round((Date.now() - this.started) / 100) / 10;
    const deviceLost = this.deviceLost && outcome.verdict === 'blocked';
    const verdict = { type: 'job.result' as const, jobId: this.jobId, ...outcome, statusMessage: outcome.statusMessage.slice(0, 4000) };
    if (this.deps.uploads) {
      // The verdict goes out now; the recording and the log come off the device meanwhile (the
      // device's next test waits for that before its own, holdDevice) and go up after it.
      const recordingPending = recording?.isRecording ?? false;
      const deviceLogPending = deviceLog?.isCapturing ?? false;
      const logStopped = deviceLog?.stop() ?? Promise.resolve(null);
      const offDevice = Promise.all([recording?.stop() ?? null, logStopped]);
      void offDevice.then(() => this.trace('stopped'));
      this.deps.uploads.holdDevice(this.serial, offDevice);
      // The next test's reset, once the log no longer follows the device (it is not this test's).
      if (!deviceLost)
        this.deps.resets?.start(
          this.serial,
          logStopped.then(() => this.resetForNextTest()),
        );
      this.uploadAfterVerdict = () =>
        this.uploadArtifacts(offDevice, recordingPending ? recording : null, deviceLogPending ? deviceLog : null);
      await this.deps.uploads.room();
      if (this.released) return null;
      return { ...verdict, durationSeconds, recordingKey: null, deviceLogKey: null, recordingPending, deviceLogPending, deviceLost };
    }
    // The recording and the log come off the device side by side, then go up side by side;
    // uploaded before the result so the result can name them (null when anything failed).
    const [parts, logText] = await Promise.all([recording?.stop() ?? null, deviceLog?.stop() ?? null]);
    this.trace('stopped');
    const [recordingKey, deviceLogKey] = await Promise.all([recording?.upload(parts) ?? null, deviceLog?.upload(logText) ?? null]);
    this.trace('uploaded');
    if (this.released) return null;
    return { ...verdict, durationSeconds, recordingKey, deviceLogKey, recordingPending: false, deviceLogPending: false, deviceLost };
  }

  /** This app checked installed and its data cleared for the device's next test (device-resets.ts); null when it is not installed. */
  private async resetForNextTest(): Promise<DeviceReset | null> {
    const { driver } = this.deps;
    const { packageName, build } = this.offer;
    if (!(await driver.isInstalled(packageName))) return null;
    await driver.clearData(packageName);
    return { buildId: build?.buildId ?? null, packageName };
  }

  /**
   * With RunnerDeps.uploads, the uploads of this job's recording and device log, to queue once
   * its verdict has been handed to the connection (jobs.ts); null when there are none.
   */
  afterVerdict(): (() => Promise<void>) | null {
    return this.uploadAfterVerdict;
  }

  /** Uploads what came off the device; what cannot be uploaded is reported missing once the verdict is recorded. */
  private async uploadArtifacts(
    offDevice: Promise<[Buffer[] | null, string | null]>,
    recording: JobRecording | null,
    deviceLog: JobDeviceLog | null,
  ): Promise<void> {
    const [parts, logText] = await offDevice;
    const url = this.offer.recordingUploadUrl;
    const options = this.deps.recording;
    const lost = async (artifact: 'recording' | 'deviceLog', err: unknown) => {
      const reason = `the lab agent could not upload it: ${err instanceof Error ? err.message : String(err)}`;
      this.deps.log?.(`job ${this.jobId}: ${artifact === 'recording' ? 'recording' : 'device log'} lost: ${reason}`);
      if (!url || !options) return;
      // Reported once the verdict that announced it is recorded (it marks the artifact awaited).
      await this.deps.connection.resultAcked?.(this.jobId, AbortSignal.timeout(60_000));
      await reportMissing(url, artifact, reason, options);
    };
    await Promise.all([
      recording?.uploadAfterVerdict(parts).catch((err) => lost('recording', err)),
      deviceLog?.uploadAfterVerdict(logText).catch((err) => lost('deviceLog', err)),
    ]);
    this.trace('uploaded');
  }

  private trace(phase: JobPhase): void {
    this.deps.trace?.(this.jobId, this.serial, phase);
  }

  private checkpoint(): void {
    if (this.controller.signal.aborted) throw this.controller.signal.reason;
  }

  private async prepare(): Promise<void> {
    const { driver, builds, installed } = this.deps;
    const { build, packageName } = this.offer;
    const blocked = (message: string): never => {
      throw new JobStopped({ verdict: 'blocked', message, failedStep: null });
    };
    const setup = async <T>(what: string, operation: () => Promise<T>): Promise<T> => {
      try {
        return await operation();
      } catch (err) {
        this.checkpoint();
        if (err instanceof BuildDownloadError) return blocked(err.message);
        if (err instanceof DriverError && err.deviceGone) this.deviceLost = true;
        const message = err instanceof Error ? err.message : String(err);
        return blocked(message.startsWith(what) ? message : `${what}: ${message}`);
      }
    };
    // The previous test's reset of this device, when it left this build of this app installed and cleared.
    const reset = await this.deps.resets?.take(this.serial);
    const wasReset =
      reset?.packageName === packageName &&
      reset.buildId === (build?.buildId ?? null) &&
      (!build || installed.get(this.serial) === build.buildId);
    if (build) {
      const file = await setup('Downloading the build failed', () => builds.get(build, this.controller.signal));
      this.trace('build');
      this.checkpoint();
      // A build id names immutable bytes, so the same id on the same device needs no reinstall.
      const cached =
        installed.get(this.serial) === build.buildId &&
        (wasReset || (await setup('Checking the installed app failed', () => driver.isInstalled(packageName))));
      if (!cached) {
        installed.delete(this.serial);
        await setup('Install failed', () => driver.install(file, packageName));
        installed.set(this.serial, build.buildId);
        this.deps.log?.(`job ${this.jobId}: installed build ${build.buildId} on ${this.serial}`);
      }
    } else if (!wasReset && !(await setup('Checking the installed app failed', () => driver.isInstalled(packageName)))) {
      blocked(`${packageName} is not installed on ${this.serial}, and the job has no build to install`);
    }
    this.trace('installed');
    this.checkpoint();
    if (!wasReset) await setup('Clearing app data failed', () => driver.clearData(packageName));
    this.trace('cleared');
    if (this.offer.tunnel)
      await setup(`Tunnel "${this.offer.tunnel.name}" could not be used`, () => this.openTunnel(this.offer.tunnel!.name));
    // The device's previous test may still be taking its recording and log off it (afterVerdict).
    await this.deps.uploads?.deviceReady(this.serial);
    await this.deviceLog?.start(); // from just before the launch: a crash at launch is in it
    await setup(`Could not launch ${packageName}`, () => driver.launch(packageName, this.offer.launchParams));
    this.trace('launched');
  }

  /** Routes the device through the run's tunnel; losing the tunnel later stops the test. */
  private async openTunnel(name: string): Promise<void> {
    if (!this.deps.openTunnel) throw new Error('this agent was started without tunnel support');
    this.tunnel = await JobTunnel.open(this.deps.driver, this.deps.openTunnel, this.jobId, name);
    this.tunnel.lost.addEventListener(
      'abort',
      () => {
        this.tunnelLost = `Tunnel "${name}" was lost during the test: ${(this.tunnel!.lost.reason as Error).message}`;
        this.controller.abort(new JobStopped({ verdict: 'failed', message: this.tunnelLost, failedStep: null }));
      },
      { once: true },
    );
  }

  private async step(index: number, command: string): Promise<void> {
    const label = `Step ${index + 1} "${command}"`;
    const fail = (message: string, verdict: Stop['verdict'] = 'failed'): never => {
      throw new JobStopped({ verdict, message: `${label}: ${message}`, failedStep: index });
    };
    const timeoutMs = this.offer.stepTimeoutSeconds * 1000;
    const maxRounds = this.deps.maxRoundsPerStep ?? 20;
    const options = splitStepOptions(command);
    // A bad option is refused by the control plane with its reason; here it only means the default wait.
    const waitMs = ((options.ok ? options.waitSeconds : null) ?? this.deps.stepWaitSeconds ?? DEFAULT_STEP_WAIT_SECONDS) * 1000;
    // A `wait:` step is decided from its text alone: settling the screen before a fixed wait
    // would only lengthen it. One read, with its picture beside it, is what the timeline shows.
    const fixedWait = options.ok && isWaitCommand(options.command);
    this.deviceLog?.markStep(index);
    for (let round = 1; round <= maxRounds; round += 1) {
      this.checkpoint();
      const began = Date.now();
      let decision: StepDecision;
      // Settle, then decide; while the step cannot be done on the screen (its target absent,
      // or still shown for "is not shown") and its wait has time left, read the screen again.
      for (;;) {
        // The settling is bounded on its own: the step's time limit is for a device that hangs.
        const screen = await this.guard(
          () => (fixedWait ? this.captureOnce() : this.capture()),
          fail,
          timeoutMs + (this.deps.settle?.timeoutMs ?? SETTLE_TIMEOUT_MS),
          'capturing the screen',
        );
        this.checkpoint();
        const first = index === 0 && round === 1;
        if (first) this.trace('screen');
        const waitedMs = Date.now() - began;
        // No wait for the screen to report when none was made (the timeline then shows none).
        const read = fixedWait ? screen : { ...screen, waitedMs, mayRetry: waitedMs < waitMs };
        decision = await this.askControlPlane(index, command, read, timeoutMs, fail);
        if (first) {
          this.trace('decided');
          // Past the first screen read and decision: the previous test's uploads may go now.
          this.deps.uploads?.stepsStarted(this.serial);
        }
        if (!decision.ok || !decision.retry) break;
        await this.pause(this.deps.retryIntervalMs ?? 250);
      }
      if (!decision.ok)
        fail(decision.error || decision.reason || 'the control plane could not decide', decision.blocked ? 'blocked' : 'failed');
      if (decision.failed) {
        this.event(index, command, decision, 'failed', Date.now() - began, decision.reason);
        fail(decision.reason || 'the step failed');
      }
      let actions: Action[];
      try {
        actions = decision.actions.map(parseAction);
      } catch (err) {
        this.event(index, command, decision, 'failed', Date.now() - began, (err as Error).message);
        return fail((err as Error).message);
      }
      try {
        for (const decided of actions) {
          // A `wait:` step's pause runs from the step's start: its one screen read and its
          // decision count towards it, as a settling read counts towards the pause after it
          // (screen-settle.ts). Neither changes the screen, and the device stays untouched
          // for the whole wait; only the agent's bookkeeping no longer lengthens it.
          const action =
            fixedWait && decided.type === 'wait'
              ? { ...decided, seconds: Math.max(0, decided.seconds - (Date.now() - began) / 1000) }
              : decided;
          const budget = timeoutMs + (action.type === 'wait' ? action.seconds * 1000 : 0);
          await this.guard(() => performAction(action, this.context()), fail, budget, `performing ${action.type}`);
        }
      } catch (err) {
        this.checkpoint();
        const message = err instanceof JobStopped ? err.stop.message.slice(label.length + 2) : String(err);
        this.event(index, command, decision, 'failed', Date.now() - began, message);
        throw err;
      }
      this.event(index, command, decision, 'performed', Date.now() - began);
      if (decision.finished) return;
    }
    fail(`did not finish after ${maxRounds} rounds`);
  }

  private context() {
    return {
      driver: this.deps.driver,
      packageName: this.offer.packageName,
      launchParams: this.offer.launchParams,
      signal: this.controller.signal,
    };
  }

  /** Pauses between re-reads; a cancel interrupts them. */
  private async pause(ms: number): Promise<void> {
    await sleep(ms, undefined, { signal: this.controller.signal }).catch(() => this.checkpoint());
  }

  /** The settled screen (screen-settle.ts), with its screenshot taken beside the read that settled it. */
  private async capture(): Promise<{ pageSource: string; settled: boolean; screenshot?: string }> {
    const { driver } = this.deps;
    const { pageSource, settled, alongside } = await readSettledScreen(
      () => driver.hierarchy(),
      this.deps.settle,
      this.controller.signal,
      () => driver.screenshot(),
    );
    const screenshot = await this.picture(alongside!);
    return screenshot === undefined ? { pageSource, settled } : { pageSource, settled, screenshot };
  }

  /** One read of the screen, its picture taken beside it, with no settling (a `wait:` step's). */
  private async captureOnce(): Promise<{ pageSource: string; screenshot?: string }> {
    const { driver } = this.deps;
    const shot = driver.screenshot();
    shot.catch(() => undefined); // its failure is handled below, after the read
    const pageSource = await driver.hierarchy();
    const screenshot = await this.picture(shot);
    return screenshot === undefined ? { pageSource } : { pageSource, screenshot };
  }

  /** The screenshot as base64; undefined when it failed on a device that is still there. */
  private async picture(shot: Promise<Buffer>): Promise<string | undefined> {
    try {
      return (await shot).toString('base64');
    } catch (err) {
      // The hierarchy is what decisions need; a missing picture only makes the report poorer.
      if (err instanceof DriverError && err.deviceGone) throw err;
      this.deps.log?.(`job ${this.jobId}: screenshot failed: ${(err as Error).message}`);
      return undefined;
    }
  }

  private async askControlPlane(
    stepIndex: number,
    command: string,
    screen: { pageSource: string; screenshot?: string; settled?: boolean; waitedMs?: number; mayRetry?: boolean },
    timeoutMs: number,
    fail: (m: string) => never,
  ): Promise<StepDecision> {
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      return await this.deps.connection.requestDecision(
        { requestId: `${this.jobId}-${stepIndex}-${randomUUID().slice(0, 8)}`, jobId: this.jobId, stepIndex, command, ...screen },
        AbortSignal.any([this.controller.signal, timeout]),
      );
    } catch (err) {
      this.checkpoint();
      if (timeout.aborted) return fail(`no decision from the control plane within ${this.offer.stepTimeoutSeconds} s`);
      return fail(err instanceof Error ? err.message : String(err));
    }
  }

  /** Runs a device operation with a time limit, turning errors into the step's outcome. */
  private async guard<T>(
    operation: () => Promise<T>,
    fail: (m: string, v?: Stop['verdict']) => never,
    timeoutMs: number,
    what: string,
  ): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new DriverError(`${what} took longer than ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
    });
    try {
      return await Promise.race([operation(), limit]);
    } catch (err) {
      this.checkpoint();
      if (err instanceof JobStopped) throw err;
      if (err instanceof DriverError && err.deviceGone) {
        this.deviceLost = true;
        return fail(err.message, 'blocked');
      }
      return fail(err instanceof Error ? err.message : String(err));
    } finally {
      clearTimeout(timer);
    }
  }

  private event(
    stepIndex: number,
    command: string,
    decision: StepDecision,
    outcome: 'performed' | 'failed',
    durationMs: number,
    error?: string,
  ): void {
    this.deps.connection.sendQueued({
      type: 'step.event',
      jobId: this.jobId,
      requestId: decision.requestId,
      stepIndex,
      command,
      actions: decision.actions,
      outcome,
      ...(error ? { error: error.slice(0, 2000) } : {}),
      screenshotKey: decision.screenshotKey,
      durationMs,
    });
  }
}
