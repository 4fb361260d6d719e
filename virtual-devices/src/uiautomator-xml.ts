/**
 * Serialises windows the way `uiautomator dump` does (AccessibilityNodeInfoDumper):
 * one line, no indentation, single-quoted XML declaration, `<hierarchy rotation="0">`,
 * and every <node> with the same attributes in the same order. EditTexts also carry
 * `hint` (as newer dumpers and Appium do); while empty they report the hint as their
 * text, and a password field reports bullets instead of its contents.
 */
import type { UiNode, UiWindow } from './ui-tree.js';

export const DUMP_DONE_MESSAGE = 'UI hierchary dumped to:'; // sic: the real tool's spelling

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
}

/** The text uiautomator shows for a node. */
export function displayedText(n: UiNode): string {
  const text = n.text ?? '';
  if (text === '' && n.hint !== undefined) return n.hint;
  if (n.password && text !== '') return '\u2022'.repeat([...text].length);
  return text;
}

export function hierarchyXml(windows: readonly UiWindow[]): string {
  const body = windows.map((w, i) => nodeXml(w.root, i, w.packageName)).join('');
  return `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">${body}</hierarchy>`;
}

function nodeXml(n: UiNode, index: number, windowPackage: string): string {
  const flag = (v: boolean | undefined) => (v ? 'true' : 'false');
  const clickable = n.clickable ?? n.action !== undefined;
  const attrs: Array<[string, string]> = [
    ['index', String(index)],
    ['text', displayedText(n)],
    ['resource-id', n.resourceId ?? ''],
    ['class', n.className],
    ['package', n.packageName ?? windowPackage],
    ['content-desc', n.contentDesc ?? ''],
    ['checkable', flag(n.checkable)],
    ['checked', flag(n.checked)],
    ['clickable', flag(clickable)],
    ['enabled', flag(n.enabled !== false)],
    ['focusable', flag(n.focusable ?? clickable)],
    ['focused', flag(n.focused)],
    ['scrollable', flag(n.scrollable)],
    ['long-clickable', flag(n.longClickable)],
    ['password', flag(n.password)],
    ['selected', flag(n.selected)],
    ['bounds', `[${n.bounds[0]},${n.bounds[1]}][${n.bounds[2]},${n.bounds[3]}]`],
  ];
  if (n.hint !== undefined) attrs.push(['hint', n.hint]);
  const open = `<node ${attrs.map(([k, v]) => `${k}="${escapeXml(v)}"`).join(' ')}`;
  const kids = n.children ?? [];
  if (kids.length === 0) return `${open} />`;
  return `${open}>${kids.map((c, i) => nodeXml(c, i, windowPackage)).join('')}</node>`;
}
