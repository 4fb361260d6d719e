/**
 * adbkit is CommonJS with an `exports.default`. How an ESM default import sees it depends
 * on the loader: Node (and tsx) hand over `module.exports` ({default: Adb, ...}), while
 * vitest's interop hands over `Adb` itself. TypeScript (NodeNext) types it like Node.
 * Picking whichever has createClient makes both work; the guards below say which one arrived.
 */

import type { Duplex, Readable } from 'node:stream';
import type { Client, DeviceClient } from '@devicefarmer/adbkit';
import adbkitModule from '@devicefarmer/adbkit';
import connectionModule from '@devicefarmer/adbkit/dist/src/adb/connection.js';

type AdbStatic = typeof adbkitModule.default;

const isAdbStatic = (loaded: unknown): loaded is AdbStatic =>
  (typeof loaded === 'object' || typeof loaded === 'function') && loaded !== null && 'createClient' in loaded;
export const Adb: AdbStatic = isAdbStatic(adbkitModule) ? adbkitModule : adbkitModule.default;

type ConnectionClass = typeof connectionModule.default;
const isConnectionClass = (loaded: unknown): loaded is ConnectionClass =>
  typeof loaded === 'function' && typeof loaded.prototype === 'object' && loaded.prototype !== null && 'connect' in loaded.prototype;
const Connection: ConnectionClass = isConnectionClass(connectionModule) ? connectionModule : connectionModule.default;

export type { Client, DeviceClient };

/**
 * An adbkit client that never starts an adb server itself. adbkit runs `adb start-server`
 * when its connection is refused; from a lab agent that silently spawns a server as the
 * agent's user (often without the USB permissions), hides that none was running, and
 * outlives the agent. The agent reports the refused connection and retries instead; the
 * operator starts adb (`adb start-server`) the way the lab machine is set up to.
 */
export function createAdbClient(host = '127.0.0.1', port = 5037): Client {
  const client = Adb.createClient({ host, port });
  client.connection = function connection() {
    const conn = new Connection(this.options);
    // adbkit's own flag for "already tried starting the server": set, so it never tries (private in its types: set by name).
    Reflect.set(conn, 'triedStarting', true);
    conn.on('error', (err: Error) => this.emit('error', err));
    return conn.connect();
  };
  return client;
}

/**
 * `adb reverse --remove <remote>` (e.g. remote "tcp:8080"): adbkit 3 can add and list
 * reverses but not remove one, so the request goes over its device transport as adb
 * itself sends it. The adb server answers OKAY once adbd has opened the service, then
 * adbd OKAY or FAIL ("listener 'tcp:8080' not found"). False when there was no such reverse.
 */
export async function removeReverse(device: DeviceClient, remote: string): Promise<boolean> {
  const connection = await device.transport();
  try {
    const request = Buffer.from(`reverse:killforward:${remote}`);
    connection.write(Buffer.concat([Buffer.from(request.length.toString(16).padStart(4, '0')), request]));
    for (const stage of ['opening reverse', 'removing reverse']) {
      const reply = await connection.parser.readAscii(4);
      if (reply === 'FAIL') {
        const message = (await connection.parser.readValue()).toString('utf8');
        if (stage === 'removing reverse' && /^listener .* not found/.test(message)) return false;
        throw new Error(`${stage} ${remote} failed: ${message}`);
      }
      if (reply !== 'OKAY') throw new Error(`${stage} ${remote}: unexpected reply ${JSON.stringify(reply)}`);
    }
    return true;
  } finally {
    connection.end();
  }
}

/** Everything a stream yields, as one buffer. */
export async function readAll(stream: Readable | Duplex): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}
