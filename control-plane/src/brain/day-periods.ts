/**
 * A part of the day naming a row: "the afternoon harbour cruise" of two Harbour Cruise rows at 10:30
 * and 14:00, "sign me up for Saturday morning" of two Saturday shifts at 9:00 and 13:00. A row is in
 * the period when it says the period's word ("8:00 – 12:00 · Morning") or its first time falls in
 * the period's hours; a row showing no time is in none.
 */
import { descendants } from './element-roles.js';
import type { ScreenElement } from './hierarchy.js';
import { sameLemma } from './lemmas.js';
import { canonicalWord } from './lexicon.js';
import { locatable } from './locators.js';
import { DAY_NAMES, MONTH_NAMES } from './spoken-dates.js';
import { comparableTokens } from './verdict-text.js';

/** Hours of each period, [from, to) in minutes after midnight; night runs past midnight. */
const PERIODS: Readonly<Record<string, readonly [number, number]>> = {
  morning: [5 * 60, 12 * 60],
  afternoon: [12 * 60, 18 * 60],
  evening: [17 * 60, 24 * 60],
  night: [20 * 60, 29 * 60],
  tonight: [17 * 60, 29 * 60],
};

/** The one word of `words` (lower case) that names a part of the day, or null. */
export function periodWord(words: readonly string[]): string | null {
  const found = words.filter((w) => w in PERIODS);
  return found.length === 1 ? found[0]! : null;
}

/**
 * The rows a reader may take when `words` (lower case) name a part of the day, `words` without that word, and
 * what the other rows hold (a name shown only there is not "shown elsewhere"). Without such a word: every row.
 */
export function rowsOfPeriod(
  words: readonly string[],
  rows: readonly ScreenElement[],
  elements: readonly ScreenElement[],
): { others: string[]; rows: ScreenElement[]; aside: Set<ScreenElement> } {
  const period = periodWord(words);
  if (!period) return { others: [...words], rows: [...rows], aside: new Set() };
  const kept = rows.filter((r) => inPeriod(r, period, elements));
  const aside = new Set(rows.filter((r) => !kept.includes(r)).flatMap((r) => [r, ...descendants(r, elements)]));
  return { others: words.filter((w) => w !== period), rows: kept, aside };
}

/** Minutes after midnight of the first time a text shows ("9:00–12:00", "Sat 29 Nov · 07:30", "8 pm"), or null. Never a price ("£14.00"). */
function firstTime(text: string): number | null {
  const clock = /\b(\d{1,2}):(\d{2})\s*(am|pm)?\b/i.exec(text) ?? /\b(\d{1,2})()\s*(am|pm)\b/i.exec(text);
  if (!clock) return null;
  let hour = Number(clock[1]);
  const meridiem = clock[3]?.toLowerCase();
  if (meridiem === 'pm' && hour < 12) hour += 12;
  if (meridiem === 'am' && hour === 12) hour = 0;
  const minutes = Number(clock[2] || 0);
  return hour < 24 && minutes < 60 ? hour * 60 + minutes : null;
}

/** Whether the row is in the part of the day: it says so, or its first time falls in its hours. */
export function inPeriod(row: ScreenElement, period: string, elements: readonly ScreenElement[]): boolean {
  const texts = [row, ...descendants(row, elements)].map((el) => el.text || el.contentDesc).filter(Boolean);
  if (texts.some((t) => comparableTokens(t).some((w) => sameLemma(w, period)))) return true;
  const time = texts.map(firstTime).find((t) => t !== null);
  if (time === undefined || time === null) return false;
  const [from, to] = PERIODS[period]!;
  return (time >= from && time < to) || (time + 24 * 60 >= from && time + 24 * 60 < to);
}

/** "8 pm" as the screen writes a time on a 24-hour clock ("20:00"); "8 am" as "8:00". Null for anything else. */
export function clockTime(amount: string, meridiem: string): string | null {
  const m = /^(\d{1,2})(?:[:.](\d{2}))?$/.exec(amount);
  if (!m || !/^(?:am|pm)$/i.test(meridiem) || Number(m[1]) > 12) return null;
  const hour = (Number(m[1]) % 12) + (/^pm$/i.test(meridiem) ? 12 : 0);
  return `${hour}:${m[2] ?? '00'}`;
}

const MONTHS = MONTH_NAMES;
const DAY = `(?:${DAY_NAMES})`;

/**
 * Times and spans as testers say them, written as a screen does: "10 till 2" and "10am to 2pm" are
 * "10:00 – 14:00", "until 6pm" is "until 18:00", "Friday 12 to Monday 15 June" is "Friday 12 June –
 * Monday 15 June". A bare "2 to 4" is left alone (a count, a score); so is a day before a month.
 */
export function clockTimes(text: string): string {
  const range = new RegExp(
    `\\b(from\\s+|between\\s+)?(\\d{1,2})(?::(\\d{2}))?(?:\\s*(am|pm))?\\s*(to|till|until|and|–|-)\\s*(\\d{1,2})(?::(\\d{2}))?(?:\\s*(am|pm))?\\b(?!\\s*(?:${MONTHS}|st|nd|rd|th|%|[.,]\\d))`,
    'gi',
  );
  let out = text.replace(range, (whole, from, h1, m1, mer1, word, h2, m2, mer2) => {
    if (!mer1 && !mer2 && !from && !/^(?:till|until)$/i.test(word)) return whole;
    // "between 6 and 8 pm": "between" goes with "and" (never "6 and 8 pm", two times), and says a span only with a part
    // of the day ("between 2 and 4 items" is none).
    const between = /^between/i.test(from ?? '');
    if (between !== /^and$/i.test(word) || (between && !mer1 && !mer2)) return whole;
    const start = Number(h1);
    const end = Number(h2);
    if (start > 23 || end > 23 || (m1 && Number(m1) > 59) || (m2 && Number(m2) > 59)) return whole;
    // "1 to 3pm" starts in the afternoon; "10 to 2pm" in the morning; "10 till 2" and "6pm to 9" end past noon.
    const startClock = mer1 ? hour24(start, mer1) : /^pm$/i.test(mer2 ?? '') && start + 12 <= hour24(end, mer2) ? start + 12 : start;
    const endClock = mer2 ? hour24(end, mer2) : end < startClock ? end + 12 : end;
    return `${/^from/i.test(from ?? '') ? from : ''}${startClock}:${m1 ?? '00'} – ${endClock}:${m2 ?? '00'}`;
  });
  out = out.replace(/\b(\d{1,2})(?::(\d{2}))?\s*(am|pm)\b/gi, (whole, h, m, mer) =>
    Number(h) > 12 ? whole : `${hour24(Number(h), mer)}:${m ?? '00'}`,
  );
  const days = new RegExp(`\\b(${DAY}\\s+)?(\\d{1,2})\\s+(?:to|till|until|–|-)\\s+(${DAY}\\s+)?(\\d{1,2})\\s+(${MONTHS})\\b`, 'gi');
  return out.replace(days, (_, d1 = '', n1, d2 = '', n2, month) => `${d1}${n1} ${month} – ${d2}${n2} ${month}`);
}

const hour24 = (hour: number, meridiem: string) => (hour % 12) + (/^pm$/i.test(meridiem) ? 12 : 0);

const HOUR = '(\\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)';
/** What a spoken time may not be followed by: then it is an amount ("half ten minutes" is none). */
const NOT_A_TIME =
  '(?!\\s*(?:[:.]\\d|%|minutes?|mins?|hours?|hrs?|days?|weeks?|years?|times?|pounds?|euros?|dollars?|kg|km|miles?|of\\b|a\\b|an\\b))';
/** An hour said in digits or words ("ten" is 10, lexicon.ts). */
const hourOf = (word: string) => Number(canonicalWord(word.toLowerCase()));

/**
 * Times said in words written as a clock does: "10 o'clock" is "10:00", "half ten" and "half past
 * ten" (British) "10:30", "quarter past 2" "2:15", "quarter to eleven" "10:45". An hour past 12 is
 * left as said; so is "half" before an amount ("half an hour"). "Noon" stays: a screen may say it.
 */
export function spokenTimes(text: string): string {
  const at = (h: number, m: number) => (h >= 1 && h <= 12 ? `${h}:${String(m).padStart(2, '0')}` : null);
  return (
    text
      .replace(new RegExp(`\\b${HOUR}\\s+o['’]?clock\\b`, 'gi'), (whole, h) => at(hourOf(h), 0) ?? whole)
      .replace(new RegExp(`\\bhalf\\s+(?:past\\s+)?${HOUR}\\b${NOT_A_TIME}`, 'gi'), (whole, h) => at(hourOf(h), 30) ?? whole)
      .replace(new RegExp(`\\bquarter\\s+past\\s+${HOUR}\\b${NOT_A_TIME}`, 'gi'), (whole, h) => at(hourOf(h), 15) ?? whole)
      .replace(new RegExp(`\\bquarter\\s+to\\s+${HOUR}\\b${NOT_A_TIME}`, 'gi'), (whole, h) =>
        hourOf(h) >= 1 && hourOf(h) <= 12 ? `${((hourOf(h) + 10) % 12) + 1}:45` : whole,
      )
      // "from ten till two": hours in words at both ends of a span, as "from 10 till 2" is read.
      .replace(
        new RegExp(`\\b(from|between)\\s+${WORD_HOUR}\\s+(till|until|to|and)\\s+${WORD_HOUR}\\b${SPAN_END}`, 'gi'),
        (_, from, a, to, b) => `${from} ${hourOf(a)} ${to} ${hourOf(b)}`,
      )
  );
}

/** An hour said in a word: a bare digit may be a count, so only words are read here. */
const WORD_HOUR = '(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)';
/** What may follow a span of hours: the end, or words of when ("from two to three people" is a count). */
const SPAN_END = '(?=\\s*(?:$|[,.;:!?)]|(?:am|pm|on|at|in\\s+the|today|tomorrow|tonight|every|each|daily)\\b))';

/**
 * "the 4:30 general skate", "half four" (4:30) on a screen of 24-hour times: the afternoon's 16:30 when the screen
 * shows that and no 4:30 or 04:30, as people say times without "pm".
 */
export function afternoonAsShown(text: string, elements: readonly ScreenElement[], said = text): string {
  // Shown times in 24-hour form too: "7:30 pm" shows 19:30, not 7:30.
  const shown = locatable(elements).map((el) => clockTimes(el.text || el.contentDesc));
  const shows = (time: string) => shown.some((l) => new RegExp(`(?<![\\d:])0?${time}(?![\\d])`).test(l));
  // A time said with "am" or "pm", or in words that say "am" or "morning" at all (`said`, before "8am" became "8:00"),
  // is as said.
  if (/(?:\d|\b)(?:am|a\.m\.)(?!\w)|\bmorning\b/i.test(said)) return text;
  return text.replace(/\b(\d{1,2}):(\d{2})\b(?!\s*(?:am|pm|a\.m\.|p\.m\.))/gi, (whole, h: string, m: string) => {
    const later = `${Number(h) + 12}:${m}`;
    return Number(h) >= 1 && Number(h) <= 11 && !shows(`${Number(h)}:${m}`) && shows(later) ? later : whole;
  });
}

/**
 * "the evening high tide is 5.1 m" over High rows at 05:42 and 18:07: a part of the day naming one row, written as
 * that row's time ("the 18:07 high tide …"), when every other word of the name is on the screen and exactly one row
 * in that period shows one of them (by dictionary form). Else the text as it was.
 */
export function periodAsRowTime(text: string, rows: readonly ScreenElement[], elements: readonly ScreenElement[]): string {
  const m =
    /\b(?:the|this|tonight['’]s|today['’]s)\s+(morning|afternoon|evening|night)(?:['’]s)?\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)(?=\s+(?:is|are|was|were|has|had|will|shows?|says?)\b)/iu.exec(
      text,
    );
  if (!m) return text;
  const period = m[1]!.toLowerCase();
  const words = comparableTokens(m[2]!);
  const textsOf = (row: ScreenElement) => [row, ...descendants(row, elements)].map((el) => el.text || el.contentDesc).filter(Boolean);
  const says = (texts: readonly string[], w: string) => texts.some((t) => comparableTokens(t).some((o) => sameLemma(o, w)));
  // Each word of the name on the screen ("tide" of a heading "Tide times"), one at least in the row ("High").
  const shown = locatable(elements).map((el) => el.text || el.contentDesc);
  if (!words.every((w) => says(shown, w))) return text;
  const named = rows.filter((r) => inPeriod(r, period, elements) && words.some((w) => says(textsOf(r), w)));
  const time =
    named.length === 1
      ? textsOf(named[0]!)
          .map((t) => /\b\d{1,2}:\d{2}\b/.exec(t)?.[0])
          .find(Boolean)
      : undefined;
  return time ? `${text.slice(0, m.index)}the ${time} ${m[2]!}${text.slice(m.index + m[0].length)}` : text;
}

/**
 * "8:12 this morning", "9 in the morning", "6 this evening": a time and the part of the day it is in, as "am" or "pm"
 * (which clockTimes then writes as the screen does). Nothing else is read: "this morning" alone names no time.
 */
export function timesOfPeriod(text: string): string {
  return text.replace(
    /\b(\d{1,2})(:\d{2})?\s+(?:this|in\s+the)\s+(morning|afternoon|evening)\b/gi,
    (whole, h: string, m: string | undefined, period: string) => {
      const hour = Number(h);
      if (hour < 1 || hour > 12) return whole;
      return `${h}${m ?? ''}${/^morning$/i.test(period) ? 'am' : 'pm'}`;
    },
  );
}
