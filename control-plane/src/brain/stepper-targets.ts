/**
 * A count asked for by its stepper: "Make it three players", "add a third player", "set the bedding packs to 2",
 * "so that's six people", beside a stepper showing the count now ("Fewer players", "2", "More players").
 *
 * - The words: what is counted and the count wanted (a number, or an ordinal after "add a": "a third player" makes
 *   three). The stepper is found as for one more or one fewer (intent-resolver.ts `stepCount`).
 * - The count now: the one text of digits alone beside the stepper's button (its row, else its siblings); without
 *   it nothing is decided, as the count wanted cannot be told from one more.
 * - One more than now is the stepper's more, one fewer its fewer, the same is done already; further is one tap per
 *   step, so the step fails saying how many it would take.
 */
import { type Decision, fail } from './actions.js';
import { children, descendants, isControl } from './element-roles.js';
import type { ScreenElement } from './hierarchy.js';
import { canonicalWord } from './lexicon.js';
import { locate } from './locators.js';
import { rowOf } from './screen-structure.js';
import { ordinalValue } from './target-phrase.js';

/** "three" is 3 (lexicon.ts), "third" 3 (target-phrase.ts). */
const countOf = (word: string) => ordinalValue(word) ?? Number(canonicalWord(word.toLowerCase()));
const NUMBER = String.raw`(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)`;
const FORMS: readonly RegExp[] = [
  new RegExp(String.raw`^make\s+(?:it|that|them)\s+${NUMBER}\s+(.+)$`, 'i'),
  new RegExp(String.raw`^(?:so\s+)?that['’]s\s+${NUMBER}\s+(.+)$`, 'i'),
  /^(?:add|get|book)\s+a\s+(third|fourth|fifth|sixth)\s+(.+)$/i,
];
const SET_TO = new RegExp(String.raw`^set\s+(?:the\s+)?(?:number\s+of\s+)?(.+?)\s+to\s+${NUMBER}$`, 'i');

/** What is counted and the count wanted, or null when the words ask for no count. */
export function countWanted(said: string): { what: string; count: number } | null {
  const plain = said.trim().replace(/[.!]$/, '');
  for (const form of FORMS) {
    const m = form.exec(plain);
    if (m) return { what: m[2]!, count: countOf(m[1]!) };
  }
  const set = SET_TO.exec(plain);
  return set ? { what: set[1]!, count: countOf(set[2]!) } : null;
}

/** The count a stepper button stands beside: the one text of digits alone in its row, else among its siblings. */
function countBeside(button: ScreenElement, elements: readonly ScreenElement[]): number | null {
  const row = rowOf(button, elements);
  const parent = button.parentIndex === null ? undefined : elements[button.parentIndex];
  const around = row ? descendants(row, elements) : parent ? children(parent, elements) : [];
  const counts = around.filter((el) => el.visible && !isControl(el) && /^\d{1,3}$/.test((el.text || el.contentDesc).trim()));
  return counts.length === 1 ? Number((counts[0]!.text || counts[0]!.contentDesc).trim()) : null;
}

/** The decision for the count wanted, given the stepper's one-more and one-fewer taps (either may be missing). */
export function stepToCount(
  wanted: number,
  more: Decision | null,
  fewer: Decision | null,
  elements: readonly ScreenElement[],
): Decision | null {
  const tapped = (d: Decision | null) => (d?.action.type === 'tap' && d.action.target ? locate(elements, d.action.target) : null);
  const button = tapped(more) ?? tapped(fewer);
  const now = button ? countBeside(button, elements) : null;
  if (now === null) return null;
  if (wanted === now) return { action: { type: 'done' }, reasoning: `the count is ${now} already`, confidence: 0.8 };
  if (wanted === now + 1 && more) return more;
  if (wanted === now - 1 && fewer) return fewer;
  return fail(`The count is ${now}: ${wanted} takes ${Math.abs(wanted - now)} taps, one per step`);
}
