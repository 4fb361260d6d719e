/**
 * A finished job's recording and device log go up after its verdict, so a device's next
 * test does not wait for them (docs/api.md#recordings):
 *
 *   steps done → crash check → verdict sent ─┬→ next offer, reset, launch …
 *                                            └→ recording and log off the device → upload
 *
 * The device's part (stopping the recording and the log capture) starts before the verdict
 * goes out and is waited for only by the device's next test, just before it starts its own
 * log and recording. The uploads run here, at most `maxInFlight` jobs at a time for the
 * whole agent, each once the device's next test is into its steps, past its first screen read
 * and decision (or after QUIET_WAIT_MS): uploading at once would compete with the verdict, the
 * next offer, launch and first screen for the control plane and this host, which is what the
 * device waits for; a verdict waits only while `maxWaiting` jobs' artifacts are already waiting
 * (they are held in memory). A failed upload is retried (a re-sent upload replaces the
 * stored file whole); one that still fails, or is refused, is reported to the control plane
 * as missing with its reason, so the test's page says why instead of "still uploading".
 * If the agent dies first, the control plane marks them missing when its socket closes.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export interface ArtifactUploadsOptions {
  /** Jobs whose artifacts upload at once; default 2. */
  maxInFlight?: number;
  /** Jobs whose artifacts may wait for a slot before a verdict waits for room; default 8. */
  maxWaiting?: number;
  log?: (line: string) => void;
}

/** The longest an upload waits for its device's next test to reach its steps (no next test, or a slow one). */
export const QUIET_WAIT_MS = 1000;

/** Delays before the second and third try of a failed upload (network errors and 5xx only). */
export const UPLOAD_RETRY_DELAYS_MS = [1000, 4000];

/** An upload answered a 4xx: trying again will not help. */
export class UploadRefused extends Error {}

/** Runs `upload` with the retries above; a refusal ends it at once. */
export async function withRetries<T>(upload: () => Promise<T>, delays: readonly number[] = UPLOAD_RETRY_DELAYS_MS): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await upload();
    } catch (err) {
      if (err instanceof UploadRefused || attempt >= delays.length) throw err;
      await sleep(delays[attempt]);
    }
  }
}

export class ArtifactUploads {
  /** serial → its last job's artifacts off the device (never rejects). */
  private readonly offDevice = new Map<string, Promise<void>>();
  /** serial → the uploads that wait for its next test's steps. */
  private readonly quietWaiters = new Map<string, Array<() => void>>();
  private readonly waiting: Array<() => Promise<void>> = [];
  private readonly roomWaiters: Array<() => void> = [];
  private readonly idleWaiters: Array<() => void> = [];
  private inFlight = 0;
  /** Jobs whose uploads wait for their device's next test to reach its steps. */
  private quieting = 0;
  private readonly maxInFlight: number;
  private readonly maxWaiting: number;

  constructor(private readonly options: ArtifactUploadsOptions = {}) {
    this.maxInFlight = options.maxInFlight ?? 2;
    this.maxWaiting = options.maxWaiting ?? 8;
  }

  /** Jobs whose artifacts are uploading or waiting to. */
  get pending(): number {
    return this.inFlight + this.waiting.length + this.quieting;
  }

  /** The device's part of a finished job is under way: its next job waits for it (deviceReady). */
  holdDevice(serial: string, offDevice: Promise<unknown>): void {
    const done = offDevice.then(
      () => undefined,
      () => undefined,
    );
    this.offDevice.set(serial, done);
    void done.then(() => {
      if (this.offDevice.get(serial) === done) this.offDevice.delete(serial);
    });
  }

  /** Resolves once the device's previous job has its recording and log off it. */
  deviceReady(serial: string): Promise<void> {
    return this.offDevice.get(serial) ?? Promise.resolve();
  }

  /**
   * Resolves when another job's artifacts may wait here (at once, unless `maxWaiting` already do;
   * those waiting for their device's next test do not count: one per device at most).
   */
  async room(): Promise<void> {
    while (this.waiting.length >= this.maxWaiting) await new Promise<void>((resolve) => this.roomWaiters.push(resolve));
  }

  /**
   * Queues a finished job's uploads (`upload` never rejects: it reports what it could not do),
   * to start once the device's next test is into its steps (stepsStarted), or QUIET_WAIT_MS.
   */
  add(serial: string, upload: () => Promise<void>): void {
    const quiet = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, QUIET_WAIT_MS);
      const waiters = this.quietWaiters.get(serial) ?? [];
      waiters.push(() => (clearTimeout(timer), resolve()));
      this.quietWaiters.set(serial, waiters);
    });
    this.quieting += 1;
    void quiet.then(() => {
      this.quieting -= 1;
      this.waiting.push(upload);
      this.next();
    });
  }

  /** The device's test is into its steps (past its first screen read and decision): the uploads of the one before may go now. */
  stepsStarted(serial: string): void {
    for (const go of this.quietWaiters.get(serial) ?? []) go();
    this.quietWaiters.delete(serial);
  }

  /** Waits up to `ms` for every queued upload; answers how many jobs' uploads were left. */
  async drain(ms: number): Promise<number> {
    if (this.pending > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => this.idleWaiters.push(resolve)),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))),
      ]);
      clearTimeout(timer);
    }
    if (this.pending > 0)
      this.options.log?.(`${this.pending} job(s)' recordings and device logs were not uploaded before the agent stopped`);
    return this.pending;
  }

  private next(): void {
    while (this.inFlight < this.maxInFlight && this.waiting.length > 0) {
      const upload = this.waiting.shift()!;
      this.roomWaiters.shift()?.();
      this.inFlight += 1;
      void upload()
        .catch((err) => this.options.log?.(`uploading a job's artifacts failed: ${(err as Error).message}`))
        .finally(() => {
          this.inFlight -= 1;
          this.next();
          if (this.pending === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
        });
    }
  }
}
