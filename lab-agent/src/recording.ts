/**
 * Screen recording of a job: started once the app is launched, stopped after the last
 * step, uploaded to the control plane (PUT to the offer's recordingUploadUrl) before the
 * result is sent, so the result can name it. Every failure here is logged and ends as
 * recordingKey null: a lost recording never changes a verdict, and the whole of it is
 * bounded in time so it cannot hold a verdict back for long either.
 */
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
  log?: (line: string) => void;
  fetch?: typeof fetch;
}

export class JobRecording {
  private started = false;

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

  /** The device's part: stops recording and takes the bytes off it (null: nothing recorded). */
  async stop(): Promise<Buffer[] | null> {
    if (!this.started) return null;
    this.started = false;
    try {
      const stopped = await withTimeout(this.driver.stopRecording!(), STOP_TIMEOUT_MS, 'stopping the recording');
      return Array.isArray(stopped) ? stopped : [stopped];
    } catch (err) {
      this.options.log?.(`job ${this.jobId}: no recording: ${(err as Error).message}`);
      return null;
    }
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
    if (!type) throw new Error(`the device produced ${bytes.length} bytes that are no video`);
    const res = await (this.options.fetch ?? fetch)(part === 0 ? this.uploadUrl : `${this.uploadUrl}?part=${part}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${this.options.token}`, 'content-type': type },
      body: new Uint8Array(bytes),
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
    const body = (await res.json().catch(() => ({}))) as { recordingKey?: unknown; detail?: unknown };
    if (!res.ok || typeof body.recordingKey !== 'string') throw new Error(`upload answered ${res.status} ${String(body.detail ?? '')}`);
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
