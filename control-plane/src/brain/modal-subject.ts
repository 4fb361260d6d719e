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
import { descendants, describe } from './element-roles.js';
import type { ScreenElement } from './hierarchy.js';
import { locatable } from './locators.js';
import { modalFilter } from './screen-structure.js';
import type { TargetPhrase } from './target-phrase.js';
import { sameText } from './verdict-text.js';

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

/** "the alert is about Packing list", "the dialog shows Visa •••• 4412": the dialog's noun, a copula or a verb of showing, the value. */
const MODAL_VALUE = new RegExp(
  `^(${MODAL_NOUN})\\s+(?:is|are|should\\s+be|must\\s+be|shows|says|reads|displays|should\\s+(?:show|say|read|display))\\s+(.+)$`,
  'i',
);

/**
 * A check written as a sentence about the dialog's value ("the alert is about Packing list": the
 * grammar takes "the alert" for no label) is read as the label-and-value one, resolveModalValue.
 */
export function resolveModalSentence(phrase: TargetPhrase, elements: readonly ScreenElement[]): Decision | null {
  if (!phrase.sentence || phrase.literal) return null;
  const said = (phrase.whole ?? phrase.text).trim();
  const m = MODAL_VALUE.exec(said);
  return m ? resolveModalValue({ text: m[1]! }, m[2]!, said, elements) : null;
}

/** A name in double quotes, straight or typographic. */
const QUOTED = /["\u201C]([^"\u201D]+)["\u201D]/g;

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
  const leaf = (el: ScreenElement) => Number(descendants(el, elements).length === 0);
  const noun = label.text.replace(/^(?:the|this|that)\s+/i, '');
  const shown = (text: string) =>
    findShown(elements, { text })
      .filter((m) => inModal(m.element))
      // The dialog's own text before the dialog named after it.
      .sort((a, b) => b.score - a.score || leaf(b.element) - leaf(a.element) || a.element.index - b.element.index)[0]?.element;
  // A dialog names what it is about in quotes: "Delete “Packing list”?" is for Packing list.
  const quoting = (name: string) =>
    locatable(elements).find((el) => inModal(el) && [...(el.text || el.contentDesc).matchAll(QUOTED)].some((m) => sameText(m[1]!, name)));
  const own = shown(said) ?? shown(value) ?? (bare ? (shown(bare) ?? quoting(bare)) : undefined);
  if (own)
    return {
      action: { type: 'assert', target: shownLocator(own, elements), visible: true },
      reasoning: `${describe(own)}, in the ${noun} itself, says it`,
      confidence: 0.95,
    };
  const reworded = paraphraseOf({ text: said, dialogSays: true }, elements) ?? evidenceOf({ text: said, dialogSays: true }, elements);
  if (reworded) return reworded;
  const behind = findShown(elements, { text: bare ?? value }).find((m) => !inModal(m.element))?.element;
  const where = behind ? `: only ${describe(behind)}, behind it, shows "${bare ?? value}"` : '';
  return fail(`The ${noun} that is up does not say "${value}"${where}`);
}
