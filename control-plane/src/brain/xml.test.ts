import { describe, expect, it } from 'vitest';
import { decodeEntities, parseXml } from './xml.js';

describe('decodeEntities', () => {
  it.each([
    ['a &amp; b', 'a & b'],
    ['&lt;tag&gt;', '<tag>'],
    ['say &quot;hi&quot; &apos;x&apos;', `say "hi" 'x'`],
    ['line&#10;break', 'line\nbreak'],
    ['&#x1F600; &#233;', '😀 é'],
    ['&amp;lt;', '&lt;'],
    ['&nbsp; &unknown; & alone', '&nbsp; &unknown; & alone'],
    ['&#xD800; &#1114112;', '&#xD800; &#1114112;'],
    ['plain', 'plain'],
  ])('%j → %j', (input, output) => {
    expect(decodeEntities(input)).toBe(output);
  });
});

describe('parseXml', () => {
  it('reads nested elements and decoded attributes', () => {
    const result = parseXml(`<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
      <!-- dump --><!DOCTYPE x><root a="1" b='two &amp; three'>
        <child text="&quot;Hi&quot;" /><child><![CDATA[ignored <x>]]>text</child>
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

  it('ignores what uiautomator prints after the dump', () => {
    const result = parseXml('<hierarchy rotation="0"><node a="b"/></hierarchy>UI hierchary dumped to: /dev/tty\n');
    expect(result.ok && result.root.children.length).toBe(1);
  });

  it('keeps ">" inside attribute values and valueless attributes', () => {
    const result = parseXml('<a text="x > y" flag></a>');
    expect(result.ok && result.root.attributes).toEqual({ text: 'x > y', flag: '' });
  });

  it('takes a self-closing root', () => {
    expect(parseXml('<only x="1"/>')).toEqual({ ok: true, root: { name: 'only', attributes: { x: '1' }, children: [] } });
  });

  it('handles deep nesting without recursion', () => {
    const depth = 5000;
    const xml = '<n>'.repeat(depth) + '</n>'.repeat(depth);
    const result = parseXml(xml);
    expect(result.ok).toBe(true);
  });

  it.each([
    ['', /no element/],
    ['just text', /no element/],
    ['<a><b></a>', /<\/a> at offset \d+ closes <b>/],
    ['<a><b>', /<a> is never closed|<b> is never closed/],
    ['<a x=1/>', /not quoted/],
    ['<a x="1/>', /never closed/],
    ['</a>', /unexpected <\/a>/],
    ['<a><!-- open', /comment .* never closed/],
    ['< a/>', /expected an element name/],
  ])('refuses %j', (xml, message) => {
    const result = parseXml(xml);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });
});
