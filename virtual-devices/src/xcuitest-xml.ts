/**
 * Serialises the same view trees that uiautomator-xml.ts dumps for Android as the page
 * source WebDriverAgent returns (`GET /source`): an <XCUIElementTypeApplication> with one
 * <XCUIElementTypeWindow> per window, every element carrying type, name, label, value,
 * enabled, visible, accessible, x, y, width, height and index, in points.
 *
 * The sample app is laid out in pixels on a 1080x2400 screen; an iPhone's screen is
 * 360x800 points at scale 3, so bounds divide by POINT_SCALE (and WDA's tap coordinates
 * multiply back). Android classes map to the XCUIElementType an iOS build of the same
 * app would have; resource ids become accessibility identifiers (`name`), as a team
 * that writes both apps usually does.
 */

import { SCREEN_HEIGHT, SCREEN_WIDTH, type UiNode, type UiWindow } from './ui-tree.js';
import { escapeXml } from './uiautomator-xml.js';

/** Pixels per point: 1080x2400 px is 360x800 pt. */
export const POINT_SCALE = 3;
export const SCREEN_POINTS = { width: SCREEN_WIDTH / POINT_SCALE, height: SCREEN_HEIGHT / POINT_SCALE } as const;

/** The element type an iOS build of the same screen would report. */
export function xcuiType(n: UiNode): string {
  const cls = n.className.slice(n.className.lastIndexOf('.') + 1);
  if (cls === 'EditText') return n.password ? 'SecureTextField' : n.resourceId?.endsWith('search') ? 'SearchField' : 'TextField';
  if (cls === 'Button' || cls === 'ImageButton') return 'Button';
  if (cls === 'RecyclerView') return 'Table';
  if (cls === 'ScrollView') return 'ScrollView';
  if (cls === 'BottomNavigationView') return 'TabBar';
  // The toolbar holds the title and the up button, as a UINavigationBar holds the back button.
  if (/:id\/toolbar$/.test(n.resourceId ?? '')) return 'NavigationBar';
  // Anything else the user can tap: a row of a list is a cell, a tab or icon a button.
  if (n.action !== undefined) return /row$/.test(n.resourceId ?? '') ? 'Cell' : 'Button';
  if (cls === 'TextView') return 'StaticText';
  if (cls === 'ImageView') return 'Image';
  return 'Other';
}

/** The accessibility identifier: the resource id's entry name (`com.x:id/email` → `email`). */
function identifier(n: UiNode): string {
  const id = n.resourceId ?? '';
  return id.slice(id.indexOf('/') + 1);
}

const points = (px: number) => Math.round(px / POINT_SCALE);

/**
 * `appName` is the foreground app's display name (the Application element's label);
 * windows are bottom to top, as the app draws them.
 */
export function pageSourceXml(appName: string, windows: readonly UiWindow[]): string {
  const w = SCREEN_POINTS.width;
  const h = SCREEN_POINTS.height;
  const body = windows
    .map(
      (win, i) =>
        `<XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" accessible="false" x="0" y="0" width="${w}" height="${h}" index="${i}">${elementXml(win.root, 0)}</XCUIElementTypeWindow>`,
    )
    .join('');
  const name = escapeXml(appName);
  return `<?xml version="1.0" encoding="UTF-8"?><AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="${name}" label="${name}" enabled="true" visible="true" accessible="false" x="0" y="0" width="${w}" height="${h}" index="0">${body}</XCUIElementTypeApplication></AppiumAUT>`;
}

function elementXml(n: UiNode, index: number): string {
  const type = `XCUIElementType${xcuiType(n)}`;
  const input = /TextField$|SearchField$/.test(type);
  const label = n.text || n.contentDesc || '';
  // XCUITest reports an empty field's placeholder as its value, and a secure field's contents as bullets.
  const typed = n.text ?? '';
  const value = input
    ? typed === ''
      ? (n.hint ?? '')
      : n.password
        ? '\u2022'.repeat([...typed].length)
        : typed
    : type === 'XCUIElementTypeStaticText'
      ? label
      : '';
  const [l, t, r, b] = n.bounds;
  const attrs: Array<[string, string]> = [['type', type]];
  if (value !== '') attrs.push(['value', value]);
  const name = identifier(n) || label;
  if (name !== '') attrs.push(['name', name]);
  if (!input && label !== '') attrs.push(['label', label]);
  if (input && n.hint !== undefined) attrs.push(['placeholderValue', n.hint]);
  attrs.push(
    ['enabled', String(n.enabled !== false)],
    ['visible', 'true'],
    ['accessible', String(type !== 'XCUIElementTypeOther' || label !== '')],
  );
  if (n.focused) attrs.push(['hasKeyboardFocus', 'true']);
  if (n.selected) attrs.push(['selected', 'true']);
  attrs.push(
    ['x', String(points(l))],
    ['y', String(points(t))],
    ['width', String(points(r) - points(l))],
    ['height', String(points(b) - points(t))],
    ['index', String(index)],
  );
  const open = `<${type} ${attrs.map(([k, v]) => `${k}="${escapeXml(v)}"`).join(' ')}`;
  const kids = n.children ?? [];
  if (kids.length === 0) return `${open}/>`;
  return `${open}>${kids.map((c, i) => elementXml(c, i)).join('')}</${type}>`;
}
