/**
 * The view tree a virtual app renders: the same information uiautomator reports for a
 * real window (class, text, ids, flags, bounds on a 1080x2400 screen), plus an `action`
 * that the app runs when the node is tapped. One tree feeds the XML dump, the screenshot
 * and hit-testing, so what a test sees is exactly what a tap reaches.
 */

export const SCREEN_WIDTH = 1080;
export const SCREEN_HEIGHT = 2400;
export const STATUS_BAR_HEIGHT = 63;

/** [left, top, right, bottom] in screen pixels, as in uiautomator's bounds="[l,t][r,b]". */
export type Rect = readonly [number, number, number, number];

export interface UiNode {
  className: string;
  bounds: Rect;
  text?: string;
  resourceId?: string;
  contentDesc?: string;
  /** Placeholder of an EditText; shown as its text while empty, as Android reports it. */
  hint?: string;
  /** Defaults to the window's package. */
  packageName?: string;
  clickable?: boolean;
  longClickable?: boolean;
  focusable?: boolean;
  focused?: boolean;
  scrollable?: boolean;
  checkable?: boolean;
  checked?: boolean;
  enabled?: boolean;
  password?: boolean;
  selected?: boolean;
  /** What a tap does; the app interprets it. Nodes with an action count as clickable. */
  action?: string;
  children?: UiNode[];
}

/** A top-level window: its root node and the package that owns it. */
export interface UiWindow {
  packageName: string;
  root: UiNode;
  /** A dialog: touches outside its bounds run this action (cancel on touch outside) instead of reaching windows below. */
  outsideAction?: string;
  /** Dims the windows below it in screenshots (FLAG_DIM_BEHIND). */
  dimBehind?: boolean;
}

export function node(className: string, bounds: Rect, props: Omit<UiNode, 'className' | 'bounds'> = {}): UiNode {
  return { className, bounds, ...props };
}

export function contains(rect: Rect, x: number, y: number): boolean {
  return x >= rect[0] && x < rect[2] && y >= rect[1] && y < rect[3];
}

/** Intersection of two rects, or null when they do not overlap. */
export function clip(rect: Rect, within: Rect): Rect | null {
  const r: Rect = [Math.max(rect[0], within[0]), Math.max(rect[1], within[1]), Math.min(rect[2], within[2]), Math.min(rect[3], within[3])];
  return r[2] > r[0] && r[3] > r[1] ? r : null;
}

/** Moves a subtree vertically and clips it to `viewport`, dropping what falls outside (as a RecyclerView only lays out visible rows). */
export function shiftAndClip(n: UiNode, dy: number, viewport: Rect): UiNode | null {
  const bounds = clip([n.bounds[0], n.bounds[1] + dy, n.bounds[2], n.bounds[3] + dy], viewport);
  if (!bounds) return null;
  const children = (n.children ?? []).map((c) => shiftAndClip(c, dy, viewport)).filter((c): c is UiNode => c !== null);
  return { ...n, bounds, ...(n.children ? { children } : {}) };
}

/**
 * The action of the topmost actionable node under (x, y): later siblings draw over
 * earlier ones, children over parents, and later windows over earlier ones. As in
 * Android, a touch goes to the topmost window containing it and never past it.
 */
export function hitTest(windows: readonly UiWindow[], x: number, y: number): string | null {
  const visit = (n: UiNode): string | null | undefined => {
    if (!contains(n.bounds, x, y)) return undefined;
    const kids = n.children ?? [];
    for (let i = kids.length - 1; i >= 0; i -= 1) {
      const hit = visit(kids[i]!);
      if (hit !== undefined) return hit;
    }
    if (n.action && n.enabled !== false) return n.action;
    // A clickable node without an action still swallows the touch (a disabled button).
    return n.clickable ? null : undefined;
  };
  for (let w = windows.length - 1; w >= 0; w -= 1) {
    const window = windows[w]!;
    if (contains(window.root.bounds, x, y)) return visit(window.root) ?? null;
    if (window.outsideAction) return window.outsideAction;
  }
  return null;
}

/** Depth-first list of every node, for lookups in tests and renderers. */
export function flatten(root: UiNode): UiNode[] {
  const out: UiNode[] = [];
  const walk = (n: UiNode) => {
    out.push(n);
    for (const c of n.children ?? []) walk(c);
  };
  walk(root);
  return out;
}
