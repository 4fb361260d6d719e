/**
 * The shape of a corpus case: an instruction as a tester writes it, a screen, and
 * the verdict a careful person would give. Expected elements are described by
 * their attributes (fixtures/cases.ts `ElementRef`), never by the locator the
 * model answers, so a case says what is meant, not what the model happens to do.
 */
import type { ElementRef } from '../fixtures/cases.js';
import type { Platform } from '../hierarchy.js';

export type { ElementRef };

export type Verdict =
  | { action: 'tap'; on: ElementRef }
  | { action: 'type'; into: ElementRef; text: string }
  /** The assertion passes; `on`, when given, is the element that shows it. */
  | { action: 'pass'; on?: ElementRef }
  /** A "… is not shown" assertion passes. */
  | { action: 'absent' }
  /** The step fails; `reason`, when given, must match (e.g. /Ambiguous/). A negative case. */
  | { action: 'fail'; reason?: RegExp }
  | { action: 'done' };

export interface CorpusCase {
  instruction: string;
  platform: Platform;
  /** A file in corpus/screens/ or fixtures/, without ".xml". */
  screen: string;
  expected: Verdict;
  /** Written and kept apart from any tuning of the model (sixth-batch-cases.ts): reported on its own. */
  blind?: boolean;
}

export type Row = [instruction: string, screen: string, expected: Verdict];

export const tap = (on: ElementRef): Verdict => ({ action: 'tap', on });
export const type = (into: ElementRef, text: string): Verdict => ({ action: 'type', into, text });
export const pass = (on?: ElementRef): Verdict => (on ? { action: 'pass', on } : { action: 'pass' });
export const absent: Verdict = { action: 'absent' };
export const fails = (reason?: RegExp): Verdict => (reason ? { action: 'fail', reason } : { action: 'fail' });
export const done: Verdict = { action: 'done' };

export const onPlatform = (platform: Platform, rows: readonly Row[]): CorpusCase[] =>
  rows.map(([instruction, screen, expected]) => ({ instruction, platform, screen, expected }));
