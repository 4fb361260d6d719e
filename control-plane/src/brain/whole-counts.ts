/**
 * "the cellar has 2 bottles" is not said by one wine's row "2 bottles" where a text outside the rows
 * gives the cellar's "15 bottles": a claim about the screen's subject alone (its words besides the
 * count are the title's) counts the whole, and a row's count of the same thing is the row's. Asked by
 * both readers of checks in other words (paraphrase.ts, claim-evidence.ts).
 */
import { textOf } from './claim-pieces.js';
import { contentWords, IS_NUMBER, tokensOf } from './claim-words.js';
import type { ScreenElement } from './hierarchy.js';
import { sameLemma } from './lemmas.js';
import { locatable } from './locators.js';
import { rowOf } from './screen-structure.js';

/** The first word after the number at `at`: what it counts. */
const countedAt = (tokens: readonly string[], at: number) => tokens.slice(at + 1).find((t) => /^\p{L}/u.test(t));

/** True when `el`, a text of a row, would answer for the whole a count of the claim (`tokens`) is about. */
export function rowCountForWhole(
  tokens: readonly string[],
  aboutWhole: (word: string) => boolean,
  el: ScreenElement,
  elements: readonly ScreenElement[],
): boolean {
  if (rowOf(el, elements) === null) return false;
  const counts = tokens.flatMap((t, i) => (IS_NUMBER.test(t) ? [{ n: t, noun: countedAt(tokens, i) }] : []));
  const [count] = counts;
  if (counts.length !== 1 || !count?.noun) return false;
  const noun = count.noun;
  if (contentWords(tokens).some((w) => !IS_NUMBER.test(w) && !sameLemma(w, noun) && !aboutWhole(w))) return false;
  return locatable(elements).some((other) => {
    if (other === el || rowOf(other, elements) !== null) return false;
    const own = tokensOf(textOf(other));
    return own.some((t, i) => IS_NUMBER.test(t) && t !== count.n && sameLemma(countedAt(own, i) ?? '', noun));
  });
}
