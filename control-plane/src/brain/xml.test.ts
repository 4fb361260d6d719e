import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseXml } from './xml.js';

const fixtures = new URL('./fixtures/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, fixtures), 'utf8');

describe('parseXml', () => {
  it('reads nested elements and decoded attributes', () => {
    const result = parseXml(`<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
      <!-- dump --><!DOCTYPE x><root a="1" b='two &amp; three'>
        <child text="&quot;Hi&quot;" /><child><![CDATA[ignored <x>]]>text<?pi x?><!-- c --></child>
      </root>`);
    expect(result).toEqual({
      ok: true,
      root: {
        name: 'root',
        attributes: { a: '1', b: 'two & three' },
        children: [
          { name: 'child', attributes: { text: '"Hi"' }, children: [] },
          { name: 'child', attributes: {}, children: [] },
        ],
      },
    });
  });

  it.each([
    ['a &amp; b', 'a & b'],
    ['&lt;tag&gt;', '<tag>'],
    ['say &quot;hi&quot; &apos;x&apos;', `say "hi" 'x'`],
    ['line&#10;break', 'line\nbreak'],
    ['&#x1F600; &#233;', '😀 é'],
    ['&amp;lt;', '&lt;'],
    ['x > y', 'x > y'],
    ['plain', 'plain'],
  ])('decodes attribute %j → %j', (input, output) => {
    const result = parseXml(`<a v="${input}"/>`);
    expect(result.ok && result.root.attributes.v).toBe(output);
  });

  it('ignores what uiautomator prints after the dump', () => {
    const result = parseXml('<hierarchy rotation="0"><node a="b"/></hierarchy>UI hierchary dumped to: /dev/tty\n');
    expect(result.ok && result.root.children.length).toBe(1);
  });

  it('ignores anything after the root, even tags or a broken second document', () => {
    expect(parseXml('<a/><b/>')).toEqual({ ok: true, root: { name: 'a', attributes: {}, children: [] } });
    expect(parseXml('<a></a>junk & <x><y z=')).toEqual({ ok: true, root: { name: 'a', attributes: {}, children: [] } });
  });

  it('skips junk before the first tag, including before the XML declaration', () => {
    const result = parseXml(`warning: something\n  <?xml version="1.0"?><hierarchy rotation="0"/>`);
    expect(result).toEqual({ ok: true, root: { name: 'hierarchy', attributes: { rotation: '0' }, children: [] } });
    expect(parseXml('\uFEFF<a/>').ok).toBe(true);
  });

  it('takes a self-closing root', () => {
    expect(parseXml('<only x="1"/>')).toEqual({ ok: true, root: { name: 'only', attributes: { x: '1' }, children: [] } });
  });

  it('keeps prefixed names verbatim (namespaces are not processed)', () => {
    const result = parseXml('<a:b xmlns:a="urn:x" a:c="1"/>');
    expect(result.ok && result.root).toEqual({ name: 'a:b', attributes: { 'xmlns:a': 'urn:x', 'a:c': '1' }, children: [] });
  });

  it('handles deep nesting without recursion', () => {
    const depth = 5000;
    const xml = '<n>'.repeat(depth) + '</n>'.repeat(depth);
    const result = parseXml(xml);
    expect(result.ok).toBe(true);
  });

  it('parses every fixture', () => {
    for (const name of readdirSync(fixtures).filter((f) => f.endsWith('.xml'))) {
      const result = parseXml(fixture(name));
      expect(result.ok ? 'ok' : result.error, name).toBe('ok');
    }
  });

  it('refuses a dump truncated anywhere rather than returning fewer elements', () => {
    const dump = fixture('android-login.xml');
    const xml = dump.slice(0, dump.indexOf('</hierarchy>') + '</hierarchy>'.length);
    expect(parseXml(xml).ok).toBe(true);
    for (let cut = 1; cut < xml.length; cut += 37) expect(parseXml(xml.slice(0, cut)).ok, `cut at ${cut}`).toBe(false);
    expect(parseXml(xml.slice(0, -1)).ok).toBe(false);
  });

  it.each([
    ['', /no element found/],
    ['just text', /no element found/],
    ['<!-- only a comment -->', /must contain a root element/],
    ['<a><b></a>', /^Malformed XML at 1:10: unexpected close tag/],
    ['<a><b>', /unclosed tag: b/],
    ['<a x=1/>', /unquoted attribute value/],
    ['<a x="1/>', /unexpected end/],
    ['</a>', /unmatched closing tag: a/],
    ['<a><!-- open', /unclosed tag: a/],
    ['< a/>', /disallowed character in tag name/],
    ['<a flag></a>', /attribute without value/],
    ['<a x="1" x="2"/>', /duplicate attribute: x/],
    ['<a v="a<b"/>', /disallowed character/],
    ['<a v="\u0001"/>', /disallowed character/],
    // Unknown entities are refused, not kept verbatim: neither producer emits them.
    ['<a v="&nbsp;"/>', /undefined entity/],
    ['<a>&nbsp;</a>', /undefined entity/],
    ['<a v="& alone"/>', /unexpected end|entity/],
    ['<a v="&#xD800;"/>', /malformed character entity/],
    ['<a v="&#1114112;"/>', /malformed character entity/],
    ['<a>x & y</a><b v=";"/>', /entity/],
    ['<hierarchy>\n  <node a="1"/>\n', /^Malformed XML at 3:\d+: unclosed tag: hierarchy$/],
  ])('refuses %j', (xml, message) => {
    const result = parseXml(xml);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });
});
