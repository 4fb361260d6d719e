import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './backoff.js';

describe('retryDelayMs', () => {
  it('waits the base after the first failure, four times longer after each next, at most six hours', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelayMs(n, 5000) / 1000)).toEqual([5, 20, 80, 320, 1280, 5120, 20480]);
    expect(retryDelayMs(8, 5000)).toBe(6 * 3600_000);
    expect(retryDelayMs(40, 5000)).toBe(6 * 3600_000);
    expect(retryDelayMs(2, 50)).toBe(200);
  });
});
