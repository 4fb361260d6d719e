/**
 * A list row named by the first words of its title: "the VW Golf" for the row titled "VW Golf
 * or similar", "the Tesla" for "Tesla Model 3 or similar", "Microsoft" for a row showing
 * "Microsoft Corporation" under "MSFT", as testers name a product, a car or a contact without
 * the rest of its name. Any plain text of the row, only its leading words (never words from its middle: "Beanie" does not name "Wool Beanie"),
 * and only when no other text on the screen starts with the same words (two "Blue …" rows make
 * "the Blue" name nothing).
 */
import type { ScreenElement } from './hierarchy.js';
import { locatable } from './locators.js';
import { rowOf } from './screen-structure.js';
import { comparableTokens } from './verdict-text.js';

const textOf = (el: ScreenElement) => el.text || el.contentDesc;

/** The first text of each row, in reading order, with the row. */
export function rowTitles(elements: readonly ScreenElement[]): { row: ScreenElement; title: ScreenElement }[] {
  const byRow = new Map<ScreenElement, ScreenElement>();
  const texts = locatable(elements)
    .filter((el) => textOf(el) !== '' && !el.clickable)
    .sort((a, b) => a.bounds.y - b.bounds.y || a.bounds.x - b.bounds.x);
  for (const el of texts) {
    const row = rowOf(el, elements);
    if (row && !byRow.has(row)) byRow.set(row, el);
  }
  return [...byRow].map(([row, title]) => ({ row, title }));
}

const startsWith = (tokens: readonly string[], prefix: readonly string[]) => prefix.every((t, i) => tokens[i] === t);

/**
 * How many leading tokens of `title` the words `said` give as a unique name: the title's first
 * tokens, at least one a word of letters (unless `numbersToo`: "the 10:30 flight" names the row
 * "10:30 – 13:05" with its kind noun), fewer than all of them, that no other text on the screen
 * starts with. 0 when they name it no way.
 */
export function uniquePrefix(
  said: readonly string[],
  title: ScreenElement,
  elements: readonly ScreenElement[],
  numbersToo = false,
): number {
  const tokens = comparableTokens(textOf(title));
  if (said.length === 0 || said.length >= tokens.length || !startsWith(tokens, said)) return 0;
  if (!numbersToo && !said.some((t) => /^\p{L}{2,}$/u.test(t))) return 0;
  const rivals = locatable(elements).filter((el) => el !== title && textOf(el) !== '' && startsWith(comparableTokens(textOf(el)), said));
  return rivals.length === 0 ? said.length : 0;
}

/** The row whose title starts with exactly these words, named by no other text; null when none or not uniquely. */
export function rowNamedByPrefix(
  name: string,
  elements: readonly ScreenElement[],
  numbersToo = false,
): { row: ScreenElement; title: ScreenElement } | null {
  const said = comparableTokens(name).filter((t, i) => i > 0 || !/^(?:the|a|an|my)$/.test(t));
  const hits = rowTexts(elements).filter(({ title }) => uniquePrefix(said, title, elements, numbersToo) > 0);
  return hits.length === 1 ? hits[0]! : null;
}

/** Every plain text of each row, with the row: a row is named by its title or by another name it shows ("Apple Inc." under "AAPL"). */
export function rowTexts(elements: readonly ScreenElement[]): { row: ScreenElement; title: ScreenElement }[] {
  return locatable(elements)
    .filter((el) => textOf(el) !== '' && !el.clickable)
    .flatMap((el) => {
      const row = rowOf(el, elements);
      return row ? [{ row, title: el }] : [];
    });
}
