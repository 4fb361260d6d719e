import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePlainXml } from './plain-xml.js';
import { parseXml, parseXmlWithSaxes, type XmlElement, type XmlParseResult } from './xml.js';

// Every screen the brain's tests know: the fixtures and the corpus screens.
const dirs = [new URL('./fixtures/', import.meta.url), new URL('./corpus/screens/', import.meta.url)];
const screens = dirs.flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.xml'))
    .map((f) => ({ name: f, xml: readFileSync(new URL(f, dir), 'utf8') })),
);

/** Elements as plain data: the fast path builds ordinary objects, saxes prototype-less ones. */
const plainData = (root: XmlElement): unknown => JSON.parse(JSON.stringify(root));
const fast = (xml: string) => {
  const start = xml.indexOf('<');
  return start === -1 ? null : parsePlainXml(xml, start);
};
const reference = (xml: string): XmlParseResult => parseXmlWithSaxes(xml);

/** The fast path either gives up or agrees with saxes, element for element. */
function expectAgreement(xml: string) {
  const mine = fast(xml);
  if (mine === null) return;
  const theirs = reference(xml);
  expect(theirs.ok ? 'ok' : theirs.error, `saxes refuses what the fast path read: ${JSON.stringify(xml.slice(0, 200))}`).toBe('ok');
  if (theirs.ok) expect(plainData(mine)).toEqual(plainData(theirs.root));
}

describe('parsePlainXml', () => {
  it('reads every fixture and corpus screen itself, exactly as saxes does', () => {
    expect(screens.length).toBeGreaterThan(40);
    for (const { name, xml } of screens) {
      const mine = fast(xml);
      expect(mine, `${name} fell back to saxes`).not.toBeNull();
      const theirs = reference(xml);
      if (!theirs.ok) throw new Error(`${name}: ${theirs.error}`);
      expect(plainData(mine!), name).toEqual(plainData(theirs.root));
    }
  });

  it.each([
    ['the five entities', '<a v="&amp;&lt;&gt;&quot;&apos;"/>', '&<>"\''],
    ['character references', '<a v="&#10;&#x1F600;&#233;x"/>', '\n😀éx'],
    ['a reference that reads like one', '<a v="&amp;lt;"/>', '&lt;'],
    ['non-ASCII text and emoji', '<a v="Don’t 😀 allow"/>', 'Don’t 😀 allow'],
    ['single quotes', `<a v='say "hi"'/>`, 'say "hi"'],
    ['a greater-than sign', '<a v="x > y"/>', 'x > y'],
  ])('decodes %s', (_what, xml, value) => {
    expect(fast(xml)?.attributes['v']).toBe(value);
    expectAgreement(xml);
  });

  it('reads values and names that start like the ones before them', () => {
    const xml = `<a v="trueish" w="falsey" x="true" y="false" z="tru"><a v="true" vw="1" w="false"/><ab v="x"/></a>`;
    expect(fast(xml)).toEqual({
      name: 'a',
      attributes: { v: 'trueish', w: 'falsey', x: 'true', y: 'false', z: 'tru' },
      children: [
        { name: 'a', attributes: { v: 'true', vw: '1', w: 'false' }, children: [] },
        { name: 'ab', attributes: { v: 'x' }, children: [] },
      ],
    });
    expectAgreement(xml);
  });

  it("reads both dumps' declarations and ignores junk around the document", () => {
    const android = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<hierarchy rotation="0"><node a="b"/></hierarchy>UI hierchary dumped to: /dev/tty\n`;
    const ios = `<?xml version="1.0" encoding="UTF-8"?><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Shop"/>`;
    expect(fast(android)).toEqual({
      name: 'hierarchy',
      attributes: { rotation: '0' },
      children: [{ name: 'node', attributes: { a: 'b' }, children: [] }],
    });
    expect(fast(ios)?.name).toBe('XCUIElementTypeApplication');
    expect(fast('warning: x\n<a/><b/>')).toEqual({ name: 'a', attributes: {}, children: [] });
  });

  it.each([
    ['a comment', '<a><!-- c --></a>'],
    ['text content', '<a>text</a>'],
    ['CDATA', '<a><![CDATA[x]]></a>'],
    ['a DOCTYPE', '<!DOCTYPE a><a/>'],
    ['a processing instruction', '<a><?pi x?></a>'],
    ['another declaration', '<?xml version="1.1"?><a/>'],
    ['a namespace prefix', '<a:b xmlns:a="urn:x"/>'],
    ['a non-ASCII name', '<é/>'],
    ['spaces around "="', '<a v = "1"/>'],
    ['a line break in a value', '<a v="1\n2"/>'],
    ['a tab in a value', '<a v="1\t2"/>'],
    ['an unknown entity', '<a v="&nbsp;"/>'],
    ['a bare ampersand', '<a v="a & b"/>'],
    ['a reference to a forbidden character', '<a v="&#xD800;"/>'],
    ['a control character', '<a v="\u0001"/>'],
    ['a lone surrogate', '<a v="\uD800"/>'],
    ['U+FFFF', '<a v="\uFFFF"/>'],
    ['a duplicate attribute', '<a x="1" x="2"/>'],
    ['an inherited name', '<a constructor="1"/>'],
    ['__proto__', '<a __proto__="1"/>'],
    ['attributes without whitespace between them', '<a x="1"y="2"/>'],
    ['an unquoted value', '<a x=1/>'],
    ['a mismatched tag', '<a><b></a>'],
    ['crossed tags', '<a><b></a></b>'],
    ['an unclosed tag', '<a><b/>'],
    ['a stray close tag', '</a>'],
  ])('leaves %s to saxes', (_what, xml) => {
    expect(fast(xml)).toBeNull();
  });

  it('gives the same result through parseXml on inherited names and __proto__ (saxes reads them)', () => {
    const result = parseXml('<a constructor="1" __proto__="2" toString="3"/>');
    expect(result.ok && plainData(result.root)).toEqual({
      name: 'a',
      attributes: { constructor: '1', ['__proto__']: '2', toString: '3' },
      children: [],
    });
  });

  it('refuses a dump cut anywhere, as saxes does', () => {
    const xml = screens.find((s) => s.name === 'android-login.xml')!.xml;
    const end = xml.indexOf('</hierarchy>') + '</hierarchy>'.length;
    for (let cut = 1; cut < end; cut += 13) expect(fast(xml.slice(0, cut)), `cut at ${cut}`).toBeNull();
  });

  // Mutations of real screens: whatever the fast path accepts, saxes accepts with the same elements.
  const interesting = [
    '<',
    '>',
    '/',
    '&',
    ';',
    '"',
    "'",
    '=',
    '!',
    '?',
    '#',
    'x',
    ':',
    '-',
    ' ',
    '\t',
    '\n',
    '\r',
    '\u0001',
    '\uFFFE',
    '\uD800',
    '\uDC00',
    'é',
    '😀',
    '&amp;',
    '&#10;',
    '&#xD800;',
    '&nbsp;',
    '<!--',
    '-->',
    '</node>',
    '<node>',
    '/>',
    'a="1"',
  ];
  const mutation = fc.record({
    at: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
    // Half of the edits land right at a tag's "<" or ">", where the structure is.
    atTag: fc.boolean(),
    remove: fc.integer({ min: 0, max: 3 }),
    insert: fc.constantFrom(...interesting),
  });
  it('agrees with saxes on mutated screens', () => {
    const small = screens.filter((s) => s.xml.length < 40_000);
    let read = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: small.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 3 }), (which, edits) => {
        let xml = small[which]!.xml;
        for (const e of edits) {
          let at = Math.floor(e.at * xml.length);
          if (e.atTag) {
            const tags = [...xml.matchAll(/[<>]/g)].map((m) => m.index);
            at = tags[Math.floor(e.at * tags.length)]! + (e.remove % 2);
          }
          xml = xml.slice(0, at) + e.insert + xml.slice(at + e.remove);
        }
        if (fast(xml) !== null) read++;
        expectAgreement(xml);
      }),
      { numRuns: 1500, seed: 20261123 },
    );
    // The property says something only if the fast path reads a fair share of the mutants.
    expect(read).toBeGreaterThan(150);
  });

  it('agrees with saxes on small generated documents', () => {
    const tag = fc.constantFrom(
      '<a>',
      '<b>',
      '</a>',
      '</b>',
      '<a/>',
      '<b x="1">',
      `<a x="&amp;" y='2'/>`,
      ' ',
      '\n',
      'x',
      '<!--c-->',
      '</a',
      '<a',
    );
    let read = 0;
    fc.assert(
      fc.property(fc.array(tag, { maxLength: 8 }), (tokens) => {
        const xml = tokens.join('');
        if (fast(xml) !== null) read++;
        expectAgreement(xml);
      }),
      { numRuns: 5000, seed: 11 },
    );
    expect(read).toBeGreaterThan(500);
  });

  it('agrees with saxes on small generated attribute lists', () => {
    const token = fc.constantFrom(
      '<a',
      '<b',
      '</a>',
      '</b>',
      '>',
      '/>',
      ' ',
      '\n',
      'x="1"',
      "y='2'",
      'x="&amp;"',
      'z="&#65;"',
      '=',
      '"',
      '&',
      'é',
      '<?xml version="1.0"?>',
      '<!-- c -->',
      'text',
      '<a:b',
      '\uD800',
      '\u0000',
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 12 }), (tokens) => expectAgreement(tokens.join(''))),
      { numRuns: 5000, seed: 7 },
    );
  });
});
