/**
 * The sample app's fetch screen: launched with the extra `fetchUrl`, the app GETs that URL
 * through the device's network (device-network.ts: direct to public hosts, through the
 * proxy setting otherwise) and shows the answer, so a test can prove what the device
 * reached: `Check that "<text the internal host answered>" is shown`.
 */

import type { AppNetwork } from './device-network.js';
import { node, type Rect, type UiNode } from './ui-tree.js';

export const FETCH_EXTRA = 'fetchUrl';
const SHOWN_CHARS = 500;

/** Starts the fetch; `show` gets the text to display once it is done ("HTTP 200", the body, or the error). */
export function startFetch(network: AppNetwork | undefined, url: string, show: (text: string) => void): void {
  if (!network) return show('Error: this device has no network');
  network.fetch(url, AbortSignal.timeout(30_000)).then(
    ({ status, body }) => show(`HTTP ${status}\n${body.trim().slice(0, SHOWN_CHARS)}`),
    (error: unknown) => show(`Error: ${error instanceof Error ? error.message : String(error)}`),
  );
}

export function fetchScreen(packageName: string, url: string, result: string | null, toolbar: UiNode): UiNode[] {
  const id = (name: string) => `${packageName}:id/${name}`;
  const text = (value: string, bounds: Rect, resource: string) =>
    node('android.widget.TextView', bounds, { resourceId: id(resource), text: value });
  const [status, ...body] = (result ?? 'Loading…').split('\n');
  const nodes = [toolbar, text(url, [84, 260, 996, 360], 'fetch_url'), text(status!, [84, 400, 996, 480], 'fetch_status')];
  if (body.length > 0) nodes.push(text(body.join('\n'), [84, 520, 996, 1400], 'fetch_body'));
  return nodes;
}
