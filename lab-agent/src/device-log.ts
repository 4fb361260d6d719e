/**
 * The device's log of a job: captured from just before the app's launch to the verdict
 * (the driver's startDeviceLog: `logcat -c`, then `logcat -v threadtime` followed),
 * watched for the app crashing, and uploaded beside the recording (PUT to the offer's
 * recordingUploadUrl + "/device-log"), after the verdict as the recording is (recording.ts).
 * As with recordings, a lost log never changes a verdict; a crash in it does: the test
 * fails with the crash (its exception line and top frames) instead of whatever step
 * could no longer find its element.
 */
import { withRetries } from './artifact-uploads.js';
import type { DeviceDriver, DeviceLogCapture } from './devices/driver.js';
import { artifactHeaders, type RecordingOptions, uploadError } from './recording.js';

const UPLOAD_TIMEOUT_MS = 60_000;
/** Frames of the crash's stack shown in the verdict (the rest is in the device log). */
const CRASH_FRAMES = 4;

/**
 * The app's crash in a threadtime log, as AndroidRuntime writes it:
 *   ... E AndroidRuntime: FATAL EXCEPTION: main
 *   ... E AndroidRuntime: Process: com.example, PID: 5120
 *   ... E AndroidRuntime: java.lang.IllegalStateException: message
 *   ... E AndroidRuntime: \tat com.example.MainActivity.onCreate(MainActivity.kt:42)
 * null when the package's process did not crash.
 */
export function findCrash(log: string, packageName: string): string | null {
  const lines = log.split('\n').map((l) => /\sAndroidRuntime\s*:\s?(.*)$/.exec(l)?.[1] ?? null);
  for (let i = 0; i < lines.length; i += 1) {
    if (!lines[i]?.startsWith('FATAL EXCEPTION')) continue;
    const proc = /^Process: ([^,\s]+)/.exec(lines[i + 1] ?? '');
    if (!proc || proc[1] !== packageName) continue;
    const exception = lines[i + 2]?.trim();
    if (!exception) continue;
    const frames: string[] = [];
    for (let j = i + 3; j < lines.length && frames.length < CRASH_FRAMES; j += 1) {
      const frame = /^\s*at (.+)$/.exec(lines[j] ?? '');
      if (!frame) break;
      frames.push(frame[1]!);
    }
    return `The app crashed: ${exception}${frames.map((f) => `\n    at ${f}`).join('')}`;
  }
  return null;
}

export class JobDeviceLog {
  private capture: DeviceLogCapture | null = null;

  constructor(
    private readonly jobId: string,
    private readonly driver: DeviceDriver,
    private readonly packageName: string,
    private readonly uploadUrl: string | null,
    private readonly options: RecordingOptions,
  ) {}

  /** Clears the device's log and starts following it; a device that cannot is logged and left without one. */
  async start(): Promise<void> {
    if (!this.driver.startDeviceLog) return;
    try {
      this.capture = await this.driver.startDeviceLog();
    } catch (err) {
      this.options.log?.(`job ${this.jobId}: no device log: ${(err as Error).message}`);
    }
  }

  /** The app's crash so far, after letting what the device already wrote arrive. */
  async crash(): Promise<string | null> {
    if (!this.capture) return null;
    await this.capture.flush();
    return findCrash(this.capture.text(), this.packageName);
  }

  /**
   * Marks the start of step `index` in the device's log (the recording page cuts the log
   * there). Not waited for: the marker only has to land before the step's own effects do,
   * and the step's first device command (a screen capture) takes longer than it.
   */
  markStep(index: number): void {
    void this.capture?.mark(`step ${index + 1} begins`).catch(() => undefined);
  }

  /** Stops following and uploads; the storage key, or null. */
  async finish(): Promise<string | null> {
    return this.upload(await this.stop());
  }

  /** The device's part: stops following; the log's text, or null when there was none. */
  async stop(): Promise<string | null> {
    const capture = this.capture;
    this.capture = null;
    if (!capture) return null;
    await capture.stop().catch(() => undefined);
    return capture.text();
  }

  /** The log is being followed, and has somewhere to go (stop() and an upload will have it). */
  get isCapturing(): boolean {
    return this.capture !== null && this.uploadUrl !== null;
  }

  /** The control plane's part: uploads what stop() answered; its key, or null. */
  async upload(text: string | null): Promise<string | null> {
    if (text === null || !this.uploadUrl) return null;
    try {
      return await this.put(text);
    } catch (err) {
      this.options.log?.(`job ${this.jobId}: device log lost: ${(err as Error).message}`);
      return null;
    }
  }

  /** The control plane's part after the verdict, retried; its key, or throws why there is none. */
  async uploadAfterVerdict(text: string | null): Promise<string> {
    if (text === null || !this.uploadUrl) throw new Error('no log was captured');
    return withRetries(() => this.put(text));
  }

  private async put(text: string): Promise<string> {
    const res = await (this.options.fetch ?? fetch)(`${this.uploadUrl}/device-log`, {
      method: 'PUT',
      headers: artifactHeaders(this.options, 'text/plain; charset=utf-8'),
      body: text,
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
    const body = (await res.json().catch(() => ({}))) as { deviceLogKey?: unknown; detail?: unknown };
    if (!res.ok || typeof body.deviceLogKey !== 'string') throw uploadError(res.status, body.detail);
    return body.deviceLogKey;
  }

  /** Stops following without uploading (the job was released). */
  async discard(): Promise<void> {
    await this.capture?.stop().catch(() => undefined);
    this.capture = null;
  }
}
