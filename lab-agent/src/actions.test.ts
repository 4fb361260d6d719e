import { afterEach, describe, expect, it, vi } from 'vitest';
import { performAction } from './actions.js';
import type { DeviceDriver } from './devices/driver.js';

afterEach(() => vi.restoreAllMocks());

describe('a wait action', () => {
  it('is never shorter than asked on the wall clock, even when its timer fires early against Date.now', async () => {
    // Date.now as a timer firing 3 ms early would show it: 1000 at the start, 1047 after the 50 ms sleep, then 1050.
    const readings = [1000, 1000, 1047, 1050];
    vi.spyOn(Date, 'now').mockImplementation(() => (readings.length > 1 ? readings.shift()! : readings[0]!));
    await performAction({ type: 'wait', seconds: 0.05 }, { driver: {} as DeviceDriver, packageName: 'com.example', launchParams: [] });
    expect(Date.now()).toBe(1050);
  });
});
