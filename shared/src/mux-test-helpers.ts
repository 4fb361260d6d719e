import { createHash } from 'node:crypto';
import type { IncomingStream, MuxStream } from './mux.js';

/** Reads the stream to its end without destroying it (for-await would, taking the writable side with it). */
export function readAll(stream: MuxStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    stream.once('end', () => resolve(Buffer.concat(chunks)));
    stream.once('error', reject);
    stream.resume();
  });
}

export const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Accepts the stream and sends back what it reads. */
export const echo = (incoming: IncomingStream) => {
  const stream = incoming.accept();
  stream.pipe(stream);
};
