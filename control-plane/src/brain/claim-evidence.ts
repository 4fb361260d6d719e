/**
 * The general reading of a check written as a sentence about the screen: "the distance is
 * 5.2 km" over "5.2 km in 28:14", "the driver arrives in 4 min" over "Arriving in 4 min",
 * "Biscuit is good with kids" over the line "Good with kids | Yes" on Biscuit's page. Tried
 * last, after the exact comparison and paraphrase.ts found nothing.
 *
 * A claim holds when one piece of evidence says all of it: one part of a text (textSegments),
 * one text, or one group of texts that belong together (a list row, a label beside its value).
 * The claim's words are compared by dictionary form (lemmas.ts) after the lexicon's synonyms
 * (lexicon.ts); what they must meet:
 * - every number of the claim is a number of the evidence, exactly (lexicon.ts reads "8,412"
 *   as "8412", "€35.00" as "€35"), with the same kind of unit when both give one;
 * - every content word is in the evidence, or is a word the screen's topic (its title, its
 *   heading) already says, or is the claim's subject when the screen names it nowhere, or is
 *   a word a matched number's unit implies ("distance" of "5.2 km", "long" of "47:10");
 * - at least one word or number is the evidence's own, not only the topic's;
 * - a negation on one side only never holds; a value "No" negates its label ("Good with cats |
 *   No"), a value "Yes" affirms it;
 * - a control's words say what it does, not what is: buttons are never evidence;
 * - evidence found in two places that are not one element is ambiguous, and nothing passes.
 * Only sentences are read so ("X is Y", "X arrives in 4 min"): a bare name ("the QR code is
 * shown") must be shown as a whole, as assertions.ts requires.
 */
import { ancestors, describe, isButtonType, isListContainer, isStatusBar, isToggle } from './element-roles.js';
import type { ScreenElement } from './hierarchy.js';
import { isInflectedVerb, isVerbForm, lemmaAsVerb, sameLemma, sameStem } from './lemmas.js';
import { canonicalTokens, signsAsWords } from './lexicon.js';
import { locatable } from './locators.js';
import { rowOf, sameLine, titleElements } from './screen-structure.js';
import { idWords } from './target-choice.js';
import { comparableTokens } from './verdict-text.js';

export interface Evidence {
  /** The element to name in the passing check: the one holding the claim's number, else its value. */
  element: ScreenElement;
  reasoning: string;
}

/** Words that carry no content of their own: articles, pronouns, prepositions, auxiliaries and light verbs. */
const LIGHT = new Set(
  (
    'the a an this that these those it its i me my mine we us our you your he him his she her they them their there here ' +
    'to of for from at by with in on into onto as per and or so than then ' +
    'is am are was were be been being has have had having do does did will would shall should can could may might must ' +
    'get gets got getting currently now still already just only about around approximately roughly nearly almost ' +
    'called named set shown showing displayed listed say says said ' +
    // "the flight number is TP 662": the kind of value is said by the value itself.
    'number ' +
    // Verbs of having: "the membership includes sauna access" is said by a tag "Sauna access".
    'include includes included including contain contains contained containing offer offers offered come comes'
  ).split(' '),
);

/** Verbs that only link a subject to what is said of it, in any form: "the flight goes from Lisbon to Amsterdam". */
const LIGHT_VERBS = new Set(['be', 'have', 'get', 'go', 'come', 'include', 'contain', 'offer']);

const NEGATIONS = new Set(
  'not no never cannot cant dont doesnt didnt isnt wasnt wont arent werent couldnt shouldnt nothing none without unable nor'.split(' '),
);

type UnitKind = 'length' | 'duration' | 'age' | 'energy' | 'power' | 'electricity' | 'data' | 'weight' | 'percent' | 'money';

/** Units after a number: their kind and the unit itself ("min" and "minutes" are one; "m" may be metres or minutes). */
const UNITS: Readonly<Record<string, readonly [UnitKind, string][]>> = {
  km: [['length', 'km']],
  kilometres: [['length', 'km']],
  kilometers: [['length', 'km']],
  mi: [['length', 'mi']],
  miles: [['length', 'mi']],
  metres: [['length', 'm']],
  meters: [['length', 'm']],
  m: [
    ['length', 'm'],
    ['duration', 'min'],
  ],
  min: [['duration', 'min']],
  mins: [['duration', 'min']],
  minute: [['duration', 'min']],
  minutes: [['duration', 'min']],
  h: [['duration', 'h']],
  hr: [['duration', 'h']],
  hrs: [['duration', 'h']],
  hour: [['duration', 'h']],
  hours: [['duration', 'h']],
  s: [['duration', 's']],
  sec: [['duration', 's']],
  seconds: [['duration', 's']],
  years: [
    ['age', 'y'],
    ['duration', 'y'],
  ],
  year: [
    ['age', 'y'],
    ['duration', 'y'],
  ],
  kcal: [['energy', 'kcal']],
  cal: [['energy', 'kcal']],
  calories: [['energy', 'kcal']],
  kw: [['power', 'kw']],
  kwh: [['electricity', 'kwh']],
  mb: [['data', 'mb']],
  gb: [['data', 'gb']],
  kb: [['data', 'kb']],
  kilograms: [['weight', 'kg']],
  pounds: [['weight', 'lb']],
};

/**
 * Words a number's unit says without them: "the distance is 5.2 km" over "5.2 km", "the
 * episode is 47:10 long" over "47:10", "I burned 312 kcal" over "312 kcal". Only of a number
 * the claim and the evidence share, so "the battery is at 80%" never passes over "18 min to 80%".
 */
const IMPLIED: Readonly<Record<UnitKind, readonly string[]>> = {
  length: ['distance', 'far', 'away', 'long', 'range', 'kilometre', 'mile', 'metre'],
  duration: ['time', 'duration', 'long', 'last', 'take', 'elapsed', 'minute', 'hour', 'second'],
  age: ['old', 'age'],
  energy: ['calorie', 'burn', 'energy'],
  power: ['power', 'deliver', 'output', 'supply'],
  electricity: ['energy', 'add', 'charge'],
  data: ['size', 'storage', 'data', 'use', 'take'],
  weight: ['weight', 'weigh', 'heavy'],
  percent: ['percent', 'reach'],
  money: ['price', 'cost', 'fee', 'pay', 'charge', 'spend'],
};

const IS_NUMBER = /^\p{N}/u;
const CURRENCY = /^[€$£¥₹]$/;

/** "Sam's van" is read "Sam van"; "you'll" is "you will"; then the lexicon's tokens. */
function tokensOf(text: string): string[] {
  const plain = text.replace(/(\p{L})['’](?:ll|re|ve|d|m)\b/giu, '$1').replace(/(\p{L})['’]s\b/gu, '$1');
  return canonicalTokens(comparableTokens(signsAsWords(plain)));
}

interface Quantity {
  value: string;
  kinds: readonly UnitKind[];
  /** The unit written after it, when one is: "6.1 km" is never "6.1 miles". */
  units: readonly string[];
  /** That unit's word as written ("metres"). */
  unitWord?: string;
  /** "3 of 5": the whole it is part of, which a claim must name too ("3 photos have been uploaded" is not "3 of 5"). */
  partOf?: string;
  /** The currency sign before it: "$412.50" is never "€412.50". */
  currency?: string;
}

/** Numbers with the kind of their unit: "€ 35" money, "64%" percent, "28:14" a duration, "5.2 km" length. */
function quantitiesOf(tokens: readonly string[]): Quantity[] {
  const out: Quantity[] = [];
  tokens.forEach((t, i) => {
    if (!IS_NUMBER.test(t)) return;
    const value = t.replace(/%$/, '');
    const kinds: UnitKind[] = [];
    if (t.endsWith('%')) kinds.push('percent');
    const currency = i > 0 && CURRENCY.test(tokens[i - 1]!) ? tokens[i - 1] : undefined;
    if (currency) kinds.push('money');
    if (/^\d+:\d\d$/.test(t)) kinds.push('duration');
    const unit = UNITS[tokens[i + 1] ?? ''] ?? [];
    kinds.push(...unit.map(([kind]) => kind));
    const partOf = tokens[i + 1] === 'of' && IS_NUMBER.test(tokens[i + 2] ?? '') ? tokens[i + 2] : undefined;
    out.push({ value, kinds, units: unit.map(([, id]) => id), unitWord: unit.length > 0 ? tokens[i + 1] : undefined, currency, partOf });
  });
  return out;
}

const unitWord = (tokens: readonly string[], i: number) => i > 0 && IS_NUMBER.test(tokens[i - 1]!) && UNITS[tokens[i]!] !== undefined;

/** The content words of some tokens: no light word, negation, number, currency sign or unit. */
function contentWords(tokens: readonly string[]): string[] {
  return tokens.filter(
    (t, i) =>
      !LIGHT.has(t) &&
      !LIGHT_VERBS.has(lemmaAsVerb(t)) &&
      !NEGATIONS.has(t) &&
      !IS_NUMBER.test(t) &&
      !CURRENCY.test(t) &&
      !unitWord(tokens, i) &&
      /\p{L}/u.test(t),
  );
}

/**
 * A verb right before a number only says that the number is so: "I walked 8,412 steps", "I
 * earned 120 XP", "Trailhead uses 142 MB". Never before an amount of money, whose verb says which
 * way it went ("refunded €35.00" is not "charged €35.00"), nor a word of change (lexicon.ts reads
 * "gained 3%" as "up 3%").
 */
function verbsBeforeQuantities(tokens: readonly string[]): Set<number> {
  const light = new Set<number>();
  tokens.forEach((t, i) => {
    const next = tokens[i + 1] ?? '';
    if (IS_NUMBER.test(next) && isInflectedVerb(t) && !/^(?:up|down)$/.test(t)) light.add(i);
  });
  return light;
}

/**
 * "I am using charger 3", "I'm riding bike 4821": what the user is doing on this screen is the
 * screen itself; the thing named after it must still be shown ("Charger 3 · 150 kW").
 */
function userActivity(tokens: readonly string[], i: number): boolean {
  const t = tokens[i]!;
  if (!/^\p{L}{2,}ing$/u.test(t) || !isVerbForm(t)) return false;
  const [before, prev] = [tokens[i - 2], tokens[i - 1]];
  return prev === 'i' || prev === 'we' || (prev === 'am' && before === 'i') || (prev === 'are' && before === 'we');
}

/** A verb of the claim makes it a sentence: an auxiliary, or a word whose dictionary form as a verb differs ("walked", "arrives"). */
const ARTICLE = /^(?:the|a|an|my|your|our|their|his|her|its|this|that)$/;
const AUXILIARY = /^(?:is|am|are|was|were|has|have|had|will|would|can|could|should|must|does|do|did)$/;

interface Piece {
  /** The elements the evidence is made of (one, or a row's texts): each says all its words, or the part taken. */
  elements: ScreenElement[];
  tokens: string[];
  negated: boolean;
  /** The words of its elements' ids ("steps_value", "activeMinutes"): the developer's label, which may name a claim's word. */
  idWords: string[];
}

const textOf = (el: ScreenElement) => el.text || el.contentDesc;
/** "Yes" / "No" as a label's value: what it says of its label. */
const YES = /^(?:yes|included|available|allowed|on|✓|✔)$/i;
const NO = /^(?:no|none|not\s+included|unavailable|not\s+allowed|off|✗|✕)$/i;

/** A text no control, no switch and not the status bar: what the screen says rather than what it offers. */
function isStatement(el: ScreenElement): boolean {
  // A chip that cannot be tapped is a tag ("Furnished", "Pets allowed"): it says what is.
  return textOf(el) !== '' && !el.clickable && !((isButtonType(el) || isToggle(el)) && !isTag(el));
}

/** A chip that cannot be tapped: a tag of what is shown, though Android reports it checkable. */
const isTag = (el: ScreenElement) => !el.clickable && /Chip$/.test(el.type);

function piece(elements: ScreenElement[], texts: readonly string[]): Piece {
  let negated = false;
  const tokens: string[] = [];
  for (const text of texts) {
    if (texts.length > 1 && NO.test(text.trim())) negated = !negated;
    else if (!(texts.length > 1 && YES.test(text.trim()))) tokens.push(...tokensOf(text));
  }
  if (tokens.some((t) => NEGATIONS.has(t))) negated = !negated;
  const ids = elements.flatMap((el) => idWords(el.resourceId)).filter((w) => !/^(?:value|label|text|title|view|txt|tv|lbl)$/.test(w));
  return { elements, tokens, negated, idWords: ids };
}

/**
 * The parts of a text that stand alone: each sentence, and each part between " · " or " | "
 * ("Beagle mix · Male · 3 years"); never two sentences as one ("… from this device. Your saved
 * places stay." says nothing will be removed). A label and its value after ": " stay together.
 */
function partsOf(text: string): string[] {
  const sentences = text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const parts = sentences.flatMap((sentence) => {
    const pieces = sentence.split(/\s+[•|·–—]\s+/).map((p) => p.trim());
    return pieces.length > 1 ? [sentence, ...pieces] : [sentence];
  });
  // "Double, sea view", "Seated, includes one drink": each part after a comma stands alone too.
  const commaParts = parts.flatMap((part) => (/,\s/.test(part) ? part.split(/,\s+/).map((p) => p.trim()) : []));
  return [...new Set([...parts, ...commaParts])];
}

/** In a list where one row is chosen (a checked radio button), the other rows say nothing of what is: "Japanese" is only offered. */
function unchosen(el: ScreenElement, elements: readonly ScreenElement[]): boolean {
  const row = rowOf(el, elements);
  if (!row || row.parentIndex == null) return false;
  const list = elements[row.parentIndex]!;
  const chosen = (r: ScreenElement) =>
    r.checked || r.selected || elements.some((o) => (o.checked || o.selected) && ancestors(o, elements).includes(r));
  const rows = elements.filter((o) => o.parentIndex === list.index && o !== row);
  return !chosen(row) && rows.some(chosen);
}

/**
 * Every piece of evidence on the screen, smallest first: each part of a text, then each group
 * of texts that belong together (a list row, or a layout of two to four texts on one line: a
 * label and its value). A label beside its value is no evidence alone: "Good with cats" beside
 * "No" says the opposite of its words.
 */
function piecesOf(elements: readonly ScreenElement[]): { single: Piece[]; groups: Piece[] } {
  // A switch's label says what the switch sets, not whether it is set ("Notify when done"): resolveState reads switches.
  const switched = new Set(
    locatable(elements)
      .filter((el) => isToggle(el) && !isTag(el))
      .map((t) => rowOf(t, elements) ?? elements[t.parentIndex ?? -1]),
  );
  const texts = locatable(elements).filter(
    (el) => isStatement(el) && !unchosen(el, elements) && !switched.has(rowOf(el, elements) ?? elements[el.parentIndex ?? -1]),
  );
  const holders = new Set<ScreenElement>();
  for (const el of texts) {
    const row = rowOf(el, elements);
    if (row) holders.add(row);
    const parent = el.parentIndex == null ? undefined : elements[el.parentIndex];
    if (parent && !isListContainer(parent) && !parent.clickable) holders.add(parent);
  }
  const groups: Piece[] = [];
  const labels = new Set<ScreenElement>();
  for (const holder of holders) {
    const inside = texts.filter((t) => ancestors(t, elements).includes(holder));
    const oneLine = inside.every((t) => sameLine(t.bounds, inside[0]!.bounds));
    const isRow = rowOf(inside[0] ?? holder, elements) === holder;
    if (inside.length < 2 || inside.length > 4 || (!isRow && !oneLine)) continue;
    // A label and its value say nothing apart: "Subtotal" | "€50.00" is no total of €50.
    if (inside.length === 2 && oneLine) for (const t of inside) labels.add(t);
    groups.push(piece(inside, inside.map(textOf)));
    // A row's first text names it; with it, each part of each other text says something of it: "VIP" with
    // "includes one drink" of "Seated, includes one drink", "Room" with "sea view" of "Double, sea view".
    const [name, ...others] = inside;
    for (const other of others)
      for (const part of partsOf(textOf(other)))
        if (part !== textOf(other) || others.length > 1) groups.push(piece([name!, other], [textOf(name!), part]));
  }
  // The heading with the line right under it: "Blue Hours" over "Nora Vance" is the album Blue Hours by Nora Vance.
  const heading = headingOf(elements);
  const under = heading ? plainTexts(elements)[1] : undefined;
  if (heading && under && texts.includes(under)) groups.push(piece([heading, under], [textOf(heading), textOf(under)]));
  const single = texts.filter((el) => !labels.has(el)).flatMap((el) => partsOf(textOf(el)).map((part) => piece([el], [part])));
  return { single, groups };
}

/** The words of the screen's own topic: its title, and the heading under it (the first text outside any row). */
/** The texts outside any row and the title, top to bottom: a detail screen's heading and what follows it. */
function plainTexts(elements: readonly ScreenElement[]): ScreenElement[] {
  const titles = titleElements(elements);
  return (
    locatable(elements)
      // A picture's label ("Blue Hours cover") describes the picture, not the screen.
      .filter(
        (el) =>
          isStatement(el) &&
          !titles.includes(el) &&
          rowOf(el, elements) === null &&
          !/Image|Application|Window/.test(el.type) &&
          !ancestors(el, elements).some(isStatusBar),
      )
      .sort((a, b) => a.bounds.y - b.bounds.y || a.bounds.x - b.bounds.x)
  );
}

/** The screen's heading: its first plain text, when it names one thing ("Ana, Ben, Chloe and you" names several, "Pinned: Meet at 8:00" is a message). */
function headingOf(elements: readonly ScreenElement[]): ScreenElement | undefined {
  const first = plainTexts(elements)[0];
  // And it is a name, not a label: "Arrives" over "Today by 18:00" heads nothing.
  const name = first && /^\p{Lu}/u.test(textOf(first)) && !tokensOf(textOf(first)).some((t) => isVerbForm(t) && /(?:s|ing)$/.test(t));
  return name && !/[,:\d]/.test(textOf(first)) ? first : undefined;
}

function topicWords(elements: readonly ScreenElement[]): string[] {
  const titles = titleElements(elements);
  const plain = plainTexts(elements);
  const heading = headingOf(elements);
  // "Episode 42 · 58 min", "Bike #4821": a noun before a number, outside any row, names the one thing the screen is about.
  const instances = plain.flatMap((el) => /^(\p{L}+)\s+#?\d/u.exec(textOf(el))?.[1]?.toLowerCase() ?? []);
  const named = [...titles.filter((t) => !/,/.test(textOf(t))), ...(heading ? [heading] : [])];
  return [...named.flatMap((el) => contentWords(tokensOf(textOf(el)))), ...instances.filter((w) => contentWords([w]).length > 0)];
}

/** Where the claim's verb is: its first auxiliary or verb form after its first word, not a noun after an article ("the rent"). */
const verbIndex = (tokens: readonly string[]) =>
  tokens.findIndex((t, i) => i > 0 && !ARTICLE.test(tokens[i - 1]!) && (AUXILIARY.test(t) || isVerbForm(t)));

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
  const names = new Set(
    written
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => /^\p{Lu}/u.test(w))
      .map((w) => w.toLowerCase()),
  );
  if (subject.some((w) => names.has(w))) return [];
  return subject.some((w) => onScreen.some((s) => sameLemma(w, s))) ? [] : subject;
}

interface Claim {
  words: string[];
  /** How many of `words` are its subject (before its verb): only those may be the topic's. */
  subjectWords: number;
  quantities: Quantity[];
  negated: boolean;
  /** Words the evidence need not have: the topic's and an unnamed subject. */
  given: string[];
  /** The unnamed subject alone (unnamedSubject). */
  unnamed: string[];
  /** Its words written with a capital, as names are (lower case). */
  names: ReadonlySet<string>;
}

/**
 * The tense a verb form says: "renewed" is done, "Renews" and "Uploading" are not yet. A base
 * form ("renew") or a word that is no verb form says none.
 */
function tenseOf(word: string): 'past' | 'present' | null {
  if (!isInflectedVerb(word)) return null;
  return /(?:ing|s)$/.test(word) ? 'present' : 'past';
}

/** The same word by dictionary form, never a past against a present ("renewed" is not "Renews"). */
function sameWord(a: string, b: string): boolean {
  // A noun of the verb's family ("cancel" / "cancellation", "translated" / "translation") by Porter stem, long words only.
  if (!sameLemma(a, b) && !(a.length >= 5 && b.length >= 5 && sameStem(a, b))) return false;
  const [x, y] = [tenseOf(a), tenseOf(b)];
  return x === null || y === null || x === y;
}

const hasLemma = (words: readonly string[], w: string) => words.some((x) => sameLemma(w, x));
const hasWord = (words: readonly string[], w: string) => words.some((x) => sameWord(w, x));

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

/** Does the piece say all the claim says, and no more (see the file comment)? */
function holds(claim: Claim, p: Piece): boolean {
  if (p.negated !== claim.negated) return false;
  const shown = quantitiesOf(p.tokens);
  const matched: Quantity[] = [];
  // In the claim's order: "64 GB of 46.2 GB is used" is not "46.2 GB used of 64 GB".
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
        // A percentage is never a bare number, nor a price a count ("64%" is not "64").
        q.kinds.includes('percent') === s.kinds.includes('percent') &&
        q.kinds.includes('money') === s.kinds.includes('money'),
    );
    if (at < 0) return false;
    // A bare number is no measure the claim gives ("8,412" under the id steps_value is not 8,412 metres) unless a word says which.
    if (q.unitWord && shown[at]!.units.length === 0 && !hasLemma([...p.tokens, ...p.idWords], q.unitWord)) return false;
    from = at + 1;
    matched.push(shown[at]!.kinds.length > 0 ? shown[at]! : q);
  }
  const words = contentWords(p.tokens);
  const implied = matched.flatMap((q) => q.kinds.flatMap((k) => IMPLIED[k]));
  let own = 0;
  let byUnit = false;
  for (const [i, w] of claim.words.entries()) {
    // The id is the element's own label: a word it names is the evidence's own.
    if (hasWord(words, w) || hasLemma(p.idWords, w)) own += 1;
    else if (hasLemma(implied, w)) byUnit = true;
    // The topic names what the claim is about, never what it says of it: "Ben is typing" is not said by "Ben".
    else if (i >= claim.subjectWords || !hasWord(claim.given, w)) return false;
  }
  // The evidence says no more than the claim: "Sleep Goal: 8 hr" is not "I slept 8 hours", "4 seats" not "4 days".
  // Names in the claim's order within one text ("free cancellation" may be "cancel for free"): "from Manchester Piccadilly to London Euston" is not "London Euston → Manchester Piccadilly".
  if (
    p.elements.length === 1 &&
    !inOrder(
      claim.words.filter((w) => claim.names.has(w)),
      words,
    )
  )
    return false;
  // A subject the screen names nowhere is left out whole or not at all: "the trial plan" is not the plan_name's plan.
  const unnamedSaid = claim.unnamed.filter((w) => hasWord(words, w) || hasLemma(p.idWords, w));
  if (unnamedSaid.length > 0 && unnamedSaid.length < claim.unnamed.length) return false;
  // Not even a word of the topic: "Ben is typing" in the title is not "Ana is typing" on a screen headed "Ana",
  // and "Your profile was updated" on the Profile screen is not "the password was updated".
  const allowed = [...claim.words, ...implied];
  if (!words.every((w) => hasWord(allowed, w))) return false;
  // Its own words, or a number with the words its unit implies ("the distance is 5.2 km"): never a bare number
  // beside the topic's words ("it is 23° in Lisbon" over any "23°").
  // A claim of only a verb and a measure ("I burned 312 kcal") holds on the measure with its unit.
  // Or with a subject the topic gives ("the parcel weighs 3.2 kg" over "Weight | 3.2 kg" on Track Parcel).
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
  return p.elements.reduce((best, el) => (said(el) >= said(best) ? el : best));
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
export function findClaimEvidence(claim: string, elements: readonly ScreenElement[]): Evidence | null {
  const tokens = tokensOf(claim);
  // A sentence, not a name: an auxiliary, or a verb form after its first word ("it takes", "I walked").
  const sentence = tokens.some((t, i) => AUXILIARY.test(t) || (i > 0 && isVerbForm(t)));
  if (!sentence) return null;
  // What the screen says, not what its controls offer: "View Flight Status" names no flight the screen is about.
  const onScreen = locatable(elements)
    .filter(isStatement)
    .flatMap((el) => contentWords(tokensOf(textOf(el))));
  const beforeQuantity = verbsBeforeQuantities(tokens);
  const words = contentWords(tokens.filter((_, i) => !beforeQuantity.has(i) && !userActivity(tokens, i)));
  // A word after an article is a noun ("the rent"), whatever verb it may also be the past of.
  const verb = verbIndex(tokens);
  const unnamed = unnamedSubject(claim, tokens, onScreen);
  const claimed: Claim = {
    words,
    subjectWords: verb < 0 ? 0 : contentWords(tokens.slice(0, verb)).length,
    quantities: quantitiesOf(tokens),
    negated: tokens.some((t) => NEGATIONS.has(t)),
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
  };
  if (claimed.words.length + claimed.quantities.length < 1) return null;
  const { single, groups } = piecesOf(elements);
  for (const pieces of [single, groups]) {
    const hits = pieces.filter((p) => holds(claimed, p));
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
