/**
 * Watches the adb server's device list (`host:track-devices`, via adbkit's trackDevices)
 * and turns it into DeviceInfo added / changed / removed events for the control plane.
 * A device's model and OS version come from getprop once it is usable; an offline or
 * unauthorized device is still reported (ready: false), so the lab sees a handset that
 * needs someone to accept the USB debugging prompt.
 *
 * When the adb server goes away (restarted, killed), tracking resumes with backoff and
 * the first list afterwards is taken as the whole truth: devices missing from it are
 * reported removed. The operator sees it in the log: one explanation when the adb server
 * becomes unreachable (no device can appear until it runs), a shorter line per retry, and
 * a line when it answers again.
 */
import { EventEmitter } from 'node:events';
import type { DeviceInfo } from '@devicelab/shared';
import { backoffDelay } from '../backoff.js';
import type { Client } from './adbkit.js';

interface AdbDevice {
  id: string;
  type: string;
}

interface ChangeSet {
  added: AdbDevice[];
  changed: AdbDevice[];
  removed: AdbDevice[];
}

export interface DeviceTrackerEvents {
  added: [device: DeviceInfo];
  changed: [device: DeviceInfo];
  removed: [serial: string];
}

/** Emulator vs handset: the emulator's kernel flag, its serial, or the virtual handset's marker. */
export function deviceKind(serial: string, props: Readonly<Record<string, string>>): DeviceInfo['kind'] {
  if (props['ro.kernel.qemu'] === '1' || props['ro.boot.qemu'] === '1' || props['ro.devicelab.virtual'] === '1') return 'emulator';
  return serial.startsWith('emulator-') ? 'emulator' : 'physical';
}

/** The devices a tracker knows, and the events their changes raise: shared by the adb and the iOS tracker. */
export abstract class KnownDevices extends EventEmitter<DeviceTrackerEvents> {
  protected readonly devices = new Map<string, DeviceInfo>();

  list(): DeviceInfo[] {
    return [...this.devices.values()];
  }

  get(serial: string): DeviceInfo | undefined {
    return this.devices.get(serial);
  }

  /** Records a device's current description: 'added' when it is new, 'changed' when it differs. */
  protected put(info: DeviceInfo): void {
    const known = this.devices.get(info.serial);
    this.devices.set(info.serial, info);
    if (!known) this.emit('added', info);
    else if (JSON.stringify(known) !== JSON.stringify(info)) this.emit('changed', info);
  }

  protected remove(serial: string): void {
    if (this.devices.delete(serial)) this.emit('removed', serial);
  }
}

export class DeviceTracker extends KnownDevices {
  private tracker: { end(): unknown; on(event: string, listener: (...args: never[]) => void): unknown } | null = null;
  private chain: Promise<void> = Promise.resolve();
  private stopped = false;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private firstList: (() => void) | null = null;
  /** Whether the adb server answered the last attempt: null before the first. */
  private reachable: boolean | null = null;

  constructor(
    private readonly client: Client,
    private readonly log: (line: string) => void = () => {},
    /** host:port of the adb server, for the log. */
    private readonly address = 'the configured address',
  ) {
    super();
  }

  /** Starts tracking; resolves once the first device list is known (or after `waitMs` without an adb server). */
  async start(waitMs = 5000): Promise<void> {
    const first = new Promise<void>((resolve) => (this.firstList = resolve));
    void this.track();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([first, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.tracker?.end();
    this.tracker = null;
    await this.chain;
  }

  private async track(): Promise<void> {
    try {
      const tracker = await this.client.trackDevices();
      if (this.stopped) return void tracker.end();
      this.tracker = tracker;
      tracker.on('changeSet', (changes: ChangeSet) => {
        this.attempt = 0;
        this.enqueue(changes, false);
      });
      tracker.on('error', (err: Error) => this.log(`adb device tracking failed: ${err.message}`));
      tracker.on('end', () => this.unreachable('closed the device list'));
      // The tracker reads its first list as soon as it exists, often in the same tick as
      // the OKAY, before a listener can be attached; a plain listing supplies the baseline.
      const snapshot: AdbDevice[] = await this.client.listDevices();
      this.reached(snapshot);
      this.enqueue({ added: snapshot, changed: [], removed: [] }, true);
    } catch (err) {
      this.unreachable(err instanceof Error ? err.message : String(err));
    }
  }

  private reached(devices: AdbDevice[]): void {
    this.attempt = 0;
    if (this.reachable !== true) {
      const again = this.reachable === false ? ' again' : '';
      const attached =
        devices.length === 0 ? 'no device attached yet (each one is logged when found)' : `${devices.length} device(s) attached`;
      this.log(`adb server at ${this.address} reachable${again}: ${attached}`);
    }
    this.reachable = true;
  }

  private unreachable(why: string): void {
    this.tracker = null;
    if (this.stopped) return;
    const delay = backoffDelay(this.attempt++, { baseMs: 500, maxMs: 10_000 });
    if (this.reachable !== false) {
      this.log(
        `adb server at ${this.address} unreachable (${why}): no Android device can appear until it runs. ` +
          `Start it on this machine with "adb start-server", or point --adb-server (or ADB_SERVER_SOCKET) at it. Retrying in ${delay} ms`,
      );
    } else this.log(`adb server at ${this.address} still unreachable (${why}); retrying in ${delay} ms`);
    this.reachable = false;
    this.retryTimer = setTimeout(() => void this.track(), delay);
  }

  private enqueue(changes: ChangeSet, full: boolean): void {
    // Sequential: getprop is async, and events must leave in the order adb reported them.
    this.chain = this.chain.then(() => this.apply(changes, full)).catch((err: unknown) => this.log(`device tracking: ${String(err)}`));
  }

  private async apply(changes: ChangeSet, full: boolean): Promise<void> {
    if (full) {
      const present = new Set(changes.added.map((d) => d.id));
      for (const serial of [...this.devices.keys()]) if (!present.has(serial)) this.remove(serial);
    }
    for (const d of changes.removed) this.remove(d.id);
    for (const d of [...changes.added, ...changes.changed]) {
      const info = await this.describe(d);
      if (this.stopped) return;
      this.put(info);
    }
    if (full && this.firstList) {
      this.firstList();
      this.firstList = null;
    }
  }

  private async describe(device: AdbDevice): Promise<DeviceInfo> {
    const ready = device.type === 'device' || device.type === 'emulator';
    const known = this.devices.get(device.id);
    const base: DeviceInfo = {
      serial: device.id,
      platform: 'android',
      kind: known?.kind ?? deviceKind(device.id, {}),
      model: known?.model ?? '',
      osVersion: known?.osVersion ?? '',
      ready,
    };
    if (!ready) return base;
    try {
      const props = (await this.client.getDevice(device.id).getProperties()) as Record<string, string>;
      return {
        ...base,
        kind: deviceKind(device.id, props),
        model: (props['ro.product.model'] ?? '').slice(0, 200),
        osVersion: (props['ro.build.version.release'] ?? '').slice(0, 50),
      };
    } catch (err) {
      // Listed as usable but not answering yet (still booting): report it, not ready.
      this.log(`getprop on ${device.id} failed: ${err instanceof Error ? err.message : String(err)}`);
      return { ...base, ready: false };
    }
  }
}
