/**
 * When an action is for, said after it: "Book desk 2A for Tuesday" with the "Tue 17 Jun" chip chosen, "Book the
 * standing desk for the afternoon" beside the row's "Book afternoon". The day or part of the day is no part of the
 * control's name; the action holds for it only when the screen has it chosen (a selected or checked tab, chip or
 * segment) or the control's own label says it. A day the screen shows but has not chosen is never read away: the
 * tester must choose it first, and the step fails as before.
 */
import type { ScreenElement } from './hierarchy.js';
import { WEEKDAY } from './lexicon.js';
import { isChosen } from './screen-parts.js';
import { comparableTokens } from './verdict-text.js';

const PERIOD = /^(?:morning|afternoon|evening|night|today|tomorrow|weekend)$/i;

/** The action and its "for …" / "on …" day or part of the day; null when the instruction ends on nothing of the kind. */
export function actionAndWhen(text: string): { action: string; when: string } | null {
  const m = /^(.+?)\s+(?:for|on)\s+(?:the\s+)?(\p{L}+)$/iu.exec(text.trim());
  if (!m || !(WEEKDAY.test(m[2]!) || PERIOD.test(m[2]!))) return null;
  return { action: m[1]!, when: m[2]!.toLowerCase() };
}

/** A text names the day or part of the day: its own word, or a weekday's first three letters ("Tue 17 Jun"). */
function names(text: string, when: string): boolean {
  const words = comparableTokens(text);
  return words.includes(when) || (WEEKDAY.test(when) && words.includes(when.slice(0, 3)));
}

/** Does the screen hold the action for that day: a chosen choice names it, or the control's own label does? */
export function whenHolds(when: string, control: ScreenElement, elements: readonly ScreenElement[]): boolean {
  if (names(control.text || control.contentDesc, when)) return true;
  return elements.some((el) => el.visible && el !== control && names(el.text || el.contentDesc, when) && isChosen(el, elements));
}
