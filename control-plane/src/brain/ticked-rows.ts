/**
 * "Check that Read is done", "Verify Walk is not done yet": a to-do or habit is done when the
 * checkbox of its list row is ticked. The row is named by one of its texts whole ("Read", never
 * "Rea" or a part of "Read a chapter"); it holds exactly one checkbox and no other switch, and only
 * one row is named so. Its state then decides, either way; anything else is left to other readings.
 */
import { type Decision, fail } from './actions.js';
import { ancestors, describe, isToggle } from './element-roles.js';
import type { ScreenElement } from './hierarchy.js';
import { isVerbForm } from './lemmas.js';
import { locatable, locatorFor, uniqueLocator } from './locators.js';
import { rowOf } from './screen-structure.js';
import { sameText } from './verdict-text.js';

/** "done", "completed", "finished", "ticked off", "checked off", with "not" and "yet" around it. */
export const DONE_VALUE = /^(not\s+)?(?:yet\s+)?(?:done|complete|completed|finished|ticked(?:\s+off)?|checked\s+off)(?:\s+yet)?$/i;

export function tickedState(name: string, done: boolean, elements: readonly ScreenElement[]): Decision | null {
  const rows = new Set(
    locatable(elements)
      .filter((el) => !el.clickable && !isToggle(el) && sameText(el.text || el.contentDesc, name))
      .map((el) => rowOf(el, elements))
      .filter((r): r is ScreenElement => r !== null),
  );
  if (rows.size !== 1) return null;
  const [row] = rows;
  const toggles = locatable(elements).filter((el) => isToggle(el) && (el === row || ancestors(el, elements).includes(row!)));
  const box = toggles[0];
  if (toggles.length !== 1 || !box || !/CheckBox/i.test(box.type)) return null;
  if (box.checked !== done) return fail(`${describe(box)} of the row "${name}" is ${box.checked ? 'ticked' : 'not ticked'}`);
  return {
    action: { type: 'assert', target: { ...(uniqueLocator(box, elements) ?? locatorFor(box, elements)), checked: done }, visible: true },
    reasoning: `${describe(box)} of the row "${name}" is ${done ? 'ticked' : 'not ticked'}`,
    confidence: 1,
  };
}

/**
 * "I meditated …", "we have walked …": a claim that the user did something (its subject "I" or "we",
 * then a past form). Not a claim of progress ("I swam 18 of 40 lengths"): a row's "18 of 40" says
 * how far it got, ticked or not.
 */
export function userDid(tokens: readonly string[]): boolean {
  if (tokens.some((t, i) => /^\d/.test(t) && tokens[i + 1] === 'of' && /^\d/.test(tokens[i + 2] ?? ''))) return false;
  const at = tokens.findIndex((t) => t === 'i' || t === 'we');
  if (at < 0) return false;
  let i = at + 1;
  while (/^(?:have|had|just|already|also)$/.test(tokens[i] ?? '')) i += 1;
  const verb = tokens[i] ?? '';
  // A past form by the dictionary ("meditated", "drank", "ran"), not "-s" or "-ing"; "read" is its own past.
  return verb === 'read' || (isVerbForm(verb) && !/(?:s|ing)$/.test(verb));
}

/** A list row holding one checkbox, not ticked: a to-do or habit still to be done. */
export function untickedTodo(row: ScreenElement | null, elements: readonly ScreenElement[]): boolean {
  if (!row) return false;
  const boxes = locatable(elements).filter(
    (el) => isToggle(el) && /CheckBox/i.test(el.type) && (el === row || ancestors(el, elements).includes(row)),
  );
  return boxes.length === 1 && !boxes[0]!.checked;
}
