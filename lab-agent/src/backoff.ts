/**
 * Reconnect delays: exponential with "full jitter" (a uniformly random delay between 0
 * and the exponential cap). When a control plane restarts, every agent of a lab loses
 * its socket at the same moment; full jitter spreads their reconnects over the whole
 * window instead of having them arrive in synchronized waves.
 */

export interface BackoffOptions {
  /** Cap of the first retry, default 500 ms. */
  baseMs?: number;
  /** Largest cap, default 30 s: a lab host is back within half a minute of the server. */
  maxMs?: number;
  /** Source of the jitter, in [0, 1); default Math.random. Tests pin it. */
  random?: () => number;
}

/** The cap for the given attempt (0-based): base · 2^attempt, at most max. */
export function backoffCap(attempt: number, options: BackoffOptions = {}): number {
  const base = options.baseMs ?? 500;
  const max = options.maxMs ?? 30_000;
  // 2^attempt overflows to Infinity for large attempts; min() keeps it finite.
  return Math.min(max, base * 2 ** Math.max(0, attempt));
}

/** A delay in [0, cap(attempt)]. `random` is injectable so tests can pin its bounds. */
export function backoffDelay(attempt: number, options: BackoffOptions = {}, random: () => number = options.random ?? Math.random): number {
  return Math.floor(random() * backoffCap(attempt, options));
}
