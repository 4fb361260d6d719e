/**
 * A screen named by what it lists and whose or when: "Noah Fischer's grades are shown",
 * "Today's classes are shown", "Tide times for St Ives Bay are shown", "the kitchen timers
 * screen is shown". A tester names the screen by its parts; the screen shows them apart: the
 * title ("Grades"), the one it is about under it ("Noah Fischer"), the day chosen in its tabs
 * ("Today"), the app's name ("Kitchen Timers" over "Timers").
 *
 * Every part must be shown in its place, or the check is not read so (null: the caller fails it):
 * - the head ("grades", "vaccination record") is the title's words, each word beyond them a noun
 *   for a kind of screen ("record", "timetable") or a word of the app's name or of a heading
 *   outside any row; or, with a qualifier, a heading of its own ("Tide times");
 * - a day or week ("today's", "this week's", "Saturday's") is the chosen tab, chip or segment, or the title;
 * - whose or where ("Noah Fischer's", "for St Ives Bay", "at Boulder Lab") is a heading near the
 *   top outside any row, as a whole text or one of its parts ("Emma · 4 months").
 * Never a word the screen does not show there: "Mia Fischer's grades", "tomorrow's classes" (a
 * tab not chosen), "the attendance history" fail.
 */
import type { Decision } from './actions.js';
import { textOf } from './claim-pieces.js';
import { confidence } from './decisions.js';
import { ancestors, describe } from './element-roles.js';
import { type ScreenElement, shortType } from './hierarchy.js';
import { sameLemma } from './lemmas.js';
import { locatorFor, uniqueLocator } from './locators.js';
import { rowOf, screenBounds, titleElements } from './screen-structure.js';
import { comparableTokens, sameText, startsWithName, textSegments } from './verdict-text.js';

/**
 * Nouns for a kind of screen, beside the title's words: "the vaccination record" on "Vaccinations". Not "settings" or
 * "options": "the kitchen timers settings" names the app's Settings screen, not its Timers.
 */
const KIND = /^(?:details|overview|summary|info|information|record|records|schedule|timetable|list|screen|page|view|tab|status|form)$/;
/**
 * Nouns for a record of past entries: a kind of screen only where the screen says it keeps one ("Timeline",
 * "History", the app "PulseLog"). "The timer history screen" is not the running timers.
 */
const RECORD = /^(?:log|history|diary|journal|timeline)$/;
const WHEN =
  /^(?:today|tonight|tomorrow|yesterday|(?:this|next|last)\s+(?:week|weekend|month)|(?:mon|tues|wednes|thurs|fri|satur|sun)day)$/i;
const DETERMINER = /^(?:the|a|an|my|your|our|their|his|her)$/;
/** "for", "from", "at": what follows says whose or where. "of" and "in" are left alone: "list of orders", "items in cart". */
const QUALIFIER = /\s+(?:for|from|at)\s+(.+)$/i;
const POSSESSIVE = /^(.+?)['’]s\s+(.+)$/;

interface Parts {
  head: string;
  when: string | null;
  whose: string[];
}

function partsOf(name: string): Parts | null {
  let rest = name
    .trim()
    .replace(/^(?:the|my|your|our)\s+/i, '')
    .replace(/\s+(?:screen|page|view|tab)$/i, '');
  const whose: string[] = [];
  let when: string | null = null;
  for (let m = QUALIFIER.exec(rest); m; m = QUALIFIER.exec(rest)) {
    const q = m[1]!.trim().replace(/^(?:the)\s+/i, '');
    if (WHEN.test(q) && !when) when = q;
    else whose.unshift(q);
    rest = rest.slice(0, m.index);
  }
  const possessive = POSSESSIVE.exec(rest);
  if (possessive) {
    const owner = possessive[1]!.trim();
    if (WHEN.test(owner) && !when) when = owner;
    else if (/^(?:my|your|our)$/i.test(owner) || DETERMINER.test(owner.toLowerCase())) return null;
    else whose.unshift(owner);
    rest = possessive[2]!;
  }
  // "the Hollins Park scorecard": a name (capitalised words) before what the screen is (lower case) says whose.
  const named = /^((?:\p{Lu}[\p{L}'’-]*\s+)+)(\p{Ll}[\p{Ll}\s]*)$/u.exec(rest.trim());
  if (named && whose.length === 0 && !possessive) {
    whose.push(named[1]!.trim());
    rest = named[2]!;
  }
  const head = rest.trim();
  if (!head || (!when && whose.length === 0 && !/\s/.test(head))) return null;
  return { head, when, whose };
}

export function screenByParts(name: string, elements: readonly ScreenElement[]): Decision | null {
  const parts = partsOf(name);
  if (!parts) return null;
  const titles = titleElements(elements);
  const headings = headingsOf(elements);
  const used = new Set<ScreenElement>();
  // What tells this screen from the others of the app (the day chosen, whose it is) is what the check points at.
  let telling: ScreenElement | null = null;

  // "Today's checklist" is the title "Today's Checklist": the day and the head together, said by it.
  const whole = parts.when ? titles.find((t) => sameText(textOf(t), `${parts.when}'s ${parts.head}`)) : undefined;
  if (whole) {
    used.add(whole);
    telling = whole;
  }
  // The day: the chosen tab, chip or segment, or the title itself ("Today" over a habit list).
  if (parts.when && !whole) {
    const chosen = chosenNamed(parts.when, elements);
    const asTitle = titles.find((t) => sameText(textOf(t), parts.when!));
    if (!chosen && !asTitle) return null;
    if (asTitle) used.add(asTitle);
    telling = chosen ?? asTitle ?? null;
  }
  // Whose or where: a heading near the top, whole or one of its parts.
  for (const who of parts.whose) {
    const shown = headings.find((el) => !used.has(el) && textSegments(textOf(el)).some((s) => sameText(s, who) || startsWithName(s, who)));
    if (!shown) return null;
    used.add(shown);
    telling ??= shown;
  }
  if (whole) return passOn(telling ?? whole, elements, parts);
  const head = comparableTokens(parts.head).filter((w) => !DETERMINER.test(w));
  // Words only: a number or a verb's sentence ("the membership renewed on 3 March") is a claim, not a screen's name.
  if (head.length === 0 || head.some((w) => !/^\p{L}+$/u.test(w))) return null;
  // Beside the title's words, the head's other words are the app's name ("Kitchen Timers" over "Timers"); beside a
  // title that said when or whose, a heading ("2 of 5 habits done"). All of them in one text: words picked from two
  // ("Surf" of the app's name, "times" of "Tide times") say nothing. A word of a heading beside the title's ("the
  // locker pickup screen" over "Pickup" and "Locker 0417") names another screen.
  // An app's name written as one word ("BinDay", "PulseLog") says its words apart.
  const appName = elements
    .filter((el) => el.visible && shortType(el.type) === 'Application')
    .map((el) => textOf(el).replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2'));
  const keepsRecord = [...elements.filter((el) => el.visible).map(textOf), ...appName].some((t) =>
    comparableTokens(t).some((w) => RECORD.test(w)),
  );
  const saidIn = (texts: string[], words: string[]) => {
    const wanted = words.filter((w) => !KIND.test(w) && !(keepsRecord && RECORD.test(w)));
    const tokens = texts.map((t) => comparableTokens(t));
    return wanted.length === 0 || tokens.some((text) => wanted.every((w) => text.some((t) => sameLemma(t, w))));
  };

  // The title, or the chosen tab under it ("Lifts" beside "Slopes" under "Lifts & Slopes"), less whose it is ("My Donations").
  const chosenTabs = elements.filter((el) => el.visible && el.selected && textOf(el) !== '' && !titles.includes(el));
  for (const title of [...titles, ...chosenTabs].filter((t) => !used.has(t))) {
    const own = comparableTokens(textOf(title)).filter((w) => !DETERMINER.test(w));
    if (own.length === 0) continue;
    const left = [...head];
    if (!own.every((t) => spliceLemma(left, t))) continue;
    if (saidIn(appName, left)) return passOn(telling ?? title, elements, parts);
  }
  // The title said when or whose ("Today" over a habit list): the head's words are said around it ("2 of 5 habits done").
  if (
    titles.length > 0 &&
    titles.every((t) => used.has(t)) &&
    saidIn([...appName, ...headings.filter((el) => !used.has(el)).map(textOf)], head)
  )
    return passOn(telling ?? titles[0]!, elements, parts);
  // With whose or when shown, the head may be a heading of its own: "Tide times" under "St Ives Bay".
  if (parts.whose.length > 0 || parts.when) {
    const section = headings.find((el) => !used.has(el) && sameWords(comparableTokens(textOf(el)), head));
    if (section) return passOn(telling ?? section, elements, parts);
  }
  return null;
}

/** Texts near the top of the screen, outside any row and any control: what a screen says it is about under its title. */
function headingsOf(elements: readonly ScreenElement[]): ScreenElement[] {
  const screen = screenBounds(elements);
  return elements.filter(
    (el) =>
      el.visible &&
      textOf(el) !== '' &&
      !el.clickable &&
      !ancestors(el, elements).some((a) => a.clickable) &&
      rowOf(el, elements) === null &&
      el.bounds.y + el.bounds.height <= screen.y + screen.height * 0.45,
  );
}

/** Is it chosen: selected or checked, itself or the control it is the label of? */
export const isChosen = (el: ScreenElement, elements: readonly ScreenElement[]) =>
  el.selected || el.checked || ancestors(el, elements).some((a) => a.clickable && (a.selected || a.checked));

/** The chosen tab, chip or segment whose text is `name` ("Today", "Amara"). */
function chosenNamed(name: string, elements: readonly ScreenElement[]): ScreenElement | undefined {
  return elements.find((el) => el.visible && sameText(textOf(el), name) && isChosen(el, elements));
}

/**
 * What says the screen is about `owner` ("Amara" of "Amara's balance", "today" of "today's
 * total"): the chosen tab, chip or segment of that name, the title, or a heading near the top
 * outside any row, as a whole text or one of its parts ("Emma · 4 months"). Undefined when
 * the owner is shown only elsewhere (a tab not chosen, a row) or not at all.
 */
export function screenAbout(owner: string, elements: readonly ScreenElement[]): ScreenElement | undefined {
  return (
    chosenNamed(owner, elements) ??
    titleElements(elements).find((t) => sameText(textOf(t), owner)) ??
    headingsOf(elements).find((el) => textSegments(textOf(el)).some((seg) => sameText(seg, owner) || startsWithName(seg, owner)))
  );
}

/** Takes the first word of `words` that is `word` in some form ("grades" for "Grades"); false when none is. */
function spliceLemma(words: string[], word: string): boolean {
  const i = words.findIndex((w) => sameLemma(w, word));
  if (i < 0) return false;
  words.splice(i, 1);
  return true;
}

const sameWords = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((w, i) => sameLemma(w, b[i]!));

function passOn(el: ScreenElement, elements: readonly ScreenElement[], parts: Parts): Decision {
  const said = [parts.when && `the day chosen, ${parts.when}`, ...parts.whose.map((w) => `"${w}" under it`)].filter(Boolean);
  return {
    action: { type: 'assert', target: uniqueLocator(el, elements) ?? locatorFor(el, elements), visible: true },
    reasoning: `${describe(el)} names the screen's ${parts.head}${said.length > 0 ? `, with ${said.join(' and ')}` : ''}`,
    confidence: confidence(0.85),
  };
}
