/**
 * Reads UI hierarchies (Android `uiautomator dump`, iOS XCUITest page source) with
 * the `saxes` streaming parser. A fast path reads the plain XML those dumps are first
 * (plain-xml.ts) and leaves everything else to saxes, so what is accepted or refused,
 * and the error messages, are saxes'. Both producers are real XML serialisers and put all
 * the information in attributes, so this keeps elements and decoded attributes and
 * drops text content, comments, processing instructions, DOCTYPE and CDATA.
 *
 * Tolerated on purpose: junk before the first "<" and after the root element closes
 * (`adb exec-out uiautomator dump /dev/tty` appends "UI hierchary dumped to: …").
 * Everything else saxes reports is an error, never a partial tree: mismatched or
 * unclosed tags (a truncated dump must not be mistaken for a screen with fewer
 * elements), but also unknown entities (`&nbsp;`), attributes without a value or
 * quotes, and characters XML forbids. Those only come from something that is not
 * one of the two serialisers, so refusing is safer than guessing.
 */
import { SaxesParser } from 'saxes';
import { parsePlainXml } from './plain-xml.js';

export interface XmlElement {
  name: string;
  /** Decoded values by name (an ordinary object from the fast path, a prototype-less one from saxes). */
  attributes: Record<string, string>;
  children: XmlElement[];
}

export type XmlParseResult = { ok: true; root: XmlElement } | { ok: false; error: string };

export function parseXml(source: string): XmlParseResult {
  // saxes rejects any text before the root (and an XML declaration that is not at
  // the very start), so skip leading junk. Error positions count from here.
  const start = source.indexOf('<');
  if (start === -1) return { ok: false, error: 'Malformed XML: no element found' };
  const plain = parsePlainXml(source, start);
  if (plain !== null) return { ok: true, root: plain };
  return parseFromWithSaxes(source, start);
}

/** parseXml without the fast path: the reference plain-xml.test.ts compares it with. */
export function parseXmlWithSaxes(source: string): XmlParseResult {
  const start = source.indexOf('<');
  if (start === -1) return { ok: false, error: 'Malformed XML: no element found' };
  return parseFromWithSaxes(source, start);
}

function parseFromWithSaxes(source: string, start: number): XmlParseResult {
  // A fresh parser per call: saxes keeps state after an error, and construction is
  // cheap next to the parse itself. Namespaces stay off (`xmlns` unset): iOS type
  // names carry no prefixes, and attributes then come as a plain name → value map.
  const parser = new SaxesParser();
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let done = false; // the root element has closed; what follows is trailing junk

  parser.on('opentag', (tag) => {
    if (done) return;
    const element: XmlElement = { name: tag.name, attributes: tag.attributes, children: [] };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(element);
    else root = element;
    stack.push(element);
  });
  // saxes also emits this for self-closing tags, right after `opentag`.
  parser.on('closetag', () => {
    if (done) return;
    stack.pop();
    done = stack.length === 0;
  });
  // Throwing aborts the parse at the first problem (saxes would otherwise report and
  // carry on). After the root, its complaints about the trailing junk are ignored.
  parser.on('error', (error) => {
    if (!done) throw error;
  });

  try {
    parser.write(start === 0 ? source : source.slice(start)).close();
  } catch (error) {
    // saxes messages read "line:column: what", e.g. "1:10: unexpected close tag."
    return { ok: false, error: `Malformed XML at ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!root) return { ok: false, error: 'Malformed XML: no element found' };
  return { ok: true, root };
}
