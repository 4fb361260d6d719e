/**
 * A fake adb server: speaks the adb host protocol on TCP, so the real adbkit client (or
 * the adb CLI with -P) talks to it exactly as it would to `adb start-server`, and hosts
 * any number of virtual devices running the scripted sample app. CI machines have no
 * handsets; this is the protocol-level double the lab agent runs against there.
 *
 *   const server = await startVirtualAdbServer({ devices: 2 });
 *   const client = Adb.createClient({ host: server.host, port: server.port });
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { EndOfStreamError, fail, okay, SocketReader } from './adb-protocol.js';
import type { HostLink } from './device-ports.js';
import { serveDeviceService } from './device-services.js';
import { HostForwards } from './host-forwards.js';
import { type HostRegistry, serveHostRequest } from './host-services.js';
import { VirtualDevice, type VirtualDeviceOptions } from './virtual-device.js';

/**
 * The devices' transport to this server. It runs in the process on the adb server's
 * machine, so a reversed port's connection is a TCP connection to 127.0.0.1 here; named
 * as a USB device's adbd names its transport.
 */
const IN_PROCESS_LINK: HostLink = {
  name: 'UsbFfs',
  connect: (port) => createConnection({ host: '127.0.0.1', port }),
};

export interface VirtualAdbServerOptions {
  /** TCP port; 0 (default) picks a free one. The real server's is 5037. */
  port?: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** How many devices to start with (virtual-1 … virtual-N), or the devices themselves. */
  devices?: number | Array<VirtualDevice | VirtualDeviceOptions>;
  /** Options for devices the server creates (from a count, or addDevice() without arguments). */
  deviceDefaults?: VirtualDeviceOptions;
  /** Unexpected errors while serving a connection (not clients hanging up); default: ignored. */
  onError?: (error: unknown) => void;
}

export interface VirtualAdbServer {
  readonly port: number;
  readonly host: string;
  /** Every device added and not removed, including disconnected ones (so they can reconnect()). */
  readonly devices: readonly VirtualDevice[];
  getDevice(serial: string): VirtualDevice | undefined;
  /** Adds a device (created with the next free virtual-N serial unless given) and announces it to trackers. */
  addDevice(device?: VirtualDevice | VirtualDeviceOptions): VirtualDevice;
  /** Unplugs a device for good: its connections drop and trackers see it leave. */
  removeDevice(serial: string): boolean;
  /** `adb forward` listeners (`list()` is what `adb forward --list` shows). */
  readonly forwards: HostForwards;
  close(): Promise<void>;
}

class AdbServer implements VirtualAdbServer, HostRegistry {
  private readonly list: VirtualDevice[] = [];
  private readonly ids = new Map<VirtualDevice, number>();
  private readonly unsubscribes = new Map<VirtualDevice, () => void>();
  private readonly listeners = new Set<() => void>();
  private readonly sockets = new Set<Socket>();
  private nextTransportId = 1;
  readonly forwards = new HostForwards(IN_PROCESS_LINK);
  port = 0;

  constructor(
    readonly host: string,
    private readonly server: Server,
    private readonly defaults: VirtualDeviceOptions,
    private readonly onError: (error: unknown) => void,
  ) {
    server.on('connection', (socket) => void this.handle(socket));
  }

  get devices(): readonly VirtualDevice[] {
    return [...this.list];
  }

  getDevice(serial: string): VirtualDevice | undefined {
    return this.list.find((d) => d.serial === serial);
  }

  addDevice(input?: VirtualDevice | VirtualDeviceOptions): VirtualDevice {
    const device =
      input instanceof VirtualDevice
        ? input
        : new VirtualDevice({ ...this.defaults, ...input, serial: input?.serial ?? this.freeSerial() });
    if (this.getDevice(device.serial)) throw new Error(`a device with serial ${device.serial} is already attached`);
    this.list.push(device);
    this.ids.set(device, this.nextTransportId++);
    this.unsubscribes.set(
      device,
      device.onStateChange(() => {
        if (device.state === 'disconnected') this.forwards.removeDevice(device); // its transport is gone, and its listeners with it
        this.changed();
      }),
    );
    this.changed();
    return device;
  }

  removeDevice(serial: string): boolean {
    const device = this.getDevice(serial);
    if (!device) return false;
    this.unsubscribes.get(device)?.();
    this.unsubscribes.delete(device);
    this.list.splice(this.list.indexOf(device), 1);
    device.disconnect(); // drops its open connections
    this.forwards.removeDevice(device);
    this.changed();
    return true;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.forwards.close();
    for (const unsubscribe of this.unsubscribes.values()) unsubscribe();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  // HostRegistry
  attached(): VirtualDevice[] {
    return this.list.filter((d) => d.state !== 'disconnected');
  }

  transportId(device: VirtualDevice): number {
    return this.ids.get(device) ?? 0;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }

  private freeSerial(): string {
    for (let n = 1; ; n += 1) if (!this.getDevice(`virtual-${n}`)) return `virtual-${n}`;
  }

  private async handle(socket: Socket): Promise<void> {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy()); // a client resetting the connection is not our failure
    socket.setNoDelay(true);
    const reader = new SocketReader(socket);
    try {
      const outcome = serveHostRequest(this, socket, await reader.readRequest());
      if (outcome.kind !== 'transport') return;
      // The connection now belongs to the device: its next request is a device service, or a
      // host request about that device (adb 29's CLI sends host:forward:... after host:tport:serial:...).
      outcome.device.trackConnection(socket);
      const next = await reader.readRequest();
      if (next.startsWith('host:')) {
        serveHostRequest(this, socket, `host-transport-id:${this.transportId(outcome.device)}:${next.slice('host:'.length)}`);
        return;
      }
      await serveDeviceService(next, outcome.device, {
        stream: socket,
        reader,
        accept: () => socket.write(okay()),
        refuse: (message) => socket.end(fail(message)),
        host: IN_PROCESS_LINK,
      });
    } catch (err) {
      // End of stream or a malformed request: nothing sensible to answer.
      if (!(err instanceof EndOfStreamError)) this.onError(err);
      socket.destroy();
    }
  }
}

export async function startVirtualAdbServer(options: VirtualAdbServerOptions = {}): Promise<VirtualAdbServer> {
  const host = options.host ?? '127.0.0.1';
  const server = createServer();
  const adb = new AdbServer(host, server, options.deviceDefaults ?? {}, options.onError ?? (() => {}));
  const initial = options.devices ?? 1;
  if (typeof initial === 'number') for (let i = 0; i < initial; i += 1) adb.addDevice();
  else for (const d of initial) adb.addDevice(d);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  adb.port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  return adb;
}
