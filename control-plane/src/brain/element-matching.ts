/**
 * Finding the element an instruction means: scoring every element against a
 * target phrase, choosing what to tap for it, the field a label belongs to, the
 * switch of a settings row, the rows of a list.
 */
import {
  ancestors,
  area,
  center,
  children,
  contains,
  descendants,
  isButtonType,
  isEditable,
  isListContainer,
  isTabContainer,
  isToggle,
} from './element-roles.js';
import { identifierMatchScore, type MatchOptions, MIN_MATCH_SCORE, normalizeText, textMatchScore } from './fuzzy.js';
import { type ScreenElement, shortType } from './hierarchy.js';
import { canonicalWord } from './lexicon.js';
import { locatable } from './locators.js';
import type { Role, TargetPhrase } from './target-phrase.js';

export interface Match {
  element: ScreenElement;
  score: number;
  /** Which property matched, for the reasoning. */
  via: 'text' | 'contentDesc' | 'resourceId' | 'hint' | 'synonym' | 'label';
  /** Matched the words as written (TargetPhrase.variants), so ordinal and role words were part of the name. */
  asWritten?: boolean;
}

/** A reading of the phrase as written must match this well to win over the shorter reading. */
const AS_WRITTEN_MIN_SCORE = 0.9;

/**
 * Icon-only controls are described by what they do, not by a word on screen.
 * Kept short on purpose: each entry is a guess the user did not spell out.
 */
const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  menu: ['open navigation drawer', 'navigation menu', 'main menu', 'hamburger menu', 'show navigation drawer'],
  back: ['navigate up', 'back button'],
  more: ['more options', 'more actions'],
  close: ['dismiss', 'close dialog'],
  add: ['add', 'new', 'create', 'plus'],
  cart: ['shopping cart', 'basket', 'bag'],
  settings: ['preferences'],
  minus: ['decrease', 'decrease quantity', 'subtract'],
  plus: ['increase', 'increase quantity'],
};

function roleBonus(el: ScreenElement, role: Role | undefined, elements: readonly ScreenElement[]): number {
  switch (role) {
    case 'button':
      return isButtonType(el) || el.clickable ? 0.03 : 0;
    case 'field':
      return isEditable(el) ? 0.05 : 0;
    case 'toggle':
      return isToggle(el) ? 0.05 : 0;
    case 'tab':
      return ancestors(el, elements).some(isTabContainer) || shortType(el.type) === 'Tab' ? 0.05 : 0;
    case 'link':
      return shortType(el.type) === 'Link' || el.clickable ? 0.02 : 0;
    case 'icon':
      return /Image/.test(shortType(el.type)) || (!el.text && el.contentDesc) ? 0.03 : 0;
    default:
      return 0;
  }
}

/** The best score of `el` for `phrase`, without role bonus. */
export function scoreElement(el: ScreenElement, text: string, options: MatchOptions, visibleTextOnly = false): Omit<Match, 'element'> {
  let best: Omit<Match, 'element'> = { score: 0, via: 'text' };
  const consider = (score: number, via: Match['via']) => {
    if (score > best.score) best = { score, via };
  };
  consider(textMatchScore(text, el.text, options), 'text');
  consider(textMatchScore(text, el.contentDesc, options), 'contentDesc');
  consider(textMatchScore(text, el.hint, options) * 0.95, 'hint');
  if (visibleTextOnly) return best;
  consider(identifierMatchScore(text, el.resourceId, options), 'resourceId');
  const exactly = { ...options, typos: false };
  for (const synonym of SYNONYMS[normalizeText(text)] ?? []) {
    consider(Math.max(textMatchScore(synonym, el.contentDesc, exactly), textMatchScore(synonym, el.text, exactly)) * 0.85, 'synonym');
  }
  return best;
}

/** Elements matching the phrase, best first; a disabled element ranks below an enabled one of about the same score. */
export function findMatches(
  elements: readonly ScreenElement[],
  phrase: TargetPhrase,
  pool?: readonly ScreenElement[],
  extra: MatchOptions = {},
): Match[] {
  // The app and its windows are no control, though iOS names the app ("Settings" is the back button, not the app).
  const candidates = (pool ?? locatable(elements)).filter((el) => !/^(?:Application|Window)$/.test(shortType(el.type)));
  const options: MatchOptions = { typos: !phrase.literal, ...extra };
  const asWritten: Match[] = [];
  for (const variant of phrase.variants ?? []) {
    for (const el of candidates) {
      // Words as written match what is shown, not ids: "Search tab" is not the id "search_tab" stripped of "tab".
      const { score, via } = scoreElement(el, variant, { ...options, typos: false }, true);
      if (score >= AS_WRITTEN_MIN_SCORE) asWritten.push({ element: el, score, via, asWritten: true });
    }
  }
  if (asWritten.length > 0) return ranked(asWritten, elements);
  if (!phrase.text) return [];
  const matches: Match[] = [];
  for (const el of candidates) {
    const { score, via } = scoreElement(el, phrase.text, options);
    if (score >= MIN_MATCH_SCORE) matches.push({ element: el, score: score + roleBonus(el, phrase.role, elements), via });
  }
  return ranked(matches, elements);
}

/**
 * Best first. Among about equally good matches, one that can be tapped beats a
 * plain label (a screen title repeating a button's text), and an enabled element
 * beats a disabled one. Scores may exceed 1 here by the role bonus; confidence is clamped later.
 */
function ranked(matches: Match[], elements: readonly ScreenElement[]): Match[] {
  const rank = (m: Match) => m.score + (tapTargetOf(m.element, elements).clickable ? 0.06 : 0) + (m.element.enabled ? 0.02 : 0);
  const best = new Map<number, Match>();
  for (const m of matches) {
    const seen = best.get(m.element.index);
    if (!seen || m.score > seen.score) best.set(m.element.index, m);
  }
  return [...best.values()].sort((a, b) => rank(b) - rank(a) || a.element.index - b.element.index);
}

/**
 * What to tap for an element: itself when clickable, else the nearest clickable
 * ancestor that encloses it and is not a whole-screen container (a label inside a
 * list row or a Compose button), else itself (React Native and Flutter often
 * mark nothing clickable, and tapping the text still works).
 */
export function tapTargetOf(el: ScreenElement, elements: readonly ScreenElement[]): ScreenElement {
  if (el.clickable) return el;
  const screen = elements.find((e) => e.visible && e.parentIndex === null) ?? elements[0];
  const screenArea = screen ? area(screen.bounds) : Infinity;
  for (const parent of ancestors(el, elements).slice(0, 6)) {
    if (area(parent.bounds) > screenArea * 0.5 || isListContainer(parent)) break;
    if (parent.clickable && parent.visible && contains(parent.bounds, el.bounds)) return parent;
  }
  return el;
}

/** Elements inside an iOS alert / Android dialog, when one is showing: prompts are answered there first. */
export function dialogElements(elements: readonly ScreenElement[]): ScreenElement[] | null {
  const isDialog = (el: ScreenElement) =>
    shortType(el.type) === 'Alert' || el.resourceId === 'android:id/parentPanel' || el.resourceId.endsWith(':id/grant_dialog');
  const dialog = elements.find((el) => el.visible && isDialog(el));
  return dialog ? descendants(dialog, elements).filter((el) => el.visible) : null;
}

/**
 * The first of `labels` (in order of preference) shown by a tappable element,
 * matched exactly after normalisation: "Allow" must not pick "Don’t allow".
 */
export function findByLabels(
  elements: readonly ScreenElement[],
  labels: readonly string[],
  ids: readonly string[] = [],
): ScreenElement | null {
  const dialog = dialogElements(elements);
  for (const pool of dialog ? [dialog, locatable(elements)] : [locatable(elements)]) {
    for (const id of ids) {
      const hit = pool.find((el) => el.resourceId.endsWith(`:id/${id}`));
      if (hit) return hit;
    }
    for (const label of labels) {
      const wanted = normalizeText(label) || label;
      const hit = pool.find((el) => [el.text, el.contentDesc].some((t) => t && (normalizeText(t) || t) === wanted));
      if (hit) return hit;
    }
  }
  return null;
}

/** Editable fields on screen, in document order. */
export function fields(elements: readonly ScreenElement[]): ScreenElement[] {
  return locatable(elements).filter(isEditable);
}

/** Is `label` above `field` (and horizontally overlapping) or left of it on the same row, and close? */
function labels(label: ScreenElement, field: ScreenElement): number | null {
  const l = label.bounds;
  const f = field.bounds;
  const overlapX = Math.min(l.x + l.width, f.x + f.width) - Math.max(l.x, f.x);
  const above = f.y - (l.y + l.height);
  if (overlapX > 0 && above >= -4 && above <= Math.max(f.height * 1.5, 60)) return above;
  const rowOverlap = Math.min(l.y + l.height, f.y + f.height) - Math.max(l.y, f.y);
  const left = f.x - (l.x + l.width);
  if (rowOverlap > Math.min(l.height, f.height) / 2 && left >= -4 && left <= f.width) return left;
  return null;
}

/**
 * Fields a phrase may name, best first: by the field's own text/hint/id/label, or by a label
 * element just above it or to its left ("Email" over an empty box).
 */
export function findFields(elements: readonly ScreenElement[], phrase: TargetPhrase): Match[] {
  const candidates = fields(elements);
  if (phrase.role === 'search') return searchFields(candidates, elements);
  if (candidates.length === 0 || (!phrase.text && !phrase.variants)) return [];
  const direct = findMatches(elements, phrase, candidates);
  const wantsPassword = /\b(password|passcode|pin)\b/.test(normalizeText(phrase.text));
  const viaLabel: Match[] = [];
  const labelPool = locatable(elements).filter((el) => !isEditable(el) && el.text);
  for (const labelMatch of findMatches(elements, { ...phrase, role: undefined }, labelPool)) {
    let nearest: { field: ScreenElement; distance: number } | null = null;
    for (const field of candidates) {
      const distance = labels(labelMatch.element, field);
      if (distance !== null && (!nearest || distance < nearest.distance)) nearest = { field, distance };
    }
    if (nearest) viaLabel.push({ ...labelMatch, element: nearest.field, score: labelMatch.score * 0.97, via: 'label' });
  }
  if (direct.length === 0 && viaLabel.length === 0) viaLabel.push(...byIdAndKind(candidates, phrase));
  if (direct.length === 0 && viaLabel.length === 0) viaLabel.push(...byWordsInOrder(candidates, phrase));
  const all = [...direct, ...viaLabel].map((m) => ({ ...m, score: m.score + (wantsPassword && m.element.password ? 0.02 : 0) }));
  all.sort((a, b) => b.score - a.score || a.element.index - b.element.index);
  const seen = new Set<number>();
  return all.filter((m) => (seen.has(m.element.index) ? false : (seen.add(m.element.index), true)));
}

/**
 * "my Archery GB number" for a field "Archery GB membership number", "the car reg" for "Car registration": every
 * word said (two at least, articles aside), in order, with the field's other words between them. One such field only.
 */
function byWordsInOrder(candidates: readonly ScreenElement[], phrase: TargetPhrase): Match[] {
  // Abbreviations read whole on both sides (lexicon.ts): "the car reg" for "Car registration (for the parking permit)".
  const said = normalizeText(phrase.text)
    .split(/\s+/)
    .filter((w) => w && !/^(?:the|a|an|my|your|our)$/.test(w))
    .map(canonicalWord);
  if (said.length < 2) return [];
  const inOrder = (label: string) => {
    const own = normalizeText(label).split(/\s+/).map(canonicalWord);
    let at = 0;
    for (const w of said) {
      at = own.indexOf(w, at) + 1;
      if (at === 0) return false;
    }
    return own[0] === said[0];
  };
  const hits = candidates.filter((el) => [el.text, el.hint, el.contentDesc].some((l) => l && inOrder(l)));
  return hits.length === 1 ? [{ element: hits[0]!, score: 0.75, via: 'label' }] : [];
}

/** What a field holds, said after its name: "the pickup address" of a field `pickup_field`. */
const FIELD_KINDS = /^(?:address|name|email|phone|number|postcode|code|note|notes|title|description|nickname)$/;

/**
 * "the pickup address" for an unlabelled field whose id is `pickup_field`: every word of the id
 * (less "field", "input", "edit", "text") is the phrase's, and the phrase's other words only say
 * what a field holds. One such field only.
 */
function byIdAndKind(candidates: readonly ScreenElement[], phrase: TargetPhrase): Match[] {
  const said = normalizeText(phrase.text)
    .split(/\s+/)
    .filter((w) => w && !/^(?:the|a|an|my|your)$/.test(w));
  const hits = candidates.filter((el) => {
    const id = el.resourceId
      .replace(/^.*[:/]id\//, '')
      .split(/[_\-.]|(?<=[a-z])(?=[A-Z])/)
      .map((w) => w.toLowerCase())
      .filter((w) => w && !/^(?:field|input|edit|text|et|txt|box)$/.test(w));
    return id.length > 0 && id.every((w) => said.includes(w)) && said.every((w) => id.includes(w) || FIELD_KINDS.test(w));
  });
  return hits.length === 1 ? [{ element: hits[0]!, score: 0.8, via: 'resourceId' }] : [];
}

/**
 * "The search bar": an iOS search field, an Android SearchView's input, or a field
 * whose id or placeholder says search. Best first: the type says it most surely.
 */
function searchFields(candidates: readonly ScreenElement[], elements: readonly ScreenElement[]): Match[] {
  const says = (text: string) => /(?:^|[^a-z])search/i.test(text);
  const score = (el: ScreenElement) =>
    shortType(el.type) === 'SearchField' || ancestors(el, elements).some((a) => /SearchView/.test(shortType(a.type)))
      ? 1
      : says(el.resourceId)
        ? 0.95
        : says(el.hint) || (says(el.text) && !el.focused)
          ? 0.9
          : 0;
  return candidates
    .map((element) => ({ element, score: score(element), via: 'hint' as const }))
    .filter((m) => m.score > 0)
    .sort((a, b) => b.score - a.score || a.element.index - b.element.index);
}

/** The switch or checkbox a phrase names, and whether it is on. */
export function findToggle(elements: readonly ScreenElement[], phrase: TargetPhrase): { toggle: ScreenElement; match: Match } | null {
  for (const match of findMatches(elements, { ...phrase, role: 'toggle' })) {
    const toggle = toggleOf(match.element, elements);
    if (toggle) return { toggle, match };
  }
  return null;
}

/** The switch or checkbox an element is, or labels: in its clickable row, else on its line. */
export function toggleOf(el: ScreenElement, elements: readonly ScreenElement[]): ScreenElement | null {
  if (isToggle(el)) return el;
  // A settings row: the label's clickable row holds the switch.
  const row = tapTargetOf(el, elements);
  const inRow = row !== el ? descendants(row, elements).find(isToggle) : undefined;
  if (inRow) return inRow;
  const cy = center(el.bounds).y;
  return (
    locatable(elements)
      .filter(isToggle)
      .find((t) => Math.abs(center(t.bounds).y - cy) <= Math.max(t.bounds.height, el.bounds.height) / 2) ?? null
  );
}

/** Rows of the main list or grid on screen, in reading order. */
export function listItems(elements: readonly ScreenElement[]): ScreenElement[] {
  const pool = locatable(elements);
  let best: ScreenElement[] = [];
  for (const container of pool.filter(isListContainer)) {
    let rows = children(container, elements).filter((c) => c.visible && area(c.bounds) > 0);
    const cells = rows.filter((r) => shortType(r.type) === 'Cell');
    if (cells.length > 0) rows = cells;
    else {
      const clickable = rows.filter((r) => r.clickable || descendants(r, elements).some((d) => d.clickable));
      if (clickable.length > 0) rows = clickable;
    }
    if (rows.length > best.length) best = rows;
  }
  return [...best].sort((a, b) => a.bounds.y - b.bounds.y || a.bounds.x - b.bounds.x);
}

/** Picks the nth (1-based, -1 = last) of a list. */
export function nth<T>(items: readonly T[], ordinal: number): T | undefined {
  return ordinal === -1 ? items[items.length - 1] : items[ordinal - 1];
}
