/**
 * "The taxi receipt is missing", "the receipt for the client dinner is missing": a check that a
 * thing is missing may mean that no text shows it, or that the screen says it is missing. While
 * the screen speaks of the thing (a text with its noun: "Receipt attached" in the Taxi row), its
 * absence as a text proves nothing: what the screen says of it decides. The texts about it are
 * those whose noun is the thing's and, when the check says which one ("taxi", "for the client
 * dinner"), whose row (or own text) names that too. It holds when each of them says it is not
 * there ("Receipt missing", "No receipt"), fails when one says it is ("Receipt attached"), and
 * fails as undecided otherwise: a miss rather than a false pass. A screen that never names the
 * thing leaves the plain reading, nothing showing it, to assertions.ts.
 */
import { type Decision, fail } from './actions.js';
import { findShown, shownLocator } from './assertions.js';
import { isStatement, textOf } from './claim-pieces.js';
import { contentWords, hasWord, NEGATIONS, tokensOf } from './claim-words.js';
import { quoteOf } from './decisions.js';
import { ancestors, describe } from './element-roles.js';
import type { ScreenElement } from './hierarchy.js';
import { sameLemma } from './lemmas.js';
import { locatable } from './locators.js';
import { rowOf } from './screen-structure.js';
import type { TargetPhrase } from './target-phrase.js';

/** Words saying a thing is not there (beside the negations: "no", "not", "without", "none"). */
const NOT_THERE = new Set(['missing', 'absent', 'lacking', 'lack', 'lacks']);
/** Words saying a thing is there: "Receipt attached", "ID uploaded", "Signature added", "Invoice on file". */
const THERE = new Set([
  'attached',
  'added',
  'uploaded',
  'provided',
  'included',
  'received',
  'submitted',
  'present',
  'available',
  'saved',
  'scanned',
  'verified',
  'file',
  'done',
  'complete',
  'completed',
  '✓',
  '✔',
]);

/** Roles whose name is a control's label: "the Delete button is missing" is about the control itself. */
const CONTROL_ROLES = new Set(['button', 'field', 'tab', 'link', 'toggle', 'icon', 'screen', 'search']);

/** Words saying whether it is needed, not whether it is there: "No receipt needed" says nothing of a receipt. */
const NEEDED = new Set(['need', 'needed', 'required', 'necessary', 'optional', 'requires', 'require']);

type Says = 'missing' | 'there' | 'unknown';

/**
 * What the parts of the text naming the noun say of it ("Invoice uploaded, no errors" says it is
 * there: the "no" belongs to another part); a part saying whether it is needed decides nothing.
 */
function says(el: ScreenElement, noun: string): Says {
  const parts = textOf(el)
    .split(/[.,;:!?·•|–—()]+/)
    .map(tokensOf)
    .filter((tokens) => tokens.some((t) => sameLemma(t, noun)));
  const verdicts = parts.map((tokens): Says => {
    if (tokens.some((t) => NEEDED.has(t))) return 'unknown';
    if (tokens.some((t) => NEGATIONS.has(t) || NOT_THERE.has(t))) return 'missing';
    return tokens.some((t) => THERE.has(t)) ? 'there' : 'unknown';
  });
  if (verdicts.length === 0 || verdicts.includes('unknown')) return 'unknown';
  return verdicts.includes('there') ? (verdicts.includes('missing') ? 'unknown' : 'there') : 'missing';
}

/** The words of the element's row (or its own, outside any row): where the check's "which one" is named. */
function rowWords(el: ScreenElement, elements: readonly ScreenElement[]): string[] {
  const row = rowOf(el, elements);
  const texts = row ? locatable(elements).filter((o) => o === row || ancestors(o, elements).includes(row)) : [el];
  return texts.flatMap((o) => contentWords(tokensOf(textOf(o))));
}

/** The verdict of "X is missing" read from what the screen says of X; null when the screen never names X. */
export function resolveMissing(phrase: TargetPhrase, elements: readonly ScreenElement[]): Decision | null {
  if (!phrase.missing || phrase.literal || (phrase.role && CONTROL_ROLES.has(phrase.role))) return null;
  const named = contentWords(tokensOf(phrase.text));
  const noun = named.at(-1);
  if (!noun) return null;
  // Its own text on the screen: "… is visible but should not be" (assertions.ts).
  if (findShown(elements, phrase).length > 0 || (phrase.whole && findShown(elements, { text: phrase.whole }).length > 0)) return null;
  const which = [...named.slice(0, -1), ...(phrase.near ? contentWords(tokensOf(phrase.near.anchor.text)) : [])];
  const mentions = locatable(elements).filter(
    (el) => isStatement(el) && contentWords(tokensOf(textOf(el))).some((w) => sameLemma(w, noun)),
  );
  if (mentions.length === 0) return null;
  const what = phrase.whole ? `"${phrase.whole}"` : quoteOf(phrase);
  const about = which.length === 0 ? mentions : mentions.filter((el) => which.every((w) => hasWord(rowWords(el, elements), w)));
  if (about.length === 0)
    return fail(
      `Cannot tell whether ${what} is missing: the screen speaks of "${noun}" (${describe(mentions[0]!)}) but nowhere of ${which.join(' ')} with it`,
    );
  const there = about.find((el) => says(el, noun) === 'there');
  if (there) return fail(`${what} is not missing: ${describe(there)} says it is there`);
  const undecided = about.find((el) => says(el, noun) === 'unknown');
  if (undecided) return fail(`Cannot tell whether ${what} is missing: ${describe(undecided)} speaks of it without saying`);
  const el = about[0]!;
  return {
    action: { type: 'assert', target: shownLocator(el, elements), visible: true },
    reasoning: `${describe(el)} says ${what} is missing`,
    confidence: 0.85,
  };
}
