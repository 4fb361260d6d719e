/**
 * A switch or checkbox named in the tester's words rather than by its label: "the eSIM box" for
 * "Also erase downloaded eSIMs", "backing up the watch data" for "Back up watch data first", "the
 * evening reminder" for "Remind me the evening before". Every word that names something (role
 * nouns and fillers aside) is a word of the toggle's label or of its row, in some form (lemmas.ts:
 * "reminder" and "Remind", "backing" and "Back"; sameRoot), and only one toggle on the screen (in the dialog,
 * when one is up) fits. "The morning reminder" fits none; a word two toggles share names neither.
 */
import { textOf } from './claim-pieces.js';
import { toggleOf } from './element-matching.js';
import { isToggle } from './element-roles.js';
import type { ScreenElement } from './hierarchy.js';
import { sameLemma, sameRoot } from './lemmas.js';
import { locatable } from './locators.js';
import { modalFilter } from './screen-structure.js';
import { comparableTokens } from './verdict-text.js';

/** Words that say what kind of control, or nothing at all: the rest must be the label's. */
const NAMING_NOTHING = new Set(
  'the a an my our your this that its of for to on in at with about box checkbox check switch toggle option setting settings tick'.split(
    ' ',
  ),
);

export function toggleByWords(name: string, elements: readonly ScreenElement[]): ScreenElement | null {
  const wanted = comparableTokens(name).filter((w) => !NAMING_NOTHING.has(w));
  if (wanted.length === 0) return null;
  const inModal = modalFilter(elements);
  const words = new Map<ScreenElement, string[]>();
  for (const el of locatable(elements)) {
    if (inModal && !inModal(el)) continue;
    const toggle = isToggle(el) ? el : toggleOf(el, elements);
    if (!toggle || (inModal && !inModal(toggle))) continue;
    words.set(toggle, [...(words.get(toggle) ?? []), ...comparableTokens(textOf(el))]);
  }
  const fits = [...words].filter(([, own]) => wanted.every((w) => own.some((t) => t === w || sameLemma(t, w) || sameRoot(t, w))));
  return fits.length === 1 ? fits[0]![0] : null;
}
