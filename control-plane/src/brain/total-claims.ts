/**
 * What it all comes to: "it all comes to £183", "the whole lot comes to £364", "the quote comes to £207", "the
 * extras come to £69", "it all costs £26": the screen's one total (a text with the word "total" and an amount after
 * it: "Quote total £207.00 · VAT included", "3 extras · total £69.00") shows that amount.
 *
 * - What comes to it: words for the whole ("it all", "everything", "the whole lot"), or a word for what is totalled
 *   ("the quote", "the booking", "the week's hire"), or words the total's own text says ("the extras" of "3 extras ·
 *   total £69.00"). A thing the total does not name ("the bell tent comes to £69") is no claim about the total.
 * - The amount: the first after "total" in that text, as said (£207 and £207.00 alike); another amount is no pass.
 * - Said of the whole, only the total says it: "everything costs £80" fails beside a row priced £80 (wholeTotalClaim).
 * - While a dialog is up, only its texts are read.
 */
import { type Decision, fail } from './actions.js';
import { textOf } from './claim-pieces.js';
import { confidence } from './decisions.js';
import { describe } from './element-roles.js';
import type { ScreenElement } from './hierarchy.js';
import { sameLemma } from './lemmas.js';
import { locatable, locatorFor, uniqueLocator } from './locators.js';
import { modalFilter } from './screen-structure.js';
import { comparableTokens } from './verdict-text.js';

const WHOLE = String.raw`(?:it|that|this)\s+all|everything|(?:the\s+)?whole\s+(?:lot|thing)`;
const CLAIM = new RegExp(
  String.raw`^(?:${WHOLE}|(?:the\s+|my\s+|our\s+)?(.+?))\s+(?:(?:comes?|came|adds?\s+up|added\s+up)\s+to|costs?|totals?)\s+([£$€])\s?(\d[\d,]*(?:\.\d{2})?)(?:\s+(?:altogether|in\s+all|in\s+total))?$`,
  'i',
);
/** What a total is of: the one word a tester names it by. */
const TOTALLED =
  /^(?:order|booking|basket|bag|cart|trolley|quote|bill|total|hire|stay|extras|cost|price|invoice|estimate|amount|balance|lot|charge|charges)$/;
/** Words that say which total without naming a thing of the screen: "the week's hire", "the final bill". */
const OF_THE_WHOLE = /^(?:whole|full|final|overall|estimated|total|week|weekend|day|night|month|year|today)$/;
const AMOUNT = /([£$€])\s?(\d[\d,]*(?:\.\d{2})?)/;

const pence = (digits: string) => Math.round(Number(digits.replace(/,/g, '')) * 100);

/**
 * A claim about the whole ("it all", "everything", "the whole lot"): the total's pass, else a fail; one row's price
 * never says what everything comes to. Null for any other sentence.
 */
export function wholeTotalClaim(sentence: string, elements: readonly ScreenElement[]): Decision | null {
  const m = CLAIM.exec(sentence.trim().replace(/[.!?]$/, ''));
  if (!m || m[1] !== undefined) return null;
  return totalClaim(sentence, elements) ?? fail(`No total on the screen shows ${m[2]}${m[3]}`);
}

export function totalClaim(sentence: string, elements: readonly ScreenElement[]): Decision | null {
  const m = CLAIM.exec(sentence.trim().replace(/[.!?]$/, ''));
  if (!m) return null;
  const [, subject, sign, digits] = m as unknown as [string, string | undefined, string, string];
  const inside = modalFilter(elements) ?? (() => true);
  const totals = locatable(elements).filter((el) => {
    if (!el.visible || !inside(el)) return false;
    const at = /\btotal\b/i.exec(textOf(el));
    const amount = at ? AMOUNT.exec(textOf(el).slice(at.index)) : null;
    return !!amount && amount[1] === sign && pence(amount[2]!) === pence(digits);
  });
  if (totals.length !== 1) return null;
  const total = totals[0]!;
  if (subject !== undefined) {
    const words = comparableTokens(subject.replace(/(\p{L})['’]s\b/gu, '$1')).filter((w) => !/^(?:the|a|an|my|our|of|for)$/.test(w));
    const shown = comparableTokens(textOf(total));
    const says = (w: string) => shown.some((t) => sameLemma(t, w));
    const head = words.at(-1);
    if (!head || !(TOTALLED.test(head) || says(head))) return null;
    if (!words.slice(0, -1).every((w) => OF_THE_WHOLE.test(w) || says(w))) return null;
  }
  return {
    action: { type: 'assert', target: uniqueLocator(total, elements) ?? locatorFor(total, elements), visible: true },
    reasoning: `${describe(total)} is the total, and shows ${sign}${digits}`,
    confidence: confidence(0.8),
  };
}
