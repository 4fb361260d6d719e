/**
 * A device is reset for its next test as soon as a verdict is out: the app's install is
 * checked and its data cleared while the verdict travels and the next offer comes back
 * (about the control plane's round trip), instead of after the offer arrives. The next
 * test on the device takes the reset (waiting for it if it is still under way) and skips
 * both commands when it runs the same build of the same app; anything else (another app or
 * build, a reset that failed, one older than RESET_FRESH_MS) does them itself as before.
 */

/** A reset this old is not trusted any more: the device may have been used meanwhile. */
export const RESET_FRESH_MS = 60_000;

/** What a reset left on the device: this build of this app installed, with its data cleared. */
export interface DeviceReset {
  buildId: string | null;
  packageName: string;
}

export class DeviceResets {
  private readonly resets = new Map<string, { done: Promise<DeviceReset | null>; at: number }>();

  /** The device's reset after a verdict is under way (`reset` answers null when it did not complete). */
  start(serial: string, reset: Promise<DeviceReset | null>): void {
    this.resets.set(serial, { done: reset.catch(() => null), at: Date.now() });
  }

  /** The device's reset for the test starting on it, once done; null when there is none to use. Taken once. */
  async take(serial: string): Promise<DeviceReset | null> {
    const entry = this.resets.get(serial);
    if (!entry) return null;
    this.resets.delete(serial);
    const reset = await entry.done;
    return Date.now() - entry.at <= RESET_FRESH_MS ? reset : null;
  }
}
