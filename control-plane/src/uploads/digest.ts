import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** Size and sha256 of a file on disk, streamed. */
export async function fileDigest(path: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path)) {
    size += (chunk as Buffer).length;
    hash.update(chunk as Buffer);
  }
  return { size, sha256: hash.digest('hex') };
}
