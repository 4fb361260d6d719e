/**
 * A date as a tester says it, naming the one control that shows it as the screen writes it:
 * "Tuesday 17th", "the 17th", "Tuesday the 17th of March" for "Tue 17 March" or "17 Mar". The
 * day of the month must be the same; a weekday or month said must be the control's, when it
 * shows one. Only a whole date (nothing else said), and one such control only.
 */
import { ordinalValue } from './target-phrase.js';
import { comparableTokens } from './verdict-text.js';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
/** The weekdays and months as alternatives of a regular expression. */
export const DAY_NAMES = WEEKDAYS.join('|');
export const MONTH_NAMES = MONTHS.join('|');

/** "Tuesday 17th", "the 17th", "Tue the 17th of March", "17 March": a date said, within a sentence. */
export const SPOKEN_DATE = new RegExp(
  `\\b(?:(?:${DAY_NAMES})\\s+(?:the\\s+)?\\d{1,2}(?:st|nd|rd|th)?|the\\s+\\d{1,2}(?:st|nd|rd|th)|\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?(?:${MONTH_NAMES}))(?:\\s+(?:of\\s+)?(?:${MONTH_NAMES}))?\\b`,
  'i',
);

export interface DateParts {
  day: number;
  weekday: string | null;
  month: string | null;
}

/** The word as a weekday or month ("Tue", "Sept" read whole), or null. */
const named = (word: string, names: readonly string[]) => names.find((n) => n === word || (word.length >= 3 && n.startsWith(word))) ?? null;

/** The parts of a text that is a date and nothing else ("Tuesday 17th", "Tue 17 March", "the 17th"); null otherwise. */
export function dateParts(text: string): DateParts | null {
  const words = comparableTokens(text.replace(/\b(\d{1,2})(?:st|nd|rd|th)\b/gi, '$1')).filter((w) => w !== 'the' && w !== 'of');
  let day: number | null = null;
  let weekday: string | null = null;
  let month: string | null = null;
  for (const w of words) {
    if (/^\d{1,2}$/.test(w) && day === null && Number(w) >= 1 && Number(w) <= 31) day = Number(w);
    else if (!weekday && named(w, WEEKDAYS)) weekday = named(w, WEEKDAYS);
    else if (!month && named(w, MONTHS)) month = named(w, MONTHS);
    else return null;
  }
  return day === null ? null : { day, weekday, month };
}

/** Whether a control's date is the one said: the same day, and the weekday and month where both say one. */
export function sameDate(said: DateParts, shown: DateParts): boolean {
  return (
    said.day === shown.day &&
    (!said.weekday || !shown.weekday || said.weekday === shown.weekday) &&
    (!said.month || !shown.month || said.month === shown.month)
  );
}

/** "paid up to 31 March 2027", "open till Friday 12th": before a date, "until" as a screen writes it. Nothing else. */
export function untilDates(text: string): string {
  return text.replace(new RegExp(`\\b(?:up\\s+to|up\\s+until|till|through)\\s+(?=${SPOKEN_DATE.source})`, 'gi'), 'until ');
}

/** Days of the month said in words past the twelfth: lower ones ("the first", "the third") are as often a place in a list. */
const DAY_WORDS: Readonly<Record<string, number>> = {
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
  twentieth: 20,
  thirtieth: 30,
};
// "twenty-first" … "thirty-first": a ten and a place of one to nine (target-phrase.ts ordinalValue).
const DAY_WORD = new RegExp(`\\bthe\\s+(${Object.keys(DAY_WORDS).join('|')}|(?:twenty|thirty)[-\\s]\\p{L}+)\\b`, 'giu');
const suffix = (n: number) => (n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th');

/** "the twenty-first" as "the 21st", as dates are written ("Sunday the 21st", "Sun 21 Sep"). */
export function dayOrdinals(text: string): string {
  return text.replace(DAY_WORD, (whole, said: string) => {
    const [tens, unit] = said.toLowerCase().split(/[-\s]/);
    const place = unit ? ordinalValue(unit) : undefined;
    if (unit && (place === undefined || place < 1 || place > (tens === 'thirty' ? 1 : 9))) return whole;
    const n = unit ? (tens === 'thirty' ? 30 : 20) + place! : DAY_WORDS[tens!]!;
    return `the ${n}${suffix(n)}`;
  });
}

const DAY_MONTH = new RegExp(
  `\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?(${MONTH_NAMES}|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\\b`,
  'gi',
);
const monthOf = (word: string) => named(word.toLowerCase(), MONTHS);

/**
 * "taken on 2 December" over "Taken 2 December 2025": a day and month said without a year get the one year
 * the screen writes beside that day and month, when it writes one; else the text stays as said.
 */
export function withShownYear(text: string, shown: readonly string[]): string {
  const years = (day: number, month: string) => {
    const found = new Set<string>();
    for (const s of shown)
      for (const m of s.matchAll(new RegExp(`${DAY_MONTH.source}\\.?,?\\s+(\\d{4})\\b`, 'gi')))
        if (Number(m[1]) === day && monthOf(m[2]!) === month) found.add(m[3]!);
    return [...found];
  };
  return text.replace(DAY_MONTH, (whole, day: string, month: string, at: number, all: string) => {
    if (/^\s*,?\s*\d{4}\b/.test(all.slice(at + whole.length))) return whole;
    const found = years(Number(day), monthOf(month) ?? '');
    return found.length === 1 ? `${whole} ${found[0]}` : whole;
  });
}

const WEEKDAY_DAY = new RegExp(
  `\\b(${DAY_NAMES})\\s+(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th)?\\b(?!\\s+(?:of\\s+)?(?:${MONTH_NAMES}|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\\b)`,
  'gi',
);

/**
 * "Wednesday the 4th" over "Wed 4 Jun": a weekday and a day said without a month get the one month the screen
 * writes with that weekday and day ("Wednesday 4 June"); else the text stays as said.
 */
export function withShownMonth(text: string, shown: readonly string[]): string {
  return text.replace(WEEKDAY_DAY, (whole, weekday: string, day: string) => {
    const months = new Set<string>();
    for (const s of shown)
      for (const m of s.matchAll(/\b(\p{L}{3,9})\.?,?\s+(\d{1,2})(?:st|nd|rd|th)?\s+(\p{L}{3,9})\b/giu)) {
        const parts = dateParts(m[0]);
        if (parts?.weekday === weekday.toLowerCase() && parts.day === Number(day) && parts.month) months.add(parts.month);
      }
    return months.size === 1 ? `${weekday} ${day} ${[...months][0]}` : whole;
  });
}
