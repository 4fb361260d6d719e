/**
 * "Open Pickle's medication log", "Remove Otto's entry": an action on what a row's name owns,
 * said again as "open the medication log for Pickle", "remove the entry for Otto" (the control of
 * the row showing the name: qualifier-words.ts "for", named-row-controls.ts). Asked only after the
 * words as written found nothing ("Switch to Isla's progress" names a tab, "Open the Grandma's
 * birthday photo" a row showing those words), and only a tap is taken.
 */

/** A verb, then a name (capitalised words, or with a number) and "'s", then what of it is meant. */
const OWNED = /^(\p{Ll}+)\s+(?:on\s+)?(?:the\s+)?((?:[\p{Lu}\d][\p{L}\d-]*\s+){0,2}[\p{Lu}\d][\p{L}\d-]*)['’]s\s+(\p{L}[\p{L}\d\s-]*)$/u;

/** A check's verbs, and a statement's words: "Check Pickle's log", "Open Pickle's log is shown" are no actions on it. */
const CHECKING = /^(?:check|verify|ensure|assert|confirm|see|expect|validate|make)$/;
const TAPPING = /^(?:tap|click|press|hit|select|choose|pick)$/;
const STATING = /\b(?:is|are|was|were|has|have|shows?|says?)\b/;

/** The instruction with the owner after "for", or null when it names no owner so. */
export function ownedAsFor(text: string): string | null {
  const said = text.trim().replace(/[.!]+$/, '');
  const m = OWNED.exec(said.charAt(0).toLowerCase() + said.slice(1));
  if (!m || CHECKING.test(m[1]!) || STATING.test(m[3]!)) return null;
  // "Tap Pickle's medication log" only opens it, as "open" does.
  const verb = TAPPING.test(m[1]!) ? 'open' : m[1];
  return `${verb} the ${m[3]} for ${m[2]}`;
}
