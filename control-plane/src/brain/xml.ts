/**
 * A compact XML reader for UI hierarchies. No XML library is a dependency of the
 * control plane (@xmldom/xmldom is only present transitively via plist), and the
 * input is a narrow, machine-written subset: elements and attributes, with all the
 * information in attributes. So this keeps elements and decoded attributes and
 * drops text content, comments, processing instructions, DOCTYPE and CDATA.
 *
 * Tolerated on purpose: junk before the first tag and after the root element
 * (`adb exec-out uiautomator dump /dev/tty` appends "UI hierchary dumped to: …"),
 * single-quoted attributes, attributes without a value, unknown entities (kept
 * verbatim). Mismatched or unclosed tags are errors: a truncated dump must not be
 * mistaken for a screen with fewer elements.
 */

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
}

export type XmlParseResult = { ok: true; root: XmlElement } | { ok: false; error: string };

const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (whole, entity: string) => {
    if (!entity.startsWith('#')) return NAMED_ENTITIES[entity] ?? whole;
    const code = entity[1] === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

const WHITESPACE = /\s/;
const NAME_END = /[\s/>=]/;

class XmlSyntaxError extends Error {}

/** Reads one start tag at `source[at] === '<'`; returns the element and where it ends. */
function readStartTag(source: string, at: number): { element: XmlElement; selfClosing: boolean; next: number } {
  let i = at + 1;
  const nameStart = i;
  while (i < source.length && !NAME_END.test(source[i]!)) i++;
  const name = source.slice(nameStart, i);
  if (!name) throw new XmlSyntaxError(`expected an element name at offset ${at}`);
  const attributes: Record<string, string> = Object.create(null);
  for (;;) {
    while (i < source.length && WHITESPACE.test(source[i]!)) i++;
    if (i >= source.length) throw new XmlSyntaxError(`<${name}> at offset ${at} is never closed with ">"`);
    if (source.startsWith('/>', i)) return { element: { name, attributes, children: [] }, selfClosing: true, next: i + 2 };
    if (source[i] === '>') return { element: { name, attributes, children: [] }, selfClosing: false, next: i + 1 };
    const attrStart = i;
    while (i < source.length && !NAME_END.test(source[i]!)) i++;
    const attrName = source.slice(attrStart, i);
    if (!attrName) throw new XmlSyntaxError(`unexpected "${source[i]}" in <${name}> at offset ${i}`);
    while (i < source.length && WHITESPACE.test(source[i]!)) i++;
    if (source[i] !== '=') {
      attributes[attrName] = '';
      continue;
    }
    i++;
    while (i < source.length && WHITESPACE.test(source[i]!)) i++;
    const quote = source[i];
    if (quote !== '"' && quote !== "'") {
      throw new XmlSyntaxError(`attribute ${attrName} of <${name}> at offset ${i} is not quoted`);
    }
    const close = source.indexOf(quote, i + 1);
    if (close === -1) throw new XmlSyntaxError(`attribute ${attrName} of <${name}> is never closed`);
    attributes[attrName] = decodeEntities(source.slice(i + 1, close));
    i = close + 1;
  }
}

function skipPast(source: string, from: number, terminator: string, what: string): number {
  const end = source.indexOf(terminator, from);
  if (end === -1) throw new XmlSyntaxError(`${what} at offset ${from} is never closed`);
  return end + terminator.length;
}

export function parseXml(source: string): XmlParseResult {
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let i = 0;
  try {
    while (i < source.length) {
      const lt = source.indexOf('<', i);
      if (lt === -1) break;
      if (source.startsWith('<?', lt)) i = skipPast(source, lt, '?>', 'processing instruction');
      else if (source.startsWith('<!--', lt)) i = skipPast(source, lt, '-->', 'comment');
      else if (source.startsWith('<![CDATA[', lt)) i = skipPast(source, lt, ']]>', 'CDATA section');
      else if (source.startsWith('<!', lt)) i = skipPast(source, lt, '>', 'declaration');
      else if (source.startsWith('</', lt)) {
        const end = skipPast(source, lt, '>', 'end tag');
        const name = source.slice(lt + 2, end - 1).trim();
        const open = stack.pop();
        if (!open) throw new XmlSyntaxError(`unexpected </${name}> at offset ${lt}`);
        if (open.name !== name) throw new XmlSyntaxError(`</${name}> at offset ${lt} closes <${open.name}>`);
        i = end;
        if (stack.length === 0) break;
      } else {
        if (root && stack.length === 0) break; // trailing junk after the root
        const tag = readStartTag(source, lt);
        const parent = stack[stack.length - 1];
        if (parent) parent.children.push(tag.element);
        else root = tag.element;
        if (!tag.selfClosing) stack.push(tag.element);
        else if (stack.length === 0) break;
        i = tag.next;
      }
    }
  } catch (error) {
    if (error instanceof XmlSyntaxError) return { ok: false, error: `Malformed XML: ${error.message}` };
    throw error;
  }
  if (!root) return { ok: false, error: 'Malformed XML: no element found' };
  if (stack.length > 0) return { ok: false, error: `Malformed XML: <${stack[stack.length - 1]!.name}> is never closed` };
  return { ok: true, root };
}
