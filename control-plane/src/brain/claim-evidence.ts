/**
 * The general reading of a check written as a sentence about the screen: "the distance is
 * 5.2 km" over "5.2 km in 28:14", "the driver arrives in 4 min" over "Arriving in 4 min",
 * "Biscuit is good with kids" over the line "Good with kids | Yes" on Biscuit's page. Tried
 * last, after the exact comparison and paraphrase.ts found nothing.
 *
 * A claim holds when one piece of evidence (claim-pieces.ts: a part of a text, a row, a label
 * with its value, the heading with the line under it) says all of it and no more, its words
 * compared by dictionary form (claim-words.ts):
 * - every number of the claim is there exactly, in the claim's order, with the same unit and
 *   currency; "3 of 5" is never "3";
 * - every content word is the evidence's own (or its id's), or a word a matched number's unit
 *   implies ("distance" of "5.2 km"), or the claim's subject when that is the screen's topic or
 *   a common noun the screen names nowhere (left out whole, and then the evidence says nothing
 *   else);
 * - the evidence has no content word the claim lacks, names keep their order, a past never
 *   matches a present, and a negation on one side only never holds ("Good with cats | No"
 *   says the cat is not);
 * - evidence on two elements, or a subject that names other list rows too, is ambiguous.
 * Only sentences are read so: a bare name ("the QR code is shown") must be shown whole, as
 * assertions.ts requires.
 */
import { isStatement, NO, type Piece, piecesOf, textOf, topicWords, YES } from './claim-pieces.js';
import {
  AUXILIARY,
  capitalisedWords,
  contentWords,
  hasKin,
  hasLemma,
  hasWord,
  IMPLIED,
  NEGATIONS,
  oppositesAgree,
  type Quantity,
  quantitiesOf,
  sameWord,
  tokensOf,
  userActivity,
  userHasClaim,
  verbIndex,
  verbsBeforeQuantities,
} from './claim-words.js';
import { ancestors, describe } from './element-roles.js';
import type { ScreenElement } from './hierarchy.js';
import { isVerbForm, lemmaAsVerb, sameLemma } from './lemmas.js';
import { canonicalWord, MONTH, WEEKDAY } from './lexicon.js';
import { locatable } from './locators.js';
import { rowOf } from './screen-structure.js';
import { untickedTodo, userDid } from './ticked-rows.js';
import { measuredHead } from './verdict-text.js';
import { rowCountForWhole } from './whole-counts.js';

/** Verbs of needing: after "no X is", said by "No X". */
const NEEDING = new Set(['need', 'require']);

export interface Evidence {
  /** The element to name in the passing check: the one holding the claim's number, else its value. */
  element: ScreenElement;
  reasoning: string;
}

/**
 * The claim's subject when the screen names none of its words: "the role is hybrid" on a job
 * post that never says "role", "the rent is €1,450 a month". One or two common nouns (written in
 * lower case: "Google is on my watchlist" names a thing, which must be shown) before the claim's
 * first auxiliary; never a word that picks one of several ("the other flat"). Such a claim holds
 * only over evidence with no word beyond it (holds): "the password was updated" never passes over
 * "Your profile was updated".
 */
function unnamedSubject(written: string, tokens: readonly string[], onScreen: readonly string[]): string[] {
  const verb = verbIndex(tokens);
  if (verb < 1 || verb > 3) return [];
  const subject = contentWords(tokens.slice(0, verb));
  if (subject.length === 0 || subject.length > 2) return [];
  if (subject.some((w) => /^(?:first|second|last|next|other|another|all|every|each|both|only)$/.test(w))) return [];
  const names = capitalisedWords(written);
  if (subject.some((w) => names.has(w))) return [];
  return subject.some((w) => onScreen.some((s) => sameLemma(w, s))) ? [] : subject;
}

interface Claim {
  words: string[];
  /** How many of `words` are its subject (before its verb): only those may be the topic's. */
  subjectWords: number;
  quantities: Quantity[];
  negated: boolean;
  /** What its negation denies: the first word after it that is content or a number ("80%" of "… is not 80%"). */
  denied?: string;
  /** Words the evidence need not have: the topic's and an unnamed subject. */
  given: string[];
  /** The unnamed subject alone (unnamedSubject). */
  unnamed: string[];
  /** Its words written with a capital, as names are (lower case). */
  names: ReadonlySet<string>;
  /** The words it says something is, after "is", "are" ...: "open" of "the lift is open" (scheduledOnly). */
  states: ReadonlySet<string>;
  /** The verbs set aside before its numbers ("drank" of "I drank 6 of 8 glasses"): the evidence may say them. */
  setAside: string[];
  /** All its tokens, for the opposites it says ("in" of "in stock", claim-words.ts oppositesAgree). */
  tokens: string[];
}

/**
 * Does the piece say the claim's state only as something that will happen at a time? "Opens at
 * 10:30" says when the lift opens, so it is not open; "Closes at 18:00" does not say it is closed.
 * The state's verb with -s followed by when ("at", "in", "on", "from" or a number); "Open until 22:00"
 * is still the state.
 */
function scheduledOnly(claim: Claim, p: Piece): boolean {
  // "closed" and "closes", "open" and "opens": the state's verb, whatever its form.
  const bases = [...claim.states].flatMap((s) => [s, s.replace(/e?d$/, ''), s.replace(/d$/, '')]);
  return p.tokens.some((t, i) => {
    const state = bases.find((b) => t === `${b}s` || t === `${b}es`);
    const next = p.tokens[i + 1] ?? '';
    return state !== undefined && (/^(?:at|in|on|from)$/.test(next) || /^\p{N}/u.test(next));
  });
}

/** The claim's words that a text has appear there in the claim's order. */
function inOrder(claimWords: readonly string[], shown: readonly string[]): boolean {
  let at = -1;
  for (const w of claimWords) {
    const found = shown.findIndex((x) => sameWord(w, x));
    if (found < 0) continue;
    const next = shown.findIndex((x, i) => i > at && sameWord(w, x));
    if (next < 0) return false;
    at = next;
  }
  return true;
}

/**
 * The piece's numbers that are the claim's, each exactly, in the claim's order ("64 GB of 46.2 GB
 * is used" is not "46.2 GB used of 64 GB"), with its unit and currency; null when one is missing
 * or when another number of the same kind says the claim's is only part of it ("the meeting is at
 * 15:00" is not "14:00–15:00"). A number of another kind is a further fact ("5.2 km in 28:14").
 */
function matchedQuantities(claim: Claim, p: Piece): Quantity[] | null {
  const shown = quantitiesOf(p.tokens);
  const matched: Quantity[] = [];
  const used = new Set<number>();
  let from = 0;
  for (const q of claim.quantities) {
    const at = shown.findIndex(
      (s, i) =>
        i >= from &&
        s.value === q.value &&
        s.currency === (q.currency ?? s.currency) &&
        (q.kinds.length === 0 || s.kinds.length === 0 || q.kinds.some((k) => s.kinds.includes(k))) &&
        (q.units.length === 0 || s.units.length === 0 || q.units.some((u) => s.units.includes(u))) &&
        (s.partOf === undefined || claim.quantities.some((o) => o.value === s.partOf)) &&
        // Nor the whole for its part: "420 of 600 kcal" never says 600 kcal were burned.
        shown.every((o) => o.partOf !== s.value || claim.quantities.some((c) => c.value === o.value)) &&
        // A percentage is never a bare number, nor a price a count ("64%" is not "64").
        q.kinds.includes('percent') === s.kinds.includes('percent') &&
        q.kinds.includes('money') === s.kinds.includes('money'),
    );
    if (at < 0) return null;
    // A bare number is no measure the claim gives ("8,412" under the id steps_value is not 8,412 metres) unless a word says which.
    if (q.unitWord && shown[at]!.units.length === 0 && !hasLemma([...p.tokens, ...p.idWords], q.unitWord)) return null;
    from = at + 1;
    used.add(at);
    matched.push(shown[at]!.kinds.length > 0 ? shown[at]! : q);
  }
  const kindOf = (q: Quantity) => (q.kinds.length > 0 ? q.kinds.join() : 'plain');
  const claimedKinds = new Set(matched.map(kindOf));
  return shown.some((q, i) => !used.has(i) && claimedKinds.has(kindOf(q))) ? null : matched;
}

/** The first word after a negation that is content or a number; undefined with no negation. */
function deniedOf(tokens: readonly string[]): string | undefined {
  const at = tokens.findIndex((t) => NEGATIONS.has(t));
  if (at < 0) return undefined;
  return tokens.slice(at + 1).find((t) => /^\p{N}/u.test(t) || contentWords([t]).length > 0);
}

/**
 * The month of a date the claim names by its weekday only: "Jun" of "Fitting Sat 21 Jun, 11:15" for "the fitting is on
 * Saturday at 11:15". The weekday must be the claim's; its day's number is no quantity the claim gives.
 */
function monthsOfWeekdays(claim: Claim, tokens: readonly string[]): string[] {
  return tokens.filter(
    (t, i) =>
      MONTH.test(canonicalWord(t)) &&
      i >= 2 &&
      /^\d{1,2}$/.test(tokens[i - 1]!) &&
      WEEKDAY.test(canonicalWord(tokens[i - 2]!)) &&
      hasWord(claim.words, tokens[i - 2]!),
  );
}

/** Does the piece say all the claim says, and no more (see the file comment)? */
function holds(claim: Claim, p: Piece): boolean {
  if (p.negated !== claim.negated || scheduledOnly(claim, p) || !oppositesAgree(claim.tokens, p.tokens)) return false;
  // Both deny, and deny the same thing: "the charge limit is not 80%" is not said by "Not charging · Charge limit 80%".
  const denied = claim.denied === undefined ? undefined : deniedOf(p.tokens);
  if (claim.denied !== undefined && denied !== undefined && !sameLemma(denied, claim.denied)) return false;
  const matched = matchedQuantities(claim, p);
  if (!matched) return false;
  const words = contentWords(p.tokens);
  const implied = matched.flatMap((q) => q.kinds.flatMap((k) => IMPLIED[k]));
  let own = 0;
  let byUnit = false;
  for (const [i, w] of claim.words.entries()) {
    // The id and the section heading are the element's own labels: a word they name is the evidence's own.
    if (hasWord(words, w) || hasLemma(p.idWords, w) || hasKin(p.sectionWords ?? [], w)) own += 1;
    else if (hasLemma(implied, w)) byUnit = true;
    // The topic names what the claim is about, never what it says of it: "Ben is typing" is not said by "Ben".
    else if (i >= claim.subjectWords || !hasWord(claim.given, w)) return false;
  }
  // Names in the claim's order within one text ("free cancellation" may be "cancel for free", but "from
  // Manchester Piccadilly to London Euston" is not "London Euston → Manchester Piccadilly").
  const names = claim.words.filter((w) => claim.names.has(w));
  if (p.elements.length === 1 && !inOrder(names, words)) return false;
  // In a group, each text keeps them in order too: "Porto to Braga" beside "Train" is no train from Braga to Porto.
  if (p.elements.length > 1 && !p.elements.every((el) => inOrder(names, contentWords(tokensOf(textOf(el)))))) return false;
  // A subject the screen names nowhere is left out whole or not at all: "the trial plan" is not the plan_name's plan.
  const unnamedSaid = claim.unnamed.filter((w) => hasWord(words, w) || hasLemma(p.idWords, w));
  if (unnamedSaid.length > 0 && unnamedSaid.length < claim.unnamed.length) return false;
  // The evidence says no more than the claim ("Sleep Goal: 8 hr" is not "I slept 8 hours", "4 seats" not "4 days"),
  // not even a word of the topic: "Ben is typing" in the title is not "Ana is typing" on a screen headed "Ana",
  // and "Your profile was updated" on the Profile screen is not "the password was updated".
  // The verb set aside before a number may be the evidence's own word: "I drank 6 of 8 glasses of water" over the row
  // "Drink water | 6 of 8 glasses".
  const allowed = [...claim.words, ...implied, ...claim.setAside, ...monthsOfWeekdays(claim, p.tokens)];
  if (!words.every((w) => hasWord(allowed, w))) return false;
  // Its own words, or a number with the words its unit implies ("the distance is 5.2 km"), never a bare number
  // beside the topic's words ("it is 23° in Lisbon" over any "23°"); or a measure with its unit beside only a
  // verb ("I burned 312 kcal") or the topic's subject ("the parcel weighs 3.2 kg" over "Weight | 3.2 kg").
  const measureOnly = claim.words.every((w) => hasWord(claim.given, w) || hasLemma(implied, w)) && matched.some((q) => q.units.length > 0);
  return own > 0 || (byUnit && matched.length > 0) || measureOnly;
}

/**
 * The element a passing check names: the one showing the claim's number, else a "Yes" / "No"
 * value, else the one with most of the claim's words (the message, not its sender's name).
 */
function shownElement(claim: Claim, p: Piece): ScreenElement {
  const withNumber = p.elements.find((el) => {
    const values = quantitiesOf(tokensOf(textOf(el))).map((q) => q.value);
    return claim.quantities.some((q) => values.includes(q.value));
  });
  if (withNumber) return withNumber;
  const value = p.elements.find((el) => p.elements.length > 1 && (YES.test(textOf(el).trim()) || NO.test(textOf(el).trim())));
  if (value) return value;
  const said = (el: ScreenElement) => contentWords(tokensOf(textOf(el))).filter((w) => hasWord(claim.words, w)).length;
  // "Yoga Flow is taught by Priya": "with Priya" says it of the row that "Yoga Flow" only names.
  const saying = p.elements.filter((el) => el !== p.name);
  return saying.reduce((best, el) => (said(el) >= said(best) ? el : best));
}

/**
 * Does the claim's subject name other list rows as well as the one that says it? "the episode is
 * downloaded" over a list of episodes says which one nowhere, though only one row is downloaded.
 */
function namesOtherRows(claim: Claim, shown: ScreenElement, elements: readonly ScreenElement[]): boolean {
  const subject = claim.words.slice(0, claim.subjectWords);
  const own = rowOf(shown, elements);
  if (!own || subject.length === 0) return false;
  const rows = new Set(locatable(elements).flatMap((el) => rowOf(el, elements) ?? []));
  rows.delete(own);
  return [...rows].some((row) => {
    const words = locatable(elements)
      .filter((el) => isStatement(el) && ancestors(el, elements).includes(row))
      .flatMap((el) => contentWords(tokensOf(textOf(el))));
    return subject.every((w) => hasWord(words, w));
  });
}

/** The one piece of evidence that says the claim; null when none does, or several elements do. */
export function findClaimEvidence(
  claim: string,
  elements: readonly ScreenElement[],
  inside: (el: ScreenElement) => boolean = () => true,
): Evidence | null {
  const tokens = tokensOf(claim);
  // A sentence, not a name: an auxiliary, or a verb form after its first word ("it takes", "I walked").
  // A verb that only says its number is so makes one too ("doors open at 18:30").
  const beforeQuantity = verbsBeforeQuantities(tokens);
  const sentence = tokens.some((t, i) => AUXILIARY.test(t) || (i > 0 && isVerbForm(t))) || beforeQuantity.size > 0 || verbIndex(tokens) > 0;
  if (!sentence || userHasClaim(tokens)) return null;
  // What the screen says, not what its controls offer: "View Flight Status" names no flight the screen is about.
  const onScreen = locatable(elements)
    .filter(isStatement)
    .flatMap((el) => contentWords(tokensOf(textOf(el))));
  // "no equipment is needed" over "No equipment": what there is none of is not needed; the verb says no more.
  const needless = (i: number) => tokens[0] === 'no' && NEEDING.has(lemmaAsVerb(tokens[i]!)) && AUXILIARY.test(tokens[i - 1] ?? '');
  const words = contentWords(tokens.filter((_, i) => !beforeQuantity.has(i) && !userActivity(tokens, i) && !needless(i)));
  // A word after an article is a noun ("the rent"), whatever verb it may also be the past of.
  const verb = verbIndex(tokens);
  const unnamed = unnamedSubject(claim, tokens, onScreen);
  const claimed: Claim = {
    words,
    subjectWords: verb < 0 ? 0 : contentWords(tokens.slice(0, verb)).length,
    quantities: quantitiesOf(tokens),
    setAside: [...beforeQuantity].map((i) => tokens[i]!),
    negated: tokens.some((t) => NEGATIONS.has(t)),
    denied: deniedOf(tokens),
    given: [...topicWords(elements), ...unnamed],
    unnamed,
    names: new Set(
      tokensOf(
        claim
          .split(/\s+/)
          .filter((w) => /^\p{Lu}/u.test(w))
          .join(' '),
      ),
    ),
    states: new Set(tokens.filter((_, i) => i > 0 && /^(?:is|are|was|were|be)$/.test(tokens[i - 1]!))),
    tokens,
  };
  if (claimed.words.length + claimed.quantities.length < 1) return null;
  const { single, groups } = piecesOf(elements);
  const didIt = userDid(tokens);
  for (const pieces of [single, groups]) {
    // A list row is about its own item: a subject the screen names nowhere is never one row's ("the payment
    // failed" is not a list's one "Failed" row).
    const aboutScreen = (p: Piece) =>
      claimed.unnamed.every((w) => hasWord(contentWords(p.tokens), w)) || p.elements.every((el) => rowOf(el, elements) === null);
    // "Fridge 4.2 °C · checked at 08:10 by Sam" speaks of the fridge in every part: never of a subject named nowhere.
    const ofItsHead = (p: Piece) =>
      claimed.unnamed.length > 0 &&
      p.elements.some((el) => {
        const head = measuredHead(textOf(el));
        return head !== null && !hasWord(claimed.words, head);
      });
    // With the claim about the dialog that is up (assertions.ts dialogScope), only its own texts are evidence.
    // A to-do or habit row says what is to be done: that the user did it is said only by its ticked checkbox (ticked-rows.ts).
    const undone = (p: Piece) => didIt && p.elements.some((el) => untickedTodo(rowOf(el, elements), elements));
    // A row's count of what the claim counts of the screen's subject is the row's (whole-counts.ts).
    const rowCount = (p: Piece) => p.elements.some((el) => rowCountForWhole(tokens, (w) => claimed.given.includes(w), el, elements));
    const hits = pieces.filter(
      (p) => p.elements.every(inside) && holds(claimed, p) && aboutScreen(p) && !ofItsHead(p) && !undone(p) && !rowCount(p),
    );
    const shown = [...new Set(hits.map((p) => shownElement(claimed, p)))];
    if (shown.length > 1) return null;
    if (shown.length === 1 && namesOtherRows(claimed, shown[0]!, elements)) return null;
    if (shown.length === 1) {
      const el = shown[0]!;
      const what = hits[0]!.elements.length > 1 ? `the group of ${hits[0]!.elements.map(describe).join(' and ')}` : describe(el);
      return { element: el, reasoning: `${what} says it: the same words (by dictionary form) and numbers` };
    }
  }
  return null;
}
