/**
 * The wait before attempt n+1 after attempt n failed: base × 4^(n-1), at most six
 * hours. With the default base (5 s) and 8 attempts: 5 s, 20 s, 80 s, 5 min 20 s,
 * 21 min 20 s, 1 h 25 min, 5 h 41 min — about 7.5 hours from first try to giving up,
 * long enough to outlast a receiver's deploy or a night's outage.
 */
const MAX_DELAY_MS = 6 * 3600_000;

export function retryDelayMs(failedAttempt: number, baseMs: number): number {
  return Math.min(baseMs * 4 ** Math.max(0, failedAttempt - 1), MAX_DELAY_MS);
}
