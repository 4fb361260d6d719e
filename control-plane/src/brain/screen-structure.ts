/**
 * Where an element sits: inside which region of the screen (a dialog, the bottom
 * navigation, the toolbar, a list), in which list row, and how it lies next to
 * another element. Structure (ancestors) is asked first on both platforms;
 * geometry (the bottom or top strip of the screen, the same line) is the fallback
 * for apps whose containers say nothing (Compose, React Native, Flutter).
 */
import { ancestors, area, children, isListContainer, isStatusBar, isTabContainer } from './element-roles.js';
import { type Bounds, type ScreenElement, shortType } from './hierarchy.js';
import type { ContainerKind } from './qualifier-words.js';

const idOf = (el: ScreenElement) => el.resourceId.replace(/^.*:id\//, '').toLowerCase();

/** Android ids of what surely blocks the screen behind it: an alert's panel, the permission dialog, Material's modal sheet. */
const MODAL_ID = /^(?:parentpanel|grant_dialog|design_bottom_sheet)$/;

function isDialog(el: ScreenElement): boolean {
  const t = shortType(el.type);
  // React Native / Flutter modals on iOS are plain Other elements; their names say what they are.
  if (el.platform === 'ios')
    return t === 'Alert' || t === 'Sheet' || (t === 'Other' && /alert|dialog|modal|popup|sheet|^parentPanel$/i.test(el.resourceId));
  return /Dialog|PopupWindow|BottomSheet/i.test(t) || MODAL_ID.test(idOf(el)) || /dialog|modal|popup|bottom_?sheet/.test(idOf(el));
}

function isToolbar(el: ScreenElement): boolean {
  const t = shortType(el.type);
  if (el.platform === 'ios') return t === 'NavigationBar' || t === 'Toolbar';
  return /Toolbar|ActionBar|AppBarLayout/i.test(t) || /^(?:toolbar|action_bar|app_?bar|top_?bar|top_app_bar|header)$/.test(idOf(el));
}

function isTabBar(el: ScreenElement): boolean {
  return isTabContainer(el) || /bottom_?nav|tab_?bar|^tabs$|bottom_?bar/.test(idOf(el));
}

/** The whole screen: the largest element (a dialog dump's root is the dialog itself). */
export function screenBounds(elements: readonly ScreenElement[]): Bounds {
  let best: Bounds = { x: 0, y: 0, width: 0, height: 0 };
  for (const el of elements) if (el.visible && area(el.bounds) > area(best)) best = el.bounds;
  return best;
}

/** An Android dump of a dialog window: its root does not start at the screen's corner. */
function isDialogWindow(el: ScreenElement): boolean {
  return el.platform === 'android' && el.parentIndex === null && (el.bounds.x > 0 || el.bounds.y > 200);
}

const REGION_TEST: Readonly<Record<ContainerKind, (el: ScreenElement) => boolean>> = {
  dialog: (el) => isDialog(el) || isDialogWindow(el),
  tabBar: isTabBar,
  toolbar: isToolbar,
  // iOS's navigation bar is at the top; Android's Material "navigation bar" is the bottom one.
  navBar: (el) => (el.platform === 'ios' ? isToolbar(el) : isTabBar(el)),
  list: isListContainer,
  snackbar: (el) => /Snackbar/i.test(shortType(el.type)) || /snack_?bar|toast|banner/i.test(idOf(el)),
};

/**
 * Is `el` inside a modal dialog, when one is showing (null when none is)? Stricter than
 * the "dialog" region: only what surely blocks the screen behind it (an iOS alert or
 * sheet, an Android alert's panel or a dialog window of its own), because everything
 * outside it then counts as untouchable.
 */
export function modalFilter(elements: readonly ScreenElement[]): ((el: ScreenElement) => boolean) | null {
  const isModal = (el: ScreenElement) => {
    const t = shortType(el.type);
    if (el.platform === 'ios') return t === 'Alert' || t === 'Sheet' || (t === 'Other' && el.resourceId === 'parentPanel');
    return MODAL_ID.test(idOf(el)) || isDialogWindow(el);
  };
  return within(isModal, elements);
}

/** Is `el` one of the visible elements `test` picks, or inside one? Null when `test` picks none. */
function within(test: (el: ScreenElement) => boolean, elements: readonly ScreenElement[]): ((el: ScreenElement) => boolean) | null {
  const regions = new Set(elements.filter((el) => el.visible && test(el)).map((el) => el.index));
  if (regions.size === 0) return null;
  return (el) => regions.has(el.index) || ancestors(el, elements).some((a) => regions.has(a.index));
}

/** Geometric stand-ins when no container says what it is: the bottom or top strip of the screen. */
function inStrip(kind: ContainerKind, el: ScreenElement, screen: Bounds): boolean {
  const strip = screen.height * 0.12;
  const bottom = el.bounds.y >= screen.y + screen.height - strip;
  const top = el.bounds.y + el.bounds.height <= screen.y + strip && el.bounds.y >= screen.y + screen.height * 0.025;
  if (kind === 'tabBar' || (kind === 'navBar' && el.platform === 'android')) return bottom;
  if (kind === 'toolbar' || kind === 'navBar') return top;
  return false;
}

/**
 * Is `el` inside a region of this kind? A dialog on screen also means everything
 * outside it is behind it, so only the dialog's contents count.
 */
export function regionFilter(kind: ContainerKind, elements: readonly ScreenElement[]): ((el: ScreenElement) => boolean) | null {
  const inRegion = within(REGION_TEST[kind], elements);
  if (inRegion) return inRegion;
  if (kind === 'dialog' || kind === 'list' || kind === 'snackbar') return null;
  const screen = screenBounds(elements);
  const strip = (el: ScreenElement) => !isStatusBar(el) && inStrip(kind, el, screen);
  return elements.some((el) => el.visible && strip(el)) ? strip : null;
}

/**
 * The row holding `el`: the nearest enclosing Cell, clickable row (a settings or
 * product row, well short of the screen) or child of a list container. A segment or tab
 * is in no row: its segmented control or tab bar is a choice of its own, and tapping that
 * container taps whichever segment is at its middle ("Switch to daily rental" tapped the
 * middle of Hourly / Daily, the thirty-sixth batch).
 */
export function rowOf(el: ScreenElement, elements: readonly ScreenElement[]): ScreenElement | null {
  const screen = screenBounds(elements);
  const path = ancestors(el, elements);
  for (let i = 0; i < path.length; i++) {
    const node = path[i]!;
    const parent = path[i + 1];
    if (isTabContainer(node)) return null;
    if (shortType(node.type) === 'Cell') return node;
    if (node.clickable && node.bounds.height < screen.height * 0.3 && !isListContainer(node)) return node;
    // A scroll view's only child wraps the whole content: it is no row.
    if (parent && isListContainer(parent) && children(parent, elements).length > 1) return node;
  }
  return null;
}

/** Overlapping vertically by at least half the smaller height: one line of the layout. */
export function sameLine(a: Bounds, b: Bounds): boolean {
  const overlap = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return overlap >= Math.min(a.height, b.height) / 2;
}

function overlapsHorizontally(a: Bounds, b: Bounds): boolean {
  return Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 0;
}

/** Distance between two boxes (0 when they touch or overlap). */
export function gap(a: Bounds, b: Bounds): number {
  const dx = Math.max(0, a.x - (b.x + b.width), b.x - (a.x + a.width));
  const dy = Math.max(0, a.y - (b.y + b.height), b.y - (a.y + a.height));
  return Math.hypot(dx, dy);
}

/**
 * "Below Blue Mug" means directly below: no other labelled element lies between the
 * two (Blue Mug's own price sits between it and the next row's price).
 */
export function nothingBetween(
  relation: 'below' | 'above' | 'leftOf' | 'rightOf',
  candidate: ScreenElement,
  anchor: ScreenElement,
  elements: readonly ScreenElement[],
): boolean {
  const inverse = { below: 'above', above: 'below', leftOf: 'rightOf', rightOf: 'leftOf' } as const;
  const labelled = (el: ScreenElement) => el.visible && (el.text !== '' || el.contentDesc !== '') && el !== candidate && el !== anchor;
  const vertical = relation === 'below' || relation === 'above';
  return !elements.some(
    (x) =>
      labelled(x) &&
      lies(relation, x.bounds, anchor.bounds) &&
      lies(inverse[relation], x.bounds, candidate.bounds) &&
      (vertical ? overlapsHorizontally(x.bounds, candidate.bounds) : sameLine(x.bounds, candidate.bounds)) &&
      !ancestors(candidate, elements).includes(x) &&
      !ancestors(anchor, elements).includes(x),
  );
}

/** Geometric relations of a candidate to its anchor; `row` is answered by `rowOf` first, then `sameLine`. */
export function lies(relation: 'below' | 'above' | 'leftOf' | 'rightOf' | 'sameLine', candidate: Bounds, anchor: Bounds): boolean {
  const slack = 4;
  switch (relation) {
    case 'below':
      return candidate.y >= anchor.y + anchor.height - slack && overlapsHorizontally(candidate, anchor);
    case 'above':
      return candidate.y + candidate.height <= anchor.y + slack && overlapsHorizontally(candidate, anchor);
    case 'rightOf':
      return candidate.x >= anchor.x + anchor.width - slack && sameLine(candidate, anchor);
    case 'leftOf':
      return candidate.x + candidate.width <= anchor.x + slack && sameLine(candidate, anchor);
    case 'sameLine':
      return sameLine(candidate, anchor);
  }
}

/**
 * The text that names the screen: in the toolbar / navigation bar, else the one text
 * outside any list row whose id says title ("drink_title" in each row names the row).
 * With a modal dialog up, what is in front is the screen: the dialog's title.
 */
export function titleElements(elements: readonly ScreenElement[]): ScreenElement[] {
  const inModal = modalFilter(elements);
  const inToolbar = inModal ? null : regionFilter('toolbar', elements);
  const texts = elements.filter((el) => el.visible && !el.clickable && (el.text || el.contentDesc) && (!inModal || inModal(el)));
  const bar = inToolbar ? texts.filter(inToolbar) : [];
  if (bar.length > 0) return bar;
  const named = texts.filter((el) => /title|header|heading/i.test(idOf(el)) && rowOf(el, elements) === null);
  if (named.length === 1) return named;
  // An iOS alert is named after its title, which it shows as its first text: "Update available". Its label, else its
  // name (an alert's accessibility identifier is its title too).
  const alertName = (el: ScreenElement) => el.contentDesc || el.resourceId;
  const alert = inModal
    ? elements.find((el) => el.visible && el.platform === 'ios' && shortType(el.type) === 'Alert' && alertName(el))
    : undefined;
  const alertTitle = alert ? texts.filter((el) => el !== alert && (el.text || el.contentDesc) === alertName(alert)) : [];
  return alertTitle.length === 1 ? alertTitle : [];
}
