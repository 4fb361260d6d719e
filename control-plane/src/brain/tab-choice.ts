/**
 * "Show tomorrow's tides", "Show the Term 2 grades", "Switch to Ava's chores", "Show the slopes":
 * the tab, chip or segment that shows it. A tester names what the tab brings up; the tab is named
 * after the part that picks it: the day or the one whose ("Tomorrow", "Ava"), the words before the
 * noun ("Term 2", "Diesel"), or the whole ("Slopes").
 *
 * Only a control of a group of choices (one of them chosen, or a tab, chip or segment by its
 * type), enabled, the only one so named; and the noun after the name ("tides", "grades") must be
 * a word the screen shows elsewhere, so "Show tomorrow's weather" on a TV guide taps nothing.
 */
import type { Decision } from './actions.js';
import { textOf } from './claim-pieces.js';
import { tapOn } from './decisions.js';
import { tapTargetOf } from './element-matching.js';
import { describe } from './element-roles.js';
import type { ScreenElement } from './hierarchy.js';
import { sameLemma } from './lemmas.js';
import { canonicalTokens } from './lexicon.js';
import { locatable } from './locators.js';
import { type DateParts, dateParts, sameDate } from './spoken-dates.js';
import { comparableTokens, sameText, textSegments } from './verdict-text.js';

/** "Show …", "View …", "See …", "Display …", "Filter to …" (an imperative nothing else understood). */
const SHOW = /^(?:(?:show|view|see|display)(?:\s+me)?(?:\s+only)?|filter\s+(?:to|by|on)|show\s+only)\s+(.+)$/i;
const DETERMINER = /^(?:the|my|our|your)\s+/i;
const TAB_TYPE = /tab|chip|segment|radiobutton/i;
/** A word for what a choice is, said after its name: "the Flowers category", "the Week view". */
const CHOICE_KIND = /^(?:category|filter|tab|view|section|option|mode)$/i;

/** For an instruction "Show …" that nothing else understood. */
export function showTab(said: string, elements: readonly ScreenElement[]): Decision | null {
  const m = SHOW.exec(said.trim());
  return m ? (tabNamedBy(m[1]!, elements) ?? tabOfDate(m[1]!, elements)) : null;
}

/**
 * "Show sailings on Saturday 13 December": the one chip or tab showing that date as the screen writes it ("Sat 13
 * Dec", spoken-dates.ts), when what is shown ("sailings") is a word of the screen outside it.
 */
function tabOfDate(phrase: string, elements: readonly ScreenElement[]): Decision | null {
  const m = /^(?:the\s+)?(.+?)\s+(?:on|for|from)\s+(.+)$/i.exec(phrase.trim());
  const said = m ? dateParts(m[2]!) : null;
  if (!said) return null;
  const dated = [
    ...new Set(
      choiceControls(elements)
        .filter((c) => c.labels.some((l) => textSegments(l).some((part) => sameDateShown(said, part))))
        .map((c) => c.control),
    ),
  ];
  if (dated.length !== 1 || !(shownElsewhere(m![1]!, dated[0]!, elements) || listedThings(m![1]!, elements))) return null;
  return tapOn(dated[0]!, elements, `${describe(dated[0]!)} is the date whose ${m![1]} are shown`, 0.85);
}

/**
 * "Pick Sunday instead": the one chip, tab or segment whose date falls on that weekday ("Sun 22 Jun"), when the
 * instruction names nothing but the day. Never a weekday no choice shows, nor one two choices show (two weeks).
 */
export function choiceOfWeekday(phrase: string, elements: readonly ScreenElement[]): Decision | null {
  const words = comparableTokens(phrase.replace(/\s+(?:instead|then|please)$/i, '')).filter((w) => w !== 'the');
  const weekday = words.length === 1 ? dayNamed(words[0]!) : null;
  if (!weekday) return null;
  const onDay = [
    ...new Set(
      choiceControls(elements)
        .filter((c) => c.labels.some((l) => textSegments(l).some((part) => dateParts(part)?.weekday === weekday)))
        .map((c) => c.control),
    ),
  ];
  if (onDay.length !== 1) return null;
  return tapOn(onDay[0]!, elements, `${describe(onDay[0]!)} is the one choice on a ${weekday}`, 0.85);
}

const dayNamed = (word: string) => dateParts(`1 ${word}`)?.weekday ?? null;

const sameDateShown = (said: DateParts, text: string) => {
  const shown = dateParts(text);
  return shown !== null && sameDate(said, shown);
};

/** The one choice control this phrase names by the part that picks it (see above); null when none or several. */
export function tabNamedBy(phrase: string, elements: readonly ScreenElement[]): Decision | null {
  const choice = choiceShowing(phrase, elements);
  return choice ? tapOn(choice.tab, elements, choice.why, 0.85) : null;
}

/** The one tab, chip or segment a phrase names (see tabNamedBy), and why. */
export function choiceShowing(phrase: string, elements: readonly ScreenElement[]): { tab: ScreenElement; why: string } | null {
  const np = phrase.trim().replace(DETERMINER, '');
  const readings: Array<{ name: string; noun: string | null }> = [];
  // "Show my loans" for a segment "My loans": the determiner is part of its name.
  if (/^(?:my|our|your)\s/i.test(phrase.trim())) readings.push({ name: phrase.trim(), noun: null });
  const possessive = /^(.+?)['’]s\s+(.+)$/.exec(np);
  if (possessive) readings.push({ name: possessive[1]!, noun: possessive[2]! });
  readings.push({ name: np, noun: null });
  const words = np.split(/\s+/);
  if (!possessive && words.length > 1) readings.push({ name: words.slice(0, -1).join(' '), noun: words.at(-1)! });
  const choices = choiceControls(elements);
  for (const { name, noun } of readings) {
    // A count beside the name is no part of it: "Closed (5)".
    const named = [
      ...new Set(choices.filter((c) => c.labels.some((l) => sameText(withoutCount(l), name) || sameWords(l, name))).map((c) => c.control)),
    ];
    if (named.length !== 1) continue;
    const tab = named[0]!;
    if (noun !== null && !CHOICE_KIND.test(noun) && !shownElsewhere(noun, tab, elements) && !listedThings(noun, elements)) continue;
    // Two words, each a choice's name ("the league table" beside a League tab and a Table segment), may name either;
    // unless the noun's choice is the one chosen, the section the screen is ("the Term 2 grades" on the Grades tab), or
    // a possessive says whose ("tomorrow's tides" beside a Tides tab is Tomorrow).
    const other = (c: Choice) => c.control !== tab && !c.control.selected && !c.control.checked && c.labels.some((l) => sameText(l, noun!));
    if (noun !== null && !possessive && choices.some(other)) continue;
    const why = noun ? `${describe(tab)} is the choice that shows ${noun}` : `${describe(tab)} is the choice named`;
    return { tab, why };
  }
  return null;
}

/** The same words once numbers are read as numbers: "back nine" is "Back 9" (lexicon.ts). */
const sameWords = (a: string, b: string) => {
  const x = canonicalTokens(comparableTokens(a));
  const y = canonicalTokens(comparableTokens(b));
  return x.length > 0 && x.length === y.length && x.every((t, i) => t === y[i]);
};

/** The one tab, chip or segment of that name (whole, numbers as numbers), or null. */
export function choiceNamed(name: string, elements: readonly ScreenElement[]): ScreenElement | null {
  const named = [
    ...new Set(
      choiceControls(elements)
        .filter((c) => c.labels.some((l) => sameText(l, name) || sameWords(l, name)))
        .map((c) => c.control),
    ),
  ];
  return named.length === 1 ? named[0]! : null;
}

interface Choice {
  control: ScreenElement;
  labels: string[];
}

/** Enabled controls of a group of choices, with what they are called (their own label or their label's text). */
function choiceControls(elements: readonly ScreenElement[]): Choice[] {
  const out: Choice[] = [];
  for (const el of locatable(elements)) {
    const control = tapTargetOf(el, elements);
    if (!control.clickable || !control.enabled || !isChoice(control, elements)) continue;
    const labels = [textOf(el), el.resourceId.replace(/^.*:id\//, '')].filter((l) => l !== '');
    out.push({ control, labels });
  }
  return out;
}

/** A tab, chip or segment by its type, or one of two or more sibling controls of which one is chosen. */
export function isChoice(control: ScreenElement, elements: readonly ScreenElement[]): boolean {
  if (TAB_TYPE.test(control.type) || control.checkable) return true;
  const siblings = elements.filter((e) => e.visible && e.clickable && e.parentIndex === control.parentIndex);
  return siblings.length > 1 && siblings.some((s) => s.selected || s.checked);
}

/** The noun ("tides") is a word of some text of the screen outside the tab itself ("Tide times"). */
function shownElsewhere(noun: string, tab: ScreenElement, elements: readonly ScreenElement[]): boolean {
  const wanted = comparableTokens(noun);
  return elements.some(
    (el) =>
      el.visible &&
      el !== tab &&
      tapTargetOf(el, elements) !== tab &&
      wanted.every((w) => comparableTokens(textOf(el)).some((t) => sameLemma(t, w))),
  );
}

/**
 * "items", "programmes", "requests": one plural word for what the list shows, said by no text of the screen (a word
 * shown there names that thing instead): "Show sold items" is the Sold choice.
 */
function listedThings(noun: string, elements: readonly ScreenElement[]): boolean {
  const wanted = comparableTokens(noun);
  if (wanted.length !== 1 || !/\p{L}{3,}s$/u.test(wanted[0]!)) return false;
  return !elements.some((el) => el.visible && comparableTokens(textOf(el)).some((t) => sameLemma(t, wanted[0]!)));
}

/** A tab's label less the count after it: "Closed (5)" is the Closed tab. */
const withoutCount = (label: string) => label.replace(/\s*\(\d+\)$/, '');

/**
 * "Change the service to just a cut", "switch the view to Month", "set the vehicle to Van": what the
 * choice is for, then the one tab, chip, segment or radio button named (whole; articles, "just" and
 * "only" aside). Never a switch or checkbox, which is turned on or off, not chosen.
 */
export function changeChoice(said: string, elements: readonly ScreenElement[]): Decision | null {
  const m =
    /^(?:change|switch|set|make)\s+(?:the\s+|my\s+|your\s+)?\p{L}+(?:\s+\p{L}+)?\s+to\s+(?:just\s+|only\s+)?(?:a\s+|an\s+|the\s+)?(.+)$/iu.exec(
      said.trim().replace(/[.!]$/, ''),
    );
  const choice = m ? choiceNamed(m[1]!, elements) : null;
  if (!choice || /Switch|CheckBox/i.test(choice.type) || (choice.platform === 'ios' && choice.checkable)) return null;
  if (choice.selected || choice.checked)
    return { action: { type: 'done' }, reasoning: `${describe(choice)} is already chosen`, confidence: 0.85 };
  return tapOn(choice, elements, `${describe(choice)} is the choice named`, 0.85);
}
