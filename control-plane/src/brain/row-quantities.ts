/**
 * How many of a thing an order or basket holds, said by its row: "there are 3 lavender plants in
 * the basket" over a row "Lavender 'Hidcote'" whose quantity reads "3", "two packs of ibuprofen are
 * in the order" over "Ibuprofen 200 mg · 16 tablets" with "2 × £2.49".
 *
 * - The thing: the claim's words less its count, its container and words for a unit ("plants",
 *   "packs of"); every one of them in the title of exactly one row (by dictionary form).
 * - The count: a text of that row that is the number alone, or starts "N ×", or "Qty N"; never a
 *   number inside another text ("2 L pot"), never another row's.
 */
import type { Decision } from './actions.js';
import { textOf } from './claim-pieces.js';
import { confidence } from './decisions.js';
import { descendants, describe } from './element-roles.js';
import type { ScreenElement } from './hierarchy.js';
import { sameLemma } from './lemmas.js';
import { canonicalWord } from './lexicon.js';
import { locatorFor, uniqueLocator } from './locators.js';
import { rowsOfScreen } from './named-row-controls.js';
import { modalFilter } from './screen-structure.js';
import { comparableTokens } from './verdict-text.js';

const CLAIM =
  /^(?:there\s+(?:is|are)\s+)?(\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve)\s+(.+?)\s+(?:(?:is|are)\s+)?in\s+(?:the|my|our)\s+(?:basket|order|cart|bag|trolley|box)$/i;
/** Words for one of a thing, not the thing: "lavender plants", "packs of ibuprofen". */
const UNIT = /^(?:plants?|packs?|packets?|items?|pieces?|bags?|bottles?|boxes?|jars?|tins?|cans?|loaves|loaf|slices?|of|x)$/;

export function rowQuantityClaim(sentence: string, elements: readonly ScreenElement[]): Decision | null {
  const m = CLAIM.exec(sentence.trim().replace(/[.!]$/, ''));
  if (!m || modalFilter(elements)) return null;
  const count = canonicalWord(m[1]!.toLowerCase());
  const thing = comparableTokens(m[2]!).filter((w) => !UNIT.test(w));
  if (thing.length === 0 || !/^\d+$/.test(count)) return null;
  const rows = rowsOfScreen(elements).filter((row) => {
    const title = [row, ...descendants(row, elements)].find((el) => textOf(el) !== '' && /\p{L}/u.test(textOf(el)));
    const words = title ? comparableTokens(textOf(title)) : [];
    return thing.every((w) => words.some((t) => sameLemma(t, w)));
  });
  if (rows.length !== 1) return null;
  const row = rows[0]!;
  const quantity = descendants(row, elements).find((el) => {
    const text = textOf(el).trim();
    return (
      text === count || new RegExp(`^${count}\\s*[×x]\\s`).test(text) || new RegExp(`^(?:qty|quantity)\\s*:?\\s*${count}$`, 'i').test(text)
    );
  });
  if (!quantity) return null;
  return {
    action: { type: 'assert', target: uniqueLocator(quantity, elements) ?? locatorFor(quantity, elements), visible: true },
    reasoning: `${describe(quantity)} is the quantity of the row of "${thing.join(' ')}"`,
    confidence: confidence(0.8),
  };
}
