/**
 * Assertions about a value: "the total is $48.50", "the version should be 3.2.1"
 * (a label and its value), "the Email field contains ann@example.com", "the Name
 * field is empty" (what a field holds). Compared like every verdict: normalised
 * text, numbers exact. The passing locator names the value's own text, so a cache
 * replay on a screen whose number changed (the fingerprint keeps only its shape)
 * does not pass again.
 */
import { type Decision, fail } from './actions.js';
import { findShown, paraphraseOf, shownLocator } from './assertions.js';
import { notFound, quoteOf } from './decisions.js';
import { findFields } from './element-matching.js';
import { describe } from './element-roles.js';
import type { ScreenElement } from './hierarchy.js';
import { gap, lies, nothingBetween, rowOf } from './screen-structure.js';
import { chooseTarget } from './target-choice.js';
import type { TargetPhrase } from './target-phrase.js';
import { sameText } from './verdict-text.js';

function passOn(el: ScreenElement, elements: readonly ScreenElement[], reasoning: string): Decision {
  return { action: { type: 'assert', target: shownLocator(el, elements), visible: true }, reasoning, confidence: 1 };
}

/** Is `value` the value of `label`: in its row, right of it or directly below it? */
function isValueOf(label: ScreenElement, value: ScreenElement, elements: readonly ScreenElement[]): boolean {
  const row = rowOf(label, elements);
  if (row && (row === value || elements[value.parentIndex ?? -1] === row || rowOf(value, elements) === row)) return true;
  return (['rightOf', 'below'] as const).some((r) => lies(r, value.bounds, label.bounds) && nothingBetween(r, value, label, elements));
}

/** "The total is $48.50": one text saying both, or the value beside its label. */
export function resolveLabelValue(label: TargetPhrase, value: string, said: string, elements: readonly ScreenElement[]): Decision {
  const sentence = findShown(elements, { text: said })[0];
  if (sentence) return passOn(sentence.element, elements, `${describe(sentence.element)} says "${said}"`);
  // "the phone number is …" beside a label "Phone": the noun that only says what kind of value it is may be left out;
  // "the driver's name is Sam" beside "Driver: Sam": so may the owner's "'s" then.
  const kind = /^(.+?)(['’]s)?\s+(?:number|no|address|name)$/i.exec(label.text);
  const kindless = kind?.[1];
  const names = [label.text, ...(label.variants ?? []), ...(kind?.[2] ? [kindless!] : [])].filter(Boolean);
  const together = findShown(elements, { text: '', variants: names.flatMap((n) => [`${n} ${value}`, `${n}: ${value}`]) })[0];
  if (together) return passOn(together.element, elements, `${describe(together.element)} shows ${quoteOf(label)} as "${value}"`);
  let labels = findShown(elements, label).map((m) => m.element);
  if (labels.length === 0 && kindless) labels = findShown(elements, { text: kindless }).map((m) => m.element);
  // "The French Press is priced at $32.00": the name and its price in one row, in other words.
  const reworded = () => paraphraseOf({ text: said }, elements);
  if (labels.length === 0) return reworded() ?? notFound('label', label, elements);
  const values = findShown(elements, { text: value }).map((m) => m.element);
  for (const l of labels) {
    const v = values.find((candidate) => candidate !== l && isValueOf(l, candidate, elements));
    if (v) return passOn(v, elements, `${describe(v)} is the value next to ${describe(l)}`);
  }
  const label0 = labels[0]!;
  const beside = elements
    .filter((el) => el.visible && el !== label0 && (el.text || el.contentDesc) && isValueOf(label0, el, elements))
    .sort((a, b) => gap(a.bounds, label0.bounds) - gap(b.bounds, label0.bounds))[0];
  const actual = beside ? ` it shows ${describe(beside)}` : ' no value is shown beside it';
  const rephrased = reworded();
  if (rephrased) return rephrased;
  return fail(`${quoteOf(label)} is not "${value}":${actual}`);
}

/** "The Email field contains ann@example.com", "the Name field is empty". */
export function resolveFieldValue(field: TargetPhrase, value: string, elements: readonly ScreenElement[]): Decision {
  const choice = chooseTarget(elements, field, (p) => findFields(elements, p), 'text field', { preferTappable: false, reachable: false });
  if (!choice.ok) return choice.decision;
  const el = choice.match.element;
  // An empty Android field shows its hint as its text; iOS reports the placeholder apart.
  const holds = el.text === el.hint ? '' : el.text;
  const same = value === '' ? holds === '' : sameText(holds, value);
  if (!same) return fail(`${describe(el)} holds ${holds ? `"${holds}"` : 'nothing'}, not ${value ? `"${value}"` : 'nothing'}`);
  if (value === '')
    return {
      action: { type: 'assert', target: { by: 'text', value: el.text || el.hint, type: el.type }, visible: true },
      reasoning: `${describe(el)} is empty`,
      confidence: 0.9,
    };
  return passOn(el, elements, `${describe(el)} holds "${value}"`);
}
