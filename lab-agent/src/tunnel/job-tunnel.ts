/**
 * A tunnelled test's network on the agent: the relay to the control plane, the device
 * proxy whose streams use it, and the device's proxy setting pointing there. Opened
 * before the app launches; closed after the test however it ended, the device setting
 * first, so a device never keeps a proxy that no longer answers.
 *
 * The driver says where the proxy listens (proxyPlacement): Android's is the agent's
 * loopback, reached through adb reverse; an iOS simulator's is the Mac's loopback, which
 * every simulator shares, and an iPhone's the Mac's LAN address. Where others can reach
 * it the proxy wants a credential made for this test alone, which the driver hands to the
 * app with the proxy's address.
 */
import type { DeviceDriver, ProxyPlacement } from '../devices/driver.js';
import { type DeviceProxy, startDeviceProxy } from './device-proxy.js';
import { newProxyCredential } from './proxy-auth.js';
import type { TunnelRelay } from './relay-client.js';

export type OpenRelay = (jobId: string, tunnelName: string) => Promise<TunnelRelay>;

export class JobTunnel {
  private constructor(
    private readonly driver: DeviceDriver,
    private readonly relay: TunnelRelay,
    private readonly proxy: DeviceProxy,
  ) {}

  /** Aborted (reason: an Error saying why) when the tunnel goes away mid-test. */
  get lost(): AbortSignal {
    return this.relay.lost;
  }

  static async open(driver: DeviceDriver, openRelay: OpenRelay, jobId: string, tunnelName: string): Promise<JobTunnel> {
    if (!driver.useProxy) throw new Error(`this device (${driver.serial}) cannot route its traffic through a tunnel`);
    const placement: ProxyPlacement = (await driver.proxyPlacement?.()) ?? { host: '127.0.0.1', credential: false };
    const credential = placement.credential ? newProxyCredential() : undefined;
    const relay = await openRelay(jobId, tunnelName);
    let proxy: DeviceProxy | null = null;
    try {
      proxy = await startDeviceProxy(relay.dial, {
        host: placement.host,
        ...(credential ? { requireAuth: credential } : {}),
        ...(placement.onlyFrom ? { onlyFrom: placement.onlyFrom } : {}),
      });
      await driver.useProxy({ host: placement.host, port: proxy.port, ...(credential ? { credential } : {}) });
      return new JobTunnel(driver, relay, proxy);
    } catch (error) {
      await driver.clearProxy?.().catch(() => {});
      await proxy?.close();
      await relay.close();
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.driver.clearProxy?.().catch(() => {}); // a vanished device has no setting left to undo
    await this.proxy.close();
    await this.relay.close();
  }
}
