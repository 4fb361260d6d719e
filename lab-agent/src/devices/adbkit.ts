/**
 * adbkit is CommonJS with an `exports.default`. How an ESM default import sees it depends
 * on the loader: Node (and tsx) hand over `module.exports` ({default: Adb, ...}), while
 * vitest's interop hands over `Adb` itself. TypeScript (NodeNext) types it like Node.
 * Picking whichever has createClient makes both work.
 */
import adbkitModule from '@devicefarmer/adbkit';
import type { Client, DeviceClient } from '@devicefarmer/adbkit';
import type { Duplex, Readable } from 'node:stream';

type AdbStatic = typeof adbkitModule.default;

export const Adb: AdbStatic =
  'createClient' in (adbkitModule as object) ? (adbkitModule as unknown as AdbStatic) : adbkitModule.default;

export type { Client, DeviceClient };

export function createAdbClient(host = '127.0.0.1', port = 5037): Client {
  return Adb.createClient({ host, port });
}

/** Everything a stream yields, as one buffer. */
export async function readAll(stream: Readable | Duplex): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}
