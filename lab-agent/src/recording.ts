/**
 * Screen recording of a job: started once the app is launched, stopped after the last
 * step, uploaded to the control plane (PUT to the offer's recordingUploadUrl). The agent
 * uploads after the verdict (artifact-uploads.ts; the verdict says one is coming), or, run
 * without that queue, before it so the result can name it. A lost recording never changes
 * a verdict: it is logged, and after a verdict reported missing with its reason.
 */
import { UploadRefused, withRetries } from './artifact-uploads.js';
import type { DeviceDriver } from './devices/driver.js';

const STOP_TIMEOUT_MS = 30_000;
const UPLOAD_TIMEOUT_MS = 120_000;

/** The Content-Type of recorded bytes by their signature; null for anything unplayable. */
export function recordingType(bytes: Buffer): 'video/mp4' | 'image/gif' | 'video/webm' | null {
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp') return 'video/mp4';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.toString('latin1', 0, 6))) return 'image/gif';
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) return 'video/webm';
  return null;
}

export interface RecordingOptions {
  token: string;
  /** The agent's id: the control plane takes an upload after the verdict only from the agent that ran the try. */
  agentId?: string;
  log?: (line: string) => void;
  fetch?: typeof fetch;
}

/** The headers of an agent's request about a job's artifacts. */
export function artifactHeaders(options: RecordingOptions, contentType: string): Record<string, string> {
  return {
    authorization: `Bearer ${options.token}`,
    'content-type': contentType,
    ...(options.agentId ? { 'x-devicelab-agent': options.agentId } : {}),
  };
}

/** An upload's answer that is not a success: a 4xx is not worth repeating. */
export function uploadError(status: number, detail: unknown): Error {
  const message = `upload answered ${status} ${String(detail ?? '')}`;
  return status >= 400 && status < 500 ? new UploadRefused(message) : new Error(message);
}

/**
 * Tells the control plane that an artifact the verdict announced will not come, and why
 * (POST {recordingUploadUrl}/missing); retried like an upload, logged when that fails too.
 */
export async function reportMissing(
  uploadUrl: string,
  artifact: 'recording' | 'deviceLog',
  reason: string,
  options: RecordingOptions,
): Promise<void> {
  try {
    await withRetries(async () => {
      const res = await (options.fetch ?? fetch)(`${uploadUrl}/missing`, {
        method: 'POST',
        headers: artifactHeaders(options, 'application/json'),
        body: JSON.stringify({ artifact, reason: reason.slice(0, 2000) }),
        signal: AbortSignal.timeout(30_000),
      });
      if (!res.ok) throw uploadError(res.status, ((await res.json().catch(() => ({}))) as { detail?: unknown }).detail);
    });
  } catch (err) {
    options.log?.(`${uploadUrl}: could not report the ${artifact} missing: ${(err as Error).message}`);
  }
}

export class JobRecording {
  private started = false;
  /** Why stop() took no recording off the device. */
  private stopFailure: string | null = null;

  constructor(
    private readonly jobId: string,
    private readonly driver: DeviceDriver,
    private readonly uploadUrl: string,
    private readonly options: RecordingOptions,
  ) {}

  async start(): Promise<void> {
    if (!this.driver.startRecording || !this.driver.stopRecording) return;
    try {
      await this.driver.startRecording();
      this.started = true;
    } catch (err) {
      this.options.log?.(`job ${this.jobId}: recording did not start: ${(err as Error).message}`);
    }
  }

  /**
   * Stops and uploads; the storage key, or null when there is no recording to name. A
   * recording in parts (Android past 3 minutes) is uploaded part by part (`?part=N`);
   * the key is the first part's, and the control plane finds the others beside it.
   */
  async finish(): Promise<string | null> {
    return this.upload(await this.stop());
  }

  /** A recording is running (stop() will have bytes, unless the device fails it). */
  get isRecording(): boolean {
    return this.started;
  }

  /** The device's part: stops recording and takes the bytes off it (null: nothing recorded). */
  async stop(): Promise<Buffer[] | null> {
    if (!this.started) return null;
    this.started = false;
    try {
      const stopped = await withTimeout(this.driver.stopRecording!(), STOP_TIMEOUT_MS, 'stopping the recording');
      return Array.isArray(stopped) ? stopped : [stopped];
    } catch (err) {
      this.stopFailure = (err as Error).message;
      this.options.log?.(`job ${this.jobId}: no recording: ${this.stopFailure}`);
      return null;
    }
  }

  /**
   * The control plane's part after the verdict: the last part first and the first part last,
   * since the first names the recording on the try (it plays once whole); each retried.
   * Answers the key, or throws why there is none.
   */
  async uploadAfterVerdict(parts: Buffer[] | null): Promise<string> {
    if (!parts) throw new Error(`stopping it on the device failed: ${this.stopFailure ?? 'nothing was recorded'}`);
    for (let n = parts.length - 1; n >= 1; n -= 1) {
      try {
        await withRetries(() => this.uploadPart(parts[n]!, n));
      } catch (err) {
        this.options.log?.(`job ${this.jobId}: recording part ${n + 1} of ${parts.length} lost: ${(err as Error).message}`);
      }
    }
    return withRetries(() => this.uploadPart(parts[0]!, 0));
  }

  /** The control plane's part: uploads what stop() took off the device; its key, or null. */
  async upload(parts: Buffer[] | null): Promise<string | null> {
    if (!parts) return null;
    let key: string | null = null;
    for (const [n, bytes] of parts.entries()) {
      try {
        const uploaded = await this.uploadPart(bytes, n);
        key ??= uploaded;
      } catch (err) {
        if (n === 0) {
          this.options.log?.(`job ${this.jobId}: no recording: ${(err as Error).message}`);
          return null;
        }
        this.options.log?.(`job ${this.jobId}: recording part ${n + 1} of ${parts.length} lost: ${(err as Error).message}`);
        break; // the parts play in order: one missing ends the recording there
      }
    }
    return key;
  }

  private async uploadPart(bytes: Buffer, part: number): Promise<string> {
    const type = recordingType(bytes);
    if (!type) throw new UploadRefused(`the device produced ${bytes.length} bytes that are no video`);
    const res = await (this.options.fetch ?? fetch)(part === 0 ? this.uploadUrl : `${this.uploadUrl}?part=${part}`, {
      method: 'PUT',
      headers: artifactHeaders(this.options, type),
      body: new Uint8Array(bytes),
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
    const body = (await res.json().catch(() => ({}))) as { recordingKey?: unknown; detail?: unknown };
    if (!res.ok || typeof body.recordingKey !== 'string') throw uploadError(res.status, body.detail);
    this.options.log?.(`job ${this.jobId}: recording${part ? ` part ${part + 1}` : ''} uploaded (${bytes.length} bytes, ${type})`);
    return body.recordingKey;
  }

  /** Stops without uploading (the job was released). */
  async discard(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await withTimeout(this.driver.stopRecording!(), STOP_TIMEOUT_MS, 'stopping the recording').catch(() => undefined);
  }
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}
