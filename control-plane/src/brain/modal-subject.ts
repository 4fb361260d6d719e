/**
 * A check whose subject is the dialog itself: "the sheet is for Recording 14", "the action sheet
 * shows Guitar idea", "the dialog is about the Visa card", "the pop-up offers Duplicate". While a
 * modal dialog, alert or sheet is up, it is judged on what the dialog itself shows, never on the
 * screen behind it: the list row "Guitar idea" under an action sheet for "Recording 14" says
 * nothing of the sheet. With no modal up the check reads as before (assertions.ts falls back to
 * the whole screen, as for "the dialog says …").
 */
import { type Decision, fail } from './actions.js';
import { evidenceOf, findShown, paraphraseOf, shownLocator } from './assertions.js';
import { describe } from './element-roles.js';
import type { ScreenElement } from './hierarchy.js';
import { modalFilter } from './screen-structure.js';
import type { TargetPhrase } from './target-phrase.js';

/** The words for a dialog as a whole: "the sheet", "the action sheet", "this dialog", "the pop-up", "the alert", "the menu". */
const MODAL_NOUN =
  '(?:(?:the|this|that)\\s+)?(?:(?:action|bottom|share|options)\\s+sheet|sheet|dialog(?:\\s+box)?|alert|pop-?\\s?up|popover|modal|prompt|(?:context|action|options|overflow)\\s+menu|menu)';
const NAMES_MODAL = new RegExp(`^${MODAL_NOUN}$`, 'i');
/** A sentence about the dialog: its noun, then a verb ("is", "shows", "offers", "asks", …). */
const MODAL_SENTENCE = new RegExp(
  `^${MODAL_NOUN}\\s+(?:is|are|was|has|have|should|must|will|does|lets|(?:show|say|offer|ask|list|mention|read|display|give|contain|refer|belong|appear)s?)\\b`,
  'i',
);

/** Does `label` name the dialog itself ("the sheet", "action sheet")? */
export function namesModal(label: string): boolean {
  return NAMES_MODAL.test(label.trim());
}

/**
 * A sentence check about the dialog ("the dialog is for Guitar idea") scoped to the dialog's
 * own elements (TargetPhrase.dialogSays); the phrase unchanged otherwise.
 */
export function scopedToModal(phrase: TargetPhrase): TargetPhrase {
  if (phrase.dialogSays || !phrase.sentence) return phrase;
  const said = (phrase.whole ?? phrase.text).trim();
  return MODAL_SENTENCE.test(said) ? { ...phrase, dialogSays: true } : phrase;
}

/** "for Recording 14", "about the Visa card": the words after the preposition are what the dialog must show. */
const ABOUT = /^(?:for|about|of|on|regarding|concerning)\s+(?:the\s+)?(.+)$/i;

/**
 * "The sheet is for Guitar idea" (a label and a value, value-assertions.ts) while a modal is up:
 * the dialog's own texts must say it, as a whole sentence, as its value ("Recording 14" on the
 * sheet), or in other words; else it fails, naming what behind the dialog shows it, if anything.
 * Null when the label is no dialog's noun or no modal is up.
 */
export function resolveModalValue(label: TargetPhrase, value: string, said: string, elements: readonly ScreenElement[]): Decision | null {
  if (!namesModal(label.text)) return null;
  const inModal = modalFilter(elements);
  if (!inModal) return null;
  const bare = ABOUT.exec(value)?.[1];
  const shown = (text: string) =>
    findShown(elements, { text })
      .filter((m) => inModal(m.element))
      .sort((a, b) => b.score - a.score || a.element.index - b.element.index)[0]?.element;
  const own = shown(said) ?? shown(value) ?? (bare ? shown(bare) : undefined);
  if (own)
    return {
      action: { type: 'assert', target: shownLocator(own, elements), visible: true },
      reasoning: `${describe(own)} is in the ${label.text.replace(/^(?:the|this|that)\s+/i, '')} itself`,
      confidence: 0.95,
    };
  const reworded = paraphraseOf({ text: said, dialogSays: true }, elements) ?? evidenceOf({ text: said, dialogSays: true }, elements);
  if (reworded) return reworded;
  const behind = findShown(elements, { text: bare ?? value }).find((m) => !inModal(m.element))?.element;
  const where = behind ? `: only ${describe(behind)}, behind it, shows "${bare ?? value}"` : '';
  return fail(`The ${label.text.replace(/^(?:the|this|that)\s+/i, '')} that is up does not say "${value}"${where}`);
}
