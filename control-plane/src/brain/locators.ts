/**
 * Locators: how an action names its element so that it can be found again on a
 * later run (replaying a cached step) without asking a model. The most stable
 * property that identifies the element *uniquely* on the screen wins: resource id,
 * then text, then content description / accessibility label, then position.
 */

import type { Locator } from '@devicelab/shared';
import { isKeyboard } from './element-roles.js';
import type { ScreenElement } from './hierarchy.js';

export type { Locator };

function matches(el: ScreenElement, locator: Locator): boolean {
  if (locator.type !== undefined && el.type !== locator.type) return false;
  if (locator.checked !== undefined && el.checked !== locator.checked) return false;
  if (locator.enabled !== undefined && el.enabled !== locator.enabled) return false;
  if (locator.selected !== undefined && el.selected !== locator.selected) return false;
  if (locator.showing !== undefined && el.text !== locator.showing) return false;
  switch (locator.by) {
    case 'resourceId':
      // `login_button` also finds `com.example:id/login_button`: people write the short form.
      return el.resourceId === locator.value || (locator.value !== '' && el.resourceId.endsWith(`:id/${locator.value}`));
    case 'text':
      return el.text === locator.value;
    case 'contentDesc':
      return el.contentDesc === locator.value;
    case 'xpathIndex':
      return el.path === locator.value;
  }
}

/** Elements a locator may designate: on screen and not part of the keyboard. */
export function locatable(elements: readonly ScreenElement[]): ScreenElement[] {
  const keyboard = new Set<number>();
  for (const el of elements) {
    if (isKeyboard(el) || (el.parentIndex !== null && keyboard.has(el.parentIndex))) keyboard.add(el.index);
  }
  return elements.filter((el) => el.visible && !keyboard.has(el.index));
}

/**
 * The element a locator designates on this screen (first in document order), or
 * null when it is not there, which is what a cache replay checks before acting.
 */
export function locate(elements: readonly ScreenElement[], locator: Locator): ScreenElement | null {
  if (locator.value === '') return null;
  return locatable(elements).find((el) => matches(el, locator)) ?? null;
}

export function locateAll(elements: readonly ScreenElement[], locator: Locator): ScreenElement[] {
  if (locator.value === '') return [];
  return locatable(elements).filter((el) => matches(el, locator));
}

/** A locator that designates `el` and nothing else, if one of its own properties does. */
export function uniqueLocator(el: ScreenElement, elements: readonly ScreenElement[]): Locator | null {
  // An iOS `name` equal to the label is XCUITest's fallback, not an identifier; prefer the text.
  const idIsLabel = el.platform === 'ios' && el.resourceId === el.contentDesc;
  const candidates: Locator[] = [];
  if (el.resourceId && !idIsLabel) candidates.push({ by: 'resourceId', value: el.resourceId, type: el.type });
  if (el.text) candidates.push({ by: 'text', value: el.text, type: el.type });
  if (el.contentDesc) candidates.push({ by: 'contentDesc', value: el.contentDesc, type: el.type });
  if (el.resourceId && idIsLabel) candidates.push({ by: 'resourceId', value: el.resourceId, type: el.type });
  return candidates.find((c) => locateAll(elements, c).length === 1 && locate(elements, c) === el) ?? null;
}

/**
 * The locator for an action on `target`, optionally found through `matched` (a
 * label inside a clickable row). The target's own unique locator is best; then
 * the label's (replaying taps the label, which lies inside the row); then the
 * target's structural position.
 */
export function locatorFor(target: ScreenElement, elements: readonly ScreenElement[], matched?: ScreenElement): Locator {
  return (
    uniqueLocator(target, elements) ??
    (matched && matched !== target ? uniqueLocator(matched, elements) : null) ?? {
      by: 'xpathIndex',
      value: target.path,
      type: target.type,
    }
  );
}
