/**
 * Uploads a build file to POST /uploadBuild as a stream (never read into memory), with
 * a callback per chunk sent so a terminal can show a progress bar.
 */
import { openAsBlob, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { ApiClient } from './api-client.js';
import { UsageError } from './errors.js';
import type { Platform } from './options.js';

export interface UploadOptions {
  name?: string;
  platform?: Platform;
  /** The upload's `ci` part: where the build came from. */
  ci?: Record<string, unknown>;
  /** Bytes of the file sent so far, and its size. */
  onProgress?: (sent: number, total: number) => void;
}

export interface Uploaded {
  buildId: string;
  platform?: Platform;
  app_link?: string;
}

/** The file's size; a missing or unreadable file is the caller's mistake (exit 2), not the service's. */
export function buildFileSize(path: string): number {
  let size: number;
  try {
    const st = statSync(path);
    if (!st.isFile()) throw new Error('not a file');
    size = st.size;
  } catch {
    throw new UsageError(`--build: no such file: ${path}`);
  }
  return size;
}

/** Counts the bytes passing through, reporting them against the whole body's size. */
function counted(body: ReadableStream<Uint8Array>, fileSize: number, overhead: number, onProgress?: UploadOptions['onProgress']) {
  if (!onProgress) return body;
  let sent = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        sent += chunk.byteLength;
        // The multipart envelope is not the file: report file bytes only.
        onProgress(Math.max(0, Math.min(fileSize, sent - overhead)), fileSize);
        controller.enqueue(chunk);
      },
    }),
  );
}

export async function uploadBuild(api: ApiClient, path: string, options: UploadOptions = {}): Promise<Uploaded> {
  const size = buildFileSize(path);
  const file = await openAsBlob(path);
  const metadata = options.name ? JSON.stringify({ name: options.name }) : undefined;
  return api<Uploaded>('POST', '/uploadBuild', {
    body: () => {
      const form = new FormData();
      if (options.platform) form.append('platform', options.platform);
      if (metadata) form.append('metadata', metadata);
      if (options.ci) form.append('ci', JSON.stringify(options.ci));
      form.append('build', file, basename(path));
      // Response encodes the form as multipart and streams the file from disk.
      const encoded = new Response(form);
      const overhead = 512 + (metadata?.length ?? 0) + (options.ci ? JSON.stringify(options.ci).length : 0);
      return {
        body: counted(encoded.body!, size, overhead, options.onProgress),
        headers: { 'content-type': encoded.headers.get('content-type')! },
      };
    },
  });
}
