/**
 * Helpers for tests that drive virtual devices through the real adbkit client, the way
 * the lab agent will: run a shell command and read all of its output, dump the screen
 * and find elements in the uiautomator XML, tap an element's centre, collect a transfer.
 */

import type { Readable } from 'node:stream';
import { Adb, type DeviceClient } from '@devicefarmer/adbkit';

export interface DumpNode {
  text: string;
  resourceId: string;
  className: string;
  packageName: string;
  contentDesc: string;
  hint: string | undefined;
  focused: boolean;
  password: boolean;
  selected: boolean;
  clickable: boolean;
  scrollable: boolean;
  bounds: [number, number, number, number];
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export async function shellText(device: DeviceClient, command: string): Promise<string> {
  return (await Adb.util.readAll(await device.shell(command))).toString('utf8');
}

/** The XML of `uiautomator dump /dev/tty`, without the trailing "UI hierchary dumped to" line. */
export async function dumpXml(device: DeviceClient): Promise<string> {
  const out = await shellText(device, 'uiautomator dump /dev/tty');
  return out.slice(0, out.indexOf('</hierarchy>') + '</hierarchy>'.length);
}

/** Every <node> of a dump, in document order. */
export function parseNodes(xml: string): DumpNode[] {
  const nodes: DumpNode[] = [];
  for (const m of xml.matchAll(/<node ([^>]*?)\/?>/g)) {
    const attrs: Record<string, string> = {};
    for (const a of m[1]!.matchAll(/([\w-]+)="([^"]*)"/g))
      attrs[a[1]!] = a[2]!.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ENTITIES[e]!);
    const b = /\[(\d+),(\d+)\]\[(\d+),(\d+)\]/.exec(attrs['bounds'] ?? '')!;
    nodes.push({
      text: attrs['text'] ?? '',
      resourceId: attrs['resource-id'] ?? '',
      className: attrs['class'] ?? '',
      packageName: attrs['package'] ?? '',
      contentDesc: attrs['content-desc'] ?? '',
      hint: attrs['hint'],
      focused: attrs['focused'] === 'true',
      password: attrs['password'] === 'true',
      selected: attrs['selected'] === 'true',
      clickable: attrs['clickable'] === 'true',
      scrollable: attrs['scrollable'] === 'true',
      bounds: [Number(b[1]), Number(b[2]), Number(b[3]), Number(b[4])],
    });
  }
  return nodes;
}

export async function screen(device: DeviceClient): Promise<DumpNode[]> {
  return parseNodes(await dumpXml(device));
}

/** Texts of the app's nodes (the status bar left out), for compact assertions. */
export function texts(nodes: DumpNode[]): string[] {
  return nodes.filter((n) => n.text && n.packageName !== 'com.android.systemui').map((n) => n.text);
}

export function find(nodes: DumpNode[], match: { text?: string; id?: string; desc?: string }): DumpNode {
  const found = nodes.find(
    (n) =>
      (match.text === undefined || n.text === match.text) &&
      (match.id === undefined || n.resourceId.endsWith(`:id/${match.id}`)) &&
      (match.desc === undefined || n.contentDesc === match.desc),
  );
  if (!found) throw new Error(`no node matching ${JSON.stringify(match)} in: ${texts(nodes).join(' | ')}`);
  return found;
}

export function center(node: DumpNode): [number, number] {
  return [Math.round((node.bounds[0] + node.bounds[2]) / 2), Math.round((node.bounds[1] + node.bounds[3]) / 2)];
}

/** Dumps, finds the element, taps its centre with `input tap`; returns the new screen. */
export async function tapOn(device: DeviceClient, match: { text?: string; id?: string; desc?: string }): Promise<DumpNode[]> {
  const [x, y] = center(find(await screen(device), match));
  await shellText(device, `input tap ${x} ${y}`);
  return screen(device);
}

/** `input text` as drivers send it: spaces as %s, the whole argument single-quoted for the shell. */
export function inputTextCommand(text: string): string {
  return `input text '${text.replace(/ /g, '%s').replace(/'/g, `'"'"'`)}'`;
}

export async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
