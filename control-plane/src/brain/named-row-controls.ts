/**
 * "Cancel Friday's walk", "Accept the Woodhouse Ridge plot", "Log an inspection for Hive 2",
 * "Cancel the 10:30 check-up": the instruction's verb is the first word of one control of a list
 * row ("Cancel Walk", "Accept Offer", "Log inspection"), and the rest names that row by what it
 * shows.
 *
 * - The row: its names (the words written with a capital or a digit, "Woodhouse Ridge", "10:30",
 *   "Hive 2", a weekday as the row writes it: "Friday" is "Fri") are each a text of exactly one
 *   row, a part of one or its first words (never one word of a longer text), and shown by
 *   nothing outside it. At most two lower-case words besides,
 *   for what the row is ("walk", "plot"), articles and prepositions aside.
 * - The control: exactly one control of that row whose label starts with the verb (by dictionary
 *   form, or a verb of the same action, verb-controls.ts: "Book" for "Reserve"). A row without one is no answer: "Cancel Monday's walk" on a row that only
 *   offers "Rate Walk" taps nothing.
 * - Nothing is read behind a modal dialog.
 */
import { type Decision, fail } from './actions.js';
import { afternoonAsShown, clockTime, rowsOfPeriod } from './day-periods.js';
import { tapOn } from './decisions.js';
import { listItems } from './element-matching.js';
import { descendants, describe, isControl } from './element-roles.js';
import type { ScreenElement } from './hierarchy.js';
import { sameLemma } from './lemmas.js';
import { DESTINATION, MONTH, ROW_KINDS, spelledOut, WEEKDAY } from './lexicon.js';
import { locatable } from './locators.js';
import { namesByHead } from './row-claims.js';
import { modalFilter, rowOf } from './screen-structure.js';
import { sameAction } from './verb-controls.js';
import { comparableTokens, textSegments } from './verdict-text.js';

const labelOf = (el: ScreenElement) => el.text || el.contentDesc;
/** A row and everything in it. */
const withInside = (row: ScreenElement, elements: readonly ScreenElement[]) => [row, ...descendants(row, elements)];
const UNIT = /^(?:ft|m|km|mi|kg|g|cm|mm|min|mins|h|hr|hrs|l|ml|oz|lb|lbs|gb|mb|tb|berths?|seats?|nights?|people)$/i;
const isTime = (t: string) => /^\d{1,2}:\d{2}$/.test(t);
const sameTime = (a: string, b: string) => a.replace(/^0(?=\d:)/, '') === b.replace(/^0(?=\d:)/, '');
// "Withdraw from Sunday's club shoot": the row is named after the preposition, as after "for".
const FILLERS = new Set(['the', 'a', 'an', 'my', 'our', 'this', 'that', 'for', 'on', 'of', 'in', 'at', 'with', 'from']);

/** Of rows that each show what was asked, the ones not holding another of them: a card in a list item is the one meant. */
export function innermostRows(rows: readonly ScreenElement[], elements: readonly ScreenElement[]): ScreenElement[] {
  return rows.filter((r) => !rows.some((o) => o !== r && descendants(r, elements).includes(o)));
}

/** A list's rows, and the rows of cards laid out without a list (a clickable card, a cell: screen-structure.ts rowOf). */
export function rowsOfScreen(elements: readonly ScreenElement[]): ScreenElement[] {
  const held = locatable(elements).flatMap((el) => rowOf(el, elements) ?? []);
  return [...new Set([...listItems(elements), ...held])].filter((r) => r.visible);
}

export function verbOfNamedRow(said: string, elements: readonly ScreenElement[]): Decision | null {
  // "Mark The Whitsun Weddings as missing": what it is marked as is the control's own word ("Mark Missing", not "Mark Found").
  const marked = /^(.+?)\s+as\s+(\p{L}+(?:\s+\p{L}+)?)$/iu.exec(said.trim().replace(/[.!]$/, ''));
  // "Sign me up for Saturday morning": the row's "Sign up".
  const plain = (marked?.[1] ?? said)
    .trim()
    .replace(/[.!]$/, '')
    .replace(DESTINATION, '')
    .replace(/^sign\s+(?:me|us)\s+up\b/i, 'sign up');
  const m = /^(\p{L}+)\s+(.+)$/u.exec(plain);
  if (!m || modalFilter(elements)) return null;
  const [, verb, object] = m as unknown as [string, string, string];
  const as = marked ? comparableTokens(marked[2]!) : [];
  const named = rowNamedBy(object, elements);
  if (!named) return null;
  const { row, names, others } = named;
  const controls = descendants(row, elements).filter((el) => {
    const label = comparableTokens(labelOf(el));
    const first = label[0];
    const asSaid = as.every((w) => label.slice(1).some((t) => sameLemma(t, w)));
    return isControl(el) && first !== undefined && sameAction(first, verb.toLowerCase()) && asSaid;
  });
  if (controls.length !== 1) return null;
  const control = controls[0]!;
  if (!control.enabled) return fail(`${describe(control)} in ${describe(row)} is disabled`);
  return tapOn(
    control,
    elements,
    `${describe(control)} is the ${verb.toLowerCase()} of the one row showing ${names.length > 0 ? names.map((n) => n.join(' ')).join(' and ') : others.join(' ')}`,
    0.8,
  );
}

/**
 * The one list row the words name ("Friday's walk", "the 10:30 Harbour Cruise", "the Monday lesson"), by its names
 * (words in capitals, digits, weekdays) and at most two other words, as the file comment says; null for none or several.
 */
export function rowNamedBy(
  object: string,
  elements: readonly ScreenElement[],
): { row: ScreenElement; names: string[][]; others: string[] } | null {
  // "the 8 pm quiet session" is the row of "20:00 – 21:00": a time as the screen writes it.
  // "the 4:30 general skate" is 16:30 where only that is shown (day-periods.ts); said with "am" or "pm", as said.
  const words = afternoonAsShown(object.replace(/['’]s\b/g, ''), elements)
    .replace(/\b(\d{1,2}(?:[:.]\d{2})?)\s*(am|pm)\b/gi, (whole, amount: string, meridiem: string) => clockTime(amount, meridiem) ?? whole)
    .split(/\s+/)
    .filter(Boolean);
  // A weekday is a name however written: "cancel thursday's parallel parking".
  const isName = (w: string) => /^[\p{Lu}\d]/u.test(w) || WEEKDAY.test(w.toLowerCase());
  // The names as written together ("Woodhouse Ridge", "Hive 2"), each as tokens in the screen's spelling.
  const names: string[][] = [];
  words.forEach((w, i) => {
    // A unit after a number is part of it: "the 68 ft boat" names "68 ft".
    if (!isName(w) && UNIT.test(w) && i > 0 && /^\d/.test(words[i - 1]!) && names.length > 0) {
      names[names.length - 1]!.push(...comparableTokens(w));
      return;
    }
    if (!isName(w)) return;
    const tokens = spelledOut(comparableTokens(w));
    // A time or number before a name is a name of its own ("the 10:30 Harbour Cruise": "10:30", "Harbour Cruise"); one
    // after a word is part of it ("Hive 2"), and so is a month after its day ("Tuesday 18 Nov").
    // A time after a weekday is a name of its own too: "the Saturday 07:30 outing" is "Sat 29 Nov · 07:30".
    const time = /^\d{1,2}:\d{2}$/.test(w) && WEEKDAY.test(words[i - 1] ?? '');
    const after = i > 0 && !time && isName(words[i - 1]!) && !(/\d/.test(words[i - 1]!) && !/\d/.test(w) && !MONTH.test(tokens[0] ?? ''));
    if (after && names.length > 0) names[names.length - 1]!.push(...tokens);
    else names.push(tokens);
  });
  const spoken = words
    .filter((w, i) => !isName(w) && !(UNIT.test(w) && i > 0 && /^\d/.test(words[i - 1]!)))
    .flatMap((w) => comparableTokens(w).filter((t) => !FILLERS.has(t)));
  // "Saturday morning", "the afternoon harbour cruise": only the rows of that part of the day (day-periods.ts).
  const allRows = rowsOfScreen(elements);
  const { others, rows, aside } = rowsOfPeriod(spoken, allRows, elements);
  const row =
    names.length === 0
      ? rowByTitleEnd(others, rows, elements, aside)
      : others.length > 2
        ? null
        : rowByNames(names, rows, elements, aside, others);
  if (!row) return null;
  // A time alone names a row weakly: a word only one other row shows names that one ("the 07:00 quiet session" is
  // not the 07:00 sunrise session). A name ("WO-1043", "Tuesday") is no weak one: "job" may be a heading's word.
  const has = (r: ScreenElement, w: string) =>
    withInside(r, elements).some((el) => comparableTokens(labelOf(el)).some((t) => sameLemma(t, w)));
  const timesOnly = names.every((n) => n.length === 1 && isTime(n[0]!));
  // A word saying what a row is ("slot", "session": ROW_KINDS) names none: "the 19:45 slot" beside "Only 1 slot left today".
  if (timesOnly && others.some((w) => !ROW_KINDS.test(w) && !has(row, w) && allRows.filter((r) => has(r, w)).length === 1)) return null;
  return { row, names, others };
}

/** The one row showing every name (see the file comment), none of them shown elsewhere when it is one name alone. */
function rowByNames(
  names: readonly string[][],
  rows: readonly ScreenElement[],
  elements: readonly ScreenElement[],
  aside: ReadonlySet<ScreenElement>,
  others: readonly string[] = [],
): ScreenElement | null {
  const inside = (row: ScreenElement) => withInside(row, elements);
  // A name is a text of the row or a part of one ("Hive 2" of "Hive 2 · Carniolan"), or the first words of one when it
  // has two or more ("Chapel Allerton" of "Chapel Allerton Gardens"); a weekday the first word of a date ("Fri 5 Dec").
  // Never one word of a longer text: "the Klara book" is not "Klara and the Sun".
  // A time is when a row starts, never when it ends: "21:00" is not the session of "20:00 – 21:00".
  const endsRange = (el: ScreenElement, time: string) =>
    [...labelOf(el).matchAll(/(\d{1,2}:\d{2})\s*[–—-]\s*(\d{1,2}:\d{2})/g)].some((range) => sameTime(range[2]!, time));
  const shows = (el: ScreenElement, name: readonly string[]) =>
    !(name.length === 1 && isTime(name[0]!) && endsRange(el, name[0]!)) &&
    textSegments(labelOf(el)).some((seg) => {
      // "Stage 4 · Mondays 16:30": a weekly row is on each Monday, so "the Monday lesson" names it.
      const own = spelledOut(comparableTokens(seg)).map((t) =>
        t.replace(/^(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s$/, '$1'),
      );
      const starts = name.every((t, i) => own[i] === t);
      return (
        (starts && own.length === name.length) ||
        (starts && name.length > 1) ||
        (starts && WEEKDAY.test(name[0]!) && own.slice(1).some((t) => /\d/.test(t))) ||
        // "7:30" of "07:30".
        (name.length === 1 && own.length === 1 && isTime(name[0]!) && isTime(own[0]!) && sameTime(own[0]!, name[0]!))
      );
    });
  // The other words said, each shown by the row: "thursday's parallel parking", "saturday's mock test" of two Saturdays.
  const saysOthers = (row: ScreenElement) =>
    others.length > 0 && others.every((w) => inside(row).some((el) => comparableTokens(labelOf(el)).some((t) => sameLemma(t, w))));
  const showing = rows.filter((r) => names.every((n) => inside(r).some((el) => shows(el, n))));
  let hits = innermostRows(showing, elements);
  if (hits.length > 1) hits = hits.filter(saysOthers);
  if (hits.length !== 1) return null;
  const row = hits[0]!;
  // One name shown outside the row too ("Blue Hours", an album's title and its track) names no one row; several
  // names together ("the 10:30 Harbour Cruise", a cruise at 14:00 too) do, as only this row shows them all; so do the
  // other words said, the row's too (beside a test on "Thu 9 Jul").
  const mine = new Set(inside(row));
  const saidOfRow = saysOthers(row);
  if (names.length === 1 && !saidOfRow && locatable(elements).some((el) => !mine.has(el) && !aside.has(el) && shows(el, names[0]!)))
    return null;
  return row;
}

/**
 * "Remove the salmon from my box" beside a row "Miso Glazed Salmon": a name in lower case is the last words of
 * one row's title (before a comma or an aside: "Honey-roast gammon joint, 2 kg" for "the gammon joint"), and no
 * other text of the screen has any of its words. One or two words, what the thing is ending it.
 */
function rowByTitleEnd(
  words: readonly string[],
  rows: readonly ScreenElement[],
  elements: readonly ScreenElement[],
  aside: ReadonlySet<ScreenElement>,
): ScreenElement | null {
  if (words.length === 0 || words.length > 2) return null;
  const ends = (el: ScreenElement) => {
    const own = comparableTokens(labelOf(el).split(/\s*[,(·–—]\s*/)[0] ?? '');
    const tail = own.slice(own.length - words.length);
    return own.length >= words.length && words.every((w, i) => sameLemma(tail[i]!, w));
  };
  const hits = rows.filter((r) => withInside(r, elements).some(ends));
  const found = innermostRows(hits, elements);
  if (found.length !== 1) return null;
  const mine = new Set(withInside(found[0]!, elements));
  const elsewhere = locatable(elements).some(
    (el) => !mine.has(el) && !aside.has(el) && comparableTokens(labelOf(el)).some((t) => words.some((w) => sameLemma(t, w))),
  );
  return elsewhere ? null : found[0]!;
}

/**
 * "Notify me when the hellebore is back", "Notify me when the N3 to Airport is coming": a control's
 * whole label ("Notify me"), then when or what for. Several rows have such a control, or one does:
 * the one whose row shows a word of the rest, the row's own name ("Hellebore 'Christmas Carol'"),
 * is tapped; no row showing one, or two rows showing them, is no answer.
 */
export function labelForRow(said: string, elements: readonly ScreenElement[]): Decision | null {
  if (modalFilter(elements)) return null;
  // "Tell me when …", "Let me know when …", "Alert me when …", "Ping me if …" ask what "Notify me" does.
  const tokens = comparableTokens(said.replace(/^(?:tell|alert|email|text|ping|message)\s+me|^let\s+me\s+know/i, 'notify me'));
  const capitalised = new Set(
    comparableTokens(
      said
        .split(/\s+/)
        .filter((w, i) => i > 0 && /^\p{Lu}/u.test(w))
        .join(' '),
    ),
  );
  const shown = new Set(locatable(elements).flatMap((el) => spelledOut(comparableTokens(labelOf(el)))));
  const inRow = locatable(elements).filter((control) => {
    // A control that says it alerts ("Get alerts", "Alert me") is one that notifies.
    const label = NOTIFYING.test(labelOf(control).trim()) ? ['notify', 'me'] : comparableTokens(labelOf(control));
    const named = isControl(control) && label.length >= 2 && label.every((t, i) => tokens[i] === t);
    // "Ask why the step-ups are paused": a label ending on a question word goes on with the question itself.
    const asking = /^(?:why|how|what|where|who)$/.test(label.at(-1) ?? '');
    if (!named || (!asking && !/^(?:when|if|once|for|about)$/.test(tokens[label.length] ?? ''))) return false;
    // What follows "when", each control against its own label's length.
    const rest = tokens.slice(label.length + (asking ? 0 : 1)).filter((t) => !FILLERS.has(t) && !RESTING.has(t));
    const row = rowOf(control, elements);
    if (!row) return false;
    const words = new Set(
      withInside(row, elements)
        .filter((el) => el !== control)
        .flatMap((el) => spelledOut(comparableTokens(labelOf(el)))),
    );
    // Every name of the rest is the row's ("the N4 to Airport" is not the N3's row, though both go to Airport).
    const names = rest.filter((t) => /\d/.test(t) || capitalised.has(t));
    // The question's subject is the row, every word of it: "why the wall squats are paused" is not the step-ups' row.
    const after = tokens.slice(label.length);
    const verbAt = after.findIndex((t) => /^(?:is|are|was|were|has|have|had)$/.test(t));
    const subject = after.slice(0, verbAt < 0 ? after.length : verbAt).filter((t) => !FILLERS.has(t));
    if (asking && (subject.length === 0 || !subject.every((t) => words.has(t)))) return false;
    // A word of the rest the screen shows, but not in this row, is another row's: "a van pitch" is not the trailer's.
    const elsewhere = rest.some((t) => !words.has(t) && shown.has(t) && !LINKING.has(t));
    return rest.some((t) => words.has(t)) && names.every((t) => words.has(t)) && !elsewhere;
  });
  if (inRow.length !== 1) return null;
  const control = inRow[0]!;
  if (!control.enabled) return fail(`${describe(control)} is disabled`);
  return tapOn(control, elements, `${describe(control)} is the one of the row the rest of the instruction names`, 0.8);
}

/** Small words that name nothing ("the N3 to Airport" beside "Add to favourites"). */
const LINKING = new Set(['to', 'from', 'and', 'or', 'by', 'up', 'out', 'off', 'me', 'it', 'one']);

/** Labels of a control that asks to be told: "Get alerts", "Alert me", "Get notified". */
const NOTIFYING = /^(?:get\s+(?:an?\s+)?(?:alerts?|notified|notifications?)|alert\s+me|notify\s+me)$/i;

/** Words of "… when X is back / is available / is coming" that say when, not which. */
const RESTING = new Set(['is', 'are', 'back', 'available', 'coming', 'in', 'stock', 'ready', 'free', 'due', 'arrives', 'here']);

/**
 * "I can't make the dress rehearsal" beside a row's "Can't make it": a control whose label ends on
 * "it" said with the thing in its place. The thing is a row whose texts have every word of it
 * (articles aside), exactly one row among those with such a control.
 */
export function controlSaidOfRow(said: string, elements: readonly ScreenElement[]): Decision | null {
  if (modalFilter(elements)) return null;
  const tokens = comparableTokens(said.replace(/^(?:i|we)\s+/i, ''));
  const hits = locatable(elements).filter((el) => {
    const label = comparableTokens(labelOf(el));
    if (!isControl(el) || label.length < 2 || label.at(-1) !== 'it') return false;
    const head = label.slice(0, -1);
    if (!head.every((t, i) => tokens[i] === t)) return false;
    const thing = tokens.slice(head.length).filter((t) => !FILLERS.has(t));
    const row = rowOf(el, elements);
    if (!row || thing.length === 0) return false;
    return withInside(row, elements).some((d) => {
      const own = comparableTokens(labelOf(d));
      return d !== el && thing.every((t) => own.some((o) => o === t || sameLemma(o, t)));
    });
  });
  if (hits.length !== 1) return null;
  const control = hits[0]!;
  if (!control.enabled) return fail(`${describe(control)} is disabled`);
  return tapOn(control, elements, `${describe(control)}, said of the row the instruction names`, 0.8);
}

/** Places in a list, the last one last (its index is read as the list's end). */
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'last'];
/**
 * A word for what every row of the list is: a kind word (ROW_KINDS), or one each row's id says ("exercise" of
 * exercise_0, exercise_1 …). Never a word that picks some rows ("the first draft" where only some are drafts).
 */
const kindOfEvery = (word: string, rows: readonly ScreenElement[]) =>
  ROW_KINDS.test(word) ||
  (rows.length > 1 &&
    rows.every((r) => comparableTokens(r.resourceId.replace(/^.*:id\//, '').replace(/[_\d]+/g, ' ')).some((w) => sameLemma(w, word))));

/** Words of a statement or a wish about a state, never inside an action's object. */
const STATING_WORDS = /\b(?:should|must|is|are|be|been|was|were|will|would|has|have|had|can|could)\b/i;

/** Verbs that only open what they name: "Open the leaflet" is the row's "Leaflet". */
const OPENING = /^(?:open|view|see|read|show|check|get)$/i;
const PRONOUNS = new Set(['them', 'it', 'him', 'her', 'me', 'us']);

/**
 * "Log a gravity reading for the oatmeal stout", "Add a note to the 10:40 reading", "Message them
 * about the extractor fan", "drop the price of the jeans": the verb and what it acts on are one
 * control's label ("Log gravity", "Add note", "Message", "Reduce price"), and what follows "for",
 * "to", "on", "about" or "of" names its row by the words the row shows. "Report the golf bag": the
 * verb alone, the row named in lower case.
 *
 * - The label: the verb (or one of the same action, verb-controls.ts) then only words of what it
 *   acts on and amounts ("Pay £70.00"); or, after a verb that only opens ("Open the leaflet for
 *   …"), only words of what it acts on. With the verb alone, any label the verb starts.
 * - The row: the name's words together in one of its texts (or its title less a word between,
 *   row-claims.ts `namesByHead`), but for a word saying what the row is that no row shows
 *   (`ROW_KINDS`: "the 10:40 reading", "batch #14", where the number must start a text); one row
 *   only, and one such control in it.
 */
export function controlForRow(said: string, elements: readonly ScreenElement[]): Decision | null {
  const decided = controlForRowAsSaid(said, elements);
  if (decided) return decided;
  // "sign me up for the erg session" is the row's "Join"; "go on the waitlist for the double scull" its "Waitlist".
  const joining = said
    .trim()
    .replace(/^sign\s+(?:me|us)\s+up\s+(?=(?:for|to)\s)/i, 'join ')
    .replace(/^(?:(?:go|get)\s+on|join|put\s+(?:me|us)\s+on|add\s+(?:me|us)\s+to)\s+the\s+wait(?:ing\s+)?list\s+(?=for\s)/i, 'waitlist ');
  if (joining !== said.trim()) return controlForRowAsSaid(joining, elements);
  // "Favourite the window seat desk", "add the Piano room to my favourites": the row's "Add Desk 2A to favourites".
  const favourite =
    /^(?:favou?rite|star|heart)\s+(.+)$/i.exec(said.trim()) ??
    /^(?:add|save)\s+(.+?)\s+to\s+(?:my\s+|the\s+)?favou?rites$/i.exec(said.trim());
  return favourite ? controlForRowAsSaid(`add to favourites for ${favourite[1]}`, elements) : null;
}

function controlForRowAsSaid(said: string, elements: readonly ScreenElement[]): Decision | null {
  const plain = said.trim().replace(/[.!]$/, '');
  // "Report the golf bag", "mark the saison": the verb alone, the row by what it shows, any control of it the verb starts.
  // "Book the 11:40 with Tom": a time names the row as well as words do.
  const bare = /^(\p{L}+)\s+(?:the|my|our|this)\s+((?:\p{Ll}|\d{1,2}[:.]\d{2}\b)[\p{L}\d\s:.-]*)$/u.exec(plain);
  // After "to" a row is named by an article, a number or a name: "Remind Tom to reply" is no row called "reply".
  const m = /^(\p{L}+)\s+(?:(.+?)\s+)?(?:for|on|about|of|to(?=\s+(?:the|my|our|this|a|an)\s|\s+[\p{Lu}\d]))\s+(.+)$/u.exec(plain);
  if ((!m && !bare) || modalFilter(elements)) return null;
  const [, verb, thing = '', name] = (m ?? [plain, bare![1]!, undefined, bare![2]!]) as unknown as [
    string,
    string,
    string | undefined,
    string,
  ];
  // "Nitrox should already be ticked for the wreck" states, it asks for nothing: its first word is no verb.
  if (STATING_WORDS.test(thing)) return null;
  // "the waiting list" is the control's "Waitlist".
  const acted = spelledOut(comparableTokens(thing.replace(/\bwaiting[\s-]+list\b/gi, 'waitlist'))).filter(
    (t) => !FILLERS.has(t) && !PRONOUNS.has(t),
  );
  // "the one in the vocal booth": the row is named by what follows.
  const ofOne = name.replace(/^one\s+(?:in|at|with|on|from|by)\s+/i, '');
  const named = spelledOut(comparableTokens(ofOne.replace(/['’]s\b/g, ''))).filter((t) => !FILLERS.has(t));
  if (named.length === 0 || named.length > 5) return null;
  const held = locatable(elements).flatMap((el) => rowOf(el, elements) ?? []);
  const rows = [...new Set([...listItems(elements), ...held])].filter((r) => r.visible);
  const textsOf = (row: ScreenElement) => withInside(row, elements).map((el) => spelledOut(comparableTokens(labelOf(el))));
  const wordsOf = (row: ScreenElement) => new Set(textsOf(row).flat());
  // The name's words together in one text of the row: "Hive 4" is not "Hive 3" beside "Varroa drop 4 a day".
  const showsAll = (row: ScreenElement, words: readonly string[]) =>
    // A plural shown for a singular said ("the plum picking" of "Plums · Victoria"); the small words the name leaves out
    // are left out of the row's texts too ("have-a-go taster").
    textsOf(row)
      .map((own) => own.filter((t) => !FILLERS.has(t)))
      .some((own) => own.some((_, i) => words.every((w, j) => own[i + j] === w || sameLemma(own[i + j] ?? '', w)))) ||
    (words.length > 1 && withInside(row, elements).some((el) => namesByHead(labelOf(el), words)));
  // The whole name, else the name less the word saying what the row is: its last ("the 10:40 reading") or its first
  // before a number ("batch #14"); never less than one word.
  // A time names the row it starts ("11:40 with Tom Hughes"), never one it ends ("20:00 – 21:00").
  const startsWithTime = (r: ScreenElement, words: readonly string[]) =>
    !/^\d{1,2}[:.]\d{2}$/.test(words[0] ?? '') || textsOf(r).some((own) => own[0] === words[0]);
  const naming = (words: readonly string[]) => {
    const showing = rows.filter((r) => showsAll(r, words) && startsWithTime(r, words));
    return innermostRows(showing, elements);
  };
  // A word saying what a row is, that no row shows: "Hive 4" is never read as some row's "Hive", nor "the free tea" as
  // the row of "Free coffee".
  const kindWord = (w: string) => ROW_KINDS.test(w) && !rows.some((r) => wordsOf(r).has(w));
  let hits = naming(named);
  // "Thursday's drift dive": a day said before the name, shown by the row apart ("Thu 21 Aug", "Helford drift dive").
  if (hits.length === 0 && named.length > 1 && WEEKDAY.test(named[0]!))
    hits = naming(named.slice(1)).filter((r) => wordsOf(r).has(named[0]!));
  if (hits.length === 0 && named.length > 1 && kindWord(named.at(-1)!)) hits = naming(named.slice(0, -1));
  // "the window seat desk": a row showing "Window seat" whose other text says what it is ("Desk 2A").
  if (hits.length === 0 && named.length > 1 && /^\p{L}+$/u.test(named.at(-1)!))
    hits = naming(named.slice(0, -1)).filter((r) => wordsOf(r).has(named.at(-1)!));
  // "batch #14" of "#14 Citra Pale Ale": the number starts a text of the row, as a reference does (never "19 L" of "OG 1.019 · 19 L").
  const startsText = (row: ScreenElement, words: readonly string[]) => textsOf(row).some((own) => words.every((w, j) => own[j] === w));
  if (hits.length === 0 && named.length > 1 && kindWord(named[0]!) && /\d/.test(named[1]!))
    hits = naming(named.slice(1)).filter((r) => startsText(r, named.slice(1)));
  // "the first exercise", "the last one": the row at that place among the list's rows, a word for what it is after it.
  const place = ORDINALS.indexOf(named[0]!);
  const listed = innermostRows(listItems(elements), elements).filter((r) => r.visible);
  if (hits.length === 0 && place >= 0 && (named.length === 1 || (named.length === 2 && kindOfEvery(named[1]!, listed)))) {
    const at = place === ORDINALS.length - 1 ? listed.at(-1) : listed[place];
    hits = at ? [at] : [];
  }
  if (hits.length !== 1) return null;
  const row = hits[0]!;
  // A name in what is acted on is the row's too: "Remind Tom about the race" is not Marcus's "Remind".
  const actedNames = (thing.match(/\b\p{Lu}[\p{L}'’-]*/gu) ?? []).flatMap((w) => spelledOut(comparableTokens(w)));
  if (!actedNames.every((w) => wordsOf(row).has(w))) return null;
  // The row's name: a short text of it that is no control ("Desk 2A").
  const names = withInside(row, elements)
    .filter((el) => !isControl(el))
    .map((el) => spelledOut(comparableTokens(labelOf(el))))
    .filter((own) => own.length > 0 && own.length <= 3);
  const ownName = (t: string) => names.some((own) => own.includes(t));
  const fits = (label: readonly string[]) => {
    if (label.length === 0) return false;
    if (!m) return sameAction(label[0]!, verb.toLowerCase());
    // "Waitlist the drift dive" is its "Join waitlist".
    if (label.length === 2 && label[0] === 'join' && label[1] === verb.toLowerCase()) return true;
    // The verb or one of the same action ("drop the price" for "Reduce price", verb-controls.ts).
    const rest = sameAction(label[0]!, verb.toLowerCase()) ? label.slice(1) : OPENING.test(verb) ? label : null;
    // An amount on the control ("Pay £70.00") says how much, not what is acted on; the row's own name may be said
    // again ("Add Desk 2A to favourites").
    return (
      rest?.every((t) => /\d/.test(t) || t === '£' || t === '$' || t === '€' || acted.some((a) => sameLemma(a, t)) || ownName(t)) ?? false
    );
  };
  const controls = descendants(row, elements).filter(
    (el) => isControl(el) && fits(spelledOut(comparableTokens(labelOf(el))).filter((t) => !FILLERS.has(t))),
  );
  if (controls.length !== 1) return null;
  const control = controls[0]!;
  if (!control.enabled) return fail(`${describe(control)} in ${describe(row)} is disabled`);
  return tapOn(control, elements, `${describe(control)} is the control of the one row showing "${name}"`, 0.8);
}

/** What marks a row as the user's own: "Booked by you", "Your booking", "You're going". */
const MINE = /\b(?:by\s+you|yours?|you['’](?:re|ve))\b/i;

/**
 * "Cancel my slot", "change my booking": the one row the screen marks as the user's (`MINE`, in a
 * text of the row that is no control) and its one control the verb starts (or a verb of the same
 * action, verb-controls.ts). What "my" names is the row's; the noun after it is a word for it.
 * Nothing behind a modal dialog.
 */
export function controlOfMyRow(said: string, elements: readonly ScreenElement[]): Decision | null {
  const m = /^(\p{L}+)\s+my\s+\p{Ll}+(?:\s+\p{Ll}+)?$/u.exec(said.trim().replace(/[.!]$/, ''));
  if (!m || modalFilter(elements)) return null;
  const marked = rowsOfScreen(elements).filter((r) => withInside(r, elements).some((el) => !isControl(el) && MINE.test(labelOf(el))));
  const mine = innermostRows(marked, elements);
  if (mine.length !== 1) return null;
  const verb = m[1]!.toLowerCase();
  const controls = descendants(mine[0]!, elements).filter(
    (el) => isControl(el) && sameAction(comparableTokens(labelOf(el))[0] ?? '', verb),
  );
  if (controls.length !== 1) return null;
  const control = controls[0]!;
  if (!control.enabled) return fail(`${describe(control)} is disabled`);
  return tapOn(control, elements, `${describe(control)} is the ${verb} of the row marked as yours`, 0.8);
}
