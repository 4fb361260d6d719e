/**
 * "Daniel Kim hasn't replied yet", "Marcus Lee has not replied", "Priya hasn't answered": an
 * invitation still open, said by the person's row as a status ("Awaiting reply", "Pending",
 * "No reply yet"). The person is the one row whose texts start with the name; that row must say
 * one of those statuses as a whole part of a text ("Party of 1 · Pending"). A row saying
 * "Attending", "Declined" or "Confirmed", or two rows of that name, fail.
 */
import type { Decision } from './actions.js';
import { textOf } from './claim-pieces.js';
import { confidence } from './decisions.js';
import { descendants, describe } from './element-roles.js';
import type { ScreenElement } from './hierarchy.js';
import { locatorFor, uniqueLocator } from './locators.js';
import { rowsOfScreen } from './named-row-controls.js';
import { modalFilter } from './screen-structure.js';
import { sameText, startsWithName, textSegments } from './verdict-text.js';

const NOT_REPLIED =
  /^(.+?)\s+(?:has\s+not|hasn['’]t|did\s+not|didn['’]t)\s+(?:yet\s+)?(?:replied|responded|answered|rsvp['’]?d|reply|respond|answer|rsvp)(?:\s+yet)?$/i;
/** Statuses of an invitation not answered. */
const OPEN =
  /^(?:awaiting (?:a )?(?:reply|response|rsvp|answer)|pending|no (?:reply|response|answer)(?: yet)?|not (?:replied|responded)(?: yet)?|waiting for (?:a )?(?:reply|response))$/i;

export function notRepliedYet(sentence: string, elements: readonly ScreenElement[]): Decision | null {
  const m = NOT_REPLIED.exec(sentence.trim().replace(/[.!]$/, ''));
  if (!m || modalFilter(elements)) return null;
  const who = m[1]!.replace(/^(?:check|verify|make sure|ensure)\s+(?:that\s+)?/i, '').trim();
  const names = (el: ScreenElement) => sameText(textOf(el), who) || startsWithName(textOf(el), who) || firstName(textOf(el), who);
  const rows = rowsOfScreen(elements).filter((r) => [r, ...descendants(r, elements)].some(names));
  if (rows.length !== 1) return null;
  const row = rows[0]!;
  const status = [row, ...descendants(row, elements)].find((el) => el.visible && textSegments(textOf(el)).some((s) => OPEN.test(s.trim())));
  if (!status) return null;
  return {
    action: { type: 'assert', target: uniqueLocator(status, elements) ?? locatorFor(status, elements), visible: true },
    reasoning: `${describe(status)} in the row of "${who}" says the invitation is not answered`,
    confidence: confidence(0.8),
  };
}

/** "Priya" of "Priya Nair": one capitalised word, the first of the text. */
const firstName = (text: string, who: string) => /^\p{Lu}\p{Ll}+$/u.test(who) && new RegExp(`^${who}\\s+\\p{Lu}`, 'u').test(text.trim());
