/**
 * A place in a ranking, said as testers say it: "we're third in the league on 19 points" over
 * "League position: 3rd · 19 points", "Maya finished 812th overall" over "Overall 812 of 6,430 ·
 * Category 57 of 498", "I'm 4th on the Meanwood list" over "Position 4 of 37".
 *
 * - The place: one ordinal in the claim ("3rd", "third", "812th"), written in one part of a text
 *   (between "·") as that ordinal, as "N of M", or after "position".
 * - That same part has a word of the claim saying what is ranked ("league", "overall", "category")
 *   or is a position, and every other number of the claim is in the text ("19 points").
 * - Every name of the claim (a capitalised word: "Maya", "Meanwood") is shown on the screen.
 * Never a place in another part ("57th overall" beside "Overall 812 · Category 57"), never a
 * negation or a comparison.
 */
import type { Decision } from './actions.js';
import { textOf } from './claim-pieces.js';
import { NEGATIONS } from './claim-words.js';
import { confidence } from './decisions.js';
import { describe } from './element-roles.js';
import type { ScreenElement } from './hierarchy.js';
import { sameLemma } from './lemmas.js';
import { locatable, locatorFor, uniqueLocator } from './locators.js';
import { comparableTokens, textSegments } from './verdict-text.js';

const ORDINAL_WORDS = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
];
/** Words of a ranking claim that say who or how, not what is ranked. */
const SAYING_NOTHING = new Set(
  "i i'm im we we're were he she they it is are was were am finished finish came come placed place ranked rank in on at of the my our her his their so far currently now check verify that make sure".split(
    ' ',
  ),
);

export function rankClaim(sentence: string, elements: readonly ScreenElement[]): Decision | null {
  const words = comparableTokens(sentence.replace(/['’]/g, "'"));
  if (words.some((w) => NEGATIONS.has(w))) return null;
  // "812th" comes as "812", "th".
  const suffix = (i: number) => /^(?:st|nd|rd|th)$/.test(words[i + 1] ?? '');
  const places = words.flatMap((w, i) => {
    const digits = /^(\d+)(?:st|nd|rd|th)$/.exec(w) ?? (/^\d+$/.test(w) && suffix(i) ? [w, w] : null);
    const place = digits ? Number(digits[1]) : ORDINAL_WORDS.indexOf(w) + 1;
    return place > 0 ? [{ place, at: i }] : [];
  });
  if (places.length !== 1) return null;
  const { place, at } = places[0]!;
  const own = (i: number) => i === at || (i === at + 1 && suffix(at));
  const numbers = words.filter((w, i) => !own(i) && /^\d/.test(w));
  const ranked = words.filter((w, i) => !own(i) && !/^\d/.test(w) && !SAYING_NOTHING.has(w) && !NAMES_OF(sentence).has(w));
  // Every name the claim gives is on the screen.
  const shown = locatable(elements).map((el) => comparableTokens(textOf(el)));
  if (![...NAMES_OF(sentence)].every((n) => shown.some((t) => t.includes(n)))) return null;
  const saysPlace = (part: string[]) =>
    part.some(
      (t, i) =>
        t === ordinalOf(place) ||
        (t === String(place) && (part[i + 1] === 'of' || part[i - 1] === 'position' || part[i + 1] === ordinalOf(place).slice(-2))),
    );
  const hits = locatable(elements).filter((el) => {
    const text = comparableTokens(textOf(el));
    if (!numbers.every((n) => text.includes(n))) return false;
    // Each part between separators on its own: the whole of "Overall 812 · Category 57" ranks nothing at 57 overall.
    const segments = textSegments(textOf(el));
    return (segments.length > 1 ? segments.slice(1) : segments).some((seg) => {
      const part = comparableTokens(seg);
      return saysPlace(part) && (part.includes('position') || ranked.some((w) => part.some((t) => sameLemma(t, w))));
    });
  });
  if (hits.length !== 1) return null;
  const el = hits[0]!;
  return {
    action: { type: 'assert', target: uniqueLocator(el, elements) ?? locatorFor(el, elements), visible: true },
    reasoning: `${describe(el)} gives place ${place} where the claim says`,
    confidence: confidence(0.8),
  };
}

const ordinalOf = (n: number) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;

/** The claim's names, lower case: its capitalised words ("Maya", "Meanwood"), not "I", "We" or a check's verb. */
const NAMES_OF = (sentence: string) =>
  new Set(
    sentence
      .split(/\s+/)
      .filter((w) => /^\p{Lu}/u.test(w) && !/^(?:I|I['’]m|We|We['’]re|She|He|They|The|Check|Verify|Make|Ensure)$/.test(w))
      .flatMap((w) => comparableTokens(w)),
  );
