/**
 * The virtual iOS lab of one agent: N simulators and N iPhones, one WebDriverAgent
 * double per device, and an `xcrun` for them. The xcrun is a small shell script written
 * into the host's temp dir that runs fake-xcrun.mjs with this host's URL, so the real
 * driver code (node-simctl, our devicectl calls) runs it like Xcode's, and several
 * agents on one machine never share one.
 *
 *   const host = await startVirtualIosHost({ simulators: 1, iphones: 1 });
 *   new Simctl({ xcrun: { path: host.xcrunPath } }) ...; host.wdaUrl(udid) ...
 *   await host.close();
 */
import { chmodSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type FakeUsbmuxd, startFakeUsbmuxd } from './fake-usbmuxd.js';
import { VirtualIosDevice, type VirtualIosDeviceOptions } from './ios-device.js';
import { startWdaServer, type WdaServer } from './wda-server.js';
import { serveXcodebuild, type XcodebuildWda } from './xcodebuild-commands.js';
import { runXcrun, type XcrunRequest } from './xcrun-commands.js';

type DeviceOptions = Omit<VirtualIosDeviceOptions, 'kind' | 'dataRoot'>;

export interface VirtualIosHostOptions {
  simulators?: number;
  iphones?: number;
  /** Per-device options; index i → the i-th simulator / iPhone. */
  simulatorOptions?: DeviceOptions[];
  iphoneOptions?: DeviceOptions[];
  /**
   * The iPhones' WebDriverAgent is not running until the lab agent starts it as on a real
   * Mac: `xcodebuild` (a fake one, in `xcodebuildDir`) runs it, and its port is reached
   * only through the host's usbmuxd (a fake one, at `usbmuxdSocket`). Default false: every
   * device's WebDriverAgent runs from the start at `wdaUrl(udid)`, as an operator's would.
   */
  managedWda?: boolean;
}

export interface VirtualIosHost {
  /** An executable standing in for xcrun (point node-simctl / XCRUN_BINARY at it). */
  readonly xcrunPath: string;
  readonly devices: readonly VirtualIosDevice[];
  device(udid: string): VirtualIosDevice | undefined;
  /** The WebDriverAgent URL of a device (none for an iPhone whose WebDriverAgent the agent manages). */
  wdaUrl(udid: string): string | undefined;
  /** With managedWda: the usbmuxd socket through which the iPhones' ports are reached. */
  readonly usbmuxdSocket?: string;
  /** With managedWda: a directory holding an `xcodebuild` for these iPhones (put it first on PATH). */
  readonly xcodebuildDir?: string;
  /** With managedWda: the arguments of every `xcodebuild` run on these iPhones, in order. */
  readonly xcodebuildRuns: string[][];
  /** Whether this device's WebDriverAgent runs now. */
  wdaRunning(udid: string): boolean;
  /** With managedWda: WebDriverAgent on this iPhone dies (its test runner crashes); false when it was not running. */
  killWda(udid: string): boolean;
  close(): Promise<void>;
}

const FAKE_XCRUN = fileURLToPath(new URL('./fake-xcrun.mjs', import.meta.url));
const FAKE_XCODEBUILD = fileURLToPath(new URL('./fake-xcodebuild.mjs', import.meta.url));

/**
 * One `xcodebuild` for every virtual host of this machine (tools find it on PATH, so it
 * cannot carry one host's address): it finds the host of the UDID it is given in
 * <tmpdir>/devicelab-virtual-xcode/devices. Written atomically, so hosts starting at
 * once never run a half-written one.
 */
function installXcodebuildShim(): string {
  const dir = join(tmpdir(), 'devicelab-virtual-xcode', 'bin');
  mkdirSync(dir, { recursive: true });
  const next = join(dir, `.xcodebuild-${process.pid}-${Date.now()}`);
  writeFileSync(next, `#!/bin/sh\nexec ${shellQuote(process.execPath)} ${shellQuote(FAKE_XCODEBUILD)} "$@"\n`, { mode: 0o755 });
  renameSync(next, join(dir, 'xcodebuild'));
  return dir;
}

function registerXcodebuildDevice(udid: string, controlUrl: string): string {
  const dir = join(tmpdir(), 'devicelab-virtual-xcode', 'devices');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, udid);
  writeFileSync(file, controlUrl);
  return file;
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export async function startVirtualIosHost(options: VirtualIosHostOptions): Promise<VirtualIosHost> {
  const root = mkdtempSync(join(tmpdir(), 'devicelab-ios-'));
  const devices: VirtualIosDevice[] = [];
  for (let i = 0; i < (options.simulators ?? 0); i += 1) {
    devices.push(new VirtualIosDevice({ name: 'iPhone 15', ...options.simulatorOptions?.[i], kind: 'simulator', dataRoot: root }));
  }
  for (let i = 0; i < (options.iphones ?? 0); i += 1) {
    devices.push(new VirtualIosDevice({ name: 'iPhone 15', ...options.iphoneOptions?.[i], kind: 'physical', dataRoot: root }));
  }
  const wda = new Map<string, WdaServer>();
  const managed = (d: VirtualIosDevice) => options.managedWda === true && d.kind === 'physical';
  for (const d of devices) if (!managed(d)) wda.set(d.udid, await startWdaServer(d));
  const crashes = new Map<string, () => void>();
  const xcodebuildRuns: string[][] = [];
  const xcodebuildWda: XcodebuildWda = {
    async start(udid) {
      const device = devices.find((d) => d.udid === udid);
      if (device && !wda.has(udid)) wda.set(udid, await startWdaServer(device));
    },
    async stop(udid) {
      const server = wda.get(udid);
      wda.delete(udid);
      crashes.delete(udid);
      await server?.close();
    },
    onRun: (udid, crash) => crashes.set(udid, crash),
  };

  const control: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        let request: XcrunRequest;
        try {
          request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as XcrunRequest;
          if (!Array.isArray(request.argv)) throw new Error('bad request');
          if (req.url === '/xcodebuild' && options.managedWda) {
            xcodebuildRuns.push(request.argv.map(String));
            await serveXcodebuild(req, res, request.argv.map(String), devices, xcodebuildWda);
            return;
          }
          if (req.url !== '/xcrun') throw new Error('bad request');
        } catch {
          res.writeHead(400).end();
          return;
        }
        const result = await runXcrun(devices, { argv: request.argv.map(String), env: request.env ?? {}, finish: request.finish === true });
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
      })();
    });
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const controlUrl = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;

  const xcrunPath = join(root, 'xcrun');
  writeFileSync(
    xcrunPath,
    `#!/bin/sh\nDEVICELAB_VIRTUAL_XCRUN_URL=${shellQuote(controlUrl)} exec ${shellQuote(process.execPath)} ${shellQuote(FAKE_XCRUN)} "$@"\n`,
  );
  chmodSync(xcrunPath, 0o755);

  let usbmuxd: FakeUsbmuxd | null = null;
  let xcodebuildDir: string | undefined;
  const registered: string[] = [];
  if (options.managedWda) {
    usbmuxd = await startFakeUsbmuxd(join(root, 'usbmuxd'), () =>
      devices.filter(managed).map((d) => ({
        udid: d.udid,
        attached: () => d.booted,
        // WebDriverAgent listens on the phone's port 8100 while xcodebuild runs it.
        portTarget: (port: number) => {
          const server = port === 8100 ? wda.get(d.udid) : undefined;
          return server ? { host: '127.0.0.1', port: Number(new URL(server.url).port) } : null;
        },
      })),
    );
    xcodebuildDir = installXcodebuildShim();
    for (const d of devices.filter(managed)) registered.push(registerXcodebuildDevice(d.udid, controlUrl));
  }

  return {
    xcrunPath,
    devices,
    device: (udid) => devices.find((d) => d.udid === udid),
    wdaUrl: (udid) => (options.managedWda && devices.find((d) => d.udid === udid)?.kind === 'physical' ? undefined : wda.get(udid)?.url),
    ...(usbmuxd ? { usbmuxdSocket: usbmuxd.socketPath } : {}),
    ...(xcodebuildDir ? { xcodebuildDir } : {}),
    xcodebuildRuns,
    wdaRunning: (udid) => wda.has(udid),
    killWda(udid) {
      const crash = crashes.get(udid);
      crash?.();
      return crash !== undefined;
    },
    async close() {
      for (const file of registered) rmSync(file, { force: true });
      await usbmuxd?.close();
      await Promise.all([...wda.values()].map((s) => s.close()));
      control.closeAllConnections();
      await new Promise<void>((resolve) => control.close(() => resolve()));
      rmSync(root, { recursive: true, force: true });
    },
  };
}
