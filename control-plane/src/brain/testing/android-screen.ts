/**
 * Compact Android screens for unit tests: `[class, attributes, children?]` rendered
 * as a uiautomator dump, so tests go through the real parser.
 */
import { parseHierarchy, type ScreenElement } from '../hierarchy.js';

export type Spec = [string, Record<string, string>, Spec[]?];

export function androidXml(...nodes: Spec[]): string {
  const render = ([cls, attrs, kids = []]: Spec): string => {
    const a = { text: '', 'resource-id': '', 'content-desc': '', clickable: 'false', enabled: 'true', bounds: '[0,0][100,100]', ...attrs };
    const attributes = Object.entries(a)
      .map(([k, v]) => `${k}="${v}"`)
      .join(' ');
    return `<node class="${cls}" package="com.example" ${attributes}>${kids.map(render).join('')}</node>`;
  };
  return `<hierarchy rotation="0"><node class="android.widget.FrameLayout" package="com.example" bounds="[0,0][1080,2400]">${nodes.map(render).join('')}</node></hierarchy>`;
}

export function androidScreen(...nodes: Spec[]): ScreenElement[] {
  const parsed = parseHierarchy(androidXml(...nodes), 'android');
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.elements;
}
