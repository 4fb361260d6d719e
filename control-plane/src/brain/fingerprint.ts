/**
 * Screen fingerprint: a short hash that is equal for "the same screen in the same
 * state of the app" and different otherwise. The step cache keys on it, so the
 * trade-off is deliberate: a false "different" costs one model call, a false
 * "same" replays a cached action on the wrong screen. Hence labels stay in (a
 * button renamed from "Login" to "Sign in" must miss), while content that changes
 * from run to run is reduced to its shape.
 *
 * The rule:
 * 1. Leave out what is not the app: the status bar (Android `com.android.systemui`,
 *    iOS StatusBar), the keyboard (IME packages, XCUIElementTypeKeyboard), and
 *    iOS elements XCUITest reports as not visible. Their whole subtree goes.
 * 2. Every other element contributes a token: depth, type, resource id, shape of
 *    its text and description, and what it *is* (clickable, password). Its *state*
 *    (enabled, checked, selected, focused) is left out: ticking a box or filling a
 *    form does not make it another screen.
 * 3. Text shape: editable fields contribute only their placeholder, never their
 *    contents (that is user input; Android even reports the hint as text while
 *    empty). Other text is lower-cased, runs of digits become "#" (clocks 12:45,
 *    dates, counters "3 new messages", prices, percentages), month and weekday
 *    names become a marker, AM/PM is dropped. A shape longer than 40 characters
 *    is prose or content (news, messages, descriptions): only its presence counts.
 * 4. Bounds are left out (they move with scrolling, the keyboard, font size);
 *    document order plus depth keeps the coarse layout.
 * 5. Consecutive identical sibling subtrees collapse into one, so a list showing
 *    three or four identical-shaped rows is the same screen.
 */
import { createHash } from 'node:crypto';
import { isEditable, isKeyboard, isStatusBar } from './element-roles.js';
import { type ScreenElement, shortType } from './hierarchy.js';

export const MAX_TEXT_SHAPE_LENGTH = 40;

const MONTHS =
  /\b(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t(ember)?)?|oct(ober)?|nov(ember)?|dec(ember)?)\b/g;
const WEEKDAYS = /\b(mon(day)?|tue(s(day)?)?|wed(nesday)?|thu(rs(day)?)?|fri(day)?|sat(urday)?|sun(day)?|today|yesterday|tomorrow)\b/g;

// Screens repeat their labels from run to run: remembering recent shapes saves the
// regular expressions below on most elements of a cached step (docs/benchmarks.md).
const shapes = new Map<string, string>();
const SHAPES_KEPT = 5000;

/** The stable shape of a piece of text (see rule 3). */
export function textShape(text: string): string {
  if (text === '') return '';
  const known = shapes.get(text);
  if (known !== undefined) return known;
  const shape = computeShape(text);
  if (shapes.size >= SHAPES_KEPT) shapes.clear();
  shapes.set(text, shape);
  return shape;
}

function computeShape(text: string): string {
  const shape = text
    .toLowerCase()
    .replace(/\d+/g, '#')
    .replace(/(#)\s*[ap]\.?m\.?\b/g, '$1')
    .replace(MONTHS, '<m>')
    .replace(WEEKDAYS, '<d>')
    .replace(/\s+/g, ' ')
    .trim();
  return shape.length > MAX_TEXT_SHAPE_LENGTH ? '<long>' : shape;
}

function excluded(el: ScreenElement): boolean {
  return isStatusBar(el) || isKeyboard(el) || (el.platform === 'ios' && !el.visible);
}

function token(el: ScreenElement): string {
  // XCUITest fills `name` with the label when no identifier is set: that is text, not an id.
  const idIsText = el.platform === 'ios' && (el.resourceId === el.contentDesc || el.resourceId === el.text);
  const id = idIsText ? '' : el.resourceId;
  const text = isEditable(el) ? '' : textShape(el.text);
  const desc = textShape(el.contentDesc);
  const hint = textShape(el.hint);
  const kind = `${el.clickable ? 'c' : ''}${el.password ? 'p' : ''}${isEditable(el) ? 'e' : ''}`;
  return [el.depth, shortType(el.type), id, text, desc === text ? '=' : desc, hint, kind].join('|');
}

/** The canonical description the hash is taken of; useful to explain a cache miss. */
export function fingerprintSource(elements: readonly ScreenElement[]): string {
  const kids = new Map<number | null, ScreenElement[]>();
  for (const el of elements) {
    const list = kids.get(el.parentIndex) ?? [];
    list.push(el);
    kids.set(el.parentIndex, list);
  }
  const signature = (el: ScreenElement): string => `${token(el)}${group(kids.get(el.index) ?? [])}`;
  const group = (siblings: readonly ScreenElement[]): string => {
    const parts: string[] = [];
    for (const child of siblings) {
      if (excluded(child)) continue;
      const sig = signature(child);
      if (parts[parts.length - 1] !== sig) parts.push(sig);
    }
    return parts.length === 0 ? '' : `(${parts.join(',')})`;
  };
  const roots = elements.filter((el) => el.parentIndex === null);
  return `${elements[0]?.platform ?? 'empty'}:${group(roots)}`;
}

/** sha256 of fingerprintSource, first 32 hex characters. */
export function fingerprint(elements: readonly ScreenElement[]): string {
  return createHash('sha256').update(fingerprintSource(elements)).digest('hex').slice(0, 32);
}
