/**
 * Building blocks of the offline model's decisions: a tap on an element, a
 * failure that says what was looked for, the wording of reasons.
 */
import { type Decision, fail } from './actions.js';
import { type Match, tapTargetOf } from './element-matching.js';
import { center, describe, visibleLabel } from './element-roles.js';
import { normalizeText, similarity, textMatchScore } from './fuzzy.js';
import type { ScreenElement } from './hierarchy.js';
import { locatable, locatorFor } from './locators.js';
import { modalFilter } from './screen-structure.js';
import type { TargetPhrase } from './target-phrase.js';

/** Confidence in [0, 1] with two decimals (match scores may carry a role bonus above 1). */
export const confidence = (score: number) => Math.max(0, Math.min(1, Math.round(score * 100) / 100));

/** Tap `matched`, or its clickable container; the locator names whichever identifies it uniquely. */
export function tapOn(matched: ScreenElement, elements: readonly ScreenElement[], why: string, score: number): Decision {
  const target = tapTargetOf(matched, elements);
  // Behind an alert or modal dialog nothing can be touched, however the element was found (a row by
  // its title, a control by its verb): the dialog must be answered first, as target-choice.ts says.
  const inModal = modalFilter(elements);
  if (inModal && !inModal(target))
    return fail(`${describe(target)} is behind a dialog: answer the dialog first (e.g. "Dismiss the dialog")`);
  const via = target !== matched ? ` via its clickable container ${describe(target)}` : '';
  // Tapping something not marked clickable often does nothing (a screen title), but
  // some apps handle touches without telling accessibility: tap, with less confidence.
  const caveat = target.clickable ? '' : ' (not marked clickable)';
  return {
    action: { type: 'tap', target: locatorFor(target, elements, matched), point: center(target.bounds) },
    reasoning: `Tap ${describe(matched)}${via}${caveat}: ${why}`,
    confidence: confidence(target.clickable ? score : score * 0.7),
  };
}

/** The phrase as the user wrote it, for messages. */
export function quoteOf(phrase: TargetPhrase): string {
  const written = phrase.variants?.[0] ?? phrase.text;
  if (written) return `"${written}"`;
  if (phrase.ordinal !== undefined) return `item ${phrase.ordinal === -1 ? '(last)' : phrase.ordinal}`;
  return 'the target';
}

export function matchWhy(m: Match): string {
  const quality = m.score >= 0.95 ? 'exact' : m.score >= 0.85 ? 'close' : 'partial';
  const via = m.via === 'resourceId' ? 'id' : m.via === 'contentDesc' ? 'description' : m.via;
  return `${quality} ${via} match (score ${confidence(m.score)})`;
}

/** A failure naming what was looked for and the nearest things on the screen, so the test can be fixed. */
export function notFound(what: string, phrase: TargetPhrase, elements: readonly ScreenElement[]): Decision {
  const wanted = phrase.text || phrase.variants?.[0] || '';
  const labels = [
    ...new Set(
      locatable(elements)
        .map(visibleLabel)
        .filter((l) => l && l.length <= 60),
    ),
  ];
  const closest = labels
    .map((label) => ({
      label,
      score: Math.max(similarity(normalizeText(wanted), normalizeText(label)), textMatchScore(wanted, label)),
    }))
    .filter((c) => c.score > 0.3)
    .sort((a, b) => b.score - a.score)
    .slice(0, 3)
    .map((c) => `"${c.label}"`);
  const hint = closest.length ? ` (closest: ${closest.join(', ')})` : '';
  return fail(`No ${what} matching ${quoteOf(phrase)} on the screen${hint}`);
}

/** Top to bottom, then left to right. */
export function inReadingOrder<T extends { element: ScreenElement }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.element.bounds.y - b.element.bounds.y || a.element.bounds.x - b.element.bounds.x);
}

/** "2 of 5" for ordinal 2, "5 of 5" for last. */
export function position(ordinal: number, count: number): string {
  return `${ordinal === -1 ? count : ordinal} of ${count}`;
}
