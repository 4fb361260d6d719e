import { describe, expect, it } from 'vitest';
import { backoffCap, backoffDelay } from './backoff.js';

describe('reconnect backoff', () => {
  it('doubles from 500 ms and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((a) => backoffCap(a))).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    expect(backoffCap(10_000)).toBe(30_000);
    expect(backoffCap(2, { baseMs: 10, maxMs: 25 })).toBe(25);
  });

  it('is fully jittered: anywhere from 0 up to the cap, never beyond', () => {
    expect(backoffDelay(3, {}, () => 0)).toBe(0);
    expect(backoffDelay(3, {}, () => 0.999999)).toBe(3999);
    expect(backoffDelay(3, {}, () => 0.5)).toBe(2000);
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const cap = backoffCap(attempt);
      const delays = Array.from({ length: 200 }, () => backoffDelay(attempt));
      expect(Math.min(...delays)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...delays)).toBeLessThan(cap);
      // Spread over the window rather than bunched at one value.
      expect(new Set(delays).size).toBeGreaterThan(attempt === 0 ? 50 : 100);
    }
  });

  it('takes its jitter from the options when given', () => {
    expect(backoffDelay(2, { random: () => 0.5 })).toBe(1000);
    expect(backoffDelay(2, { random: () => 0.5 }, () => 0)).toBe(0);
  });
});
