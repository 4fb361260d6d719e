/**
 * A switch or checkbox that offers an extra, named as testers name the extra: "breakdown cover"
 * for "Breakdown cover (£4.50/mo)", "the airport transfer" for "Add airport transfer (€35)". Its
 * label less an aside in parentheses at its end (a price, what it includes) and less a leading
 * "Add" / "Include", compared whole (never a part: "breakdown" names nothing). One toggle only.
 * Read by "Add X" / "Include X" (turn it on) and "X is included / added" (its state): the label
 * only offers the extra, the control's state says whether it is taken (assertions.ts).
 */
import { toggleOf } from './element-matching.js';
import type { ScreenElement } from './hierarchy.js';
import { locatable } from './locators.js';
import { comparableTokens } from './verdict-text.js';

const ARTICLE = /^(?:the|a|an|my|this|your|our)$/;

const nameOf = (text: string) =>
  comparableTokens(text)
    .filter((t, i) => i > 0 || !ARTICLE.test(t))
    .join(' ');

/** "Add airport transfer (€35)" offers "airport transfer"; "Legal protection" offers itself. */
export function offeredName(label: string): string {
  return nameOf(
    label
      .replace(/\s*\([^()]*\)\s*$/, '')
      .replace(/^\s*(?:add|include)\s+/i, '')
      .trim(),
  );
}

/** The one switch or checkbox whose label offers `name` (articles aside); null when none or several do. */
export function toggleOffering(name: string, elements: readonly ScreenElement[]): ScreenElement | null {
  const wanted = nameOf(name);
  if (wanted === '') return null;
  const hits = new Set<ScreenElement>();
  for (const el of locatable(elements)) {
    const label = el.text || el.contentDesc;
    if (!label || offeredName(label) !== wanted) continue;
    const toggle = toggleOf(el, elements);
    if (toggle) hits.add(toggle);
  }
  return hits.size === 1 ? [...hits][0]! : null;
}
