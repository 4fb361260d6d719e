/**
 * A usbmuxd double for the virtual iPhones: the daemon through which a Mac reaches the
 * TCP ports of USB-connected iPhones. It speaks usbmuxd's plist protocol on a Unix
 * socket (a 16-byte little-endian header: total length, version 1, message type 8 for
 * plist, tag; then an XML plist): `ListDevices`, `ReadBUID`, `ReadPairRecord` and
 * `Connect {DeviceID, PortNumber}` (the port in network byte order, as clients send it).
 * After a `Connect` answered with Result 0 the socket carries the device port's bytes
 * both ways; a port nothing listens on answers Result 3 (connection refused).
 *
 * Real clients (appium-ios-device's usbmux, which the agent's port forwarder uses) talk
 * to it unchanged through its socket path (USBMUXD_SOCKET_ADDRESS on a real host's tools).
 */

import { rmSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { build as buildPlist, type PlistValue, parse as parsePlist } from 'plist';

export interface UsbmuxDevice {
  udid: string;
  /** Whether it is plugged in now (unplugged devices are not listed). */
  attached(): boolean;
  /** Where a device port is served on this machine, or null when nothing listens there. */
  portTarget(devicePort: number): { host: string; port: number } | null;
}

export interface FakeUsbmuxd {
  readonly socketPath: string;
  close(): Promise<void>;
}

const HEADER = 16;
const PLIST_MESSAGE = 8;
const RESULT = { ok: 0, badDevice: 2, refused: 3 } as const;

const swap16 = (n: number) => ((n & 0xff) << 8) | ((n >> 8) & 0xff);

function frame(tag: number, payload: Record<string, unknown>): Buffer {
  const body = Buffer.from(buildPlist(payload as PlistValue), 'utf8');
  const header = Buffer.alloc(HEADER);
  header.writeUInt32LE(HEADER + body.length, 0);
  header.writeUInt32LE(1, 4);
  header.writeUInt32LE(PLIST_MESSAGE, 8);
  header.writeUInt32LE(tag, 12);
  return Buffer.concat([header, body]);
}

export async function startFakeUsbmuxd(socketPath: string, devices: () => readonly UsbmuxDevice[]): Promise<FakeUsbmuxd> {
  rmSync(socketPath, { force: true });
  const sockets = new Set<Socket>();
  // DeviceIDs are small integers a daemon hands out per attachment; stable per udid here.
  const ids = new Map<string, number>();
  const idOf = (udid: string) => {
    if (!ids.has(udid)) ids.set(udid, ids.size + 1);
    return ids.get(udid)!;
  };
  const listed = () => devices().filter((d) => d.attached());

  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    let pending = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= HEADER) {
        const length = pending.readUInt32LE(0);
        if (length < HEADER || length > 1 << 20) return void client.destroy();
        if (pending.length < length) return;
        const tag = pending.readUInt32LE(12);
        const type = pending.readUInt32LE(8);
        const body = pending.subarray(HEADER, length);
        pending = pending.subarray(length);
        if (type !== PLIST_MESSAGE) return void client.destroy();
        let message: Record<string, unknown>;
        try {
          message = parsePlist(body.toString('utf8')) as Record<string, unknown>;
        } catch {
          return void client.destroy();
        }
        if (answer(client, tag, message, pending)) return; // the socket now carries a device port
      }
    };
    client.on('data', onData);

    /** Answers one message; true when the socket became a device connection. */
    function answer(socket: Socket, tag: number, message: Record<string, unknown>, rest: Buffer): boolean {
      switch (message['MessageType']) {
        case 'ListDevices':
          socket.write(
            frame(tag, {
              DeviceList: listed().map((d) => ({
                DeviceID: idOf(d.udid),
                MessageType: 'Attached',
                Properties: { ConnectionType: 'USB', DeviceID: idOf(d.udid), LocationID: 0, ProductID: 4776, SerialNumber: d.udid },
              })),
            }),
          );
          return false;
        case 'ReadBUID':
          socket.write(frame(tag, { BUID: '00000000-0000-0000-0000-DEVICELAB000' }));
          return false;
        case 'ReadPairRecord':
          // No pair records here: clients treat that as "not paired with this host".
          socket.write(frame(tag, { MessageType: 'Result', Number: RESULT.badDevice }));
          return false;
        case 'Connect': {
          const device = listed().find((d) => idOf(d.udid) === message['DeviceID']);
          const target = device?.portTarget(swap16(Number(message['PortNumber'])));
          if (!device || !target) {
            socket.write(frame(tag, { MessageType: 'Result', Number: device ? RESULT.refused : RESULT.badDevice }));
            return false;
          }
          socket.pause();
          socket.off('data', onData);
          const upstream = createConnection(target.port, target.host);
          let connected = false;
          upstream.once('connect', () => {
            connected = true;
            socket.write(frame(tag, { MessageType: 'Result', Number: RESULT.ok }));
            if (rest.length > 0) upstream.write(rest);
            socket.pipe(upstream).pipe(socket);
            socket.resume();
          });
          upstream.once('error', () => {
            if (!connected) socket.end(frame(tag, { MessageType: 'Result', Number: RESULT.refused }));
            else socket.destroy();
          });
          socket.once('close', () => upstream.destroy());
          upstream.once('close', () => socket.destroy());
          return true;
        }
        default:
          socket.write(frame(tag, { MessageType: 'Result', Number: 1 }));
          return false;
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  return {
    socketPath,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(socketPath, { force: true });
    },
  };
}
