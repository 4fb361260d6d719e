/** The upload's progress bar: only on a terminal, where it redraws in place (cli-progress). */
import { basename } from 'node:path';
import type { Writable } from 'node:stream';
import { SingleBar } from 'cli-progress';
import type { ApiClient } from './api-client.js';
import { ciProvenance } from './ci-provenance.js';
import { type Uploaded, type UploadOptions, uploadBuild } from './upload.js';

export interface UploadBar {
  update: (sent: number, total: number) => void;
  stop: () => void;
}

const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);

function uploadProgress(out: Writable & { isTTY?: boolean }, path: string): UploadBar | undefined {
  if (!out.isTTY) return undefined;
  const bar = new SingleBar({
    stream: out as NodeJS.WritableStream,
    format: `uploading ${basename(path)} [{bar}] {percentage}% {sentMb}/{totalMb} MB`,
    hideCursor: true,
    clearOnComplete: false,
  });
  let started = false;
  let stopped = false;
  return {
    update(sent, total) {
      if (!started) bar.start(total, 0, { sentMb: mb(0), totalMb: mb(total) });
      started = true;
      bar.update(sent, { sentMb: mb(sent), totalMb: mb(total) });
    },
    stop() {
      if (started && !stopped) bar.stop();
      stopped = true;
    },
  };
}

/**
 * Uploads with the CI's provenance and, on a terminal `out`, a bar that is stopped before
 * the caller writes its next line (so it does not land on the bar's).
 */
export async function uploadWithProgress(
  api: ApiClient,
  path: string,
  options: Pick<UploadOptions, 'name' | 'platform' | 'deadline'>,
  out: Writable & { isTTY?: boolean },
  env: Record<string, string | undefined>,
): Promise<Uploaded> {
  const ci = ciProvenance(env);
  const bar = uploadProgress(out, path);
  try {
    return await uploadBuild(api, path, { ...options, ...(ci ? { ci } : {}), ...(bar ? { onProgress: bar.update } : {}) });
  } finally {
    bar?.stop();
  }
}
