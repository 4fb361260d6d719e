/**
 * A port of this Mac that reaches a port of a USB-connected iPhone, as `iproxy` does:
 * each connection to 127.0.0.1:<local> opens a usbmuxd connection to the phone's port
 * (appium-ios-device's usbmux client) and the two are piped. WebDriverAgent listens on
 * the phone's port 8100; the agent talks to it through this forward.
 *
 * usbmuxd is found at USBMUXD_SOCKET_ADDRESS (a socket path, or host:port) or its
 * default /var/run/usbmuxd, unless a socket path is given (the virtual iPhones' fake one).
 */
import { type AddressInfo, createConnection, createServer, type Server, type Socket } from 'node:net';
import { utilities } from 'appium-ios-device';

export interface UsbmuxForward {
  readonly port: number;
  close(): Promise<void>;
}

function usbmuxdSocket(path: string | undefined): Promise<Socket | null> {
  if (!path) return Promise.resolve(null); // appium-ios-device's own default (and USBMUXD_SOCKET_ADDRESS)
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

export async function forwardUsbmuxPort(
  udid: string,
  devicePort: number,
  options: { usbmuxdSocket?: string } = {},
): Promise<UsbmuxForward> {
  const open = new Set<Socket>();
  const server: Server = createServer((local) => {
    open.add(local);
    local.on('close', () => open.delete(local));
    local.on('error', () => local.destroy());
    local.pause();
    void (async () => {
      try {
        const remote = await utilities.connectPort(udid, devicePort, await usbmuxdSocket(options.usbmuxdSocket));
        open.add(remote);
        remote.on('close', () => {
          open.delete(remote);
          local.destroy();
        });
        remote.on('error', () => remote.destroy());
        local.on('close', () => remote.destroy());
        local.pipe(remote).pipe(local);
        local.resume();
      } catch {
        local.destroy(); // the phone is gone or nothing listens on its port: the caller sees a reset
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      for (const s of open) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
