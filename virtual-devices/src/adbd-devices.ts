/**
 * Several virtual handsets, each behind its own adbd front door, on ports base, base+2,
 * ... like emulators (5555 → emulator-5554): what `devicelab virtual-devices --android N`
 * runs as a process of its own, and what tests start in-process.
 */
import { type AdbdFrontDoor, startAdbd } from './adbd-server.js';
import { VirtualDevice, type VirtualDeviceOptions } from './virtual-device.js';

export interface VirtualAndroidDevicesOptions {
  count: number;
  /** Port of the first device; the others follow 2 apart. 0: each on a free port (tests, beside other tests). */
  portBase?: number;
  host?: string;
  deviceDefaults?: VirtualDeviceOptions;
  onError?: (error: unknown) => void;
}

export interface VirtualAndroidDevices {
  readonly devices: readonly AdbdFrontDoor[];
  close(): Promise<void>;
}

export async function startVirtualAndroidDevices(options: VirtualAndroidDevicesOptions): Promise<VirtualAndroidDevices> {
  const doors: AdbdFrontDoor[] = [];
  const close = async () => void (await Promise.all(doors.map((d) => d.close())));
  try {
    for (let k = 0; k < options.count; k += 1) {
      const port = options.portBase ? options.portBase + 2 * k : 0;
      const device = new VirtualDevice({ ...options.deviceDefaults, serial: `virtual-adbd-${port || k + 1}` });
      doors.push(
        await startAdbd(device, {
          port,
          ...(options.host ? { host: options.host } : {}),
          ...(options.onError ? { onError: options.onError } : {}),
        }),
      );
    }
  } catch (err) {
    await close();
    throw err;
  }
  return { devices: doors, close };
}
