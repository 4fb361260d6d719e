/**
 * What an element is for, judged from its type and attributes on either platform.
 * Class names vary (AppCompat, Material, Compose, React Native), so the Android
 * checks look at the class's last segment rather than a fixed list of full names.
 */
import type { Point } from '@devicelab/shared';
import { type Bounds, IOS_TEXT_INPUTS, type ScreenElement, shortType } from './hierarchy.js';

export function isEditable(el: ScreenElement): boolean {
  if (el.platform === 'ios') return IOS_TEXT_INPUTS.has(el.type);
  return /EditText|AutoCompleteTextView/.test(shortType(el.type)) || el.password;
}

export function isToggle(el: ScreenElement): boolean {
  if (el.platform === 'ios') return el.checkable;
  return el.checkable || /Switch|CheckBox|ToggleButton|RadioButton|CompoundButton/i.test(shortType(el.type));
}

/** Something to tap: clickable, or a button by its type (iOS buttons are rarely marked clickable). */
export const isControl = (el: ScreenElement) => el.clickable || isButtonType(el);

export function isButtonType(el: ScreenElement): boolean {
  return /Button/i.test(shortType(el.type)) && !isToggle(el);
}

/** Containers of tabs / bottom navigation items. */
export function isTabContainer(el: ScreenElement): boolean {
  const t = shortType(el.type);
  if (el.platform === 'ios') return t === 'TabBar' || t === 'SegmentedControl';
  return /TabWidget|TabLayout|BottomNavigationView|NavigationBarView|BottomNavigationMenuView|NavigationBarMenuView|NavigationRail/.test(t);
}

export function isStatusBar(el: ScreenElement): boolean {
  return el.platform === 'ios' ? shortType(el.type) === 'StatusBar' : el.packageName === 'com.android.systemui';
}

export function isKeyboard(el: ScreenElement): boolean {
  return el.platform === 'ios' ? shortType(el.type) === 'Keyboard' : /inputmethod|keyboard/i.test(el.packageName);
}

/** Containers whose children are list rows. */
export function isListContainer(el: ScreenElement): boolean {
  const t = shortType(el.type);
  if (el.platform === 'ios') return t === 'Table' || t === 'CollectionView';
  return el.scrollable || /RecyclerView|ListView|GridView/.test(t);
}

export function center(bounds: Bounds): Point {
  return { x: Math.round(bounds.x + bounds.width / 2), y: Math.round(bounds.y + bounds.height / 2) };
}

export function area(bounds: Bounds): number {
  return bounds.width * bounds.height;
}

export function contains(outer: Bounds, inner: Bounds): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  );
}

/** Parent first, up to the root. */
export function ancestors(el: ScreenElement, elements: readonly ScreenElement[]): ScreenElement[] {
  const out: ScreenElement[] = [];
  for (let p = el.parentIndex; p !== null; p = elements[p]?.parentIndex ?? null) {
    const parent = elements[p];
    if (!parent) break;
    out.push(parent);
  }
  return out;
}

export function children(el: ScreenElement, elements: readonly ScreenElement[]): ScreenElement[] {
  const out: ScreenElement[] = [];
  for (let i = el.index + 1; i < elements.length && elements[i]!.depth > el.depth; i++) {
    if (elements[i]!.parentIndex === el.index) out.push(elements[i]!);
  }
  return out;
}

export function descendants(el: ScreenElement, elements: readonly ScreenElement[]): ScreenElement[] {
  const out: ScreenElement[] = [];
  for (let i = el.index + 1; i < elements.length && elements[i]!.depth > el.depth; i++) out.push(elements[i]!);
  return out;
}

/** Text a user would read on or for the element (for messages and matching). */
export function visibleLabel(el: ScreenElement): string {
  return el.text || el.contentDesc || el.hint || '';
}

/** A short human description for reasoning and failure messages. */
export function describe(el: ScreenElement): string {
  const label = visibleLabel(el);
  const id = el.resourceId && el.resourceId !== label ? ` #${el.resourceId.replace(/^.*:id\//, '')}` : '';
  return `${shortType(el.type)}${label ? ` "${label}"` : ''}${id}`;
}
