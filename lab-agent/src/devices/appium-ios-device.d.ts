// appium-ios-device ships JavaScript without type declarations; these are the parts the
// agent uses (its build/lib/utilities.js).
declare module 'appium-ios-device' {
  import type { Socket } from 'node:net';
  export const utilities: {
    /** Connects to `port` on the device through usbmuxd, over `socket` when given (else usbmuxd's default socket). */
    connectPort(udid: string, port: number, socket?: Socket | null): Promise<Socket>;
  };
}
