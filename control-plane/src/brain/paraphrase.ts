/**
 * Checks that paraphrase what the screen shows: "the dialog asks to remove Mug Warmer"
 * over "Remove Mug Warmer from your cart?", "the Mug Warmer costs $24.99" over a row
 * showing "Mug Warmer" and "$24.99". Tried only after the exact comparison found nothing.
 *
 * Strict on purpose, because a paraphrase that passes wrongly is a false pass: every
 * content word of the claim must be a word of one text, or of the texts of one list row
 * (a verb may differ in -ed / -ing only, never a noun in number); every number of the
 * claim must be there as written; and a negation on one side only ("was not updated",
 * "cannot be added") never matches. Words that only frame the claim (who says it, that
 * it is shown) are set aside first, and at least two content words must remain. A text
 * must say no more than the claim ("Invalid email" is not "Invalid email or password")
 * unless the claim reports it ("the dialog asks to …") or spreads over a row's texts.
 *
 * Also read as the same: a verb in another tense ("arrives" / "Arriving", "ships" /
 * "Shipped"); an owner's name on either side ("the van is 3 stops away" over "Sam's van is
 * 3 stops away", "Matcha Latte's price" over the Matcha Latte row); words of the screen's
 * own title, which a text on that screen need not repeat ("the order has shipped" over
 * "Shipped" on the "Order #4821" screen, "2 items are in the order" over "2 items"); and
 * each sentence of a longer text apart ("… from all your devices. This cannot be undone."
 * says the photos will be deleted, and never that this can be undone).
 */

import { capitalisedWords, IS_NUMBER, monthMay, numbersInOrder, oppositesAgree, userHasClaim } from './claim-words.js';
import { tapTargetOf } from './element-matching.js';
import { ancestors, describe, isButtonType, isEditable, isListContainer, isTabContainer, isToggle } from './element-roles.js';
import { type ScreenElement, shortType } from './hierarchy.js';
import { isInflectedVerb, sameLemma, sameStem } from './lemmas.js';
import { canonicalTokens, canonicalWord, MONTH, signsAsWords, WEEKDAY } from './lexicon.js';
import { locatable } from './locators.js';
import { rowTitles, uniquePrefix } from './row-titles.js';
import { rowOf, sameLine, titleElements } from './screen-structure.js';
import { isChoice } from './tab-choice.js';
import { untickedTodo, userDid } from './ticked-rows.js';
import { comparableTokens, measuredHead, SENTENCE_BREAK, textSegments } from './verdict-text.js';
import { rowCountForWhole } from './whole-counts.js';

/** Words, numbers and signs, each read as the lexicon reads it ("departs" as "leaves", "€250.00" as "€250"). */
const tokensOf = (text: string) => canonicalTokens(comparableTokens(signsAsWords(text)));

const FRAME = new Set([
  // articles, pronouns, auxiliaries, prepositions
  // (not "in", "on", "up", "out": "sign in" is not "sign up")
  'the',
  'a',
  'an',
  'to',
  'of',
  'for',
  'from',
  'at',
  'by',
  'with',
  'per',
  'and',
  'or',
  'as',
  'that',
  'this',
  'these',
  'those',
  'is',
  'am',
  'are',
  'was',
  'were',
  'be',
  'been',
  'being',
  'has',
  'have',
  'had',
  'will',
  'would',
  'should',
  'can',
  'could',
  'may',
  'might',
  'must',
  'do',
  'does',
  'did',
  'whether',
  'if',
  'it',
  'its',
  'i',
  'me',
  'my',
  'we',
  'us',
  'our',
  'you',
  'your',
  'they',
  'their',
  'there',
  'now',
  'still',
  'each',
  'user',
  // who says it, and that it says or shows it
  'dialog',
  'dialogue',
  'alert',
  'popup',
  'modal',
  'prompt',
  'message',
  'snackbar',
  'toast',
  'banner',
  'notice',
  'screen',
  'page',
  'app',
  'text',
  'label',
  'link',
  'button',
  'field',
  'row',
  'item',
  'entry',
  'shows',
  'show',
  'showing',
  'shown',
  'displays',
  'displayed',
  'listed',
  'visible',
  'present',
  'appears',
]);
/** Verbs that report what a text says: with one, the claim may give only part of it ("the dialog asks to remove Mug Warmer"). */
const SAYING = new Set([
  // and in the past, as a chat reports who said what ("Ana asked who is bringing snacks")
  'asked',
  'said',
  'told',
  'wrote',
  'mentioned',
  'replied',
  'explained',
  'asks',
  'ask',
  'asking',
  'says',
  'say',
  'saying',
  'tells',
  'tell',
  'telling',
  'reads',
  'informs',
  'mentions',
  'confirms',
  'warns',
  'explains',
  'wants',
  'want',
]);
/** Words that only connect a name to its number: "costs $24.99", "is priced at $32.00", "lasts 48 min". */
const PRICE_WORDS = new Set([
  'costs',
  'cost',
  'charges',
  'charge',
  'priced',
  'price',
  'sells',
  'sold',
  'for',
  'lasts',
  'lasted',
  'takes',
  'long',
  'trades',
  'trading',
  'traded',
]);
const NEGATIONS = new Set([
  'not',
  'no',
  'never',
  'cannot',
  'cant',
  'dont',
  'doesnt',
  'didnt',
  'isnt',
  'wasnt',
  'wont',
  'arent',
  'werent',
  'couldnt',
  'shouldnt',
  'nothing',
  'none',
  'without',
  'unable',
  'nor',
]);

/**
 * A verb's -ed / -ing ending off: "added" = "add", "updating" = "update", "shipped" = "ship"
 * (a noun's plural stays).
 */
function stem(word: string): string {
  if (IS_NUMBER.test(word) || word.length <= 4) return word;
  const bare = word.replace(/(?:ed|ing)$/, '');
  // "shipped", "stopped", "planned", "transferred": the consonant doubled before the ending (not "added", "called").
  const undoubled = bare !== word ? bare.replace(/([bgmnprt])\1$/, '$1') : bare;
  return undoubled.replace(/e$/, '');
}

/**
 * Words in -ing, stemmed: the same verb in the present ("arrives") matches them. Not an -ed
 * form: "renewed" is done, "Renews on 1 August" is not yet.
 */
function verbForms(tokens: readonly string[]): Set<string> {
  return new Set(tokens.filter((t) => !IS_NUMBER.test(t) && t.length > 4 && /ing$/.test(t)).map(stem));
}

/** "arrives" for "Arriving": a third-person -s against a word in -ing. */
function presentOf(word: string, verbs: ReadonlySet<string>): boolean {
  const bare = /^(.{3,}?)(?:es|s)$/.exec(word);
  if (!bare) return false;
  return [bare[1]!, `${bare[1]}e`].some((w) => verbs.has(stem(w)));
}

/** "Sam's van" is read "Sam van": an owner is named like any other word (comparableTokens would make it "sams"). */
const POSSESSIVE = /(\p{L})['’]s\b/gu;
const CONTRACTED: Readonly<Record<string, string>> = { ll: 'will', re: 'are', ve: 'have', d: 'would', m: 'am' };
/** "You'll get" is "you will get" ("n't" stays whole: "dont" is a negation); then owners as above. */
const withoutPossessives = (text: string) =>
  text
    .replace(/(\p{L})['’](ll|re|ve|d|m)\b/giu, (_, letter: string, tail: string) => `${letter} ${CONTRACTED[tail.toLowerCase()]}`)
    .replace(POSSESSIVE, '$1');

/** "will be removed", "can be added": a passive after "be" says what the present says ("This removes 24 searches"). */
function passives(tokens: readonly string[]): Set<string> {
  return new Set(tokens.filter((t, i) => i > 0 && tokens[i - 1] === 'be' && t.length > 4 && /ed$/.test(t)).map(stem));
}
/** The owners a text names ("Sam" of "Sam's van"): a claim may leave them out. */
function ownersIn(text: string): Set<string> {
  return new Set([...text.matchAll(/(\p{L}+)['’]s\b/gu)].map((m) => stem(m[1]!.toLowerCase())));
}

const hasNegation = (tokens: readonly string[]) => tokens.some((t) => NEGATIONS.has(t));

/**
 * Both deny, or neither does; and a denial denies the same thing: "the entry fee is not £8.50" is not
 * said by "Your £8.50 entry fee will not be refunded", whose "not" denies the refund. The first
 * content word after each negation is the same.
 */
function negationsAgree(claim: readonly string[], text: readonly string[]): boolean {
  if (hasNegation(claim) !== hasNegation(text)) return false;
  if (!hasNegation(claim)) return true;
  const after = (tokens: readonly string[]) => tokens.slice(tokens.findIndex((t) => NEGATIONS.has(t)) + 1);
  const denied = contentWords(after(claim))[0];
  return denied === undefined || contentWords(after(text))[0] === denied;
}

/**
 * Reported speech: a saying verb followed by a clause ("asks whether to remove …", "says the
 * item can be …"), not by the text itself ("says Invalid email" quotes, and must quote whole).
 */
export const REPORTED =
  /\b(?:asks?|asked|asking|says?|said|saying|tells?|told|telling|reads|wrote|informs|mentions|mentioned|confirms|warns|explains|explained|replied|wants?)\s+(?:(?:me\s+|us\s+|the\s+user\s+)?(?:that|whether|if|to|the|a|an|i|you|we|my|your|it|its)\b|(?:\S+\s+){1,5}?(?:will|would|is|are|was|were|has|have|had|can|could|may|might|must|should)\s)/i;

interface Claim {
  words: string[];
  tokens: string[];
  /** Words of the screen's title that the claim has as its subject or its place: a text on the screen may leave them out. */
  context: ReadonlySet<string>;
  /** Its subject when the screen names it nowhere (unnamedSubject): a text of two words or more may leave it out. */
  unnamed: ReadonlySet<string>;
  /** Reported speech ("asks to", "says that"): part of a text may be given. */
  reported: boolean;
}

const WEEKDAY_OR_MONTH =
  /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tomorrow|january|february|march|april|may|june|july|august|september|october|november|december)$/;
/** "on Thursday", "in 2 days": a preposition before a date or number only says when. */
const beforeWhen = (tokens: readonly string[], i: number) =>
  /^(?:on|in)$/.test(tokens[i]!) && i + 1 < tokens.length && (IS_NUMBER.test(tokens[i + 1]!) || WEEKDAY_OR_MONTH.test(tokens[i + 1]!));

/** Selling words join a name to its price only as the verb that leads to it ("sold for £5", "trading at $3"). */
const SELLING = /^(?:sells|sold|trades|trading|traded)$/;
/**
 * A price word at `i` of a text that has a number: "costs", "priced", and a selling word only
 * before "for", "at" or the number; "the honey sold this year is 23.5 kg" says what was sold,
 * and "sold" must be on the screen ("Honey this year: 23.5 kg" is not it).
 */
function linksPrice(tokens: readonly string[], i: number): boolean {
  const t = tokens[i]!;
  if (!PRICE_WORDS.has(t)) return false;
  if (!SELLING.test(t)) return true;
  const next = tokens[i + 1];
  return next !== undefined && (next === 'for' || next === 'at' || IS_NUMBER.test(next));
}

/** Content words of a text, stemmed: its words less framing, negations and (beside a number) price words. */
function contentWords(tokens: readonly string[]): string[] {
  const priced = tokens.some((t) => IS_NUMBER.test(t));
  return tokens
    .filter(
      (t, i) =>
        (!FRAME.has(t) || monthMay(tokens, i)) &&
        !SAYING.has(t) &&
        !NEGATIONS.has(t) &&
        !(priced && linksPrice(tokens, i)) &&
        !beforeWhen(tokens, i),
    )
    .map(stem);
}

/** The claim's content words and numbers; null when it says too little to be judged this way. */
function contentOf(claim: string, title: ReadonlySet<string>, onScreen: ReadonlySet<string>): Claim | null {
  const tokens = tokensOf(withoutPossessives(claim));
  const { subject, placeFrom } = titleParts(tokens, title);
  // The place is the screen itself, so the words naming it are not looked for; the subject still is, where a text has it.
  const words = contentWords(tokens.slice(0, placeFrom));
  const unnamed = new Set(unnamedSubject(claim, tokens, onScreen).filter((w) => !subject.has(w)));
  return words.length >= 2 ? { words, tokens, context: subject, unnamed, reported: REPORTED.test(claim) } : null;
}

/** Words that pick one of several ("the last message", "the other parcel"): never left out, as they say which. */
const PICKING =
  /^(?:first|second|third|fourth|fifth|last|next|previous|prev|other|another|new|newest|old|oldest|latest|earliest|top|bottom|current|each|every|all|both|any|some|same|only|main|primary|second(?:ary)?|cheapest|dearest|priciest|fastest|quickest|slowest|shortest|longest|nearest|closest|furthest|farthest|highest|lowest|biggest|largest|smallest|best|worst|most|least)$/;

/**
 * The subject of a claim that the screen names nowhere: "the parcel is out for delivery" on a
 * tracking screen that only says "Out for delivery", "the stay is for 3 nights" over "2 guests ·
 * 3 nights". A tester names what the screen is about; the screen does not repeat it. Left out
 * only when no word of it is on the screen at all (a screen naming two parcels says which is
 * meant, and the claim must say it too), when it is one or two plain words before its verb,
 * never a word that picks one of several ("the last message", "the other parcel"), and only
 * for a text of two words or more ("the refund has shipped" is not read over a bare "Shipped"); never a
 * name, written with a capital.
 */
function unnamedSubject(written: string, tokens: readonly string[], onScreen: ReadonlySet<string>): string[] {
  let i = /^(?:the|a|an|my|your|our|this)$/.test(tokens[0] ?? '') ? 1 : 0;
  const subject: string[] = [];
  while (i < tokens.length && subject.length < 3 && !AUXILIARY.test(tokens[i]!) && !/^\p{N}/u.test(tokens[i]!)) {
    if (subject.length > 0 && /^.{3,}(?:s|ed)$/.test(tokens[i]!) && !/ss$/.test(tokens[i]!)) break; // its verb: "arrives", "shipped"
    subject.push(tokens[i++]!);
  }
  const verb = tokens[i];
  if (verb === undefined || subject.length === 0 || subject.length > 2 || i + 1 >= tokens.length) return [];
  if (subject.some((w) => PICKING.test(w) || NEGATIONS.has(w) || SAYING.has(w))) return [];
  // A word written with a capital names a thing, which must be shown, as in claim-evidence.ts: "Tiramisu is sold out"
  // is never said by another dish's "Sold out today" (found by scripts/corpus-mutants.ts --mode absent).
  const names = new Set([...capitalisedWords(written)].map(stem));
  const words = contentWords(subject);
  if (words.some((w) => names.has(w))) return [];
  // Shown inside a word of the screen ("total" in "Subtotal"), it is named there: a kin of it, not nothing.
  const named = (w: string) => onScreen.has(w) || (w.length >= 4 && [...onScreen].some((o) => o.length > w.length && o.endsWith(w)));
  if (words.length === 0 || words.some(named)) return [];
  return words;
}

const AUXILIARY = /^(?:is|are|was|were|has|have|had|will|would|can|could|may|might|should|must|does|do|did)$/;
const PLACE = /^(?:in|on|of|for|at|from)$/;

/**
 * The title words a claim about this screen may say without the screen repeating them: its
 * subject, when a verb follows ("the order has shipped", "the order arrives …" on the
 * "Order #4821" screen), and a place it ends on ("2 items are in the order"). Not a name
 * that merely starts with a title word ("Sort by price" on the "Sort by" sheet).
 */
function titleParts(tokens: readonly string[], title: ReadonlySet<string>): { subject: Set<string>; placeFrom: number } {
  const parts = new Set<string>();
  const content = (t: string) => !FRAME.has(t) && !NEGATIONS.has(t);
  // "there is an alarm at 09:00" on the Alarm screen: the title's thing is said to exist, and only its place is looked for.
  const existential = tokens[0] === 'there' && /^(?:is|are)$/.test(tokens[1] ?? '');
  let i = existential ? (/^(?:a|an|one)$/.test(tokens[2] ?? '') ? 3 : 2) : tokens[0] === 'the' ? 1 : 0;
  const subject: string[] = [];
  while (i < tokens.length && content(tokens[i]!) && title.has(stem(tokens[i]!))) subject.push(stem(tokens[i++]!));
  const next = tokens[i];
  const verbNext = next !== undefined && (AUXILIARY.test(next) || /(?:s|ed)$/.test(next)) && !PLACE.test(next);
  if (subject.length > 0 && next !== undefined && (verbNext || (existential && PLACE.test(next)))) for (const w of subject) parts.add(w);
  let j = tokens.length - 1;
  const place: string[] = [];
  while (j >= 0 && content(tokens[j]!) && title.has(stem(tokens[j]!))) place.push(stem(tokens[j--]!));
  if (tokens[j] === 'the') j -= 1;
  const placeFrom = place.length > 0 && j > 0 && PLACE.test(tokens[j]!) ? j : tokens.length;
  return { subject: parts, placeFrom };
}

/** Does a text with these words have the word, in this form or (a verb) another tense? `verbs` are each side's -ed / -ing words. */
const hasWord = (have: ReadonlySet<string>, verbs: ReadonlySet<string>, otherVerbs: ReadonlySet<string>, word: string) =>
  have.has(word) || presentOf(word, verbs) || (otherVerbs.has(word) && [...have].some((w) => presentOf(w, new Set([word]))));

/**
 * Does `shown` say what the claim says? Its content words are the claim's, no more and
 * no fewer ("Invalid email" is not "Invalid email or password"); with reported speech,
 * or across the texts of a row, the claim's words need only all be there.
 */
function says(shown: string, claim: Claim, part: boolean): boolean {
  // "Fridge 4.2 °C · checked at 08:10 by Sam" speaks of the fridge in every part: a subject the screen names nowhere ("the
  // oven was checked at 8:10") is another thing's.
  const head = measuredHead(shown);
  if (head && claim.unnamed.size > 0 && !claim.words.includes(stem(head))) return false;
  // Sentence by sentence, never the whole: "… from all your devices. This cannot be undone." does not say
  // the photos will not be deleted. A sentence's own parts stand alone too: "2 guests · 3 nights", "Total: $5".
  const sentences = shown
    .split(new RegExp(`${SENTENCE_BREAK.source}|\\n+`))
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    sentences
      .flatMap((sentence) => [sentence, ...clauses(sentence), ...relativeClauses(sentence)])
      .flatMap(textSegments)
      // "Seated, includes one drink", "4 songs, 15 minutes": each part after a comma stands alone too.
      .flatMap((piece) => [piece, ...(/,\s/.test(piece) ? piece.split(/,\s+/) : [])])
      .flatMap((piece) => [piece, ...rangeEnds(piece)])
      .some((piece) => sentenceSays(piece, claim, part))
  );
}

/** A text that leads into the next one, a label ending in its preposition: "Playing with", "Sent to", "Paid by". */
const leadsIn = (el: ScreenElement) => /^(?:with|to|by|from|for|at|of|on|in|via)$/.test(tokensOf(textOf(el)).at(-1) ?? '');

/** A claim that starts with one of these is the user's own: "I will win …", "my plan renews …". */
const FIRST_PERSON = /^(?:i|we|my|our)$/;

/** The content words before a text's first auxiliary verb: its subject ("Paired devices will be removed"); none without one. */
function ownSubject(tokens: readonly string[]): string[] {
  const verb = tokens.findIndex((t, i) => i > 0 && AUXILIARY.test(t));
  return verb < 0 ? [] : contentWords(tokens.slice(0, verb));
}

/** A verb after "and" that starts a second clause on the same subject: "adds …", "fixed …", "will …". */
const CLAUSE_VERB = /^(?:is|are|was|were|has|have|had|will|can|could|may|might|should|must|\p{Ll}{2,}(?:s|ed))$/u;

/**
 * Two clauses on one subject say each apart: "Version 5.2 adds offline maps and fixes a crash"
 * says "Version 5.2 adds offline maps" and "Version 5.2 fixes a crash". The subject is what
 * comes before the first verb; a clause keeps its own negation ("… and does not fix …").
 */
export function clauses(sentence: string): string[] {
  const words = sentence.split(/\s+/);
  const firstVerb = words.findIndex((w, i) => i > 0 && CLAUSE_VERB.test(w.replace(/[^\p{L}]/gu, '')));
  if (firstVerb < 1) return [];
  const subject = words.slice(0, firstVerb).join(' ');
  const out: string[] = [];
  let start = firstVerb;
  for (let i = firstVerb + 1; i < words.length - 1; i++) {
    if (words[i]!.toLowerCase() !== 'and' || !CLAUSE_VERB.test(words[i + 1]!.replace(/[^\p{L}]/gu, ''))) continue;
    out.push(`${subject} ${words.slice(start, i).join(' ')}`);
    start = i + 1;
  }
  if (out.length === 0) return [];
  return [...out, `${subject} ${words.slice(start).join(' ')}`];
}

/** The names before a saying verb: "Ben" of "Ben asked who is bringing snacks". */
function speakerNames(claim: string): string[] {
  const m = /^(.*?)\b(?:asked|asks|said|says|wrote|writes|replied|replies|told|mentioned)\b/i.exec(claim);
  return (m?.[1]?.match(/\b\p{Lu}[\p{L}'’-]*/gu) ?? []).flatMap((w) => comparableTokens(w.replace(/['’]s$/, '')));
}

/** A claim that something is the one chosen ("chosen", "picked" and "chose" are read "selected", lexicon.ts). */
const CHOSEN = /^(?:selected|ticked|checked|highlighted)$/;

const IRREGULAR_PAST = 'sent|paid|made|got|left|kept|set|put|chose|sold|bought|gave|told|found';
/** Participles that do not end in -ed: "is set", "has been paid", "is done". */
const IRREGULAR_PARTICIPLE =
  /^(?:sent|paid|made|kept|set|put|chosen|sold|bought|given|told|found|done|shown|taken|hidden|written|read|cut|shut)$/;
const RELATIVE = new RegExp(
  `\\b(\\p{L}[\\p{L}-]*)\\s+(?:that\\s+|which\\s+)?(?:we|you|they|i|he|she)\\s+((?:just\\s+)?(?:\\p{L}{2,}ed|${IRREGULAR_PAST}))\\b(.*)$`,
  'iu',
);

/**
 * A thing and what was done to it, said in a relative clause: "Enter the code we sent to
 * +44 …" says the code was sent to +44 …; "the items you saved" that the items were saved.
 */
export function relativeClauses(sentence: string): string[] {
  const m = RELATIVE.exec(sentence);
  if (!m) return [];
  return [`${m[1]} was ${m[2]!.replace(/^just\s+/i, '')}${m[3]}`.replace(/[.!]$/, '')];
}

/**
 * "in", "on", "at" before a word the text has: it only says where ("my seat is 41 in coach C"
 * over "Coach C, seat 41", "the team sync is on Zoom" over its row's "Zoom").
 */
const placeWord = (words: readonly string[], i: number, have: ReadonlySet<string>) =>
  /^(?:in|on|at)$/.test(words[i]!) && i + 1 < words.length && have.has(words[i + 1]!);

/** Words of a text that only say when it holds: "Sold out today" says the dish is sold out. */
const NOW = /^(?:today|now|currently|tonight)$/;

/**
 * Words a text may say beyond the claim: when it holds ("Sold out today"), and a place word
 * before a word the claim has ("2 in basket" says the basket has 2).
 */
const asides = (words: readonly string[], i: number, claim: ReadonlySet<string>) =>
  (NOW.test(words[i]!) && ![...claim].some((w) => WEEKDAY_OR_MONTH.test(w) || WHEN.test(w))) ||
  placeWord(words, i, claim) ||
  weekdayOfDate(words, i, claim) ||
  givenName(words, i, claim);

/**
 * "Dr. Okafor" for "Dr. Amara Okafor": a person named by the title and the surname; the given
 * names between them may be left out, when the claim has both the title and that surname.
 */
const givenName = (words: readonly string[], i: number, claim: ReadonlySet<string>) => {
  let title = i - 1;
  while (title >= 0 && !HONORIFIC.test(words[title]!)) title -= 1;
  if (title < 0 || i - title > 2) return false;
  const surname = words.slice(i + 1).findIndex((w) => claim.has(w));
  return claim.has(words[title]!) && surname === 0 && !claim.has(words[i]!);
};
const HONORIFIC = /^(?:dr|doctor|mr|mister|mrs|misters|ms|mx|prof|professor)$/;

/**
 * "Due Thu 4 Dec" says the book is due on 4 December: the weekday of a date the claim gives (its day
 * and month right after it) only says which day that is. Never when the claim names a weekday itself.
 */
const weekdayOfDate = (words: readonly string[], i: number, claim: ReadonlySet<string>) =>
  WEEKDAY.test(words[i]!) &&
  IS_NUMBER.test(words[i + 1] ?? '') &&
  MONTH.test(words[i + 2] ?? '') &&
  claim.has(words[i + 1]!) &&
  claim.has(words[i + 2]!) &&
  ![...claim].some((w) => WEEKDAY.test(w));
/** Words that say when, beside days and months: never a kind of thing (namesKind), and a claim with one names its own time. */
const WHEN = /^(?:yesterday|tonight|now|currently|later|soon)$/;

/**
 * "from London Euston to Manchester Piccadilly": what comes from and what goes to must be in
 * that order in the text too ("London Euston → Manchester Piccadilly"); reversed it is another
 * journey, though the words are the same.
 */
function inOrder(claim: readonly string[], shown: readonly string[]): boolean {
  const from = claim.indexOf('from');
  const to = claim.indexOf('to', from + 1);
  if (from < 0 || to < 0 || to + 1 >= claim.length || from + 1 >= to) return true;
  const first = shown.indexOf(claim[from + 1]!);
  const second = shown.indexOf(claim[to + 1]!);
  return first < 0 || second < 0 || first < second;
}

/** The texts of the chosen tabs of a tab bar or bottom navigation: a text selected, or inside a selected tab. */
function chosenTabs(elements: readonly ScreenElement[]): ScreenElement[] {
  return elements.filter((el) => {
    if (!el.visible || textOf(el) === '') return false;
    // A checked filter chip ("Petrol E10" over a list of stations' prices) says what the list shows, as a tab does; never
    // a checked radio button, an option with its own price.
    if (el.checked && /\bChip$/.test(el.type)) return true;
    const up = ancestors(el, elements);
    return up.some(isTabContainer) && (el.selected || up.some((a) => a.selected && a.clickable));
  });
}

/**
 * Each number of the claim goes with the word beside it as the row has them: "Washer 23 has 2 minutes left" is
 * not said by a row of "Washer 2" and "23 min left", nor "Spin 3 has 45 spots left" by "Spin 45" and "3 spots left".
 * The word beside a number, on one side (articles and signs passed over), is another number's when a text of the
 * row has it on that side of another number of the claim, and no text shows it with this one. Still held: "3 spots
 * are left in the 07:00 Spin class" ("Spin 45": 45 is no number of the claim), "the 13:05 note mentions 4 glucose
 * tablets" ("Note: had 4 …" has the note before its number) (found by scripts/corpus-mutants.ts --mode swap).
 */
function numbersKeepTheirWords(claim: readonly string[], texts: readonly string[]): boolean {
  const numbers = claim.filter((t) => IS_NUMBER.test(t));
  if (numbers.length < 2) return true;
  // Each part of a text stands alone, as in the row's reading: "Express delivery (1 day) · $4.99".
  const parts = (t: string) => {
    const segments = textSegments(t);
    return segments.length > 1 ? segments.slice(1) : segments;
  };
  const shown = texts.flatMap(parts).map((t) => tokensOf(withoutPossessives(t)));
  return claim.every((n, i) => {
    if (!IS_NUMBER.test(n)) return true;
    return [-1, 1].every((step) => {
      const w = wordBeside(claim, i, step);
      if (w === undefined) return true;
      const withOther = shown.some((ts) =>
        ts.some((m, k) => m !== n && numbers.includes(m) && !ts.includes(n) && wordBeside(ts, k, step) === w),
      );
      return !withOther || shown.some((ts) => ts.includes(w) && ts.includes(n));
    });
  });
}

/** The word before (step -1) or after (step 1) the token at `at`, articles and signs passed over; none when a number comes first. */
function wordBeside(tokens: readonly string[], at: number, step: number): string | undefined {
  for (let j = at + step; j >= 0 && j < tokens.length; j += step) {
    const t = tokens[j]!;
    if (FRAME.has(t) || !/^[\p{L}\p{N}]/u.test(t)) continue;
    return IS_NUMBER.test(t) ? undefined : t;
  }
  return undefined;
}

const CLOCK = String.raw`\d{1,2}(?:[:.]\d{2})?(?:\s*[ap]\.?m\.?)?`;
const RANGE = new RegExp(`(?:^|\\s)(${CLOCK})\\s*(?:[–—-]|\\bto\\b)\\s*(${CLOCK})(?=$|[\\s,.;])`, 'i');

/**
 * The ends of a time range, each as a claim about it may say it: "14:00–15:00" says the event
 * starts (begins, opens) at 14:00 and ends (finishes, closes) at 15:00, from one and until the
 * other; of a journey, that it departs at one and arrives at the other ("the 06:15 flight lands
 * at 08:55", lexicon.ts reading "lands" as "arrives"). Only times: "2–4 items" has no start.
 */
export function rangeEnds(text: string): string[] {
  const m = RANGE.exec(text);
  if (!m) return [];
  const [from, to] = [m[1]!, m[2]!];
  if (!/[:.]|m\.?$/i.test(from) && !/[:.]|m\.?$/i.test(to)) return [];
  return [
    ...['starts at', 'begins at', 'opens at', 'from'].map((w) => `${w} ${from}`),
    ...['ends at', 'finishes at', 'closes at', 'until', 'till'].map((w) => `${w} ${to}`),
    // A journey's times: "06:15 – 08:55" says the 06:15 flight departs then and lands at 08:55.
    `departs at ${from}`,
    `arrives at ${to}`,
    `${from} arrives at ${to}`,
    `${from} to ${to}`,
  ];
}

/**
 * "3 emails are unread" over "3 unread": the noun a number counts may be left out by a
 * text that has the number followed by another word of the claim. A word between the number
 * and the noun the text has right after it (not a verb: "the 06:15 flight arrives at 08:55" over "06:15 –
 * 08:55", "2 smokers left" over "Only 2 left") is no counted noun but what it says of them:
 * "550 purple points", "550 less points" are not "550 points to Platinum"; only "more" is
 * (scripts/corpus-mutants.ts --mode opposites).
 */
function countedNouns(claim: readonly string[], shown: readonly string[]): Set<string> {
  const nouns = new Set<string>();
  claim.forEach((token, i) => {
    const noun = claim[i + 1];
    if (!IS_NUMBER.test(token) || noun === undefined || IS_NUMBER.test(noun)) return;
    const rest = new Set(claim.slice(i + 2).map(stem));
    const after = claim[i + 2] === undefined ? undefined : stem(claim[i + 2]!);
    shown.forEach((t, k) => {
      const next = shown[k + 1];
      if (t !== token || next === undefined || !rest.has(stem(next)) || FRAME.has(next)) return;
      if (stem(next) === after && !isInflectedVerb(claim[i + 2]!) && noun !== 'more') return;
      nouns.add(stem(noun));
    });
  });
  return nouns;
}

/**
 * What a unit measures, as a claim names it: "the fridge temperature was checked at 8:10" over "Fridge 4.2 °C ·
 * checked at 08:10", "the parcel's weight" over "2.4 kg". The kind is said by a number shown in one of its units
 * (the degree sign is no word: "4.2 °C" reads "4.2 c"); never by the unit alone.
 */
const MEASURES: ReadonlyArray<readonly [RegExp, RegExp]> = [
  [/^temperatur(?:e|es)$/, /^(?:c|f|degrees?)$/],
  [/^weights?$/, /^(?:kilograms|grams|g|lbs?|oz|ounces)$/],
  [/^distances?$/, /^(?:kilometres|miles|metres)$/],
  [/^volumes?$/, /^(?:ml|litres?|l)$/],
];

/**
 * The claim's words that name a kind of measure the text shows a number of (above), and the text's words that
 * number and unit are: the claim said them by naming their kind.
 */
function measuredKinds(claim: readonly string[], shown: readonly string[]): { kinds: Set<string>; amounts: Set<string> } {
  const kinds = new Set<string>();
  const amounts = new Set<string>();
  for (const w of claim) {
    for (const [kind, unit] of MEASURES) {
      if (!kind.test(w)) continue;
      shown.forEach((u, k) => {
        if (k === 0 || !IS_NUMBER.test(shown[k - 1]!) || !unit.test(u)) return;
        kinds.add(stem(w));
        amounts.add(shown[k - 1]!).add(u);
      });
    }
  }
  return { kinds, amounts };
}

function sentenceSays(shown: string, claim: Claim, part: boolean): boolean {
  const tokens = tokensOf(withoutPossessives(shown));
  if (!negationsAgree(claim.tokens, tokens) || !oppositesAgree(claim.tokens, tokens)) return false;
  const words = contentWords(tokens);
  const have = new Set(words);
  const verbs = verbForms(tokens);
  const claimVerbs = new Set([...verbForms(claim.tokens), ...passives(claim.tokens)]);
  // A word of the screen's title may be left out by the text, but the text must still say something of the claim.
  const counted = countedNouns(claim.tokens, tokens);
  const measured = measuredKinds(claim.tokens, tokens);
  const missing = claim.words.filter((w, i) => !hasWord(have, verbs, claimVerbs, w) && !placeWord(claim.words, i, have));
  if (!inOrder(claim.tokens, tokens) || !numbersInOrder(claim.tokens, tokens)) return false;
  if (
    !missing.every((w) => claim.context.has(w) || counted.has(w) || measured.kinds.has(w) || claim.unnamed.has(w)) ||
    missing.length === claim.words.length
  )
    return false;
  const claimWords = new Set(claim.words);
  if (missing.some((w) => claim.unnamed.has(w) && !claim.context.has(w))) {
    // A bare status ("Shipped") says nothing of whose it is: a subject the screen does not name needs a text that says more.
    if (words.length < 2) return false;
    // A text that names a subject of its own ("Paired devices will be removed") speaks of that one, never of one the
    // screen names nowhere ("my photos will be deleted"); a text without a verb ("Out for delivery") has none.
    if (ownSubject(tokens).some((w) => !hasWord(claimWords, claimVerbs, verbs, w))) return false;
  }
  // "I will win by resignation" is said of me: a text whose subject is someone else ("GrandpaJoe will win by
  // resignation") says it of them. One addressed to me ("Your iPhone and other devices will …") speaks of mine.
  const addressed = /^(?:you|your)$/.test(tokens[0] ?? '');
  const othersSubject = ownSubject(tokens).some((w) => !hasWord(claimWords, claimVerbs, verbs, w));
  if (FIRST_PERSON.test(claim.tokens[0] ?? '') && !addressed && othersSubject) return false;
  const owners = ownersIn(shown);
  const inClaim = (w: string, i: number) =>
    owners.has(w) || measured.amounts.has(w) || hasWord(claimWords, claimVerbs, verbs, w) || asides(words, i, claimWords);
  return part || claim.reported || words.every((w, i) => inClaim(w, i));
}

const textOf = (el: ScreenElement) => el.text || el.contentDesc;

/**
 * "the Evening Wind Down playlist", "the route via Ring Road": one word the row does not show
 * may say what the row is, when written in lower case right after or before words the row
 * does show ("Deep Focus Remix" names another playlist).
 */
function namesKind(word: string, claim: string, covered: ReadonlySet<string>): boolean {
  const written = claim.split(/[^\p{L}\p{N}%]+/u).filter(Boolean);
  const read = (w: string) => stem(canonicalWord(w.toLowerCase()));
  const at = written.findIndex((w) => read(w) === word);
  // A noun: never a day or time, nor a verb's -ed / -ing form ("Ana asked …" is no kind of row), nor the word right
  // after a subject pronoun, which is its verb: "I withdrew £50" says what I did, which an "Auto-save | +£50.00" row
  // does not.
  const form = written[at] ?? '';
  const afterPronoun = at > 0 && /^(?:i|we|you|they|he|she)$/i.test(written[at - 1]!);
  const noun =
    !/(?:ed|ing)$/.test(form) &&
    !CHOSEN.test(canonicalWord(form.toLowerCase())) &&
    // "4 over par": a word that says how a number stands is no kind of row.
    !/^(?:over|under|above|below|up|down|off|out|more|less|fewer|ahead|behind|early|late)$/i.test(form) &&
    !afterPronoun &&
    !WEEKDAY_OR_MONTH.test(word) &&
    !WHEN.test(word);
  if (at < 0 || !/^\p{Ll}+$/u.test(written[at]!) || !noun) return false;
  // After the row's words ("the Evening Wind Down playlist") or before them ("the route via Ring Road").
  return (at > 0 && covered.has(read(written[at - 1]!))) || (at + 1 < written.length && covered.has(read(written[at + 1]!)));
}

/**
 * The first words of a row's text that the claim has, in order and written with a capital as a
 * name is, when they name the row alone (row-titles.ts): "fiat" of "Fiat 500 or similar" in
 * "the Fiat has free cancellation", "apple" of "Apple Inc." in "Apple is at 189.43". Empty when
 * the claim has none of them or they name another text too.
 */
function namedFirstWords(written: string, claim: readonly string[], title: ScreenElement, elements: readonly ScreenElement[]): string[] {
  const tokens = tokensOf(textOf(title));
  // A name is written as one: its first word with a capital in the claim ("the Fiat", "Apple is at …"; not "out for …").
  const capitalised = capitalisedWords(written);
  for (let k = tokens.length - 1; k >= 1; k--) {
    const prefix = tokens.slice(0, k);
    const at = claim.findIndex((_, i) => prefix.every((t, j) => claim[i + j] === t));
    if (at >= 0 && capitalised.has(prefix[0]!) && uniquePrefix(prefix, title, elements) > 0) return prefix;
  }
  return [];
}

const isImage = (el: ScreenElement) => /Image/i.test(shortType(el.type));

export interface Paraphrased {
  /** The element to name in the passing check: the one text, or the row's text that holds the claim's number. */
  element: ScreenElement;
  reasoning: string;
}

/** Does the claim have the screen's title (with a modal dialog up, the dialog's) as its subject: "the appointment is …" under "Cancel appointment?". */
export function titleIsSubject(claim: string, elements: readonly ScreenElement[]): boolean {
  const title = new Set(titleElements(elements).flatMap((el) => contentWords(tokensOf(withoutPossessives(textOf(el))))));
  return titleParts(tokensOf(withoutPossessives(claim)), title).subject.size > 0;
}

/** The one text, else the one list row, that says what the claim says; null when none or more than one does. */
export function findParaphrase(
  claim: string,
  elements: readonly ScreenElement[],
  reported = false,
  inside: (el: ScreenElement) => boolean = () => true,
): Paraphrased | null {
  const titles = titleElements(elements);
  // What the screen is: its title, and the chosen tab of its tab bar ("Departures" lit in the bottom navigation).
  const named = [...titles, ...chosenTabs(elements)];
  const context = new Set(named.flatMap((el) => contentWords(tokensOf(withoutPossessives(textOf(el))))));
  const onScreen = new Set(
    elements.filter((el) => el.visible && textOf(el) !== '').flatMap((el) => contentWords(tokensOf(withoutPossessives(textOf(el))))),
  );
  // "I have the fresh thyme" is not said by a row that names the thyme (claim-words.ts userHasClaim).
  if (userHasClaim(tokensOf(withoutPossessives(claim)))) return null;
  const found = contentOf(claim, context, onScreen);
  const content = found && reported ? { ...found, reported } : found;
  if (!content) return null;
  const pool = locatable(elements).filter((el) => textOf(el) !== '' && inside(el));
  // Several texts may say it (a title and the alert named after it): the check holds on the first, a plain text
  // before a control. A control's words say what it does, not what is: "Pause upload" names a button ("the pause
  // upload button is shown") but never says the upload is paused.
  const statement = content.tokens.some((t) => AUXILIARY.test(t) || (!FRAME.has(t) && t.length > 4 && /(?:ed|ing)$/.test(t)));
  // A label beside its value says nothing alone: "Pet safe" beside "No" says the plant is not.
  const pairs = labelValuePairs(pool, elements);
  const labels = new Set(pairs.map((pair) => pool.find((el) => ancestors(el, elements).includes(pair))));
  // A container labelled with the text of one of its own elements (an iOS alert named by its title).
  const echoed = (el: ScreenElement) =>
    pool.some((inner) => inner !== el && textOf(inner) === textOf(el) && ancestors(inner, elements).includes(el));
  const rowNames = new Map(rowTitles(elements).map(({ row, title }) => [row, title]));
  const kindOf = (row: ScreenElement) => row.resourceId.replace(/\d+/g, '');
  // A row of a list of its kind (crop_0, crop_1 …) titled by a name no word of the claim's unnamed subject is ("Kelvedon
  // Wonder pea" is "the peas", "Meditate" "the meditation goal").
  const ofTitledRow = (el: ScreenElement) => {
    const row = rowOf(el, elements);
    const title = row && rowNames.get(row);
    if (!row || !title || title === el || kindOf(row) === '') return false;
    if (![...rowNames.keys()].some((other) => other !== row && kindOf(other) === kindOf(row))) return false;
    const titleWords = tokensOf(textOf(title));
    return ![...content.unnamed].some((w) =>
      titleWords.some((t) => sameLemma(stem(t), w) || stem(t) === w || (w.length >= 5 && sameStem(t, w))),
    );
  };
  const single = pool
    .filter((el) => !labels.has(el))
    .filter((el) => !(statement && (el.clickable || isButtonType(el))) && says(textOf(el), content, false))
    .filter((el) => !rowCountForWhole(content.tokens, (w) => content.context.has(w), el, elements))
    // A subject the screen names nowhere ("the blueberry slot") is never said by a text of a row named otherwise: "4 places
    // left" under "Raspberries" is the raspberries'.
    .filter((el) => content.unnamed.size === 0 || !ofTitledRow(el))
    // An image's label only describes a picture, an alert's its title: the text that says the same is the evidence.
    .sort(
      (a, b) =>
        Number(isImage(a)) - Number(isImage(b)) ||
        Number(echoed(a)) - Number(echoed(b)) ||
        Number(a.clickable) - Number(b.clickable) ||
        a.index - b.index,
    );
  // A to-do or habit row says what is to be done ("Meditate · 10 minutes"): that the user did it is said only by its ticked checkbox.
  const didIt = userDid(content.tokens);
  const undone = (el: ScreenElement) => didIt && untickedTodo(rowOf(el, elements), elements);
  // "Ben asked who is bringing snacks": who said it is the one the text's row names ("Ana" beside the message), when the
  // row names anyone at all.
  const speakers = content.reported ? speakerNames(claim) : [];
  const saidBy = (el: ScreenElement) => {
    const row = rowOf(el, elements);
    if (speakers.length === 0 || !row) return true;
    // The row's names: short texts in capitals with no number ("Ana", "Dr Patel").
    const names = pool
      .filter((o) => o !== el && ancestors(o, elements).includes(row) && /^\p{Lu}[^\d]{0,30}$/u.test(textOf(o)))
      .map((o) => comparableTokens(textOf(o)))
      .filter((t) => t.length <= 3);
    return names.length === 0 || names.some((t) => speakers.every((w) => t.includes(w)));
  };
  const spoken = single.filter(saidBy);
  if (spoken.length > 0)
    return undone(spoken[0]!) ? null : { element: spoken[0]!, reasoning: `${describe(spoken[0]!)} says it in other words` };
  if (single.length > 0) return null;
  const priced = content.tokens.some((t) => IS_NUMBER.test(t));
  // A label stacked over its value's line ("Recipient gets" over "921.40 | EUR") is a row of those texts, the label first.
  const stacked = new Map(labelsAbove(pool, elements));
  const textsOf = (row: ScreenElement) => [
    ...(stacked.has(row) ? [stacked.get(row)!] : []),
    ...pool.filter((el) => el === row || ancestors(el, elements).includes(row)),
  ];
  const rows = [
    ...new Set([
      ...pool.map((el) => rowOf(el, elements)).filter((r): r is ScreenElement => r !== null),
      ...pairs,
      ...(priced ? stacked.keys() : []),
    ]),
  ];
  // Across a row the claim is made of whole texts ("Mug Warmer" and "$24.99"), at least two:
  // a text with a word the claim lacks ("English (United Kingdom)") takes no part, but for the row's
  // title named by its first words.
  const rowTitle = new Map(rowTitles(elements).map(({ row, title }) => [row, title]));
  // The texts of each row that say part of the claim (a title named by its first words only says which row).
  const sayingParts = new Map<ScreenElement, ScreenElement[]>();
  const stateWords = new Set(
    content.tokens.filter((t) => !FRAME.has(t) && t.length > 4 && /(?:ed|ing)$/.test(t) && !IS_NUMBER.test(t)).map(stem),
  );
  // An irregular participle after "is", "has been" ...: "a reminder is set" is never said by a "Set reminder" button, whose
  // first word bids the action; "Reminder set" on a control still says the state.
  const bidden = new Set(
    content.tokens.filter((t, i) => IRREGULAR_PARTICIPLE.test(t) && i > 0 && /^(?:is|are|was|were|been|be)$/.test(content.tokens[i - 1]!)),
  );
  const bids = (el: ScreenElement) => bidden.has(tokensOf(textOf(el))[0] ?? '');
  const chosen = content.tokens.filter((t) => CHOSEN.test(t)).map(stem);
  // The chosen chip or tab that says the choice: the evidence of the check.
  const chosenPart = new Map<ScreenElement, ScreenElement>();
  const saying = rows.filter((row) => {
    const covered = new Set<string>();
    const said: ScreenElement[] = [];
    sayingParts.set(row, said);
    // Each text counts once, whole or by a part of it.
    const partOf = new Set<ScreenElement>();
    let namedOne = false;
    let parts = 0;
    for (const el of textsOf(row)) {
      // A control's words say what it does, not what is: the row's "Book" button never says it is booked. A value
      // shown on a control ("USD", "+1.24%") still counts.
      if ((el.clickable || isButtonType(el)) && (contentWords(tokensOf(textOf(el))).some((w) => stateWords.has(w)) || bids(el))) continue;
      // Each part after a comma stands alone, as in one text ("Fri 12 Jun, from 15:00" says the day).
      const segments = textSegments(textOf(el)).flatMap((seg) => [seg, ...(/,\s/.test(seg) ? seg.split(/,\s+/) : [])]);
      for (const text of segments) {
        const tokens = tokensOf(withoutPossessives(text));
        if (!negationsAgree(content.tokens, tokens) || !oppositesAgree(content.tokens, tokens)) continue;
        // "from Copenhagen to Lisbon" is never said by "Lisbon to Copenhagen", in a row as in one text.
        if (!inOrder(content.tokens, tokens) || !numbersInOrder(content.tokens, tokens)) continue;
        // "Cost so far" beside "€3.40" is the label of the claim's price ("it has cost €3.40 so far"): its price words go as in the claim.
        const words = contentWords(tokens).filter((w) => !(priced && PRICE_WORDS.has(w)));
        const claimWords = new Set(content.words);
        if (words.every((w, i) => claimWords.has(w) || asides(words, i, claimWords))) {
          if (!partOf.has(el)) parts += 1;
          partOf.add(el);
          said.push(el);
          for (const w of contentWords(tokens)) covered.add(w);
          continue;
        }
        // "the Fiat has free cancellation" in the row titled "Fiat 500 or similar": its title named by its first words.
        // The row's title, or another name it shows in title case ("Apple Inc." under "AAPL"); one name per row.
        const nameLike = el === rowTitle.get(row) || /^\P{Ll}*(?:\p{Lu}\S*(?:\s+|$))+$/u.test(textOf(el));
        const named =
          text === textOf(el) && nameLike && !namedOne && !el.clickable && !partOf.has(el)
            ? namedFirstWords(claim, content.tokens, el, elements)
            : [];
        if (named.length > 0) {
          parts += 1;
          partOf.add(el);
          namedOne = true;
          for (const w of contentWords(named)) covered.add(w);
        }
      }
    }
    // "Tue 9 Dec is the chosen drop-off day": a choice said of a chip, tab or box holds only of the one chosen.
    if (chosen.length > 0) {
      const choices = said.filter((el) => {
        const control = tapTargetOf(el, elements);
        return control.clickable && isChoice(control, elements);
      });
      if (choices.length > 0) {
        if (!choices.every((el) => tapTargetOf(el, elements).checked || tapTargetOf(el, elements).selected)) return false;
        for (const w of chosen) covered.add(w);
        chosenPart.set(row, choices[0]!);
      }
    }
    // A subject the screen's title or nothing on it names may be left out, as in one text; so may a place word.
    const uncovered = content.words.filter(
      (w, i) => !covered.has(w) && !content.context.has(w) && !content.unnamed.has(w) && !placeWord(content.words, i, covered),
    );
    // A switch or box that is off offers what its label says; it never says it is so ("Pepper is on daily medication"
    // beside Pepper's "Daily medication" switch, off). Its words still name what other texts say ("Bedtime, 22:30" over
    // "Bedtime" and "22:30": the alarm is at 22:30, on or off).
    const isOff = (el: ScreenElement) => isToggle(tapTargetOf(el, elements)) && !tapTargetOf(el, elements).checked;
    const claimWords = new Set(content.words);
    const wordsOf = (el: ScreenElement) => contentWords(tokensOf(textOf(el))).filter((w) => claimWords.has(w));
    const saidElsewhere = new Set(said.filter((el) => !isOff(el)).flatMap(wordsOf));
    const offered = said.some((el) => isOff(el) && wordsOf(el).some((w) => !saidElsewhere.has(w)));
    return (
      parts >= 2 &&
      !offered &&
      (uncovered.length === 0 || (uncovered.length === 1 && namesKind(uncovered[0]!, claim, covered))) &&
      numbersKeepTheirWords(content.tokens, textsOf(row).map(textOf))
    );
  });
  if (saying.length === 0) return headingClaim(content, pool, elements, titles);
  if (saying.length !== 1) return null;
  const row = saying[0]!;
  if (didIt && untickedTodo(row, elements)) return null;
  const inRow = textsOf(row).filter((el) => el !== row);
  const said = (sayingParts.get(row) ?? []).filter((el) => el !== row);
  const numbers = content.tokens.filter((t) => IS_NUMBER.test(t));
  // The number is what a replay must see again: the check names the text that shows it, else a text saying part of it.
  // Else a text that is not what names the row: "Skipped" says what "Omega-3" only names; "07:00" says when "Spin 45"
  // starts. A name is the row's title or a text the claim gives whole with a capital ("Spin 45 starts at 07:00").
  const title = rowTitle.get(row);
  const capitalised = capitalisedWords(claim);
  const copula = content.tokens.findIndex((t) => /^(?:is|are|was|were|has|have|had|will|should)$/.test(t));
  const subjectWords = new Set(copula > 0 ? contentWords(content.tokens.slice(0, copula)) : []);
  const namesRow = (el: ScreenElement) => {
    // A label beside its value names it: the check names the value ("Bright, indirect", not "Light"); so does a
    // text that leads into the next one ("Playing with" before "Sam Ortiz").
    if (el === title || labels.has(el)) return true;
    const tokens = tokensOf(textOf(el));
    if (leadsIn(el)) return true;
    const at = content.tokens.findIndex((_, i) => tokens.length > 0 && tokens.every((t, j) => content.tokens[i + j] === t));
    if (at >= 0 && capitalised.has(tokens[0]!)) return true;
    // A text whose words are all the subject's ("Mock test" for "the mock test is still awaiting payment") names it.
    const own = contentWords(tokens).filter((w) => !IS_NUMBER.test(w));
    return own.length > 0 && own.every((w) => subjectWords.has(w));
  };
  const holdsNumber = (el: ScreenElement) => numbers.length > 0 && numbers.some((n) => tokensOf(textOf(el)).includes(n));
  const shown =
    chosenPart.get(row) ??
    said.find((el) => !namesRow(el) && holdsNumber(el)) ??
    said.find((el) => !namesRow(el)) ??
    said.find(holdsNumber) ??
    // Every text names the row ("Playing with" over "Sam Ortiz" for "I am playing with Sam Ortiz"): the value, not its label.
    said.find((el) => el !== title && !labels.has(el) && !leadsIn(el)) ??
    said[0] ??
    inRow[0] ??
    row;
  return { element: shown, reasoning: `the row of ${describe(inRow[0] ?? row)} says it in other words` };
}

/**
 * "the design review is on Tuesday, 12 March" on a screen headed "Design review" that shows
 * "Tuesday, 12 March · 14:00–15:00" below: the heading of a detail screen (its first text
 * under the title, in no list row) names what every other text there is about, so a claim may
 * name it as its subject and say the rest with one other text. The claim must start with the
 * heading's words, and the other text (or one part of it) must say no more than the rest.
 * A text below a date in a list of events is no heading: only the screen's first text is.
 */
function headingClaim(
  claim: Claim,
  pool: readonly ScreenElement[],
  elements: readonly ScreenElement[],
  titles: readonly ScreenElement[],
): Paraphrased | null {
  const plain = pool.filter((el) => !el.clickable && !isButtonType(el) && !titles.includes(el) && rowOf(el, elements) === null);
  const heading = [...plain].sort((a, b) => a.bounds.y - b.bounds.y || a.bounds.x - b.bounds.x)[0];
  if (!heading) return null;
  const headingTokens = tokensOf(withoutPossessives(textOf(heading)));
  const named = contentWords(headingTokens);
  if (named.length === 0 || hasNegation(headingTokens) || named.length >= claim.words.length) return null;
  if (named.some((w, i) => claim.words[i] !== w)) return null;
  // "is in Room 4B": the place word is how the claim says it, not what the text shows.
  const rest = claim.words.slice(named.length);
  if (rest.length > 1 && /^(?:in|on|at)$/.test(rest[0]!)) rest.shift();
  const restClaim: Claim = { ...claim, words: rest, context: new Set(), unnamed: new Set() };
  const other = plain.find((el) => el !== heading && says(textOf(el), restClaim, false));
  return other ? { element: other, reasoning: `${describe(other)}, under the heading ${describe(heading)}, says it in other words` } : null;
}

/**
 * A label and its value side by side, as one row though no list holds them: "Arrives" and
 * "Today by 18:00" in a layout of their own, on one line, with no other text in it.
 */
function labelValuePairs(pool: readonly ScreenElement[], elements: readonly ScreenElement[]): ScreenElement[] {
  const parents = new Set(pool.flatMap((el) => (el.parentIndex == null ? [] : [elements[el.parentIndex]!])));
  return [...parents].filter((parent) => {
    if (parent.clickable || isListContainer(parent)) return false;
    const texts = pool.filter((el) => ancestors(el, elements).includes(parent));
    return texts.length === 2 && texts.every((t) => !t.clickable && !isButtonType(t)) && sameLine(texts[0]!.bounds, texts[1]!.bounds);
  });
}

/**
 * A short label right above the line that holds its value, as forms and money screens lay
 * them out: "You send" over a field "1,000.00" and a button "USD", "Recipient gets" over
 * "921.40" and "EUR". The label is a plain text of at most three words and no number; the
 * value is the layout next to it in the same parent, below it, holding a number or a field.
 * Keyed by that layout, with its label. Read only for a claim with a number (findParaphrase).
 */
function labelsAbove(pool: readonly ScreenElement[], elements: readonly ScreenElement[]): [ScreenElement, ScreenElement][] {
  const pairs: [ScreenElement, ScreenElement][] = [];
  for (const label of pool) {
    const words = textOf(label).trim().split(/\s+/);
    if (label.clickable || isButtonType(label) || words.length > 3 || /\d/.test(textOf(label)) || label.parentIndex == null) continue;
    if (rowOf(label, elements) !== null) continue;
    const siblings = elements.filter((el) => el.visible && el.parentIndex === label.parentIndex);
    const next = siblings[siblings.indexOf(label) + 1];
    if (!next || next.bounds.y < label.bounds.y + label.bounds.height || next.clickable || isListContainer(next)) continue;
    // The value's line is a layout of a few texts: two plain texts one under the other are no pair ("Arrives" over "Today").
    const inside = pool.filter((el) => ancestors(el, elements).includes(next));
    if (inside.length === 0 || inside.length > 3) continue;
    if (!inside.some((el) => isEditable(el) || /\d/.test(textOf(el)))) continue;
    pairs.push([next, label]);
  }
  return pairs;
}
