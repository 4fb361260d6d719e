/**
 * A switch or checkbox named in the tester's words rather than by its label: "the eSIM box" for
 * "Also erase downloaded eSIMs", "backing up the watch data" for "Back up watch data first", "the
 * evening reminder" for "Remind me the evening before". Every word that names something (role
 * nouns and fillers aside) is a word of the toggle's label or of its row, in some form (lemmas.ts:
 * "reminder" and "Remind", "backing" and "Back"; sameRoot), and only one toggle on the screen (in the dialog,
 * when one is up) fits. "The morning reminder" fits none; a word two toggles share names neither.
 */
import { textOf } from './claim-pieces.js';
import { listItems, toggleOf } from './element-matching.js';
import { descendants, isToggle } from './element-roles.js';
import type { ScreenElement } from './hierarchy.js';
import { sameLemma, sameRoot } from './lemmas.js';
import { locatable } from './locators.js';
import { modalFilter, rowOf, titleElements } from './screen-structure.js';
import { comparableTokens, textSegments } from './verdict-text.js';

/** Words that say what kind of control, or nothing at all: the rest must be the label's. */
const NAMING_NOTHING = new Set(
  'the a an my our your this that its of for to on in at with about too also box checkbox check switch toggle option setting settings tick'.split(
    ' ',
  ),
);

export function toggleByWords(name: string, elements: readonly ScreenElement[]): ScreenElement | null {
  const said = comparableTokens(name).filter((w) => !NAMING_NOTHING.has(w));
  // "the Hedges zone" under a heading "Zones": the list's own noun says what, not which (one word at least stays).
  const headings = locatable(elements)
    .filter((el) => !el.clickable && rowOf(el, elements) === null && !isToggle(el))
    .map((el) => comparableTokens(textOf(el)))
    .filter((words) => words.length === 1)
    .flat();
  const listNoun = (w: string) => headings.some((h) => sameLemma(h, w));
  const wanted = said.some((w) => !listNoun(w)) ? said.filter((w) => !listNoun(w)) : said;
  if (wanted.length === 0) return null;
  const inModal = modalFilter(elements);
  const words = new Map<ScreenElement, string[]>();
  for (const el of locatable(elements)) {
    if (inModal && !inModal(el)) continue;
    const toggle = isToggle(el) ? el : toggleOf(el, elements);
    if (!toggle || (inModal && !inModal(toggle))) continue;
    words.set(toggle, [...(words.get(toggle) ?? []), ...comparableTokens(textOf(el))]);
  }
  const same = (t: string, w: string) => t === w || sameLemma(t, w) || sameRoot(t, w);
  // With the list's noun set aside, what is left names the toggle by its own label's first part, whole ("the Hedges
  // zone" for "Hedges"; never "the daily reminder" for "Vitamins, daily, 08:00").
  const dropped = wanted.length < said.length;
  const firstPart = (toggle: ScreenElement) => comparableTokens(textSegments(textOf(toggle).split(/,/)[0] ?? '').at(-1) ?? '');
  const fits = [...words].filter(
    ([toggle, own]) =>
      wanted.every((w) => own.some((t) => same(t, w))) && (!dropped || firstPart(toggle).every((t) => wanted.some((w) => same(t, w)))),
  );
  return fits.length === 1 ? fits[0]![0] : null;
}

/** A row's control that marks it done: "Mark done", "Done", "Complete". */
const DONE = /^(?:mark\s+(?:as\s+)?)?(?:done|complete|completed|finished)$/i;

/**
 * "Tick off tidying the playroom", "Mark feeding the cat as done" on a chore list whose rows have a
 * "Mark done" button, not a box: the one row whose texts have every naming word (in some form:
 * "feeding" is "Feed the cat"), and its one control that marks it done.
 */
export function doneControlOfRow(name: string, elements: readonly ScreenElement[]): ScreenElement | null {
  // "the dishwasher chore" on "This week's chores": the list's own noun says what, not which.
  const listNoun = titleElements(elements).flatMap((t) => comparableTokens(textOf(t)));
  const wanted = comparableTokens(name).filter((w) => !NAMING_NOTHING.has(w) && !listNoun.some((t) => sameLemma(t, w)));
  if (wanted.length === 0 || modalFilter(elements)) return null;
  const rows = listItems(elements).filter((r) => {
    const own = [r, ...descendants(r, elements)].flatMap((el) => comparableTokens(textOf(el)));
    return wanted.every((w) => own.some((t) => t === w || sameLemma(t, w) || sameRoot(t, w)));
  });
  if (rows.length !== 1) return null;
  const controls = descendants(rows[0]!, elements).filter((el) => el.clickable && el.enabled && DONE.test(textOf(el).trim()));
  return controls.length === 1 ? controls[0]! : null;
}
