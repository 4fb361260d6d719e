/**
 * A fast path for xml.ts: reads the plain XML that `uiautomator dump` and XCUITest
 * actually produce, and gives up (null) on anything else, which saxes then reads or
 * refuses. saxes examines every character one at a time; on a 200-node dump that was
 * the largest single cost of a cached step (docs/benchmarks.md, cached execute). On
 * the benchmark's 77 KB dump saxes took 1.1 ms of CPU, htmlparser2 (xmlMode) 1.1 ms,
 * txml 0.9 ms (and neither of those two refuses malformed input); this takes 0.45 ms,
 * as it finds names with a lookup table and attribute values with indexOf, and reuses
 * the previous element's names and the strings "true" and "false".
 *
 * "Plain" is a strict subset of well-formed XML 1.0, so that whatever this accepts,
 * saxes accepts too and builds the same elements (plain-xml.test.ts checks both on
 * every fixture screen and on mutations of them):
 *
 * - an optional declaration `<?xml version="1.0" encoding="…" standalone="…"?>` at the
 *   start, in the usual spelling;
 * - elements with ASCII names (`[A-Za-z_][A-Za-z0-9_.-]*`, no namespace prefix),
 *   properly nested and closed;
 * - attributes `name="value"` or `name='value'`, each after whitespace, no name twice;
 *   values without `<` or control characters (saxes turns tabs and line breaks into
 *   spaces), and with only the five predefined entities and character references to
 *   allowed characters;
 * - only whitespace between tags: no text, comments, CDATA, DOCTYPE or processing
 *   instructions;
 * - no character XML forbids (control characters, lone surrogates, U+FFFE/U+FFFF).
 *
 * Whatever follows the root element is not read, as in xml.ts.
 */
import type { XmlElement } from './xml.js';

const DECLARATION = /<\?xml version=(["'])1\.0\1(?: encoding=(["'])[A-Za-z][A-Za-z0-9._-]*\2)?(?: standalone=(["'])(?:yes|no)\3)? ?\?>/y;
// Names, whitespace and the declaration are checked character by character, so only
// attribute values can hold something saxes would refuse or rewrite. Most hold none
// of these: `<`, `&`, control characters (XML forbids most; saxes turns tab, CR and LF
// into spaces), surrogates (lone ones are forbidden), U+FFFE and U+FFFF.
const VALUE_SPECIAL = /[<&\u0000-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
const VALUE_REFUSED = /[<\u0000-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const REFERENCE = /&(?:(amp|lt|gt|quot|apos)|#([0-9]{1,7})|#x([0-9A-Fa-f]{1,6}));|&/g;
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const NAME_START = new Uint8Array(128);
const NAME_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z_]/.test(ch)) NAME_START[c] = 1;
  if (/[A-Za-z0-9_.-]/.test(ch)) NAME_CHAR[c] = 1;
}
// charCodeAt past the end is NaN: NAME_START[NaN] and NAME_CHAR[NaN] are undefined, never 1.
const isNameStart = (code: number) => NAME_START[code] === 1;
const isNameChar = (code: number) => NAME_CHAR[code] === 1;
const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d;

/** XML 1.0's Char production, for character references. */
const isXmlChar = (cp: number) =>
  cp === 0x9 ||
  cp === 0xa ||
  cp === 0xd ||
  (cp >= 0x20 && cp <= 0xd7ff) ||
  (cp >= 0xe000 && cp <= 0xfffd) ||
  (cp >= 0x10000 && cp <= 0x10ffff);

/** The value with its references replaced, or null when one is unknown or refers to a forbidden character. */
function decodeReferences(raw: string): string | null {
  let bad = false;
  const decoded = raw.replace(REFERENCE, (_all, named: string | undefined, dec: string | undefined, hex: string | undefined) => {
    if (named !== undefined) return PREDEFINED[named]!;
    const cp = dec !== undefined ? parseInt(dec, 10) : hex !== undefined ? parseInt(hex, 16) : -1;
    if (!isXmlChar(cp)) {
      bad = true;
      return '';
    }
    return String.fromCodePoint(cp);
  });
  return bad ? null : decoded;
}

/** Whether the name `name` (not just a prefix of a longer one) starts at `pos`. */
const nameAt = (source: string, pos: number, name: string) =>
  name !== '' && source.startsWith(name, pos) && !isNameChar(source.charCodeAt(pos + name.length));

/** "true" or "false" when the value between the quotes is one of them (most of a dump's values); otherwise null. */
function flagAt(source: string, start: number, end: number): string | null {
  if (end - start === 4 && source.startsWith('true', start)) return 'true';
  if (end - start === 5 && source.startsWith('false', start)) return 'false';
  return null;
}

/**
 * The root element of `source` read from `start` (its first `<`), or null when the
 * document is not plain XML as described above (including when it is malformed).
 */
export function parsePlainXml(source: string, start: number): XmlElement | null {
  let pos = start;
  if (source.startsWith('<?', pos)) {
    DECLARATION.lastIndex = pos;
    if (!DECLARATION.test(source)) return null;
    pos = DECLARATION.lastIndex;
  }
  const open: XmlElement[] = [];
  let root: XmlElement | null = null;
  // Every element of a dump has the same name and, mostly, the same attributes in the
  // same order. Trying the previous element's names first spares slicing a new string
  // for each (and V8 looking each new string up as a property key).
  let previousName = '';
  let previousNames: string[] = [];
  for (;;) {
    let code = source.charCodeAt(pos);
    while (isSpace(code)) code = source.charCodeAt(++pos);
    if (code !== 0x3c /* < */) return null; // text, or the end before the root closed
    code = source.charCodeAt(++pos);

    if (code === 0x2f /* / */) {
      const closed = open.pop();
      if (closed === undefined || !nameAt(source, ++pos, closed.name)) return null;
      code = source.charCodeAt((pos += closed.name.length));
      while (isSpace(code)) code = source.charCodeAt(++pos);
      if (code !== 0x3e /* > */) return null;
      pos++;
      if (open.length === 0) return root;
      continue;
    }

    if (!isNameStart(code)) return null; // comments, CDATA, DOCTYPE, processing instructions
    let name: string;
    if (nameAt(source, pos, previousName)) {
      name = previousName;
      pos += name.length;
    } else {
      const nameStart = pos;
      while (isNameChar(source.charCodeAt(++pos)));
      name = previousName = source.slice(nameStart, pos);
    }
    // An ordinary object: V8 gives the attributes of every `<node>` one shape, which is
    // cheaper to build and to read than the prototype-less map saxes builds. Names that
    // an object inherits (`constructor`, `__proto__`) fail the duplicate check below and
    // go to saxes, so the elements read the same either way.
    const attributes: Record<string, string> = {};
    const names: string[] = [];
    for (;;) {
      const beforeSpace = pos;
      code = source.charCodeAt(pos);
      while (isSpace(code)) code = source.charCodeAt(++pos);
      if (!isNameStart(code)) break;
      if (pos === beforeSpace) return null; // attributes must be separated by whitespace
      let attr = previousNames[names.length];
      if (attr !== undefined && nameAt(source, pos, attr)) {
        pos += attr.length;
      } else {
        const attrStart = pos;
        while (isNameChar(source.charCodeAt(++pos)));
        attr = source.slice(attrStart, pos);
      }
      names.push(attr);
      if (source.charCodeAt(pos) !== 0x3d /* = */) return null;
      const quote = source.charCodeAt(++pos);
      if (quote !== 0x22 /* " */ && quote !== 0x27 /* ' */) return null;
      const valueStart = pos + 1;
      const valueEnd = source.indexOf(quote === 0x22 ? '"' : "'", valueStart);
      if (valueEnd === -1) return null;
      pos = valueEnd + 1;
      let value = flagAt(source, valueStart, valueEnd);
      if (value === null) {
        value = source.slice(valueStart, valueEnd);
        if (VALUE_SPECIAL.test(value)) {
          if (VALUE_REFUSED.test(value)) return null;
          if (value.includes('&')) {
            const decoded = decodeReferences(value);
            if (decoded === null) return null;
            value = decoded;
          }
        }
      }
      if (attributes[attr] !== undefined) return null; // a duplicate (saxes reports it) or an inherited name
      attributes[attr] = value;
    }
    previousNames = names;
    const selfClosing = code === 0x2f; /* / */
    if (selfClosing) code = source.charCodeAt(++pos);
    if (code !== 0x3e /* > */) return null;
    pos++;

    const element: XmlElement = { name, attributes, children: [] };
    const parent = open[open.length - 1];
    if (parent === undefined) root = element;
    else parent.children.push(element);
    if (!selfClosing) open.push(element);
    else if (parent === undefined) return root;
  }
}
