/**
 * The words testers and screens use for the same thing, read as one word before two texts
 * are compared in other words (paraphrase.ts): "the train departs" says what "Leaves 14:05"
 * says, "the episode is downloaded" what "Downloaded" says, "Fri" is "Friday", "€250" is
 * "€250.00" and "1,299 USD" is "$1299".
 *
 * One table instead of one rule per phrasing: each group lists words that mean the same in an
 * app's interface, the first being the one all are read as. A verb keeps its form: "departs"
 * is read "leaves", "departed" "left", "departing" "leaving", so a claim in the past still
 * never matches a text in the present (paraphrase.ts keeps those apart). A noun keeps its
 * number. Kept to words whose swap can never turn a true text into a false one: "remove" and
 * "delete" are one, "cancel" and "delete" are not.
 */

/** Verbs (base forms), the first of each group being how all are read. */
const VERB_GROUPS: readonly (readonly string[])[] = [
  ['depart', 'leave'],
  ['arrive', 'land'],
  ['start', 'begin', 'commence'],
  ['finish', 'end', 'conclude'],
  ['purchase', 'buy'],
  ['remove', 'delete', 'erase'],
  ['select', 'choose', 'pick'],
  ['receive', 'get'],
  ['reserve', 'book'],
  ['reply', 'respond', 'answer'],
  ['require', 'need'],
  ['allow', 'permit'],
  ['charge', 'bill'],
  ['close', 'shut'],
  ['transfer', 'send'],
  ['use', 'consume'],
];

/**
 * Verbs whose forms the spelling rules below do not give: [base, third person, -ing, past,
 * past participle]. A head (first of a group) must be here or regular: paraphrase.ts knows
 * a verb by its -s / -ed ending.
 */
const IRREGULAR: readonly (readonly [string, string, string, string, string?])[] = [
  ['leave', 'leaves', 'leaving', 'left'],
  ['begin', 'begins', 'beginning', 'began', 'begun'],
  ['buy', 'buys', 'buying', 'bought'],
  ['get', 'gets', 'getting', 'got', 'gotten'],
  ['send', 'sends', 'sending', 'sent'],
  ['shut', 'shuts', 'shutting', 'shut'],
  ['choose', 'chooses', 'choosing', 'chose', 'chosen'],
  ['transfer', 'transfers', 'transferring', 'transferred'],
  ['permit', 'permits', 'permitting', 'permitted'],
];

/** Nouns (singular), the first of each group being how all are read; "-s" plurals follow. */
const NOUN_GROUPS: readonly (readonly string[])[] = [
  ['track', 'song'],
  ['photo', 'picture', 'pic'],
  ['film', 'movie'],
  ['trip', 'journey'],
  ['booking', 'reservation'],
  ['doctor', 'dr'],
  ['mister', 'mr'],
  ['number', 'nr'],
  ['quantity', 'qty'],
  ['account', 'acct'],
  ['avenue', 'ave'],
  ['apartment', 'apt'],
  ['email', 'mail'],
  ['phone', 'mobile', 'telephone'],
  ['balance', 'funds'],
  ['temperature', 'temp'],
];

/** Abbreviations read whole: days, months, units. Not a bare "m" (metres or minutes?) nor "s". */
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  mon: 'monday',
  tue: 'tuesday',
  tues: 'tuesday',
  wed: 'wednesday',
  thu: 'thursday',
  thur: 'thursday',
  thurs: 'thursday',
  fri: 'friday',
  sat: 'saturday',
  sun: 'sunday',
  jan: 'january',
  feb: 'february',
  mar: 'march',
  apr: 'april',
  jun: 'june',
  jul: 'july',
  aug: 'august',
  sep: 'september',
  sept: 'september',
  oct: 'october',
  nov: 'november',
  dec: 'december',
  reg: 'registration',
  min: 'minutes',
  mins: 'minutes',
  minute: 'minutes',
  hr: 'hours',
  hrs: 'hours',
  hour: 'hours',
  sec: 'seconds',
  secs: 'seconds',
  km: 'kilometres',
  kilometre: 'kilometres',
  kilometer: 'kilometres',
  kilometers: 'kilometres',
  mi: 'miles',
  mile: 'miles',
  kg: 'kilograms',
  kilogram: 'kilograms',
  kilo: 'kilograms',
  kilos: 'kilograms',
  lb: 'pounds',
  lbs: 'pounds',
  bpm: 'beats',
  // Currencies by name are their sign: "1,299 USD" is "$1,299".
  usd: '$',
  dollar: '$',
  dollars: '$',
  eur: '€',
  euro: '€',
  euros: '€',
  gbp: '£',
  jpy: '¥',
  yen: '¥',
  inr: '₹',
  rupees: '₹',
};

function thirdPerson(base: string): string {
  if (/(?:s|x|z|ch|sh|o)$/.test(base)) return `${base}es`;
  if (/[^aeiou]y$/.test(base)) return `${base.slice(0, -1)}ies`;
  return `${base}s`;
}
function ingForm(base: string): string {
  if (/[^e]e$/.test(base)) return `${base.slice(0, -1)}ing`;
  return `${base}ing`;
}
function pastForm(base: string): string {
  if (/e$/.test(base)) return `${base}d`;
  if (/[^aeiou]y$/.test(base)) return `${base.slice(0, -1)}ied`;
  return `${base}ed`;
}

/** The forms of a verb (base, third person, -ing, past, past participle), irregular ones from the table. */
export function verbForms(base: string): readonly string[] {
  const irregular = IRREGULAR.find((f) => f[0] === base);
  const forms = irregular ? [...irregular.slice(0, 4)] : [base, thirdPerson(base), ingForm(base), pastForm(base)];
  return [...forms, irregular?.[4] ?? forms[3]!] as string[];
}

function buildTable(): Map<string, string> {
  const table = new Map<string, string>();
  for (const group of VERB_GROUPS) {
    const head = verbForms(group[0]!);
    for (const word of group.slice(1)) {
      verbForms(word).forEach((form, i) => {
        table.set(form, head[i]!);
      });
    }
  }
  for (const group of NOUN_GROUPS) {
    const head = group[0]!;
    for (const word of group.slice(1)) {
      if (!table.has(word)) table.set(word, head);
      if (!table.has(`${word}s`)) table.set(`${word}s`, `${head}s`);
    }
  }
  for (const [short, whole] of Object.entries(ABBREVIATIONS)) table.set(short, whole);
  return table;
}

/**
 * A word's short form written out ("Fri" → "friday", "mins" → "minutes", "USD" → "$") and
 * numbers read as amounts, nothing else: how a control's name may be written and still be its
 * name. A synonym is not ("Tap Delete" never taps "Remove": the tester named another button).
 */
export function spelledOut(tokens: readonly string[]): string[] {
  return tokens.map((t) => (/^\d/.test(t) ? canonicalNumber(t) : (ABBREVIATIONS[t] ?? t)));
}

const TABLE = buildTable();

/**
 * A number as an amount: thousands separators off ("1,299" → "1299"), zero cents off
 * ("250.00" → "250"). Times, dates, versions and decimals stay as written ("9:35", "1.5", "3.2.1").
 */
export function canonicalNumber(token: string): string {
  if (!/^\d/.test(token)) return token;
  let n = token;
  if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(n)) n = n.replace(/,/g, '');
  if (/^\d+\.0{1,2}$/.test(n)) n = n.replace(/\.0{1,2}$/, '');
  return n;
}

/** Numbers written as words, read as digits in claims ("one of two doses" is "1 of 2"); not in control names. */
const NUMBER_WORDS: Readonly<Record<string, string>> = {
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
};

const TENS: Readonly<Record<string, number>> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
/** Only for amounts said in words ("a hundred and eighteen pounds"): the teens are no canonical words of their own. */
const TEENS: Readonly<Record<string, string>> = {
  thirteen: '13',
  fourteen: '14',
  fifteen: '15',
  sixteen: '16',
  seventeen: '17',
  eighteen: '18',
  nineteen: '19',
};
const BELOW_HUNDRED = `(?:${Object.keys(TENS).join('|')})(?:[-\\s](?:${Object.keys(NUMBER_WORDS).slice(0, 9).join('|')}))?|${[...Object.keys(TEENS), ...Object.keys(NUMBER_WORDS)].join('|')}`;
// "a hundred and forty pounds" is one hundred and forty.
const SPOKEN_AMOUNT = `(?:a|${Object.keys(NUMBER_WORDS).slice(0, 9).join('|')})\\s+hundred(?:\\s+(?:and\\s+)?(?:${BELOW_HUNDRED}))?|${BELOW_HUNDRED}`;
/** "six" is 6, "twenty-eight" 28, "eighty four" 84, "two hundred and fifty" 250, "a hundred and forty" 140. */
function spokenNumber(words: string): string {
  const hundreds = /^(\p{L}+)\s+hundred(?:\s+(?:and\s+)?(.+))?$/iu.exec(words.trim());
  const times = hundreds && /^a$/i.test(hundreds[1]!) ? '1' : NUMBER_WORDS[(hundreds?.[1] ?? '').toLowerCase()];
  if (hundreds) return String(Number(times) * 100 + Number(hundreds[2] ? spokenNumber(hundreds[2]) : 0));
  const [tens, units] = words.toLowerCase().split(/[-\s]/);
  return TENS[tens!] !== undefined
    ? String(TENS[tens!]! + Number(units ? NUMBER_WORDS[units] : 0))
    : (TEENS[tens!] ?? NUMBER_WORDS[tens!]!);
}
// "ten pounds ninety-eight", "thirty-eight pounds fifty": the pence said after the pounds.
const AMOUNT_OF_POUNDS = new RegExp(
  `\\b(\\d+(?:\\.\\d{2})?|${SPOKEN_AMOUNT})\\s+(?:pounds?|quid)\\b(?:\\s+(${BELOW_HUNDRED})\\b(?![-\\s]+(?:pounds?|quid|pence|p)\\b))?`,
  'gi',
);

/**
 * "six pounds an hour" where the screen prices in pounds ("£6 per hour") and weighs nothing in them: "£6 an hour". A
 * screen that shows "12 lb" leaves pounds as they are said.
 */
export function poundsAsMoney(text: string, shown: readonly string[]): string {
  if (!shown.some((t) => t.includes('£')) || shown.some((t) => /\d\s*(?:lbs?|pounds?)\b/i.test(t))) return text;
  return text.replace(AMOUNT_OF_POUNDS, (_, amount: string, pence?: string) => {
    const pounds = /^\d/.test(amount) ? amount : spokenNumber(amount);
    return pence ? `£${pounds}.${spokenNumber(pence).padStart(2, '0')}` : `£${pounds}`;
  });
}

/** One word (lower case, as comparableTokens gives it) as all its synonyms are read. */
export function canonicalWord(word: string): string {
  if (/^\d/.test(word)) return canonicalNumber(word);
  return TABLE.get(word) ?? NUMBER_WORDS[word] ?? word;
}

const IS_NUMBER = /^\d/;
/** Words for a change by an amount, read as "up" / "down" before a number: "Tesla gained 3.05%" is "up 3.05%". */
const UP = /^(?:up|gained|gains|rose|rises|risen|increased|increases|climbed|climbs)$/;
const DOWN = /^(?:down|lost|loses|fell|falls|fallen|dropped|drops|decreased|decreases|declined|declines)$/;

/**
 * Tokens read through the lexicon, with what the tokens around say: "h" after a number is
 * hours ("3h 35m"), "m" minutes right after such hours (never alone: "100 m" may be metres),
 * and a verb of change before a number is "up" or "down".
 */
export function canonicalTokens(tokens: readonly string[]): string[] {
  const out = tokens.map(canonicalWord);
  for (let i = 0; i < out.length; i++) {
    const before = i > 0 ? tokens[i - 1]! : '';
    const next = tokens[i + 1] ?? '';
    if (tokens[i] === 'h' && IS_NUMBER.test(before)) out[i] = 'hours';
    else if (tokens[i] === 'm' && IS_NUMBER.test(before) && i >= 2 && out[i - 2] === 'hours') out[i] = 'minutes';
    else if (IS_NUMBER.test(next) && UP.test(tokens[i]!)) out[i] = 'up';
    else if (IS_NUMBER.test(next) && DOWN.test(tokens[i]!)) out[i] = 'down';
  }
  return spelledDurations(out);
}

/**
 * "3 minutes 42 seconds" as a player or a recorder writes it, "3:42": minutes and seconds spelled
 * out are one clock duration (whole numbers, seconds under 60). Hours are left alone ("1 hour 5
 * minutes" may be "1:05" or "1:05:00").
 */
function spelledDurations(tokens: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const [m, min, sec, s] = [tokens[i]!, tokens[i + 1] ?? '', tokens[i + 2] ?? '', tokens[i + 3] ?? ''];
    const and = sec === 'and' ? 1 : 0;
    const [secs, secWord] = and ? [s, tokens[i + 4] ?? ''] : [sec, s];
    if (/^\d+$/.test(m) && /^minutes?$/.test(min) && /^\d{1,2}$/.test(secs) && Number(secs) < 60 && /^seconds?$/.test(secWord)) {
      out.push(`${m}:${secs.padStart(2, '0')}`);
      i += 3 + and;
    } else out.push(m);
  }
  return out;
}

const RATE: Readonly<Record<string, string>> = {
  year: 'yearly',
  yr: 'yearly',
  month: 'monthly',
  mo: 'monthly',
  week: 'weekly',
  wk: 'weekly',
  day: 'daily',
};

/**
 * A rate as one word: "£518.40 a year", "per year", "/yr", "annually" and "yearly" are alike, as
 * are "a month", "/mo" and "monthly" ("£46.80 a month" is never yearly). Not "a day ago", "a week
 * later": those say when, not how often.
 */
function ratesAsWords(text: string): string {
  return text
    .replace(
      /\b(?:a|per|each|every)\s+(year|month|week|day)\b(?!\s+(?:ago|left|later|before|after|earlier|old|from|or\b))/gi,
      (_, unit: string) => RATE[unit.toLowerCase()]!,
    )
    .replace(/\/\s?(yr|year|mo|month|wk|week|day)\b/gi, (_, unit: string) => ` ${RATE[unit.toLowerCase()]}`)
    .replace(/\b(?:annually|annual|p\.a\.)/gi, 'yearly');
}

/**
 * A masked number as said: "Visa •••• 4821" and "Account ·· 3381" show a card or an account whose
 * number ends in 4821 or 3381; the mask signs are no word (comparableTokens), and a claim's "ends
 * in", "ending (in / with)" before the last 4 digits of a card, an account or a phone is none
 * either ("the card ends in 4821" reads "the card 4821"). Never before a duration or other count.
 */
function maskedAsWords(text: string): string {
  if (!/\b(?:card|account|visa|mastercard|amex|maestro|debit|credit|iban|phone|number)\b/i.test(text)) return text;
  return text.replace(/\b(?:that\s+)?(?:ends|ending|end)(?:\s+(?:in|with))?\s+(?=\d{4}\b(?![.,]?\d)(?!\s*\p{L}))/giu, '');
}

/**
 * A cause said in other words: "diverted due to roadworks", "owing to roadworks" are "because of roadworks" (the
 * form a claim's readers already pass over: "closed because of wind" over "Closed · wind").
 */
const causesAsWords = (text: string) =>
  text.replace(
    /\b(?:due|owing)\s+to\b(?!\s+(?:arrive|depart|leave|start|begin|open|close|finish|end|be|expire|renew|return)\b)|\bon\s+account\s+of\b/gi,
    'because of',
  );

/** "&" is "and", and a "+" between words is "plus" ("Service + gas safety certificate"); a "+" before a number is its sign. */
export const joinersAsWords = (text: string) => text.replace(/&/g, ' and ').replace(/(\p{L})\s+\+\s+(?=\p{L})/gu, '$1 plus ');

/**
 * What a thing comes to is what it costs, "altogether" what it costs in total: "the order comes to £160.50 altogether",
 * "adds up to £42", "the client dinner came to €128.50".
 */
const totalsAsWords = (text: string) =>
  text.replace(
    /\b(?:comes?|came|adds?\s+up|added\s+up)\s+to\s+([£$€]\s?\d[\d,.]*)(\s+(?:altogether|in\s+all|in\s+total))?/gi,
    (_, amount: string, whole?: string) => `costs ${amount}${whole ? ' in total' : ''}`,
  );

/** A sign before a percentage said as a word: "+1.24%" is "up 1.24%", "−0.38%" "down 0.38%" (comparableTokens drops signs). */
export function signsAsWords(text: string): string {
  return ratesAsWords(maskedAsWords(causesAsWords(totalsAsWords(text))))
    .replace(/(^|[\s(])\+\s?(?=\d[\d.,]*\s?%)/g, '$1up ')
    .replace(/(^|[\s(])[−–-]\s?(?=\d[\d.,]*\s?%)/g, '$1down ');
}

/** Are two words the same in the lexicon's reading? */
export function sameWord(a: string, b: string): boolean {
  return canonicalWord(a) === canonicalWord(b);
}

/** A state an assertion can check: a switch's, a button's, a tab's. */
export type ElementState = 'on' | 'off' | 'enabled' | 'disabled' | 'selected' | 'unselected';

/**
 * The words for a control's state. "enabled" of a switch means on, of a button that it can be
 * used (assertions.ts `resolveState`); "disabled" the opposite. Only negative words that a plain
 * text can never satisfy ("not clickable", "unavailable") read as disabled: a text is always
 * enabled, so a positive one ("clickable") would pass over any text.
 */
export const STATE_SYNONYMS: Readonly<Record<string, ElementState>> = {
  on: 'on',
  off: 'off',
  checked: 'on',
  unchecked: 'off',
  ticked: 'on',
  unticked: 'off',
  enabled: 'enabled',
  // Of a switch only ("Dark mode is active"): a tab is "active" when selected, a button when usable, so with no switch it fails.
  active: 'on',
  activated: 'on',
  inactive: 'off',
  deactivated: 'off',
  disabled: 'disabled',
  unavailable: 'disabled',
  'not clickable': 'disabled',
  'not tappable': 'disabled',
  'not active': 'off',
  'greyed out': 'disabled',
  greyed: 'disabled',
  dimmed: 'disabled',
  selected: 'selected',
  highlighted: 'selected',
  chosen: 'selected',
  picked: 'selected',
  'not selected': 'unselected',
  unselected: 'unselected',
  'not checked': 'off',
  'not ticked': 'off',
  'not enabled': 'disabled',
};

/**
 * Ways to name a media control's action, the first being how all are read: "Skip ahead 10
 * seconds" is the button "Forward 10 seconds", "Go back 10 seconds" the button "Rewind 10
 * seconds". Only for a control named whole, numbers and all (intent-resolver.ts).
 */
const CONTROL_PHRASES: readonly (readonly string[])[] = [
  ['forward', 'skip forward', 'skip ahead', 'jump forward', 'jump ahead', 'fast forward', 'go forward', 'seek forward'],
  ['rewind', 'skip back', 'skip backward', 'skip backwards', 'jump back', 'go back', 'seek back', 'back'],
];

/** A control's words with a leading action phrase read as its group's first ("skip ahead 10 s" → "forward 10 seconds"). */
export function controlWords(tokens: readonly string[]): string[] {
  const words = spelledOut(tokens);
  for (const group of CONTROL_PHRASES) {
    for (const phrase of [...group].sort((a, b) => b.length - a.length)) {
      const p = phrase.split(' ');
      if (p.every((w, i) => words[i] === w)) return [group[0]!, ...words.slice(p.length)];
    }
  }
  return words;
}

/**
 * Where an action puts its object or takes it from: "Add a Margherita to the basket" is the button "Add Margherita",
 * "Remove the salmon from my box" the row's Remove.
 */
/** A day of the week, said in full (lower case or not): "Friday". */
export const WEEKDAY = /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/i;
export const MONTH = /^(?:january|february|march|april|may|june|july|august|september|october|november|december)$/;

export const DESTINATION =
  /\s+(?:to|into|in|from|off)\s+(?:the\s+|my\s+|our\s+)?(?:basket|cart|bag|box|order|list|playlist|favou?rites|library|wishlist|trolley|inventory|stay|booking|quote)$/i;

/** What a tester may call the thing a screen acts on: "Pause the video", "Stop the timer", "Attach a photo". */
export const GENERIC_OBJECTS =
  /^(?:video|song|track|music|audio|episode|podcast|playback|movie|film|show|recording|stream|timer|stopwatch|workout|navigation|download|upload|call|photo|picture|image|file|document|attachment|app|message|email|reply|comment|post|form|request|it|this)$/i;

/** Nouns that say what a row is: "the 10:40 reading", "the damp patch request", "batch #14". */
export const ROW_KINDS =
  /^(?:reading|request|entry|item|row|order|booking|batch|listing|product|appointment|session|record|claim|ticket|slot|class|lesson|visit|job|task|shift|picking|event|course|tour|outing|trip|game|room|stop|one)s?$/;
