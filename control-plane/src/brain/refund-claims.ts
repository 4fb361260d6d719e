/**
 * Money said to come back to the user: "I'll get £27.50 back", "we get £195 back", "the £20 deposit will be refunded",
 * "I will be refunded £27.50", "the £35 deposit comes back within 5 working days", "the money goes back to the Visa
 * ending 4417", over a text that gives that amount as what goes back: "£27.50 of the £55.00 you paid will go back to
 * your Visa", "£195.00 back to the card ending 8832", "Your £32.00 will be refunded to the Visa ending 4417".
 *
 * - The amount: the claim's one amount, with its currency, is the first amount of one sentence, part (verdict-text.ts
 *   textSegments) or clause after a comma of one text: the £55.00 paid of "£27.50 of the £55.00 you paid will go back"
 *   is not what goes back. Said without one ("the money", "the refund", "the deposit"), any part that gives money
 *   back, naming the deposit when the claim does.
 * - What happens to it: "back" or a word of refunding after the amount in that part, and no negation anywhere in it
 *   ("The £40.00 permit can't be refunded").
 * - Where or when it goes, when the claim says it ("within 5 working days", "to the Visa ending 4417"): every word
 *   and number of it in that part ("to a Mastercard" is not "to the Visa").
 * - Half of an amount ("half of the £70 comes back", "I'd get half of the £378 back"): the half is what goes back, and
 *   the whole is said in the same part too ("£35.00 of the £70.00 goes back"), so half of another sum never passes.
 * - While a dialog is up, only its texts are read.
 */
import type { Decision } from './actions.js';
import { textOf } from './claim-pieces.js';
import { confidence } from './decisions.js';
import { ancestors, describe } from './element-roles.js';
import type { ScreenElement } from './hierarchy.js';
import { sameWord } from './lexicon.js';
import { locatable, locatorFor, uniqueLocator } from './locators.js';
import { modalFilter } from './screen-structure.js';
import { comparableTokens, SENTENCE_BREAK, textSegments } from './verdict-text.js';

const AMOUNT = String.raw`([$€£])\s?(\d[\d,]*(?:\.\d{2})?)`;
/** What is said after it: when or where it goes ("within 5 working days", "to the Visa ending 4417"). */
const REST = String.raw`((?:\s+(?:within|in|to|into|onto|on|by)\s.+)?)`;
const BACK = String.raw`(?:will\s+be|is|gets|should\s+be)\s+(?:refunded|paid\s+back|given\s+back|returned)|(?:will\s+come|comes|will\s+go|goes|should\s+come|should\s+go)\s+back`;
const AMOUNT_CLAIMS = [
  new RegExp(
    `^(?:i|we)(?:['’]ll|['’]d|\\s+will|\\s+would|\\s+should|\\s+are\\s+going\\s+to)?\\s+get\\s+(?:a\\s+refund\\s+of\\s+)?${AMOUNT}(?:\\s+back)?${REST}$`,
    'i',
  ),
  new RegExp(`^(?:i|we)\\s+(?:will\\s+be|am|are|get)\\s+refunded\\s+${AMOUNT}${REST}$`, 'i'),
  new RegExp(`^(?:the\\s+|my\\s+|our\\s+|a\\s+)?${AMOUNT}(?:\\s+\\p{L}+)?\\s+(?:${BACK})${REST}$`, 'iu'),
];
/** The money named by what it is, with where or when it goes: "the refund goes to the Visa ending 4412". */
const PLAIN_CLAIM = new RegExp(
  `^(?:the\\s+|my\\s+|our\\s+)?(money|refund|deposit)\\s+(?:${BACK}|goes|will\\s+go|is\\s+paid|will\\s+be\\s+paid)${REST}$`,
  'i',
);
const NEGATION = /\b(?:not|no|never|can['’]?t|cannot|won['’]?t|isn['’]?t|aren['’]?t|non-refundable|nonrefundable)\b/i;
const GOES_BACK = /\b(?:back|refund|refunds|refunded|refunding|returned)\b/i;
// "to me", "to us": the user is where refunds go, whatever card the text names.
const FILLER = new Set(['the', 'a', 'an', 'my', 'our', 'your', 'to', 'into', 'onto', 'on', 'in', 'by', 'me', 'us']);
/** "half of the £70": the half stands for the amount, the whole must be said beside it. */
const HALF_OF = new RegExp(`\\bhalf\\s+(?:of\\s+)?(?:the\\s+|my\\s+|our\\s+)?${AMOUNT}`, 'i');

/** "£27.50" and "£27.50" alike, "£195" and "£195.00" alike: the currency and the amount in pence. */
function amountOf(sign: string, digits: string): string {
  return `${sign}${Math.round(Number(digits.replace(/,/g, '')) * 100)}`;
}

export function refundClaim(sentence: string, elements: readonly ScreenElement[]): Decision | null {
  const told = sentence.trim().replace(/[.!]$/, '');
  const half = HALF_OF.exec(told);
  const whole = half ? amountOf(half[1]!, half[2]!) : null;
  const said = half ? told.replace(HALF_OF, `${half[1]}${(Number(half[2]!.replace(/,/g, '')) / 2).toFixed(2)}`) : told;
  const m = AMOUNT_CLAIMS.map((claim) => claim.exec(said)).find(Boolean);
  const plain = m ? null : PLAIN_CLAIM.exec(said);
  if (!m && !(plain && plain[2]!.trim() !== '')) return null;
  const wanted = m ? amountOf(m[1]!, m[2]!) : null;
  // Where or when it goes: each of its words and numbers in the part too ("to the Visa ending 4417").
  const rest = comparableTokens((m ? m[3] : plain![2]) ?? '').filter((t) => !FILLER.has(t));
  // "the deposit goes …" is said of a deposit: the part names it (money and a refund are any that goes back).
  const named = plain && /^deposit$/i.test(plain[1]!) ? 'deposit' : null;
  const inside = modalFilter(elements) ?? (() => true);
  const first = new RegExp(AMOUNT);
  const says = (part: string) => {
    if (NEGATION.test(part)) return false;
    const own = comparableTokens(part);
    if (!rest.every((t) => own.some((o) => sameWord(o, t)))) return false;
    if (wanted === null) return GOES_BACK.test(part) && (named === null || own.includes(named));
    const at = first.exec(part);
    if (!at || amountOf(at[1]!, at[2]!) !== wanted) return false;
    const amounts = [...part.matchAll(new RegExp(AMOUNT, 'g'))].map((a) => amountOf(a[1]!, a[2]!));
    if (whole !== null && !amounts.includes(whole)) return false;
    return GOES_BACK.test(part.slice(at.index + at[0].length));
  };
  const hits = locatable(elements).filter(
    (el) =>
      el.visible &&
      inside(el) &&
      textOf(el)
        .split(SENTENCE_BREAK)
        // A clause after a comma stands alone too: "… can't be refunded, so £195.00 will go back to the card".
        .flatMap((s) => [s, ...textSegments(s), ...s.split(/,\s+/)])
        .some(says),
  );
  // An alert named by its own text holds it twice: the innermost text is the evidence.
  const shown = hits.filter((el) => !hits.some((o) => o !== el && ancestors(o, elements).includes(el)));
  if (shown.length !== 1) return null;
  const el = shown[0]!;
  return {
    action: { type: 'assert', target: uniqueLocator(el, elements) ?? locatorFor(el, elements), visible: true },
    reasoning: `${describe(el)} says ${m ? `${m[1]}${m[2]}` : 'the money'} goes back${rest.length > 0 ? `, ${rest.join(' ')}` : ''}`,
    confidence: confidence(0.8),
  };
}
