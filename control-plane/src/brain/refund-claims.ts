/**
 * Money said to come back to the user: "I'll get £27.50 back", "we get £195 back", "the £20 deposit will be refunded",
 * "I will be refunded £27.50", over a text that gives that amount as what goes back: "£27.50 of the £55.00 you paid
 * will go back to your Visa", "£195.00 back to the card ending 8832", "a £20.00 deposit back within 5 working days".
 *
 * - The amount: the claim's one amount, with its currency, is the first amount of one sentence, part (verdict-text.ts
 *   textSegments) or clause after a comma of one text: the £55.00 paid of "£27.50 of the £55.00 you paid will go back" is not what goes back.
 * - What happens to it: "back" or a word of refunding after the amount in that part, and no negation anywhere in it
 *   ("The £40.00 permit can't be refunded").
 * - While a dialog is up, only its texts are read.
 */
import type { Decision } from './actions.js';
import { textOf } from './claim-pieces.js';
import { confidence } from './decisions.js';
import { ancestors, describe } from './element-roles.js';
import type { ScreenElement } from './hierarchy.js';
import { locatable, locatorFor, uniqueLocator } from './locators.js';
import { modalFilter } from './screen-structure.js';
import { SENTENCE_BREAK, textSegments } from './verdict-text.js';

const AMOUNT = String.raw`([$€£])\s?(\d[\d,]*(?:\.\d{2})?)`;
const CLAIMS = [
  new RegExp(
    `^(?:i|we)(?:['’]ll|\\s+will|\\s+should|\\s+are\\s+going\\s+to)?\\s+get\\s+(?:a\\s+refund\\s+of\\s+)?${AMOUNT}(?:\\s+back)?$`,
    'i',
  ),
  new RegExp(`^(?:i|we)\\s+(?:will\\s+be|am|are|get)\\s+refunded\\s+${AMOUNT}$`, 'i'),
  new RegExp(
    `^(?:the\\s+|my\\s+|our\\s+|a\\s+)?${AMOUNT}(?:\\s+\\p{L}+)?\\s+(?:will\\s+be|is|gets)\\s+(?:refunded|paid\\s+back|given\\s+back)$`,
    'iu',
  ),
  new RegExp(`^(?:the\\s+|my\\s+|our\\s+|a\\s+)?${AMOUNT}(?:\\s+\\p{L}+)?\\s+(?:will\\s+come|comes|will\\s+go|goes)\\s+back$`, 'iu'),
];
const NEGATION = /\b(?:not|no|never|can['’]?t|cannot|won['’]?t|isn['’]?t|aren['’]?t|non-refundable|nonrefundable)\b/i;
const GOES_BACK = /\b(?:back|refund|refunds|refunded|refunding)\b/i;

/** "£27.50" and "£27.50" alike, "£195" and "£195.00" alike: the currency and the amount in pence. */
function amountOf(sign: string, digits: string): string {
  return `${sign}${Math.round(Number(digits.replace(/,/g, '')) * 100)}`;
}

export function refundClaim(sentence: string, elements: readonly ScreenElement[]): Decision | null {
  const said = sentence.trim().replace(/[.!]$/, '');
  const m = CLAIMS.map((claim) => claim.exec(said)).find(Boolean);
  if (!m) return null;
  const wanted = amountOf(m[1]!, m[2]!);
  const inside = modalFilter(elements) ?? (() => true);
  const first = new RegExp(AMOUNT);
  const says = (part: string) => {
    const at = first.exec(part);
    if (!at || amountOf(at[1]!, at[2]!) !== wanted || NEGATION.test(part)) return false;
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
    reasoning: `${describe(el)} gives ${m[1]}${m[2]} as what goes back`,
    confidence: confidence(0.8),
  };
}
