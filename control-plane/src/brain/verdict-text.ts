/**
 * Strict text comparison for verdicts. An assertion passes only when what it names
 * is on the screen: compared after normalising case, accents, whitespace and
 * punctuation, never by a fuzzy or partial score. Numbers (counts, prices,
 * versions, dates) stay whole tokens with their separators and currency, so
 * "3.3.0" never equals "3.2.1" and "$12.00" never equals "€12.00" or "$12.50"; an amount is
 * compared as one (lexicon.ts `canonicalNumber`): "$12.00" is "$12", "1,299" is "1299".
 */
import { canonicalNumber, canonicalWord, joinersAsWords, MONTH, WEEKDAY } from './lexicon.js';

/** A number with its inner separators ("1,299.00", "3.3.0", "12/05/2024", "9:41"), an optional percent sign. */
const NUMBER = String.raw`\p{N}+(?:[.,:/-]\p{N}+)*%?`;
const CURRENCY = '[$€£¥₹₩₽¢]';
const TOKEN = new RegExp(`${CURRENCY}|${NUMBER}|\\p{L}+`, 'gu');
const IS_NUMBER = new RegExp(`^${NUMBER}$`, 'u');

/** Case, accents, apostrophes inside words ("Don’t" = "Dont") and "&" or "+" between words (lexicon.ts joinersAsWords) are normalised away. */
function prepare(text: string): string {
  const plain = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/(\p{L})['’‘`](\p{L})/gu, '$1$2');
  // "72 percent" is "72%".
  return joinersAsWords(plain).replace(/(\p{N})\s*(?:per\s*cent|percent)\b/gu, '$1%');
}

/** Words, numbers and currency signs, in order; everything else is a separator. */
export function comparableTokens(text: string): string[] {
  // "09:35" is 9:35: a leading zero on the hour is how a clock is written, not another time.
  return (prepare(text).match(TOKEN) ?? []).map((t) => t.replace(/^0(\d:\d\d)$/, '$1'));
}

/** Numbers as amounts (lexicon.ts: "1,299.00" is 1299), without currency: what must be equal for two texts to name the same thing. */
function numbersIn(text: string): string[] {
  return amounts(comparableTokens(text)).filter((t) => IS_NUMBER.test(t));
}

/** Tokens with each number read as an amount: "€250.00" and "€250" are one price, "$1,299" and "$1299" too. */
const amounts = (tokens: readonly string[]) => tokens.map(canonicalNumber);

/**
 * Equal once normalised. Words may also differ by spacing alone ("Log in" = "Login"),
 * but every number and currency sign must be the same and in the same place.
 */
export function sameText(a: string, b: string): boolean {
  const x = amounts(comparableTokens(a));
  const y = amounts(comparableTokens(b));
  if (x.length === 0 || y.length === 0) return a.trim() !== '' && a.trim() === b.trim(); // symbols only ("+", "×")
  if (x.join(' ') === y.join(' ')) return true;
  const numbersAndSigns = (tokens: string[]) => tokens.filter((t) => !/^\p{L}+$/u.test(t)).join(' ');
  return numbersAndSigns(x) === numbersAndSigns(y) && x.join('') === y.join('');
}

/**
 * Where one sentence ends and the next starts: after ".", "!" or "?" and a space, but never after a
 * title before a name ("Dr. Patel", "Mr. Khan", "St. Ives"), which ends no sentence.
 */
export const SENTENCE_BREAK = /(?<!\b(?:Dr|Mr|Mrs|Ms|Mx|Prof|St|Mt|Jr|Sr)\.)(?<=[.!?])\s+/;

/**
 * "and" before a clause with a subject of its own: "Mrs Okafor won't be charged and her next clean moves to Thu
 * 11 Dec" says two things, the second with no negation of its own. "Cats and dogs welcome" is one.
 */
const CLAUSE_AND = /,?\s+and\s+(?=(?:her|his|your|their|its|it|they|you|we|she|he|i)\s)/i;

/**
 * The parts of a text that stand on their own: the whole text, its sentences, its
 * lines, its clauses (CLAUSE_AND), a label's value after ": ", an aside in parentheses. "Invalid password.
 * Try again." shows "Invalid password"; "Welcome back" does not show "Welcome"
 * (a phrase is never matched as a fragment of one).
 */
export function textSegments(text: string): string[] {
  // A part between separators stands whole too: "Skipper: Fiona Reid" of "Boat: Kestrel · Skipper: Fiona Reid".
  const parts = text.split(new RegExp(`${SENTENCE_BREAK.source}|\\n+|\\s+[•|·–—]\\s+|${CLAUSE_AND.source}`)).map((p) => p.trim());
  const pieces = parts.flatMap((p) => (/:\s|[()]/.test(p) ? [p, ...p.split(/:\s+|\s*[()]\s*/)] : [p]));
  return [text, ...new Set(pieces.map((p) => p.trim()).filter((p) => p && p !== text))];
}

/**
 * The thing a text opens on with its measure when the next part goes on about it in lower case: "fridge" of "Fridge
 * 4.2 °C · checked at 08:10 by Sam". Never a field of its own ("Boarding 10:35 · Departs 11:05"), a verb's form
 * ("Published 2021 · 284 pages") or a day.
 */
export function measuredHead(text: string): string | null {
  const opening = /^(\p{Lu}\p{Ll}+) [$€£¥₹₩₽¢]?\p{N}[^·•|]*\s[·•|]\s\p{Ll}/u.exec(text);
  const head = opening ? opening[1]!.toLowerCase() : null;
  const day = (w: string) => WEEKDAY.test(canonicalWord(w)) || MONTH.test(canonicalWord(w)) || /^(?:today|tomorrow|yesterday)$/.test(w);
  return head && !/(?:ed|ing)$/.test(head) && !day(head) ? head : null;
}

/**
 * `text` starts with the words of `name` and goes on ("Hollins Park Golf Club" with "Hollins Park"),
 * whole words; a name of two words or more, one word being too little to name anything by.
 */
export function startsWithName(text: string, name: string): boolean {
  const own = comparableTokens(text);
  const wanted = comparableTokens(name);
  return wanted.length > 1 && wanted.length < own.length && wanted.every((w, i) => own[i] === w);
}

/** Does `shown` (a text on screen) show `wanted` as a whole or as one of its segments? */
export function showsText(shown: string, wanted: string): boolean {
  return shown !== '' && textSegments(shown).some((segment) => sameText(segment, wanted));
}

/** Every number the query names appears in the candidate: a near-miss on a number is never a match. */
export function numbersAgree(query: string, candidate: string): boolean {
  const wanted = numbersIn(query);
  if (wanted.length === 0) return true;
  const have = numbersIn(candidate);
  return wanted.every((n) => have.includes(n));
}
