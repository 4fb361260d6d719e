/**
 * The agent's jobs: takes job.offer / job.cancel from the connection, keeps one job per
 * device, starts a JobRun for each accepted offer and sends its result; on shutdown it
 * stops taking offers, lets running jobs finish for a while, then releases the rest.
 */
import type { DeviceInfo, JobOffer } from '@devicelab/shared';
import { ArtifactUploads } from './artifact-uploads.js';
import type { BuildCache } from './builds.js';
import type { AgentConnection } from './connection.js';
import { DeviceResets } from './device-resets.js';
import type { DeviceDriver } from './devices/driver.js';
import type { RecordingOptions } from './recording.js';
import { JobRun, type JobTrace } from './runner.js';
import type { OpenRelay } from './tunnel/job-tunnel.js';

export interface JobManagerOptions {
  connection: AgentConnection;
  builds: BuildCache;
  driverFor: (serial: string) => DeviceDriver;
  device: (serial: string) => DeviceInfo | undefined;
  log: (line: string) => void;
  maxRoundsPerStep?: number;
  /** See RunnerDeps.stepWaitSeconds. */
  stepWaitSeconds?: number;
  /** Uploading recordings (runner.ts); absent: tests are not recorded. */
  recording?: RecordingOptions;
  /** Tunnelled tests' relays (runner.ts); absent: such tests are blocked. */
  openTunnel?: OpenRelay;
  /** Where each job's time goes (runner.ts JobPhase). */
  trace?: JobTrace;
  /**
   * When a job's recording and device log are uploaded: after its verdict (default, in the
   * background, artifact-uploads.ts; the device is then also reset for its next test right
   * after the verdict, device-resets.ts) or before it, naming them (as agents did before).
   */
  artifactUploads?: 'after-verdict' | 'before-verdict';
}

export class JobManager {
  private readonly runs = new Map<string, { run: JobRun; done: Promise<void> }>();
  private readonly installed = new Map<string, string>();
  private draining = false;
  /** Finished jobs' recordings and device logs on their way up; null: uploaded before each verdict. */
  private readonly uploads: ArtifactUploads | null;
  /** Devices reset for their next test right after a verdict (device-resets.ts); with uploads after the verdict only. */
  private readonly resets: DeviceResets | null;

  constructor(private readonly options: JobManagerOptions) {
    this.uploads = options.artifactUploads === 'before-verdict' ? null : new ArtifactUploads({ log: options.log });
    this.resets = this.uploads ? new DeviceResets() : null;
  }

  /** Jobs the hello reports as running. */
  running(): Array<{ jobId: string; state: 'running' }> {
    return [...this.runs.keys()].map((jobId) => ({ jobId, state: 'running' as const }));
  }

  get size(): number {
    return this.runs.size;
  }

  offer(offer: JobOffer): void {
    const { connection, log } = this.options;
    this.options.trace?.(offer.jobId, offer.serial, 'offered');
    if (this.runs.has(offer.jobId)) {
      // The server re-offered a job we are running (it restarted): it is ours, say so again.
      connection.sendIfConnected({ type: 'job.accepted', jobId: offer.jobId });
      return;
    }
    const reason = this.refusal(offer);
    if (reason) {
      log(`job ${offer.jobId} rejected: ${reason}`);
      connection.sendIfConnected({ type: 'job.rejected', jobId: offer.jobId, reason });
      return;
    }
    const run = new JobRun(offer, {
      driver: this.options.driverFor(offer.serial),
      connection,
      builds: this.options.builds,
      installed: this.installed,
      log,
      ...(this.options.maxRoundsPerStep !== undefined ? { maxRoundsPerStep: this.options.maxRoundsPerStep } : {}),
      ...(this.options.stepWaitSeconds !== undefined ? { stepWaitSeconds: this.options.stepWaitSeconds } : {}),
      ...(this.options.recording ? { recording: this.options.recording } : {}),
      ...(this.options.openTunnel ? { openTunnel: this.options.openTunnel } : {}),
      ...(this.options.trace ? { trace: this.options.trace } : {}),
      ...(this.uploads ? { uploads: this.uploads } : {}),
      ...(this.resets ? { resets: this.resets } : {}),
    });
    connection.sendIfConnected({ type: 'job.accepted', jobId: offer.jobId });
    log(`job ${offer.jobId} accepted on ${offer.serial}: "${offer.title}" (try ${offer.tryNumber}, ${offer.commands.length} steps)`);
    const done = run.run().then((result) => {
      this.runs.delete(offer.jobId);
      if (!result) return;
      log(`job ${offer.jobId} ${result.verdict} in ${result.durationSeconds} s${result.statusMessage ? `: ${result.statusMessage}` : ''}`);
      connection.sendResult(result);
      this.options.trace?.(offer.jobId, offer.serial, 'result');
      const uploads = run.afterVerdict();
      if (uploads) this.uploads?.add(offer.serial, uploads);
    });
    this.runs.set(offer.jobId, { run, done });
  }

  cancel(jobId: string, reason: string): void {
    const entry = this.runs.get(jobId);
    if (!entry) return; // finished already: its result (or the ack) tells the server
    this.options.log(`job ${jobId} cancel requested: ${reason}`);
    entry.run.cancel(reason);
  }

  private refusal(offer: JobOffer): string | null {
    if (this.draining) return 'the agent is shutting down';
    const device = this.options.device(offer.serial);
    if (!device) return `device ${offer.serial} is not attached to this agent`;
    if (offer.platform !== device.platform) return `device ${offer.serial} is an ${device.platform} device, not ${offer.platform}`;
    // The control plane routes by kind already; a wrong pairing would only fail at install.
    if (offer.build?.kind === 'ipa' && device.kind === 'simulator')
      return `an .ipa installs only on a real iPhone, and ${offer.serial} is a simulator`;
    if (offer.build?.kind === 'app' && device.kind !== 'simulator')
      return `a simulator build (.app) cannot be installed on ${offer.serial}, a real iPhone`;
    if (!device.ready) return `device ${offer.serial} is not ready`;
    const busy = [...this.runs.values()].find((e) => e.run.serial === offer.serial);
    if (busy) return `device ${offer.serial} is busy with job ${busy.run.jobId}`;
    return null;
  }

  /**
   * Stops taking offers, waits up to `drainSeconds` for running jobs, then releases the
   * rest (job.released: the server queues them again without counting a try).
   */
  async drain(drainSeconds: number): Promise<void> {
    this.draining = true;
    const all = () => Promise.all([...this.runs.values()].map((e) => e.done));
    if (this.runs.size === 0) return;
    this.options.log(`waiting up to ${drainSeconds} s for ${this.runs.size} running job(s)`);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([all(), new Promise<void>((resolve) => (timer = setTimeout(resolve, drainSeconds * 1000)))]);
    clearTimeout(timer);
    for (const { run } of this.runs.values()) {
      run.release();
      this.options.log(`job ${run.jobId} released: the agent is shutting down`);
      this.options.connection.sendQueued({ type: 'job.released', jobId: run.jobId, reason: 'the lab agent is shutting down' });
    }
    // Released runs unwind at their next await; a driver command already sent is not waited for long.
    await Promise.race([all(), new Promise<void>((resolve) => (timer = setTimeout(resolve, 5000)))]);
    clearTimeout(timer);
  }

  /**
   * Waits up to `seconds` for finished jobs' recordings and device logs to upload (after
   * drain, before the connection closes); those left are marked missing by the control
   * plane when the agent's socket closes.
   */
  async drainUploads(seconds: number): Promise<void> {
    await this.uploads?.drain(seconds * 1000);
  }
}
