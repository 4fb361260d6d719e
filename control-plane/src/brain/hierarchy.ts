/**
 * The screen model: a UI hierarchy flattened into a list of elements in document
 * order, one shape for both platforms.
 *
 * Android: `uiautomator dump` XML (`<hierarchy><node … bounds="[l,t][r,b]">`).
 * iOS: XCUITest / WebDriverAgent page source (`<XCUIElementTypeButton name label
 * value enabled visible x y width height>`), optionally wrapped in `<AppiumAUT>`.
 */
import type { Platform } from '@devicelab/shared';
import { parseXml, type XmlElement } from './xml.js';

export type { Platform };

export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ScreenElement {
  /** Position in the flat list (document order). */
  index: number;
  platform: Platform;
  /** Android class (`android.widget.Button`) or iOS type (`XCUIElementTypeButton`). */
  type: string;
  /** What the element shows: Android text; iOS label, or value for text inputs. */
  text: string;
  /** Android resource-id; iOS name (the accessibility identifier, which XCUITest fills with the label when unset). */
  resourceId: string;
  /** Android content-desc; iOS label. */
  contentDesc: string;
  /** iOS value (text field contents, switch "0"/"1"); '' on Android. */
  value: string;
  /** Placeholder: Android `hint` (newer dumps), iOS `placeholderValue`. */
  hint: string;
  /** Android package ('' on iOS); used to drop system UI such as the status bar. */
  packageName: string;
  clickable: boolean;
  enabled: boolean;
  focused: boolean;
  /** Android password / iOS secure text field. */
  password: boolean;
  scrollable: boolean;
  checkable: boolean;
  checked: boolean;
  selected: boolean;
  /** On screen with a non-empty area. */
  visible: boolean;
  bounds: Bounds;
  /** 0 for the top element. */
  depth: number;
  /** Structural path of 0-based child positions, e.g. `/FrameLayout[0]/LinearLayout[1]/Button[0]`. */
  path: string;
  parentIndex: number | null;
}

export type HierarchyResult = { ok: true; platform: Platform; elements: ScreenElement[] } | { ok: false; error: string };

export function shortType(type: string): string {
  return type.startsWith('XCUIElementType') ? type.slice('XCUIElementType'.length) : type.slice(type.lastIndexOf('.') + 1);
}

function detectPlatform(root: XmlElement): Platform | null {
  if (root.name === 'hierarchy' || root.name === 'node') return 'android';
  if (root.name.startsWith('XCUIElementType')) return 'ios';
  if (root.children.some((c) => c.name.startsWith('XCUIElementType'))) return 'ios';
  return null;
}

/** Why a hierarchy of `actual` platform cannot be used where `expected` is. */
export function platformMismatch(expected: Platform, actual: Platform): string {
  return `Expected an ${expected} hierarchy but this is ${actual === 'ios' ? 'an iOS page source' : 'an Android uiautomator dump'}`;
}

/**
 * Parses a hierarchy. `expected` guards against wiring mistakes (an iOS page
 * source handed to an Android run): a mismatch is an error rather than a screen
 * nothing will match on.
 */
export function parseHierarchy(xml: string, expected?: Platform): HierarchyResult {
  const parsed = parseXml(xml);
  if (!parsed.ok) return parsed;
  const platform = detectPlatform(parsed.root);
  if (!platform) return { ok: false, error: `Unrecognised UI hierarchy: root element <${parsed.root.name}>` };
  if (expected && expected !== platform) return { ok: false, error: platformMismatch(expected, platform) };
  const elements: ScreenElement[] = [];
  const toElement = platform === 'android' ? androidElement : iosElement;
  const isElement = platform === 'android' ? (n: XmlElement) => n.name === 'node' : (n: XmlElement) => n.name.startsWith('XCUIElementType');

  // Wrappers such as <hierarchy> / <AppiumAUT> are transparent: their children stand in their place.
  // Inside a screen every child is an element, and the list is taken as it is.
  const elementChildren = (node: XmlElement): XmlElement[] =>
    node.children.every(isElement) ? node.children : node.children.flatMap((c) => (isElement(c) ? [c] : elementChildren(c)));
  // Iterative walk: deep hierarchies (nested layouts, web views) must not overflow the stack.
  const stack: Array<{ node: XmlElement; parent: number | null; depth: number; path: string; position: number }> = [];
  const pushChildren = (nodes: XmlElement[], parent: number | null, depth: number, path: string) => {
    for (let k = nodes.length - 1; k >= 0; k--) stack.push({ node: nodes[k]!, parent, depth, path, position: k });
  };
  pushChildren(isElement(parsed.root) ? [parsed.root] : elementChildren(parsed.root), null, 0, '');

  while (stack.length > 0) {
    const { node, parent, depth, path, position } = stack.pop()!;
    const element = toElement(node.attributes, node.name, {
      index: elements.length,
      platform,
      depth,
      parentIndex: parent,
      parentPath: path,
      position,
    });
    elements.push(element);
    pushChildren(elementChildren(node), element.index, depth + 1, element.path);
  }
  return { ok: true, platform, elements };
}

type Attributes = Readonly<Record<string, string>>;
/**
 * Where an element sits in the tree. The element functions build each element as one
 * object literal: spreading a partial object per element cost more than the XML parse
 * itself on a 200-node screen (docs/benchmarks.md, cached execute).
 */
interface Placement {
  index: number;
  platform: Platform;
  depth: number;
  parentIndex: number | null;
  parentPath: string;
  position: number;
}
const pathOf = (p: Placement, type: string) => `${p.parentPath}/${shortType(type)}[${p.position}]`;

const flag = (value: string | undefined) => value === 'true';

const ANDROID_BOUNDS = /^\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]$/;

function parseAndroidBounds(raw: string | undefined): Bounds {
  const m = ANDROID_BOUNDS.exec(raw?.trim() ?? '');
  if (!m) return { x: 0, y: 0, width: 0, height: 0 };
  const l = Number(m[1]),
    t = Number(m[2]),
    r = Number(m[3]),
    b = Number(m[4]);
  return { x: l, y: t, width: Math.max(0, r - l), height: Math.max(0, b - t) };
}

function androidElement(a: Attributes, _tag: string, p: Placement): ScreenElement {
  const bounds = parseAndroidBounds(a['bounds']);
  const type = a['class'] ?? '';
  // Newer dumps and Appium's source say so explicitly; otherwise a dump only holds what is on screen.
  const hidden = a['visible-to-user'] === 'false' || a['displayed'] === 'false';
  return {
    index: p.index,
    platform: p.platform,
    depth: p.depth,
    path: pathOf(p, type),
    parentIndex: p.parentIndex,
    type,
    text: a['text'] ?? '',
    resourceId: a['resource-id'] ?? '',
    contentDesc: a['content-desc'] ?? '',
    value: '',
    hint: a['hint'] ?? '',
    packageName: a['package'] ?? '',
    clickable: flag(a['clickable']) || flag(a['long-clickable']),
    enabled: a['enabled'] !== 'false',
    focused: flag(a['focused']),
    password: flag(a['password']),
    scrollable: flag(a['scrollable']),
    checkable: flag(a['checkable']),
    checked: flag(a['checked']),
    selected: flag(a['selected']),
    visible: !hidden && bounds.width > 0 && bounds.height > 0,
    bounds,
  };
}

/** iOS types a user can tap; XCUITest has no "clickable" attribute. */
const IOS_TAPPABLE = new Set(
  [
    'Button',
    'Cell',
    'Link',
    'Switch',
    'Toggle',
    'TextField',
    'SecureTextField',
    'SearchField',
    'TextView',
    'Tab',
    'MenuItem',
    'MenuBarItem',
    'Slider',
    'PickerWheel',
    'Icon',
    'Key',
    'CheckBox',
    'RadioButton',
    'SegmentedControl',
    'PopUpButton',
    'DisclosureTriangle',
    'Stepper',
    'PageIndicator',
  ].map((t) => `XCUIElementType${t}`),
);
export const IOS_TEXT_INPUTS = new Set(['TextField', 'SecureTextField', 'SearchField', 'TextView'].map((t) => `XCUIElementType${t}`));
const IOS_TOGGLES = new Set(['Switch', 'Toggle', 'CheckBox'].map((t) => `XCUIElementType${t}`));

function iosElement(a: Attributes, tag: string, p: Placement): ScreenElement {
  const type = a['type'] ?? tag;
  const num = (key: string) => Number(a[key] ?? 0) || 0;
  const bounds = { x: num('x'), y: num('y'), width: Math.max(0, num('width')), height: Math.max(0, num('height')) };
  const label = a['label'] ?? '';
  const value = a['value'] ?? '';
  const isInput = IOS_TEXT_INPUTS.has(type);
  const isToggle = IOS_TOGGLES.has(type);
  // RN/Flutter touchables surface as accessible XCUIElementTypeOther with a label.
  const accessibleOther = type === 'XCUIElementTypeOther' && flag(a['accessible']) && label !== '';
  return {
    index: p.index,
    platform: p.platform,
    depth: p.depth,
    path: pathOf(p, type),
    parentIndex: p.parentIndex,
    type,
    // Inputs show their value (or placeholder); toggles' value is a state, not text.
    text: isInput ? value : label || (isToggle ? '' : value),
    resourceId: a['name'] ?? '',
    contentDesc: label,
    value,
    hint: a['placeholderValue'] ?? '',
    packageName: '',
    clickable: IOS_TAPPABLE.has(type) || accessibleOther,
    enabled: a['enabled'] !== 'false',
    focused: flag(a['focused']) || flag(a['hasKeyboardFocus']),
    password: type === 'XCUIElementTypeSecureTextField',
    scrollable: ['Table', 'CollectionView', 'ScrollView', 'WebView'].some((t) => type === `XCUIElementType${t}`),
    checkable: isToggle,
    checked: isToggle && (value === '1' || value === 'true' || value.toLowerCase() === 'on'),
    selected: flag(a['selected']) || (type === 'XCUIElementTypeButton' && value === '1'),
    visible: a['visible'] !== 'false' && bounds.width > 0 && bounds.height > 0,
    bounds,
  };
}
