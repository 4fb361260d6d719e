/**
 * Fuzzy matching of what a person wrote ("the login button") against what the
 * screen says ("Log in", `com.example:id/btn_login`, "Don’t Allow").
 *
 * Scores are in [0, 1] and ordered so that an exact match always beats a
 * normalised one, which beats containment, which beats a typo. Anything below
 * MIN_MATCH_SCORE is no match: tapping the wrong button is worse than failing
 * with "no element matching …".
 */
import { canonicalNumber, joinersAsWords, spelledOut } from './lexicon.js';
import { numbersAgree } from './verdict-text.js';

export const MIN_MATCH_SCORE = 0.6;

export const SCORE = {
  exact: 1,
  normalised: 0.95,
  /** "Log in" vs "Login": equal once spaces are removed. */
  spacing: 0.9,
  /** Query found as whole words inside a longer text: 0.6 … 0.9 by coverage. */
  containsBase: 0.6,
  containsRange: 0.3,
  /** Typos: similarity × this, accepted when similarity ≥ TYPO_MIN_SIMILARITY. */
  typoFactor: 0.85,
  /** The same words once short forms are written out ("Sat" for "Saturday", "30 mins" for "30 min"): below most containment. */
  lexical: 0.75,
  /** Ids rank just below visible text: people name things by what they read. */
  identifierFactor: 0.9,
} as const;

/** "Contnue" for "Continue" (0.89) passes; "Add to cart" for "Added to cart" (0.82) is another text, not a typo. */
const TYPO_MIN_SIMILARITY = 0.85;
/** Shorter words get no typo tolerance: "OK" vs "On", "No" vs "Go". */
const TYPO_MIN_LENGTH = 4;

/**
 * Lower case, accents and punctuation removed, apostrophes dropped inside words
 * ("Don’t" → "dont"), "&" read as "and" and "+" between words as "plus", whitespace collapsed; an amount read as one
 * ("€250.00" → "250", "1,299" → "1299").
 */
export function normalizeText(text: string): string {
  const plain = text
    .replace(/\d[\d,]*\.\d+|\d{1,3}(?:,\d{3})+/g, canonicalNumber)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/(\w)['’‘`](\w)/g, '$1$2');
  return joinersAsWords(plain)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** 1 − edit distance / longer length. */
export function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - levenshtein(a, b) / longest;
}

export interface MatchOptions {
  /** Accept near misses ("Contnue"). Off for deterministic commands, which name text exactly. */
  typos?: boolean;
  /** Accept the query as whole words inside a longer text. On by default. */
  containment?: boolean;
  /**
   * Least share of the candidate's characters the query must cover for containment
   * to count. Taps use 0.5 so "Sign in" never taps "Sign in with Apple"; checks
   * that text is shown accept "Welcome" in "Welcome back, John!".
   */
  minCoverage?: number;
}

const NEGATIONS = new Set(['dont', 'not', 'no', 'never', 'cannot', 'cant', 'wont', 'isnt', 'without', 'disallow']);

/** "Don’t allow" contains "allow" but means the opposite. */
function negates(query: string, candidate: string): boolean {
  const asked = new Set(query.split(' '));
  return candidate.split(' ').some((w) => NEGATIONS.has(w) && !asked.has(w));
}

/**
 * "Delete" and "Deleted", "update" and "updates": another form of the word, often a
 * status next to the action ("Archive" / "Archived"). Not a typo: never matched.
 */
function inflected(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return long.startsWith(short) && /^(?:s|es|d|ed|ing|er|r)$/.test(long.slice(short.length));
}

/** How well `candidate` (text on screen) matches `query` (what the user wrote). */
export function textMatchScore(query: string, candidate: string, options: MatchOptions = {}): number {
  const { typos = true, containment = true, minCoverage = 0 } = options;
  const rawQuery = query.trim();
  const rawCandidate = candidate.trim();
  if (!rawQuery || !rawCandidate) return 0;
  if (rawQuery === rawCandidate) return SCORE.exact;
  // "Version 3.3.0" is never a typo of "Version 3.2.1", nor "3 items" part of "13 items".
  if (!numbersAgree(rawQuery, rawCandidate)) return 0;
  const q = normalizeText(rawQuery);
  const c = normalizeText(rawCandidate);
  if (!q || !c) return 0; // symbols only ("+", "×") and not identical
  if (q === c) return SCORE.normalised;
  const qJoined = q.replace(/ /g, '');
  const cJoined = c.replace(/ /g, '');
  if (qJoined === cJoined) return SCORE.spacing;
  if (typos && spelledOut(q.split(' ')).join(' ') === spelledOut(c.split(' ')).join(' ')) return SCORE.lexical;
  if (containment && ` ${c} `.includes(` ${q} `) && q.length / c.length >= minCoverage && !negates(q, c)) {
    return SCORE.containsBase + SCORE.containsRange * (q.length / c.length);
  }
  const lengthGap = Math.abs(qJoined.length - cJoined.length) / Math.max(qJoined.length, cJoined.length);
  // The gap bounds the similarity from above: skip the edit distance when it cannot reach the threshold.
  if (
    typos &&
    Math.min(qJoined.length, cJoined.length) >= TYPO_MIN_LENGTH &&
    lengthGap <= 1 - TYPO_MIN_SIMILARITY &&
    !inflected(qJoined, cJoined)
  ) {
    const sim = similarity(qJoined, cJoined);
    if (sim >= TYPO_MIN_SIMILARITY) return sim * SCORE.typoFactor;
  }
  return 0;
}

/**
 * Widget-kind words in ids and in what people write: "btn_login" and "login button"
 * both mean "login". Dropped from both sides unless nothing else is left.
 */
const AFFIXES = new Set([
  'btn',
  'button',
  'txt',
  'text',
  'tv',
  'et',
  'edt',
  'edit',
  'input',
  'field',
  'lbl',
  'label',
  'iv',
  'img',
  'image',
  'view',
  'layout',
  'container',
  'll',
  'rl',
  'cb',
  'checkbox',
  'sw',
  'switch',
  'tab',
  'id',
  'ic',
  'icon',
  'fab',
  'cell',
  'textfield',
  'textbox',
  'box',
  'the',
]);

/** Words of an identifier: `com.app:id/btn_loginNow2` → ["btn", "login", "now", "2"]. */
export function identifierWords(id: string): string[] {
  return id
    .replace(/^[\w.]+:id\//, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([a-zA-Z])(\d)/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

function withoutAffixes(words: string[]): string[] {
  const core = words.filter((w) => !AFFIXES.has(w));
  return core.length > 0 ? core : words;
}

/** How well an id (`btn_login`, `loginButton`, `com.app:id/email_input`) matches the query. */
export function identifierMatchScore(query: string, id: string, options: MatchOptions = {}): number {
  if (!id.trim() || !query.trim()) return 0;
  if (id === query || id.replace(/^[\w.]+:id\//, '') === query) return SCORE.exact * SCORE.identifierFactor;
  const idCore = withoutAffixes(identifierWords(id)).join(' ');
  const queryCore = withoutAffixes(normalizeText(query).split(' ')).join(' ');
  return textMatchScore(queryCore, idCore, options) * SCORE.identifierFactor;
}
