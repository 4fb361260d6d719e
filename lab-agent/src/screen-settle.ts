/**
 * Reading a screen the way a tester looks at it: not while it is still changing. A
 * screen has settled when two consecutive hierarchies are equal and none shows a loading
 * indicator (a progress bar, an activity indicator, a text such as "Loading…"). Within
 * a bound: a screen that never settles (a clock, an endless spinner) is decided as it is
 * last seen, and the decision is told so (docs/steps-and-waits.md).
 */
import { setTimeout as sleep } from 'node:timers/promises';

export const SETTLE_TIMEOUT_MS = 3000;

export interface SettleOptions {
  /** Between two reads. Default 200 ms. */
  intervalMs?: number;
  /** At most this long in all. Default SETTLE_TIMEOUT_MS. */
  timeoutMs?: number;
}

export interface SettledScreen {
  pageSource: string;
  settled: boolean;
}

const INDICATOR_CLASSES =
  /(?:class|type)="(?:android\.widget\.ProgressBar|XCUIElementTypeActivityIndicator|XCUIElementTypeProgressIndicator)"/;
/** Whole texts only: "Loading…" on its own is a spinner; "Loading dock opening hours" is content. */
const INDICATOR_TEXT = /(?:text|label|value|content-desc)="\s*(?:loading|please wait|refreshing)\s*(?:…|\.{3}|&#8230;|&#x2026;)?\s*"/i;

/** Whether a hierarchy (UIAutomator or XCUITest XML) shows something still loading. */
export function showsLoading(pageSource: string): boolean {
  return INDICATOR_CLASSES.test(pageSource) || INDICATOR_TEXT.test(pageSource);
}

/** Reads the hierarchy until it settles or the bound passes; `signal` interrupts the pauses. */
export async function readSettledScreen(
  read: () => Promise<string>,
  options: SettleOptions = {},
  signal?: AbortSignal,
): Promise<SettledScreen> {
  const intervalMs = options.intervalMs ?? 200;
  const deadline = Date.now() + (options.timeoutMs ?? SETTLE_TIMEOUT_MS);
  let previous = await read();
  for (;;) {
    if (Date.now() + intervalMs > deadline) return { pageSource: previous, settled: false };
    await sleep(intervalMs, undefined, signal ? { signal } : undefined);
    const current = await read();
    if (current === previous && !showsLoading(current)) return { pageSource: current, settled: true };
    previous = current;
  }
}
