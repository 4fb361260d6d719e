/**
 * A check about one row of a list, said as a sentence: "the N3 leaves at 08:58", "the 09:00
 * departure is sold out", "Brighton v Fulham kicks off at 20:00", "recycling is collected on Tue 16
 * Dec", "the Barolo should be held until 2028". The row is the one the subject names, and
 * everything the rest of the sentence says is said by that row.
 *
 * - The row: exactly one row of the list shows every name of the sentence (its words written with
 *   a capital or a digit: "N3", "08:58", "Brighton", "Tue 16 Dec") as words of its texts, or, with
 *   no name in the subject, the subject is the row's title ("recycling" over "Recycling"); nothing
 *   outside the row shows a name of the subject.
 * - What is said of it: every word after the verb is a word of the row (in some form: "held" is
 *   "Hold", "minutes" is "min", lexicon.ts), verbs of timing and flagging and prepositions aside
 *   ("leaves at", "kicks off at", "is flagged as").
 * - The row has the sentence's numbers in the sentence's order and no opposite of its words ("Low" for
 *   "the high tide", "Off" for "is on"; claim-words.ts).
 * - Never a sentence with a negation, or a comparison ("the cheapest", "more than"): other readers
 *   decide those, or fail them.
 */
import type { Decision } from './actions.js';
import { textOf } from './claim-pieces.js';
import { numbersInOrder, oppositesAgree } from './claim-words.js';
import { confidence } from './decisions.js';
import { listItems } from './element-matching.js';
import { descendants, describe, isButtonType } from './element-roles.js';
import type { ScreenElement } from './hierarchy.js';
import { sameLemma, sameRoot } from './lemmas.js';
import { canonicalTokens, ROW_KINDS, spelledOut } from './lexicon.js';
import { locatable, locatorFor, uniqueLocator } from './locators.js';
import { rowTitles } from './row-titles.js';
import { modalFilter } from './screen-structure.js';
import { comparableTokens, sameText, startsWithName, textSegments } from './verdict-text.js';

/** The verb that ends the subject: a copula or modal, or a verb of when or how much. */
const VERB =
  /\s(?:is|are|was|were|has|have|had|should|will|would|can|must|leaves|leave|departs|depart|arrives|arrive|kicks|kick|starts|start|opens|open|closes|close|takes|take|costs|cost|charges|charge|runs|run|plays|play|ends|end|needs|need)\s/i;
/** Words of the sentence that say how, not what: verbs of the kind above, prepositions, fillers. */
const SAYING_NOTHING = new Set(
  'is are was were be been being has have had should will would can must leaves leave departs depart arrives arrive kicks kick off starts start opens open closes close takes take costs cost charges charge runs run plays play ends end at on in for from to by until as of the a an it its flagged marked shown listed set scheduled due collected given'.split(
    ' ',
  ),
);
const NEGATION = /\b(?:not|no|never|none|nobody|nothing|without)\b|n['’]t\b/i;
/** Words saying what follows is still to come: "Awaiting confirmation", "Pending approval", "yet to reply". */
const STILL_TO_COME = /\b(?:awaiting|pending|waiting\s+(?:for|on)|yet\s+to)\b/i;
const COMPARISON =
  /\b(?:most|least|more|less|fewer|cheapest|dearest|earliest|latest|first|last\s+one|only|than|highest|lowest|longest|shortest|both|all|every|each|any)\b|\w+est\b/i;
const DETERMINERS = /^(?:the|a|an|my|our|your|this|that)$/i;
/** "Opens at 07:00", "Closes in 20 min", "from 18:00": when a state will be, not that it is. */
const TIME_TO_COME = /\b(?:opens?|closes?|starts?|ends?|from|until|at|in)\s+\S*\d|\b\d{1,2}:\d\d\b/i;
const COUNT =
  /^(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|both|all|several|some|many|few)\s+(?!\S*\d)\S|\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+of\s/i;

export function rowClaim(sentence: string, elements: readonly ScreenElement[]): Decision | null {
  const said = sentence.trim().replace(/[.!]$/, '');
  if (NEGATION.test(said) || COMPARISON.test(said.replace(/\b(?:latest|last)\b/gi, '')) || modalFilter(elements)) return null;
  const verb = VERB.exec(` ${said} `);
  if (!verb || verb.index === 0) return null;
  // "the paper's free trial ends on 30 Nov": the row is the paper's; what it has ("free trial") is said by the row.
  const owned = /^((?:the\s+|my\s+|our\s+)?\p{Ll}[\p{L}-]*(?:\s+\p{Ll}[\p{L}-]*)?)['’]s\s+(\p{Ll}.*)$/u.exec(
    said.slice(0, verb.index).trim(),
  );
  const subject = owned ? owned[1]! : said.slice(0, verb.index).trim();
  // A count as the subject ("two of two Metformin doses", "2 doses") is a claim about a number: not this reader's.
  if (COUNT.test(subject.replace(/^(?:the|my|our|your)\s+/i, ''))) return null;
  // "needs attention": what is needed is said with the verb ("Needs attention"), never without it.
  const needs = /^needs?$/i.test(verb[0].trim());
  const predicate = `${owned ? owned[2]! : ''} ${needs ? verb[0].trim() : ''} ${said.slice(verb.index + verb[0].length - 1).trim()}`.trim();
  const rows = claimRows(elements);
  if (rows.length === 0) return null;
  // What a row says: its texts, not its controls ("Add to my schedule" offers, it does not say).
  const inside = (row: ScreenElement) => [row, ...descendants(row, elements)].filter((el) => !el.clickable && !isButtonType(el));
  // A name is written together in one text of the row: "Wall 3", never "Wall 2" beside "3 attempts".
  const showsName = (row: ScreenElement, name: string) => inside(row).some((el) => hasWords(textOf(el), name));
  const names = runsOfNames(said);
  const subjectNames = runsOfNames(subject);
  let row: ScreenElement | undefined;
  if (subjectNames.length > 0) {
    const hits = rows.filter((r) => names.every((n) => showsName(r, n)));
    if (hits.length !== 1) return null;
    row = hits[0]!;
    // Each name of the subject is this row's alone among the rows ("Order" of "Order #1043" is every row's).
    // A name of two words or more counts elsewhere as a text that is it or starts with it ("Blue Mug Small" beside
    // "Blue Mug Large"), not one that mentions it ("Clashes with Nova Heights" names another set).
    const alsoIn = (r: ScreenElement, n: string) =>
      comparableTokens(n).length > 1
        ? inside(r).some((el) => textSegments(textOf(el)).some((seg) => sameText(seg, n) || startsWithName(seg, n)))
        : showsName(r, n);
    if (subjectNames.some((n) => rows.some((r) => r !== row && alsoIn(r, n)))) return null;
    const mine = new Set(inside(row));
    // A name of the subject shown outside the row ("Arsenal" in a header too) does not single it out.
    const outside = locatable(elements).filter((el) => !mine.has(el));
    if (subjectNames.some((n) => outside.some((el) => textSegments(textOf(el)).some((seg) => sameText(seg, n))))) return null;
  } else {
    const words = subject.split(/\s+/).filter((w) => !DETERMINERS.test(w));
    const titledRows = (title: string) => {
      // The row's title, or part of it: "cholesterol" over "Cholesterol (total)", "the tikka masala" over "Chicken Tikka Masala".
      const wantedTitle = comparableTokens(title);
      const titled = (el: ScreenElement) =>
        textSegments(textOf(el)).some((seg) => sameText(seg, title) || (wantedTitle.length > 1 && namesByHead(seg, wantedTitle))) ||
        (wantedTitle.length > 1 && hasWords(textOf(el), title));
      const hits = rows.filter((r) => inside(r).some(titled));
      if (hits.length > 0 || wantedTitle.length !== 1) return hits;
      // One word naming the thing a row's title is ("the stout" of "#15 Oatmeal Stout", "the smoker" of "Bee smoker
      // with heat guard"): the title's last word before what it comes with; one row only.
      const titles = new Map(rowTitles(elements).map(({ row: r, title: t }) => [r, t]));
      return rows.filter((r) => {
        const t = titles.get(r);
        return t !== undefined && inside(r).includes(t) && headOf(textOf(t)) === wantedTitle[0];
      });
    };
    let hits = titledRows(words.join(' '));
    // A word for what the row is after its name (lexicon.ts ROW_KINDS): "the pasta class" is the row of "Fresh pasta".
    if (hits.length === 0 && words.length > 1 && ROW_KINDS.test(words.at(-1)!.toLowerCase()))
      hits = titledRows(words.slice(0, -1).join(' '));
    // "the dress fitting" is the dress's fitting: the row of the dress, which says the fitting.
    const compound = /^((?:the\s+|my\s+|our\s+)?\p{Ll}+)\s+(\p{Ll}+)$/u.exec(subject);
    if (hits.length === 0 && compound && !owned) return rowClaim(`${compound[1]}'s ${compound[2]}${said.slice(subject.length)}`, elements);
    if (hits.length !== 1) return null;
    row = hits[0]!;
  }
  // After a copula "open" is a state, which the row must say: "the Kirkstall Road list is open to new applicants" is
  // not said by "List closed to new applicants" (the thirty-sixth batch).
  const copula = /^(?:is|are|was|were)$/i.test(verb[0].trim());
  const wanted = canonicalTokens(comparableTokens(predicate)).filter(
    (w, i) => !SAYING_NOTHING.has(w) || (copula && i === 0 && w === 'open'),
  );
  if (wanted.length === 0) return null;
  // All of it said by one text of the row, which denies nothing ("Not Connected" never says "connected").
  // The fillers set aside above still say a state: "in stock" is never said by "Out of stock" (claim-words.ts).
  const saidTokens = canonicalTokens(comparableTokens(said));
  // "Urgent · awaiting confirmation" says it is not confirmed yet: the word after "awaiting" is said only by a sentence
  // that says it is awaited too (it stays "urgent" either way).
  const awaits = STILL_TO_COME.test(said);
  const says = (el: ScreenElement) => {
    const own = canonicalTokens(comparableTokens(textOf(el)));
    if (!oppositesAgree(saidTokens, own) || !numbersInOrder(saidTokens, own)) return false;
    const awaited = awaits ? -1 : own.findIndex((t, i) => STILL_TO_COME.test(own.slice(Math.max(0, i - 2), i).join(' ')));
    return wanted.every((w) =>
      own.some((t, i) => i !== awaited && (t === w || (/^\p{L}/u.test(w) && (sameLemma(t, w) || sameRoot(t, w))))),
    );
  };
  // The row keeps the sentence's numbers in its order, read top to bottom and left to right: "the 08:15 ferry arrives at
  // 07:30" is not said by a row leaving at 07:30 and arriving at 08:15 (scripts/corpus-mutants.ts --mode swap).
  // Nor does it say the opposite of a word of the subject: "the high tide at 11:58" is not the row "Low · 11:58".
  const reading = [...inside(row)].sort((a, b) => a.bounds.y - b.bounds.y || a.bounds.x - b.bounds.x);
  const rowTokens = reading.flatMap((el) => canonicalTokens(comparableTokens(textOf(el))));
  if (!numbersInOrder(saidTokens, rowTokens) || !oppositesAgree(saidTokens, rowTokens)) return null;
  // The text that also shows most of the sentence's names ("18.4 MB used since Nov 1", not "142 MB used …").
  const named = (el: ScreenElement) => names.filter((n) => hasWords(textOf(el), n)).length;
  const shows = inside(row)
    .filter((el) => says(el) && !NEGATION.test(textOf(el)))
    .sort((a, b) => named(b) - named(a))[0];
  if (!shows) return null;
  // "Closes at 22:00" says when it will be closed, not that it is: a state is never read off a time to come.
  if (!/\d/.test(predicate) && TIME_TO_COME.test(textOf(shows))) return null;
  // The sentence said the other way round ("£7.00 is due on the tea bowls"): the predicate names the row, and the
  // text to point at is the one showing the subject's names ("… £7.00 firing fee due"), when one text alone does.
  // Only an amount or a number is so said ("£7.00 is due on …"): "Monday's walk is completed" points at "Completed".
  const inverted = subjectNames.length > 0 && subjectNames.every((n) => /\d/.test(n));
  const bySubject = inside(row).filter((el) => inverted && subjectNames.every((n) => hasWords(textOf(el), n)));
  const target = named(shows) === 0 && bySubject.length === 1 ? bySubject[0]! : shows;
  return {
    action: { type: 'assert', target: uniqueLocator(target, elements) ?? locatorFor(target, elements), visible: true },
    reasoning: `${describe(row)} is the row the sentence is about, and says ${JSON.stringify(predicate)} (${describe(shows)})`,
    confidence: confidence(0.8),
  };
}

/**
 * The rows a sentence may be about. A list of one row that holds rows of its own (a scroll view whose one
 * layout holds the page, its "breakdown_row"s among it) is those rows, as are a screen's layouts of one id
 * when it has no list ("tool_row" three times): read as one, "Network charges are
 * €49.92" had passed on the Energy row's €49.92 (found by scripts/corpus-mutants.ts --mode values).
 */
function claimRows(elements: readonly ScreenElement[]): ScreenElement[] {
  const rows = listItems(elements).filter((r) => r.visible);
  if (rows.length > 1) return rows;
  // No list at all: rows laid out one under another, each a layout of the same id ("tool_row").
  const inside = (rows.length === 1 ? descendants(rows[0]!, elements) : locatable(elements)).filter(
    (d) => d.visible && d.resourceId && descendants(d, elements).length > 0,
  );
  const repeated = inside.filter((d) => inside.some((o) => o !== d && o.resourceId === d.resourceId));
  // The outermost repeated ones: rows, not the parts of a row.
  const outermost = repeated.filter((d) => !repeated.some((o) => o !== d && descendants(o, elements).includes(d)));
  return outermost.length > 1 ? outermost : rows;
}

/** The names of a sentence as written together: "Brighton", "Fulham", "Tue 16 Dec", "08:58". */
function runsOfNames(text: string): string[] {
  const isName = (w: string) => /^(?:[\p{Lu}\d]|[#№$€£¥]\d)/u.test(w) && !/^(?:I|I'm|I've)$/.test(w);
  const words = text.split(/\s+/).filter(Boolean);
  const runs: string[] = [];
  words.forEach((w, i) => {
    if (!isName(w) || (i === 0 && !/\d/.test(w) && DETERMINERS.test(w))) return;
    runs.push(i > 0 && isName(words[i - 1]!) && runs.length > 0 ? `${runs.pop()} ${w}` : w);
  });
  return runs;
}

/** What a title names: its last word before "with", "for", "and" or an aside ("smoker" of "Bee smoker with heat guard"). */
function headOf(title: string): string | undefined {
  const words = comparableTokens(title.split(/\s+(?:with|for|and|in|by)\s+|\s*[(·,–—-]\s/i)[0] ?? '');
  return words.length > 1 ? words.at(-1) : undefined;
}

/**
 * "the golf bag" of "Golf club bag": the text's words in order with a word left out between them, its
 * first and its last (what the thing is) the name's own.
 */
export function namesByHead(text: string, name: readonly string[]): boolean {
  const own = comparableTokens(text);
  if (own.length > name.length + 1 || own[0] !== name[0] || own.at(-1) !== name.at(-1)) return false;
  let at = 0;
  for (const w of own) if (w === name[at]) at += 1;
  return at === name.length;
}

/** `text` has every word of `name`, in order, whole words; short forms written out ("Mon" is "Monday's"). */
function hasWords(text: string, name: string): boolean {
  const own = spelledOut(comparableTokens(text));
  const wanted = spelledOut(comparableTokens(name.replace(/['’]s$/, '')));
  return own.some((_, i) => wanted.every((w, j) => own[i + j] === w));
}
