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

export interface SettledScreen<T = never> {
  pageSource: string;
  settled: boolean;
  /**
   * What `alongside` answered, started together with the read that ended the settling (the
   * one that confirmed it, or the last one at the bound); a rejection is handed over as is.
   */
  alongside?: Promise<T>;
}

const INDICATOR_CLASSES =
  /(?:class|type)="(?:android\.widget\.ProgressBar|XCUIElementTypeActivityIndicator|XCUIElementTypeProgressIndicator)"/;
/** Whole texts only: "Loading…" on its own is a spinner; "Loading dock opening hours" is content. */
const INDICATOR_TEXT = /(?:text|label|value|content-desc)="\s*(?:loading|please wait|refreshing)\s*(?:…|\.{3}|&#8230;|&#x2026;)?\s*"/i;

/** Whether a hierarchy (UIAutomator or XCUITest XML) shows something still loading. */
export function showsLoading(pageSource: string): boolean {
  return INDICATOR_CLASSES.test(pageSource) || INDICATOR_TEXT.test(pageSource);
}

/**
 * Reads the hierarchy until it settles or the bound passes; `signal` interrupts the pauses.
 * Reads start `intervalMs` apart (the time a read takes counts towards the pause).
 *
 * `alongside` (the screenshot) runs beside every read that could confirm the screen (one
 * after a read without a loading indicator), so the screen's picture costs no time of its
 * own: a settled screen is one whose last two reads were equal, and the picture taken during
 * the confirming read shows that same screen. Pictures beside reads that did not settle are
 * dropped; when the last read had none beside it, one is taken after it.
 */
export async function readSettledScreen<T = never>(
  read: () => Promise<string>,
  options: SettleOptions = {},
  signal?: AbortSignal,
  alongside?: () => Promise<T>,
): Promise<SettledScreen<T>> {
  const intervalMs = options.intervalMs ?? 200;
  const deadline = Date.now() + (options.timeoutMs ?? SETTLE_TIMEOUT_MS);
  let readStarted = Date.now();
  let previous = await read();
  let shot: Promise<T> | undefined;
  const result = (pageSource: string, settled: boolean): SettledScreen<T> => {
    // The last read had no picture beside it (the first read alone, or one after a loading screen): take it now.
    const picture = shot ?? alongside?.();
    return picture ? { pageSource, settled, alongside: picture } : { pageSource, settled };
  };
  for (;;) {
    const pause = Math.max(0, readStarted + intervalMs - Date.now());
    if (Date.now() + pause > deadline) return result(previous, false);
    if (pause > 0) await sleep(pause, undefined, signal ? { signal } : undefined);
    else signal?.throwIfAborted();
    readStarted = Date.now();
    // A read after one showing a loading indicator cannot confirm the screen: no picture beside it.
    shot = showsLoading(previous) ? undefined : alongside?.();
    shot?.catch(() => undefined); // a dropped picture's failure is nobody's concern
    const current = await read();
    if (current === previous && !showsLoading(current)) return result(current, true);
    previous = current;
  }
}
