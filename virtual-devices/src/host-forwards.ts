/**
 * `adb forward` in the in-agent fake adb server: a TCP port on this machine whose every
 * connection becomes a device service (usually "tcp:PORT", a connection to a port on the
 * device), as Google's adb server does. The replies are adb 1.0.41's (Debian's adb 29),
 * read off the real server:
 *
 *   forward:[norebind:]LOCAL;REMOTE  new listener: OKAY OKAY + the port (length-prefixed); a rebind: OKAY OKAY
 *   killforward:LOCAL                OKAY OKAY, or FAIL "listener 'LOCAL' not found"
 *   killforward-all                  OKAY OKAY (every device's)
 *   list-forward                     OKAY + "SERIAL LOCAL REMOTE\n" per listener, every device's
 */
import { createServer, type Server, type Socket } from 'node:net';
import { SocketReader } from './adb-protocol.js';
import type { HostLink } from './device-ports.js';
import { serveDeviceService } from './device-services.js';
import type { VirtualDevice } from './virtual-device.js';

interface Listener {
  device: VirtualDevice;
  remote: string;
  server: Server;
}

export type ForwardResult = { ok: true; port?: number } | { error: string };

export class HostForwards {
  private readonly listeners = new Map<string, Listener>();
  private readonly sockets = new Set<Socket>();

  /** `link`: how the devices reach this server's machine (for the services the forwarded connections open). */
  constructor(private readonly link: HostLink) {}

  async add(device: VirtualDevice, spec: string, noRebind: boolean): Promise<ForwardResult> {
    const parts = /^([^;]+);(.+)$/.exec(spec);
    if (!parts) return { error: `bad forward: ${spec}` };
    const [, local, remote] = parts as unknown as [string, string, string];
    const existing = this.listeners.get(local);
    if (existing) {
      if (noRebind) return { error: 'cannot rebind existing socket' };
      existing.device = device;
      existing.remote = remote;
      return { ok: true };
    }
    const tcp = /^tcp:(.*)$/.exec(local);
    if (!tcp) return { error: `cannot bind listener: unknown socket specification:${local}` };
    if (!/^\d+$/.test(tcp[1]!)) return { error: 'cannot bind listener: listening on specified hostname currently unsupported' };
    const listener: Listener = { device, remote, server: createServer((socket) => this.connection(listener, socket)) };
    const bound = await new Promise<number | Error>((resolve) => {
      listener.server.once('error', resolve);
      // adb forward listens on the loopback interface only.
      listener.server.listen(Number(tcp[1]), '127.0.0.1', () => resolve((listener.server.address() as { port: number }).port));
    });
    if (bound instanceof Error) {
      const why = (bound as NodeJS.ErrnoException).code === 'EADDRINUSE' ? 'Address already in use' : bound.message;
      return { error: `cannot bind listener: ${why}` };
    }
    // tcp:0 picks a free port; the listing and killforward name the port it got.
    this.listeners.set(`tcp:${bound}`, listener);
    return { ok: true, port: bound };
  }

  remove(local: string): boolean {
    const listener = this.listeners.get(local);
    if (!listener) return false;
    this.listeners.delete(local);
    listener.server.close();
    return true;
  }

  removeAll(): void {
    for (const local of [...this.listeners.keys()]) this.remove(local);
  }

  /** A device left: its listeners go with its transport. */
  removeDevice(device: VirtualDevice): void {
    for (const [local, listener] of [...this.listeners]) if (listener.device === device) this.remove(local);
  }

  list(): string {
    return [...this.listeners].map(([local, l]) => `${l.device.serial} ${local} ${l.remote}\n`).join('');
  }

  close(): void {
    this.removeAll();
    for (const socket of this.sockets) socket.destroy();
  }

  /** One connection to a forwarded port: the device service REMOTE over it; refused (nothing listens there), it closes. */
  private connection(listener: Listener, socket: Socket): void {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    const { device, remote } = listener;
    if (!device.online) return void socket.destroy();
    device.trackConnection(socket);
    void serveDeviceService(remote, device, {
      stream: socket,
      reader: new SocketReader(socket),
      accept: () => {},
      refuse: () => socket.destroy(),
      host: this.link,
    }).catch(() => socket.destroy());
  }
}
