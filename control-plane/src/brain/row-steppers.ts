/**
 * One more or one fewer of something counted, by the stepper beside its name: "Add one more
 * lavender" on a basket row "Lavender 'Hidcote'" with − 3 +, "Add one more guest" beside
 * "Guests: 3" with Decrement / Increment, "Take one carrot cake slice off" on that row's Decrease.
 *
 * - What is counted: a text (not a control) with every word of it (by dictionary form); a word the
 *   tester adds for what a unit is ("adult ticket", "guest place") may be left out.
 * - Its stepper: the one control of that kind in its row (screen-structure.ts `rowOf`), or among
 *   its siblings when it is in no row. Never a row's control for another row's thing: the control's
 *   row must hold the text, and one control of the kind only.
 * - A stepper element labelled with what is counted (iOS `Stepper` "Adults") answers by its own
 *   Increment or Decrement button.
 */
import { type Decision, fail } from './actions.js';
import { tapOn } from './decisions.js';
import { children, descendants, describe, isControl } from './element-roles.js';
import { normalizeText } from './fuzzy.js';
import { type ScreenElement, shortType } from './hierarchy.js';
import { sameLemma } from './lemmas.js';
import { locatable } from './locators.js';
import { modalFilter, rowOf } from './screen-structure.js';
import { comparableTokens } from './verdict-text.js';

export type StepWay = 'increment' | 'decrement';

const labelOf = (el: ScreenElement) => el.text || el.contentDesc;
const FILLERS = new Set(['the', 'a', 'an', 'my', 'our', 'of']);
/** Words for what one of a count is, which its label need not say: "another adult ticket" beside "Adult". */
const UNIT_WORDS = /^(?:tickets?|places?|seats?|persons?|people|spaces?|spots?)$/;
/** A stepper control's label: its way, then at most one word ("Increase quantity", "Add adult"). */
const WAY_WORDS: Record<StepWay, RegExp> = {
  increment: /^(?:increase|increment|plus|\+|add|more)$/,
  decrement: /^(?:decrease|decrement|minus|−|-|reduce|fewer|less)$/,
};

/** The stepper control of the one thing `what` names, in its row or beside it; null when there is not exactly one. */
export function rowStepper(what: string, way: StepWay, elements: readonly ScreenElement[]): Decision | null {
  if (modalFilter(elements)) return null;
  const words = comparableTokens(what).filter((w) => !FILLERS.has(w));
  const named = stepsFor(words, way, elements);
  const hits =
    named.length > 0 || words.length < 2 || !UNIT_WORDS.test(words.at(-1)!) ? named : stepsFor(words.slice(0, -1), way, elements);
  if (hits.length !== 1) return null;
  const { control, text } = hits[0]!;
  if (!control.enabled) return fail(`${describe(control)} beside ${describe(text)} is disabled`);
  const more = way === 'increment' ? 'more' : 'fewer';
  return tapOn(control, elements, `${describe(control)} beside ${describe(text)}: one ${more}`, 0.8);
}

function stepsFor(words: readonly string[], way: StepWay, elements: readonly ScreenElement[]) {
  if (words.length === 0) return [];
  const visible = locatable(elements);
  const isStep = (el: ScreenElement) => {
    const label = comparableTokens(labelOf(el));
    return isControl(el) && label.length >= 1 && label.length <= 2 && WAY_WORDS[way].test(label[0]!);
  };
  const texts = visible.filter((el) => {
    if (isControl(el)) return false;
    const own = comparableTokens(labelOf(el));
    return words.every((w) => own.some((o) => o === w || sameLemma(o, w)));
  });
  const found = new Map<ScreenElement, ScreenElement>();
  for (const text of texts) {
    const row = rowOf(text, elements);
    const parent = text.parentIndex === null ? undefined : elements[text.parentIndex];
    const around = row ? descendants(row, elements) : parent ? children(parent, elements) : [];
    const steps = around.filter((el) => visible.includes(el) && isStep(el));
    if (steps.length === 1) found.set(steps[0]!, text);
  }
  return [...found].map(([control, text]) => ({ control, text }));
}

/** An iOS stepper labelled with what is counted ("Adults" for "another adult"): its own Increment or Decrement button. */
export function stepperButton(what: string, which: StepWay, elements: readonly ScreenElement[]): Decision | null {
  const wanted = comparableTokens(what);
  const steppers = locatable(elements).filter((el) => {
    const label = comparableTokens(el.text || el.contentDesc);
    return shortType(el.type) === 'Stepper' && label.length === wanted.length && label.every((t, i) => sameLemma(t, wanted[i]!));
  });
  if (steppers.length !== 1) return null;
  const button = descendants(steppers[0]!, elements).find((el) => normalizeText(el.text || el.contentDesc) === which);
  if (!button) return null;
  if (!button.enabled) return fail(`${describe(button)} of ${describe(steppers[0]!)} is disabled`);
  return tapOn(button, elements, `${describe(button)} of ${describe(steppers[0]!)}: one ${which === 'increment' ? 'more' : 'fewer'}`, 0.85);
}
