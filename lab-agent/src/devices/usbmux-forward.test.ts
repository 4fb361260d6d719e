/**
 * The agent's usbmux port forward (appium-ios-device's usbmux client) against the
 * virtual iPhones' usbmuxd: bytes reach the phone's port and come back; a port nothing
 * listens on, or an unplugged phone, resets the local connection.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeUsbmuxd, startFakeUsbmuxd } from '@devicelab/virtual-devices/ios/fake-usbmuxd.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwardUsbmuxPort } from './usbmux-forward.js';

let dir: string;
let echo: Server;
let usbmuxd: FakeUsbmuxd;
let attached = true;
const UDID = '00008120-0011223344556677';

/** Sends `text` to 127.0.0.1:port and returns all it reads back until the far side closes (or 'RESET'). */
function roundTrip(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = createConnection(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      if (Buffer.concat(chunks).length >= text.length) socket.end();
    });
    socket.on('error', () => resolve('RESET'));
    socket.on('close', () => resolve(chunks.length ? Buffer.concat(chunks).toString() : 'RESET'));
    socket.write(text);
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'devicelab-usbmux-'));
  echo = createServer((s) => s.pipe(s));
  await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r));
  const echoPort = (echo.address() as AddressInfo).port;
  usbmuxd = await startFakeUsbmuxd(join(dir, 'usbmuxd'), () => [
    { udid: UDID, attached: () => attached, portTarget: (port) => (port === 8100 ? { host: '127.0.0.1', port: echoPort } : null) },
  ]);
});
afterAll(async () => {
  await usbmuxd.close();
  await new Promise<void>((r) => echo.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

describe('usbmux port forward', () => {
  it('carries bytes both ways to the phone port', async () => {
    const forward = await forwardUsbmuxPort(UDID, 8100, { usbmuxdSocket: usbmuxd.socketPath });
    try {
      const payload = 'x'.repeat(200_000);
      expect(await roundTrip(forward.port, payload)).toBe(payload);
      expect(await roundTrip(forward.port, 'second connection')).toBe('second connection');
    } finally {
      await forward.close();
    }
  });

  it('resets the local connection when nothing listens on the phone port', async () => {
    const forward = await forwardUsbmuxPort(UDID, 8101, { usbmuxdSocket: usbmuxd.socketPath });
    try {
      expect(await roundTrip(forward.port, 'hello')).toBe('RESET');
    } finally {
      await forward.close();
    }
  });

  it('resets the local connection when the phone is unplugged', async () => {
    const forward = await forwardUsbmuxPort(UDID, 8100, { usbmuxdSocket: usbmuxd.socketPath });
    attached = false;
    try {
      expect(await roundTrip(forward.port, 'hello')).toBe('RESET');
    } finally {
      attached = true;
      await forward.close();
    }
  });
});
