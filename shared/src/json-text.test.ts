import { describe, expect, it } from 'vitest';
import { decodeUtf8, MAX_JSON_DEPTH, parseJsonBytes, parseJsonText, textProblem } from './json-text.js';

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe('parseJsonText', () => {
  it('parses ordinary documents, escapes and paired surrogates', () => {
    expect(parseJsonText('{"a":[1,"x\\"y",{"b":null}]}')).toEqual({ ok: true, value: { a: [1, 'x"y', { b: null }] } });
    expect(parseJsonText('"\\ud83d\\ude00 and 😀"')).toEqual({ ok: true, value: '😀 and 😀' });
    expect(parseJsonText('"brackets [[[ in a string do not nest"')).toMatchObject({ ok: true });
  });

  it('refuses nesting deeper than the limit, and accepts it at the limit', () => {
    expect(parseJsonText(nested(MAX_JSON_DEPTH))).toMatchObject({ ok: true });
    const deep = parseJsonText(nested(MAX_JSON_DEPTH + 1));
    expect(deep).toEqual({ ok: false, error: `JSON is nested more than ${MAX_JSON_DEPTH} levels deep` });
    expect(parseJsonText(`{"metadata":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`)).toMatchObject({ ok: false });
  });

  it('refuses lone surrogate escapes, high or low, anywhere in a string', () => {
    for (const text of ['"\\ud800"', '"a\\uD800b"', '"\\udc00"', '{"k\\ud800":1}', '"\\ud800\\u0041"']) {
      const r = parseJsonText(text);
      expect(r.ok, text).toBe(false);
      expect(r.ok ? '' : r.error).toMatch(/surrogate/);
    }
  });

  it('refuses too deep objects as well as arrays, and lone surrogates in keys and nested strings', () => {
    const objects = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
    expect(parseJsonText(objects(MAX_JSON_DEPTH))).toMatchObject({ ok: true });
    expect(parseJsonText(objects(MAX_JSON_DEPTH + 1))).toEqual({
      ok: false,
      error: `JSON is nested more than ${MAX_JSON_DEPTH} levels deep`,
    });
    // `\\udc00` in JSON is a backslash and "udc00", not an escape.
    expect(parseJsonText(String.raw`{"a":[{"b":["ok","\\udc00 is text",{"c\udc00":1}]}]}`)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/surrogate/),
    });
    expect(parseJsonText(String.raw`{"a":[{"b":["ok","\\udc00 is text"]}]}`)).toEqual({
      ok: true,
      value: { a: [{ b: ['ok', String.raw`\udc00 is text`] }] },
    });
  });

  it('accepts a pair written half as an escape: the string is the one character it names', () => {
    expect(parseJsonText('"\\ud83d\ude00"')).toEqual({ ok: true, value: '😀' });
  });

  it('refuses raw lone surrogates in the text and reports malformed JSON', () => {
    expect(parseJsonText('"a\ud800"')).toMatchObject({ ok: false });
    expect(textProblem('fine 😀')).toBeNull();
    expect(parseJsonText('{"a":')).toMatchObject({ ok: false, error: expect.stringMatching(/^malformed JSON/) });
  });
});

describe('decodeUtf8 / parseJsonBytes', () => {
  it('decodes valid UTF-8 and refuses invalid bytes instead of replacing them', () => {
    expect(decodeUtf8(Buffer.from('héllo', 'utf8'))).toBe('héllo');
    expect(decodeUtf8(Uint8Array.from([0x22, 0xff, 0x22]))).toBeNull();
    expect(parseJsonBytes(Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]))).toEqual({
      ok: false,
      error: 'the body is not valid UTF-8 text',
    });
    expect(parseJsonBytes(Buffer.from('{"a":"é"}'))).toEqual({ ok: true, value: { a: 'é' } });
  });
});
