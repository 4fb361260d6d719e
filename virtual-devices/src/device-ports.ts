/**
 * TCP ports on the device's loopback, as programs on the device see them: something
 * listens on a port (`nc -l`, an instrumentation's HTTP server), or the port is
 * `adb reverse`d to a port on the adb server's machine. A connection to a reversed port
 * goes back over the transport the reverse came over: adbd opens a "tcp:PORT" stream to
 * the adb server, which connects to that port on its own machine (HostLink). When the
 * transport goes (the adb server restarts, the cable is pulled), its reverses go with it.
 */
import { createConnection } from 'node:net';
import { Duplex } from 'node:stream';

/** The adb server's side of one transport, as the device reaches it. */
export interface HostLink {
  /** How `adb reverse --list` names the transport ("UsbFfs", "host-3"). */
  readonly name: string;
  /** A connection to `port` on the adb server's machine. */
  connect(port: number): Duplex;
}

export class ConnectionRefused extends Error {
  constructor(port: number) {
    super(`connect to 127.0.0.1:${port}: Connection refused`);
    this.name = 'ConnectionRefused';
  }
}

/** Two connected in-memory sockets: what one end writes, the other reads; end() half-closes as TCP's FIN. */
export function duplexPair(): [Duplex, Duplex] {
  let left: Duplex;
  let right: Duplex;
  const make = (peer: () => Duplex) =>
    new Duplex({
      allowHalfOpen: true,
      read() {},
      write(chunk: Buffer, _encoding, callback) {
        peer().push(chunk);
        callback();
      },
      final(callback) {
        peer().push(null);
        callback();
      },
      destroy(error, callback) {
        const other = peer();
        if (!other.destroyed) other.destroy();
        callback(error);
      },
    });
  left = make(() => right);
  right = make(() => left);
  return [left, right];
}

export class DevicePorts {
  /** Ports something on the device listens on: each connection to one is handed to its listener. */
  readonly listeners = new Map<number, (connection: Duplex) => void>();
  /** `adb reverse`: device port → port on the adb server's machine. */
  readonly reverses = new Map<number, number>();
  /** The transport each reverse came over (a reverse without one goes straight to 127.0.0.1 here). */
  private readonly links = new Map<number, HostLink>();

  addReverse(devicePort: number, hostPort: number, link: HostLink): void {
    this.reverses.set(devicePort, hostPort);
    this.links.set(devicePort, link);
  }

  removeReverse(devicePort: number): boolean {
    this.links.delete(devicePort);
    return this.reverses.delete(devicePort);
  }

  clearReverses(): void {
    this.reverses.clear();
    this.links.clear();
  }

  /** The transport named for a reverse in `adb reverse --list`. */
  linkName(devicePort: number): string | undefined {
    return this.links.get(devicePort)?.name;
  }

  /** A transport went away: so do the reverses made over it (adbd drops a transport's listeners with it). */
  dropLink(link: HostLink): void {
    for (const [port, l] of this.links) if (l === link) this.removeReverse(port);
  }

  /** A program on the device connects to 127.0.0.1:port. Throws ConnectionRefused when nothing is there. */
  connect(port: number): Duplex {
    const listener = this.listeners.get(port);
    if (listener) {
      const [client, server] = duplexPair();
      listener(server);
      return client;
    }
    const hostPort = this.reverses.get(port);
    if (hostPort === undefined) throw new ConnectionRefused(port);
    const link = this.links.get(port);
    return link ? link.connect(hostPort) : createConnection({ host: '127.0.0.1', port: hostPort });
  }
}
