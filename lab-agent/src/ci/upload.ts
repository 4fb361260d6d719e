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
  /** No retry is started that would end after this time (epoch ms). */
  deadline?: number;
  /** Bytes of the file sent so far, and its size. */
  onProgress?: (sent: number, total: number) => void;
}

export interface Uploaded {
  buildId: string;
  platform?: Platform;
  app_link?: string;
}

/** The file's size; a missing or unreadable file is the caller's mistake (exit 2), not the service's. */
function buildFileSize(path: string): number {
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

/** Counts the bytes passing through and reports how many of them were the file's. */
function counted(body: ReadableStream<Uint8Array>, fileSize: number, before: number, onProgress?: UploadOptions['onProgress']) {
  if (!onProgress) return body;
  let sent = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        sent += chunk.byteLength;
        onProgress(Math.max(0, Math.min(fileSize, sent - before)), fileSize);
        controller.enqueue(chunk);
      },
    }),
  );
}

/**
 * The form's parts in order, the build last, so its bytes follow every other part's.
 * `Response` encodes a FormData as multipart and streams a file Blob from disk.
 */
function encode(fields: Array<[string, string]>, file: Blob, fileName: string) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  form.append('build', file, fileName);
  const encoded = new Response(form);
  return { body: encoded.body!, contentType: encoded.headers.get('content-type')! };
}

/** How many bytes come before the file: the same form with an empty file, less its closing boundary. */
async function bytesBeforeFile(fields: Array<[string, string]>, fileName: string): Promise<number> {
  const empty = encode(fields, new Blob([]), fileName);
  const length = (await new Response(empty.body).arrayBuffer()).byteLength;
  const boundary = /boundary=(.+)$/.exec(empty.contentType)?.[1] ?? '';
  return length - `\r\n--${boundary}--\r\n`.length;
}

export async function uploadBuild(api: ApiClient, path: string, options: UploadOptions = {}): Promise<Uploaded> {
  const size = buildFileSize(path);
  const file = await openAsBlob(path);
  const fields: Array<[string, string]> = [];
  if (options.platform) fields.push(['platform', options.platform]);
  if (options.name) fields.push(['metadata', JSON.stringify({ name: options.name })]);
  if (options.ci) fields.push(['ci', JSON.stringify(options.ci)]);
  const before = options.onProgress ? await bytesBeforeFile(fields, basename(path)) : 0;
  return api<Uploaded>('POST', '/uploadBuild', {
    ...(options.deadline !== undefined ? { deadline: options.deadline } : {}),
    body: () => {
      const encoded = encode(fields, file, basename(path));
      return { body: counted(encoded.body, size, before, options.onProgress), headers: { 'content-type': encoded.contentType } };
    },
  });
}
