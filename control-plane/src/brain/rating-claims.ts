/**
 * "the recipe is rated 4.7", "the trail is rated 4.6 stars", "the restaurant has a rating of 4.6":
 * a rating as a screen shows it, a number with a star or with its count of reviews ("4.7 ★ (212
 * reviews)", "4.6 (238 reviews)", "4.6 ★ (1,240 ratings) · 25–35 min"). Read only when the screen
 * shows one such rating outside its list rows and the subject is named by none of those rows (the
 * thing the screen is about, not one of its items): the number then decides, either way ("rated
 * 4.5" fails over 4.6). Never a bare number.
 */
import { type Decision, fail } from './actions.js';
import { describe, isButtonType } from './element-roles.js';
import type { ScreenElement } from './hierarchy.js';
import { sameLemma } from './lemmas.js';
import { locatable, locatorFor, uniqueLocator } from './locators.js';
import { rowOf } from './screen-structure.js';
import { comparableTokens } from './verdict-text.js';

/** The claim's value: "rated 4.6", "rated 4.6 stars", "rated 4.6 out of 5", "a rating of 4.6". */
export const RATED =
  /^(?:rated|(?:a\s+)?rating\s+of|(?:a\s+)?rating\s+is)\s+(\d(?:\.\d)?)(?:\s*(?:stars?|★|\/\s*5|out\s+of\s+(?:5|five)(?:\s+stars)?))?$/i;
/** A rating as shown: the number, then a star, a count of reviews in parentheses, or both. */
const SHOWN =
  /^(\d(?:\.\d)?)\s*(?:(?:★|☆|⭐|stars?)\s*(?:\(\s*[\d,.]+k?\s+(?:reviews|ratings|votes)\s*\))?|\(\s*[\d,.]+k?\s+(?:reviews|ratings|votes)\s*\))$/iu;

export function ratingClaim(subject: string, value: string, elements: readonly ScreenElement[]): Decision | null {
  const claimed = RATED.exec(value.trim());
  if (!claimed) return null;
  // The subject is what the screen is about, never one of its list's items ("the Penne Arrabbiata is rated 4.6").
  const named = comparableTokens(subject).filter((w) => !/^(?:the|a|an|this|my|your|our|its)$/.test(w));
  const inRows = locatable(elements)
    .filter((el) => rowOf(el, elements) !== null)
    .flatMap((el) => comparableTokens(el.text || el.contentDesc));
  if (named.length === 0 || named.some((w) => inRows.some((r) => sameLemma(w, r)))) return null;
  const ratings = locatable(elements).flatMap((el) => {
    const text = el.text || el.contentDesc;
    if (!text || el.clickable || isButtonType(el) || rowOf(el, elements) !== null) return [];
    const part = text
      .split(/\s+[·•|]\s+/)
      .map((p) => SHOWN.exec(p.trim()))
      .find(Boolean);
    return part ? [{ el, number: part[1]! }] : [];
  });
  if (ratings.length !== 1) return null;
  const { el, number } = ratings[0]!;
  if (Number(number) !== Number(claimed[1])) return fail(`${describe(el)} shows a rating of ${number}, not ${claimed[1]}`);
  return {
    action: { type: 'assert', target: uniqueLocator(el, elements) ?? locatorFor(el, elements), visible: true },
    reasoning: `${describe(el)} shows the rating ${number}`,
    confidence: 0.9,
  };
}
