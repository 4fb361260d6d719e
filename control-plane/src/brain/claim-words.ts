/**
 * The words of a claim and of a text as claim-evidence.ts compares them: tokens through the
 * lexicon (lexicon.ts), the words that carry no content (articles, pronouns, auxiliaries, light
 * verbs), numbers with their units and the words a unit implies, and the same word by dictionary
 * form (lemmas.ts) without mixing a past and a present.
 */
import { isInflectedVerb, isVerbForm, lemmaAsVerb, sameLemma, sameStem } from './lemmas.js';
import { canonicalTokens, signsAsWords } from './lexicon.js';
import { comparableTokens } from './verdict-text.js';

/** Words that carry no content of their own: articles, pronouns, prepositions, auxiliaries and light verbs. */
const LIGHT = new Set(
  (
    'the a an this that these those it its i me my mine we us our you your he him his she her they them their there here ' +
    // "per" and "each" say what an amount is of, as "a" does ("£2.60 each" is "£2.60 a meal").
    'to of for from at by with in on into onto as per each and or so than then ' +
    'is am are was were be been being has have had having do does did will would shall should can could may might must ' +
    'get gets got getting currently now still already just only about around approximately roughly nearly almost ' +
    'called named set shown showing displayed listed say says said ' +
    // "the flight number is TP 662": the kind of value is said by the value itself.
    'number ' +
    // Verbs of having: "the membership includes sauna access" is said by a tag "Sauna access", "the cellar holds 15
    // bottles" by "15 bottles" ("held" says a state: "the parcel is held at the depot").
    'include includes included including contain contains contained containing offer offers offered come comes ' +
    'hold holds holding ' +
    // "not submitted yet" says no more than "Not submitted".
    'yet'
  ).split(' '),
);

/** Verbs that only link a subject to what is said of it, in any form: "the flight goes from Lisbon to Amsterdam". */
const LIGHT_VERBS = new Set(['be', 'have', 'get', 'go', 'come', 'include', 'contain', 'offer', 'hold']);

export const NEGATIONS = new Set(
  'not no never cannot cant dont doesnt didnt isnt wasnt wont arent werent couldnt shouldnt wouldnt hasnt havent hadnt mustnt neednt nothing none without unable nor'.split(
    ' ',
  ),
);

/**
 * Words of which a text saying one never says the other: "in stock" is not said by "Out of stock", "Night
 * Shift is on until 22:00" not by "Off Until 22:00", "between 4 am and 6 pm" not by "between 4 pm and 6 pm"
 * (found by scripts/corpus-mutants.ts --mode opposites); "am" and "pm" are read as a time's (meridiemsAgree).
 */
const OPPOSITES: ReadonlyArray<readonly [string, string]> = [
  ['on', 'off'],
  ['in', 'out'],
  ['above', 'below'],
  ['before', 'after'],
  ['more', 'less'],
  ['more', 'fewer'],
  ['enabled', 'disabled'],
  ['open', 'closed'],
  ['paid', 'unpaid'],
  ['high', 'low'],
];

/**
 * Does the text say none of the opposites of what the claim says, unless it says that too? Nor a number of
 * the claim in another unit only: "46.2 MB" is not said by "46.2 GB used", "3 hours 35 hours" not by "3h 35m".
 */
export function oppositesAgree(claim: readonly string[], text: readonly string[]): boolean {
  const mine = new Set(claim);
  const theirs = new Set(text);
  // A claim with both words of a pair ("The Great Bake Off is on BBC One") opposes neither.
  const opposed = OPPOSITES.some(
    ([a, b]) =>
      !(mine.has(a) && mine.has(b)) &&
      ((mine.has(a) && theirs.has(b) && !theirs.has(a)) || (mine.has(b) && theirs.has(a) && !theirs.has(b))),
  );
  return !opposed && unitsAgree(quantitiesOf(claim), quantitiesOf(text)) && meridiemsAgree(claim, text) && stillToDo(claim, text);
}

/**
 * "£14.00 to collect" is still to be done: it never says £14.00 has been collected, nor "£22.00 collected"
 * that £22.00 is still to collect. After a number of both, within a few words before the next number, "to"
 * and a verb says it is to be done, a past form ("collected") that it is done: of the same verb, the claim
 * and the text say the same.
 */
function stillToDo(claim: readonly string[], text: readonly string[]): boolean {
  return claim.every((n, i) => {
    const mine = IS_NUMBER.test(n) ? doneOrToDo(claim, i) : undefined;
    if (!mine) return true;
    return text.every((t, k) => {
      const theirs = t === n ? doneOrToDo(text, k) : undefined;
      return !theirs || theirs.done === mine.done || !sameLemma(theirs.verb, mine.verb);
    });
  });
}

/** What is said of the number at `at`: "to collect" (to do) or "collected" (done), before the next number. */
function doneOrToDo(tokens: readonly string[], at: number): { verb: string; done: boolean } | undefined {
  for (let j = at + 1; j < Math.min(tokens.length, at + 5); j += 1) {
    const t = tokens[j]!;
    if (IS_NUMBER.test(t)) return undefined;
    const next = tokens[j + 1];
    if (t === 'to' && next && !IS_NUMBER.test(next)) return { verb: next, done: false };
    if (/\p{L}{2,}ed$/u.test(t)) return { verb: t, done: true };
  }
  return undefined;
}

/** "4 am" is never "4 pm": a time of the claim with "am" or "pm", where the text has it only with the other. */
function meridiemsAgree(claim: readonly string[], text: readonly string[]): boolean {
  const marks = (tokens: readonly string[], n: string) =>
    tokens.flatMap((t, i) => (t === n && /^[ap]m$/.test(tokens[i + 1] ?? '') ? [tokens[i + 1]!] : []));
  return claim.every((t, i) => {
    const mark = claim[i + 1];
    if (!/^\p{N}/u.test(t) || !/^[ap]m$/.test(mark ?? '')) return true;
    const shown = marks(text, t);
    return shown.length === 0 || shown.includes(mark!);
  });
}

/** Each number the claim gives a unit, where the text has that number only with units, has one of them there. */
function unitsAgree(claim: readonly Quantity[], text: readonly Quantity[]): boolean {
  return claim.every((q) => {
    const same = text.filter((t) => t.value === q.value);
    if (q.units.length === 0 || same.length === 0 || same.some((t) => t.units.length === 0)) return true;
    return same.some((t) => t.units.some((u) => q.units.includes(u)));
  });
}

/**
 * Two numbers of one claim keep their order in the text: "46.2 GB used of 64 GB" never says
 * 64 GB of 46.2 GB is used. Asked of one text, or of a row's texts in reading order.
 */
export function numbersInOrder(claim: readonly string[], shown: readonly string[]): boolean {
  const wanted = [...new Set(claim.filter((t) => IS_NUMBER.test(t)))];
  if (wanted.length < 2) return true;
  const seen = [...new Set(shown.filter((t) => wanted.includes(t)))];
  const expected = wanted.filter((n) => seen.includes(n));
  return seen.every((n, i) => n === expected[i]);
}

/** The words written with a capital, as names are, in lower case: "fiat" and "tiramisu" of "the Fiat", "Tiramisu is …". */
export function capitalisedWords(written: string): Set<string> {
  return new Set(
    written
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => /^\p{Lu}/u.test(w))
      .map((w) => w.toLowerCase()),
  );
}

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
export const IMPLIED: Readonly<Record<UnitKind, readonly string[]>> = {
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

/** A token that is a number (or starts as one: "14.00", "3rd"). */
export const IS_NUMBER = /^\p{N}/u;
const CURRENCY = /^[€$£¥₹]$/;

/** "Sam's van" is read "Sam van"; "you'll" is "you will"; then the lexicon's tokens. */
export function tokensOf(text: string): string[] {
  const plain = text.replace(/(\p{L})['’](?:ll|re|ve|d|m)\b/giu, '$1').replace(/(\p{L})['’]s\b/gu, '$1');
  return fractions(canonicalTokens(comparableTokens(signsAsWords(plain))));
}

/**
 * "420/600 kcal", "8/12 hr", "3/5 done": a count of a whole as progress screens write it, read as
 * "420 of 600 kcal". Only before a word (a unit or what is counted), never a date ("12/06/2025", a
 * "12/06" alone) nor a number with a third part.
 */
function fractions(tokens: readonly string[]): string[] {
  return tokens.flatMap((t, i) => {
    const m = /^(\d+(?:[.,]\d+)?)\/(\d+(?:[.,]\d+)?)$/.exec(t);
    const next = tokens[i + 1] ?? '';
    return m && /^\p{L}/u.test(next) ? [m[1]!, 'of', m[2]!] : [t];
  });
}

export interface Quantity {
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
export function quantitiesOf(tokens: readonly string[]): Quantity[] {
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

/** "May" beside a number or after "in", "since", "until" … is the month ("3 May 2026", "in May"), no modal verb: a date's month is content. */
export const monthMay = (tokens: readonly string[], i: number) =>
  tokens[i] === 'may' &&
  (IS_NUMBER.test(tokens[i - 1] ?? '') ||
    IS_NUMBER.test(tokens[i + 1] ?? '') ||
    /^(?:in|since|until|till|by|from|early|late|mid)$/.test(tokens[i - 1] ?? ''));

/** The content words of some tokens: no light word, negation, number, currency sign or unit. */
export function contentWords(tokens: readonly string[]): string[] {
  return tokens.filter(
    (t, i) =>
      (!LIGHT.has(t) || monthMay(tokens, i)) &&
      !LIGHT_VERBS.has(lemmaAsVerb(t)) &&
      !NEGATIONS.has(t) &&
      !IS_NUMBER.test(t) &&
      !CURRENCY.test(t) &&
      !unitWord(tokens, i) &&
      /\p{L}/u.test(t),
  );
}

/**
 * A verb that only says the number or the name after it is so: see the cases below.
 * A verb right before a number only says that the number is so: "I walked 8,412 steps", "I
 * earned 120 XP", "Trailhead uses 142 MB". Never before an amount of money, whose verb says which
 * way it went ("refunded €35.00" is not "charged €35.00"), nor a word of change (lexicon.ts reads
 * "gained 3%" as "up 3%").
 */
export function verbsBeforeQuantities(tokens: readonly string[]): Set<number> {
  const light = new Set<number>();
  tokens.forEach((t, i) => {
    const next = tokens[i + 1] ?? '';
    if (IS_NUMBER.test(next) && isInflectedVerb(t) && !/^(?:up|down)$/.test(t)) light.add(i);
    // "Yoga Flow is taught by Priya" over "with Priya": who leads it, said with "by".
    if (LEADING.has(lemmaAsVerb(t)) && next === 'by') light.add(i);
    // "boarding starts at 10:35" over "Boarding 10:35", "doors open at 18:30" over "Doors 18:30": a time after a noun
    // is when it starts. Only a start, at one clock time (a piece with another time of the day is a range, which
    // matchedQuantities refuses: "the event starts at 15:00" is not "14:00–15:00").
    if (STARTING.has(lemmaAsVerb(t)) && next === 'at' && CLOCK.test(tokens[i + 2] ?? '')) light.add(i);
  });
  return light;
}

/**
 * "I have the fresh thyme", "we have a reservation": what the user has is no thing the screen
 * merely names. A list row "Fresh thyme" (its checkbox off) says the recipe needs it, not that I
 * have it; so a claim of having without a number is never read in other words (paraphrase.ts,
 * claim-evidence.ts). With a number the text holding it still may say it ("I have 3 of 6
 * ingredients" over "3 of 6 ingredients …").
 */
export function userHasClaim(tokens: readonly string[]): boolean {
  const verb = /^(?:still|already|now)$/.test(tokens[1] ?? '') ? 2 : 1;
  return (
    /^(?:i|we)$/.test(tokens[0] ?? '') &&
    /^(?:have|has|had|own|owns|received|hold|keep|possess)$/.test(tokens[verb] ?? '') &&
    !tokens.some((t) => IS_NUMBER.test(t))
  );
}

/** Verbs of starting: the time after a noun ("Boarding 10:35") says when it starts, never when it ends. */
const STARTING = new Set(['start', 'begin', 'open', 'commence']);
const CLOCK = /^\d{1,2}[:.]\d{2}$/;

/** Verbs of leading a class or an event. */
const LEADING = new Set(['teach', 'lead', 'host', 'run', 'coach', 'instruct', 'present']);

/**
 * "I am using charger 3", "I'm riding bike 4821": what the user is doing on this screen is the
 * screen itself; the thing named after it must still be shown ("Charger 3 · 150 kW").
 */
export function userActivity(tokens: readonly string[], i: number): boolean {
  const t = tokens[i]!;
  if (!/^\p{L}{2,}ing$/u.test(t) || !isVerbForm(t)) return false;
  // Only before the thing it is done to: "I'm driving on Monday" says who drives when, which a "Monday" alone does not.
  if (/^(?:on|at|in|for|to|from|with|by|this|next|today|tomorrow|tonight)$/.test(tokens[i + 1] ?? 'on')) return false;
  const [before, prev] = [tokens[i - 2], tokens[i - 1]];
  return prev === 'i' || prev === 'we' || (prev === 'am' && before === 'i') || (prev === 'are' && before === 'we');
}

/** A verb of the claim makes it a sentence: an auxiliary, or a word whose dictionary form as a verb differs ("walked", "arrives"). */
const ARTICLE = /^(?:the|a|an|my|your|our|their|his|her|its|this|that)$/;
export const AUXILIARY = /^(?:is|am|are|was|were|has|have|had|will|would|can|could|should|must|does|do|did)$/;

/** Where the claim's verb is: its first auxiliary or verb form after its first word, not a noun after an article ("the rent"). */
export const verbIndex = (tokens: readonly string[]) => {
  const at = tokens.findIndex((t, i) => i > 0 && !ARTICLE.test(tokens[i - 1]!) && (AUXILIARY.test(t) || isVerbForm(t)));
  if (at >= 0) return at;
  // "the trip cost £14.20": a verb whose past is its present, right before an amount after its subject.
  return tokens.findIndex(
    (t, i) =>
      i > 0 &&
      !ARTICLE.test(tokens[i - 1]!) &&
      !LIGHT.has(t) &&
      /^\p{L}+$/u.test(t) &&
      (IS_NUMBER.test(tokens[i + 1] ?? '') || CURRENCY.test(tokens[i + 1] ?? '')) &&
      AMOUNT_VERBS.has(lemmaAsVerb(t)),
  );
};
/** Verbs that say what an amount is of: "costs", "cost", "weighs", "lasts". */
const AMOUNT_VERBS = new Set(['cost', 'pay', 'charge', 'spend', 'take', 'last', 'weigh', 'earn', 'save']);

/**
 * The tense a verb form says: "renewed" is done, "Renews" and "Uploading" are not yet. A base
 * form ("renew") or a word that is no verb form says none.
 */
function tenseOf(word: string): 'past' | 'present' | null {
  if (!isInflectedVerb(word)) return null;
  return /(?:ing|s)$/.test(word) ? 'present' : 'past';
}

/** The same word by dictionary form, never a past against a present ("renewed" is not "Renews"). */
export function sameWord(a: string, b: string): boolean {
  // A noun of the verb's family ("cancel" / "cancellation", "translated" / "translation") by Porter stem, long words only.
  if (!sameLemma(a, b) && !(a.length >= 5 && b.length >= 5 && sameStem(a, b))) return false;
  const [x, y] = [tenseOf(a), tenseOf(b)];
  return x === null || y === null || x === y;
}

export const hasLemma = (words: readonly string[], w: string) => words.some((x) => sameLemma(w, x));
/** The same word, or one of its family by Porter stem ("required" under "Requirements"). */
export const hasKin = (words: readonly string[], w: string) => words.some((x) => sameLemma(w, x) || (w.length >= 5 && sameStem(w, x)));
export const hasWord = (words: readonly string[], w: string) => words.some((x) => sameWord(w, x));

/** A closing "on the booking", "in my basket": what the whole screen is, naming no part of it. */
const SCOPE = /\s+(?:on|in|for|with)\s+(?:the|my|our|this)\s+(?:booking|order|basket|cart|reservation|trip|visit)\s*$/i;

/** "there are two divers on the booking" as "there are two divers": the claim without its scope. */
export function withoutScope(text: string): string {
  return text.replace(SCOPE, '');
}
