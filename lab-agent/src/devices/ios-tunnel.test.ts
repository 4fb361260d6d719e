/**
 * Tunnelled tests on iOS at the agent's edge: JobTunnel with the real iOS drivers against
 * the virtual iOS host (fake xcrun, fake WebDriverAgent) and a real device proxy. The
 * relay is a plain socket to a local server standing in for the host inside the user's
 * network; the virtual apps cannot reach it directly (it is on loopback), so what their
 * fetch screen shows proves the way their request took.
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startVirtualIosHost, type VirtualIosHost } from '@devicelab/virtual-devices/ios';
import { SAMPLE_PACKAGE } from '@devicelab/virtual-devices/sample-app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAppZip, makeIpa } from '../../../scripts/fixtures/builds.js';
import { JobTunnel, type OpenRelay } from '../tunnel/job-tunnel.js';
import type { DeviceDriver } from './driver.js';
import { SimulatorDriver } from './ios-simulator.js';
import { IphoneDriver } from './iphone.js';

const ios = { name: 'Sample', bundleId: SAMPLE_PACKAGE, version: '1.0', build: '1', displayName: 'DeviceLab Sample' };
const GREETING = 'Hello from staging';
let host: VirtualIosHost;
let work: string;
let internal: Server;
let internalUrl: string;
let relaysOpened = 0;

/** A "relay" whose streams are sockets to the internal server, whatever host the proxy dials. */
const openRelay: OpenRelay = async () => {
  relaysOpened += 1;
  const port = (internal.address() as AddressInfo).port;
  return {
    dial: async () => {
      const socket = connect(port, '127.0.0.1');
      await once(socket, 'connect');
      return socket;
    },
    lost: new AbortController().signal,
    close: async () => {},
  };
};

/** Launches the sample app on its fetch screen and waits for what it shows. */
async function fetched(driver: DeviceDriver): Promise<string> {
  await driver.launch(SAMPLE_PACKAGE, [{ key: 'fetchUrl', value: `${internalUrl}/hello` }]);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const source = await driver.hierarchy();
    if (!source.includes('Loading…')) return source;
    if (Date.now() > deadline) throw new Error('the fetch screen kept loading');
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'ios-tunnel-'));
  internal = createServer((_req, res) => res.end(GREETING));
  internal.listen(0, '127.0.0.1');
  await once(internal, 'listening');
  internalUrl = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`;
  host = await startVirtualIosHost({ simulators: 1, iphones: 2, iphoneOptions: [{}, { wifiAddress: '10.9.9.9' }] });
  await makeAppZip(join(work, 'sample-sim.zip'), ios);
  await makeIpa(join(work, 'sample.ipa'), ios);
});
afterAll(async () => {
  await host.close();
  await new Promise<void>((r) => internal.close(() => r()));
  rmSync(work, { recursive: true, force: true });
});

describe('a tunnelled test on an iOS simulator', () => {
  it("launches the app with the proxy and the test's credential; the app reaches the internal host through it; after close it cannot", async () => {
    const device = host.devices[0]!;
    const sim = new SimulatorDriver({ udid: device.udid, wdaUrl: host.wdaUrl(device.udid)!, xcrunPath: host.xcrunPath });
    await sim.install(join(work, 'sample-sim.zip'), SAMPLE_PACKAGE);
    expect(await fetched(sim)).toMatch(/ERR_ADDRESS_UNREACHABLE/); // no tunnel: a lab device cannot reach it

    const tunnel = await JobTunnel.open(sim, openRelay, 'job_1', 'office');
    try {
      expect(await fetched(sim)).toContain(GREETING);
      const { environment, arguments: args } = device.launches.get(SAMPLE_PACKAGE)!;
      const proxyUrl = new URL(environment['DEVICELAB_PROXY_URL']!);
      expect(proxyUrl).toMatchObject({ protocol: 'http:', hostname: '127.0.0.1', username: 'devicelab' });
      expect(proxyUrl.password.length).toBeGreaterThanOrEqual(20);
      expect(environment['HTTP_PROXY']).toBe(proxyUrl.href.replace(/\/$/, ''));
      expect(environment['HTTPS_PROXY']).toBe(environment['HTTP_PROXY']);
      expect(args).toEqual(expect.arrayContaining(['-DEVICELAB_PROXY_URL', environment['DEVICELAB_PROXY_URL']]));
      expect(environment['fetchUrl']).toBe(`${internalUrl}/hello`);

      // Another process on the Mac (another organisation's simulator) without the credential.
      const [res] = (await once(
        request({ host: '127.0.0.1', port: Number(proxyUrl.port), path: `${internalUrl}/hello` }).end(),
        'response',
      )) as [IncomingMessage];
      res.resume();
      expect(res.statusCode).toBe(407);
    } finally {
      await tunnel.close();
    }
    expect(await fetched(sim)).toMatch(/ERR_ADDRESS_UNREACHABLE/);
    expect(device.launches.get(SAMPLE_PACKAGE)!.environment).toEqual({ fetchUrl: `${internalUrl}/hello` });
  });
});

describe('a tunnelled test on an iPhone', () => {
  it('is refused, naming --tunnel-proxy-host, when the agent has no address for the phone to reach', async () => {
    const device = host.devices[1]!;
    const phone = new IphoneDriver({ udid: device.udid, wdaUrl: host.wdaUrl(device.udid)!, xcrunPath: host.xcrunPath });
    const before = relaysOpened;
    await expect(JobTunnel.open(phone, openRelay, 'job_2', 'office')).rejects.toThrow(/start the agent with --tunnel-proxy-host/);
    expect(relaysOpened).toBe(before); // nothing opened for a test that cannot use it
  });

  it('listens on --tunnel-proxy-host for the phone whose address WDA reports and reaches the internal host', async () => {
    const device = host.devices[1]!;
    const phone = new IphoneDriver({
      udid: device.udid,
      wdaUrl: host.wdaUrl(device.udid)!,
      xcrunPath: host.xcrunPath,
      tunnelProxyHost: '127.0.0.1',
    });
    await phone.install(join(work, 'sample.ipa'), SAMPLE_PACKAGE);
    const tunnel = await JobTunnel.open(phone, openRelay, 'job_3', 'office');
    try {
      expect(await fetched(phone)).toContain(GREETING);
    } finally {
      await tunnel.close();
    }
  });

  it("closes connections that do not come from the phone's reported address", async () => {
    const device = host.devices[2]!; // WDA says 10.9.9.9; its connections really come from 127.0.0.1
    const phone = new IphoneDriver({
      udid: device.udid,
      wdaUrl: host.wdaUrl(device.udid)!,
      xcrunPath: host.xcrunPath,
      tunnelProxyHost: '127.0.0.1',
    });
    await phone.install(join(work, 'sample.ipa'), SAMPLE_PACKAGE);
    const tunnel = await JobTunnel.open(phone, openRelay, 'job_4', 'office');
    try {
      const shown = await fetched(phone);
      expect(shown).toMatch(/ERR_PROXY_CONNECTION_FAILED/);
      expect(shown).not.toContain(GREETING);
    } finally {
      await tunnel.close();
    }
  });
});
