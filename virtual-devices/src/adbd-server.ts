/**
 * The adbd front door: a virtual device as a real adb server sees an emulator or a
 * network device. It listens on 127.0.0.1:PORT and speaks the adb transport protocol
 * (AOSP adb protocol.txt): 24-byte messages (command, arg0, arg1, data length, data
 * checksum, magic) and their data.
 *
 *   host → CNXN(version, maxdata, "host::features=...")   device → CNXN(version, maxdata, banner)
 *   host → OPEN(local-id, 0, "service\0")                  device → OKAY(its id, local-id) or CLSE(0, local-id)
 *   either → WRTE(own id, peer id, data)                    the peer → OKAY when it has taken the data
 *   either → CLSE(own id, peer id)
 *
 * No AUTH, as emulator ports: the device is usable as soon as CNXN is answered (an
 * unauthorized device, unauthorize(), answers AUTH tokens only). On ports
 * 5555, 5557, ... a running adb server finds it by itself as emulator-5554, ...; on any
 * port `adb connect 127.0.0.1:PORT` adds it. The services are device-services.ts, the
 * same code the in-agent fake adb server serves.
 */

import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { Duplex } from 'node:stream';
import { SocketReader } from './adb-protocol.js';
import type { HostLink } from './device-ports.js';
import { serveDeviceService } from './device-services.js';
import type { VirtualDevice } from './virtual-device.js';

export const A_CNXN = 0x4e584e43;
export const A_OPEN = 0x4e45504f;
export const A_OKAY = 0x59414b4f;
export const A_WRTE = 0x45545257;
export const A_CLSE = 0x45534c43;
export const A_AUTH = 0x48545541;
/** The protocol version that lets both sides skip data checksums (adb 1.0.32+). */
const A_VERSION = 0x01000001;
const MAX_PAYLOAD = 256 * 1024;
const AUTH_TOKEN = 1;
const AUTH_SIGNATURE = 2;

/**
 * What a current device (Android 14) lists in its CNXN banner, minus the features that
 * change the wire protocol in ways the virtual device does not implement: sendrecv_v2*
 * (compressed sync) and delayed_ack (windowed OKAYs). A newer adb that knows them then
 * falls back to what adb 29 uses, as it does with an older device.
 */
export const DEVICE_FEATURES = [
  'shell_v2',
  'cmd',
  'stat_v2',
  'ls_v2',
  'fixed_push_mkdir',
  'apex',
  'abb',
  'fixed_push_symlink_timestamp',
  'abb_exec',
  'remount_shell',
  'track_app',
  'openscreen_mdns',
];

export interface AdbMessage {
  command: number;
  arg0: number;
  arg1: number;
  data: Buffer;
}

export function encodeMessage(command: number, arg0: number, arg1: number, data: Buffer = Buffer.alloc(0)): Buffer {
  const header = Buffer.alloc(24);
  header.writeUInt32LE(command, 0);
  header.writeUInt32LE(arg0 >>> 0, 4);
  header.writeUInt32LE(arg1 >>> 0, 8);
  header.writeUInt32LE(data.length, 12);
  let sum = 0;
  for (const byte of data) sum = (sum + byte) >>> 0;
  header.writeUInt32LE(sum, 16);
  header.writeUInt32LE((command ^ 0xffffffff) >>> 0, 20);
  return Buffer.concat([header, data]);
}

export async function readMessage(reader: SocketReader): Promise<AdbMessage> {
  const header = await reader.read(24);
  const command = header.readUInt32LE(0);
  if (header.readUInt32LE(20) !== (command ^ 0xffffffff) >>> 0)
    throw new Error(`bad adb message magic for command 0x${command.toString(16)}`);
  const length = header.readUInt32LE(12);
  if (length > 1024 * 1024) throw new Error(`adb message too long: ${length}`);
  return { command, arg0: header.readUInt32LE(4), arg1: header.readUInt32LE(8), data: await reader.read(length) };
}

/** The CNXN banner: "device::" + the properties adb shows in `adb devices -l` + the features. */
export function deviceBanner(device: VirtualDevice): string {
  const prop = (k: string) => device.properties.get(k) ?? '';
  return `device::ro.product.name=${prop('ro.product.name')};ro.product.model=${prop('ro.product.model')};ro.product.device=${prop('ro.product.device')};features=${DEVICE_FEATURES.join(',')}`;
}

/**
 * One stream over the transport, as a Duplex: a service the adb server opened (for
 * device-services.ts), or a connection the device opened to the adb server's machine
 * (a reversed port). What is written leaves as WRTE messages no larger than the peer's
 * maxdata, one at a time (the next only after the peer's OKAY); what the peer sends
 * arrives as the readable side. A stream the device opens has no peer id until the adb
 * server's OKAY; a CLSE instead means it could not connect.
 */
class AdbdStream extends Duplex {
  private acked: (() => void) | null = null;
  private closedByPeer = false;
  private readonly opened: Promise<void>;
  private markOpened: () => void = () => {};

  constructor(
    private readonly connection: AdbdConnection,
    readonly localId: number,
    private remoteId: number,
  ) {
    super({ allowHalfOpen: true });
    this.opened = remoteId !== 0 ? Promise.resolve() : new Promise<void>((resolve) => (this.markOpened = resolve));
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    void this.sendAll(chunk).then(
      () => callback(),
      (err: Error) => callback(err),
    );
  }

  override _final(callback: () => void): void {
    this.close();
    callback();
  }

  override _destroy(error: Error | null, callback: (error: Error | null) => void): void {
    this.close();
    this.acked?.();
    this.markOpened();
    callback(error);
  }

  private async sendAll(chunk: Buffer): Promise<void> {
    await this.opened;
    if (this.remoteId === 0) throw new Error('closed before the adb server answered the open');
    for (let at = 0; at < chunk.length; at += this.connection.maxData) {
      if (this.closedByPeer) throw new Error('closed by the adb server');
      const acked = new Promise<void>((resolve) => (this.acked = resolve));
      this.connection.send(A_WRTE, this.localId, this.remoteId, chunk.subarray(at, at + this.connection.maxData));
      await acked;
    }
  }

  /** The peer's OKAY: that our OPEN succeeded (with its id), or that it took our last WRTE. */
  okay(peerId: number): void {
    if (this.remoteId === 0) {
      this.remoteId = peerId;
      return this.markOpened();
    }
    const acked = this.acked;
    this.acked = null;
    acked?.();
  }

  /** Data from the peer: taken at once (the service's reader buffers it), so OKAY goes back at once. */
  received(data: Buffer): void {
    this.push(data);
    this.connection.send(A_OKAY, this.localId, this.remoteId);
  }

  peerClosed(): void {
    const refused = this.remoteId === 0;
    this.closedByPeer = true;
    this.push(null);
    // The adb server could not connect to the port on its machine: as a refused TCP connect.
    this.destroy(refused ? Object.assign(new Error('Connection refused'), { code: 'ECONNREFUSED' }) : undefined);
  }

  private close(): void {
    if (this.connection.forget(this.localId) && !this.closedByPeer) this.connection.send(A_CLSE, this.localId, this.remoteId);
  }
}

/** One adb server's connection to the device: the handshake, then any number of streams. */
class AdbdConnection {
  maxData = 4096;
  private nextId = 1;
  private readonly streams = new Map<number, AdbdStream>();
  /** This transport as the device reaches the adb server: a reversed port's connection opens "tcp:PORT" over it. */
  private readonly link: HostLink;

  constructor(
    private readonly socket: Socket,
    private readonly device: VirtualDevice,
    port: number,
  ) {
    this.link = { name: `host-${port}`, connect: (hostPort) => this.openToHost(`tcp:${hostPort}`) };
  }

  /** A stream the device opens: OPEN(its id, 0, service); the adb server answers OKAY(its id, ours) or CLSE. */
  private openToHost(service: string): Duplex {
    const localId = this.nextId++;
    const stream = new AdbdStream(this, localId, 0);
    stream.on('error', () => {});
    this.streams.set(localId, stream);
    this.send(A_OPEN, localId, 0, Buffer.from(`${service}\0`));
    return stream;
  }

  send(command: number, arg0: number, arg1: number, data?: Buffer): void {
    if (!this.socket.destroyed) this.socket.write(encodeMessage(command, arg0, arg1, data));
  }

  /** Drops a stream; false when it was already gone. */
  forget(localId: number): boolean {
    return this.streams.delete(localId);
  }

  async serve(): Promise<void> {
    const reader = new SocketReader(this.socket);
    try {
      for (;;) {
        const message = await readMessage(reader);
        this.dispatch(message);
      }
    } finally {
      for (const stream of this.streams.values()) stream.peerClosed();
      this.device.ports.dropLink(this.link); // adbd drops a transport's reverses with it
    }
  }

  private dispatch(m: AdbMessage): void {
    switch (m.command) {
      case A_CNXN:
        this.maxData = Math.min(m.arg1 || 4096, MAX_PAYLOAD);
        // Debugging not allowed: adbd asks the host to sign a token and never accepts, so adb lists it "unauthorized".
        if (this.device.state === 'unauthorized') return this.send(A_AUTH, AUTH_TOKEN, 0, randomBytes(20));
        this.send(A_CNXN, Math.min(m.arg0, A_VERSION), MAX_PAYLOAD, Buffer.from(deviceBanner(this.device)));
        return;
      case A_AUTH:
        // A signature (or the host's public key, for the user to accept): still not allowed.
        if (m.arg0 === AUTH_SIGNATURE) this.send(A_AUTH, AUTH_TOKEN, 0, randomBytes(20));
        return;
      case A_OPEN:
        return this.open(m.arg0, m.data.toString('utf8').replace(/\0+$/, ''));
      case A_OKAY:
        this.streams.get(m.arg1)?.okay(m.arg0);
        return;
      case A_WRTE:
        this.streams.get(m.arg1)?.received(m.data);
        return;
      case A_CLSE:
        this.streams.get(m.arg1)?.peerClosed();
        this.streams.delete(m.arg1);
        return;
    }
  }

  private open(remoteId: number, service: string): void {
    if (!this.device.online) return this.send(A_CLSE, 0, remoteId);
    const localId = this.nextId++;
    const stream = new AdbdStream(this, localId, remoteId);
    stream.on('error', () => {});
    this.streams.set(localId, stream);
    let answered = false;
    const channel = {
      stream,
      reader: new SocketReader(stream),
      accept: () => {
        answered = true;
        this.send(A_OKAY, localId, remoteId);
      },
      refuse: () => {
        answered = true;
        this.streams.delete(localId);
        this.send(A_CLSE, 0, remoteId);
      },
      host: this.link,
    };
    void serveDeviceService(service, this.device, channel).catch(() => {
      if (!answered) channel.refuse();
      stream.destroy();
    });
  }
}

export interface AdbdFrontDoor {
  readonly device: VirtualDevice;
  readonly host: string;
  readonly port: number;
  /** What adb calls it: emulator-(PORT-1) on an emulator port, else HOST:PORT (after adb connect). */
  readonly serial: string;
  close(): Promise<void>;
}

/** Serves one virtual device as adbd on host:port (port 0 picks a free one). */
export async function startAdbd(
  device: VirtualDevice,
  options: { host?: string; port?: number; onError?: (error: unknown) => void } = {},
): Promise<AdbdFrontDoor> {
  const host = options.host ?? '127.0.0.1';
  const sockets = new Set<Socket>();
  let port = options.port ?? 0;
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    socket.on('error', () => socket.destroy());
    socket.once('close', () => sockets.delete(socket));
    // An unplugged or rebooting device drops its connection, as the cable or adbd going away does;
    // an unauthorized one answers, but only with AUTH (AdbdConnection).
    if (!device.online && device.state !== 'unauthorized') return void socket.destroy();
    if (device.online) device.trackConnection(socket);
    void new AdbdConnection(socket, device, port).serve().catch((err: unknown) => {
      if (!socket.destroyed) options.onError?.(err);
      socket.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as { port: number }).port;
  const emulatorPort = port >= 5555 && port <= 5585 && port % 2 === 1;
  return {
    device,
    host,
    port,
    serial: emulatorPort ? `emulator-${port - 1}` : `${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
