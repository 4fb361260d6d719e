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
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VirtualIosDevice, type VirtualIosDeviceOptions } from './ios-device.js';
import { startWdaServer, type WdaServer } from './wda-server.js';
import { runXcrun, type XcrunRequest } from './xcrun-commands.js';

type DeviceOptions = Omit<VirtualIosDeviceOptions, 'kind' | 'dataRoot'>;

export interface VirtualIosHostOptions {
  simulators?: number;
  iphones?: number;
  /** Per-device options; index i → the i-th simulator / iPhone. */
  simulatorOptions?: DeviceOptions[];
  iphoneOptions?: DeviceOptions[];
}

export interface VirtualIosHost {
  /** An executable standing in for xcrun (point node-simctl / XCRUN_BINARY at it). */
  readonly xcrunPath: string;
  readonly devices: readonly VirtualIosDevice[];
  device(udid: string): VirtualIosDevice | undefined;
  /** The WebDriverAgent URL of a device. */
  wdaUrl(udid: string): string | undefined;
  close(): Promise<void>;
}

const FAKE_XCRUN = fileURLToPath(new URL('./fake-xcrun.mjs', import.meta.url));

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
  for (const d of devices) wda.set(d.udid, await startWdaServer(d));

  const control: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        let request: XcrunRequest;
        try {
          request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as XcrunRequest;
          if (req.url !== '/xcrun' || !Array.isArray(request.argv)) throw new Error('bad request');
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
  writeFileSync(xcrunPath, `#!/bin/sh\nDEVICELAB_VIRTUAL_XCRUN_URL=${shellQuote(controlUrl)} exec ${shellQuote(process.execPath)} ${shellQuote(FAKE_XCRUN)} "$@"\n`);
  chmodSync(xcrunPath, 0o755);

  return {
    xcrunPath,
    devices,
    device: (udid) => devices.find((d) => d.udid === udid),
    wdaUrl: (udid) => wda.get(udid)?.url,
    async close() {
      await Promise.all([...wda.values()].map((s) => s.close()));
      control.closeAllConnections();
      await new Promise<void>((resolve) => control.close(() => resolve()));
      rmSync(root, { recursive: true, force: true });
    },
  };
}
