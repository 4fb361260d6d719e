/**
 * The one JSON reader for text that enters from outside (HTTP bodies, form fields,
 * agent frames). JSON.parse alone accepts two things we must refuse:
 *
 * - nesting thousands of levels deep: the value parses, then every recursive walker
 *   after it (validation, the NUL guard, the database driver) overflows the stack,
 *   which surfaced as a 500 for a `metadata` part nested 5,000 levels;
 * - lone UTF-16 surrogates written as escapes (`"\ud800"`): valid JSON, but not text,
 *   and PostgreSQL stores them as U+FFFD, silently changing what the client sent.
 *
 * Bytes are decoded strictly (invalid UTF-8 is an error, never U+FFFD).
 */

/** Deeper than any document of ours (a test, a run request, a frame) needs. */
export const MAX_JSON_DEPTH = 64;

export type JsonTextResult = { ok: true; value: unknown } | { ok: false; error: string };

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The bytes as text, or null when they are not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string is not storable text (a lone surrogate), or null when it is fine. */
export function textProblem(text: string): string | null {
  return LONE_SURROGATE.test(text) ? 'text holds an unpaired UTF-16 surrogate (not valid Unicode)' : null;
}

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** The code unit of a `\uXXXX` escape starting at `at` (the backslash), or -1. */
function escapedUnit(text: string, at: number): number {
  if (text[at] !== '\\' || text[at + 1] !== 'u') return -1;
  const hex = text.slice(at + 2, at + 6);
  return /^[0-9a-fA-F]{4}$/.test(hex) ? parseInt(hex, 16) : -1;
}

/** Depth and escaped-surrogate problems of JSON text, or null. Malformed JSON is left to JSON.parse. */
function scan(text: string, maxDepth: number): string | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x22 /* " */) inString = false;
      else if (ch === 0x5c /* \ */) {
        const unit = escapedUnit(text, i);
        if (unit === -1) {
          i += 1; // a one-character escape such as \" or \n
          continue;
        }
        if (isLow(unit)) return 'a string holds an unpaired UTF-16 surrogate escape (\\u' + unit.toString(16) + ')';
        if (isHigh(unit)) {
          if (!isLow(escapedUnit(text, i + 6))) return 'a string holds an unpaired UTF-16 surrogate escape (\\u' + unit.toString(16) + ')';
          i += 11;
          continue;
        }
        i += 5;
      }
      continue;
    }
    if (ch === 0x22) inString = true;
    else if (ch === 0x7b /* { */ || ch === 0x5b /* [ */) {
      depth += 1;
      if (depth > maxDepth) return `JSON is nested more than ${maxDepth} levels deep`;
    } else if (ch === 0x7d /* } */ || ch === 0x5d /* ] */) depth -= 1;
  }
  return null;
}

/**
 * Whether a parsed value nests at most `maxDepth` levels and all its strings (keys too)
 * are well-formed UTF-16. Iterative, since the value may be deep.
 */
function storable(value: unknown, maxDepth: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length > 0) {
    const [v, depth] = pending.pop()!;
    if (typeof v === 'string') {
      if (LONE_SURROGATE.test(v)) return false;
    } else if (typeof v === 'object' && v !== null) {
      if (depth + 1 > maxDepth) return false;
      if (Array.isArray(v)) {
        for (const item of v) pending.push([item, depth + 1]);
      } else {
        for (const [key, item] of Object.entries(v)) {
          if (LONE_SURROGATE.test(key)) return false;
          pending.push([item, depth + 1]);
        }
      }
    }
  }
  return true;
}

/**
 * Parses JSON text after the depth and Unicode checks above. JSON.parse runs first and
 * the checks look at the value it built: a character scan of the text took longer than
 * the parse itself on an 84 KB body (docs/benchmarks.md, cached execute). The text is
 * scanned only when something is wrong, to say what.
 */
export function parseJsonText(text: string, maxDepth = MAX_JSON_DEPTH): JsonTextResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: textProblem(text) ?? scan(text, maxDepth) ?? `malformed JSON: ${(e as Error).message}` };
  }
  if (storable(value, maxDepth)) return { ok: true, value };
  // The text says whether the surrogate was escaped; the value no longer does.
  return { ok: false, error: textProblem(text) ?? scan(text, maxDepth) ?? 'text holds an unpaired UTF-16 surrogate (not valid Unicode)' };
}

/** Strict UTF-8 decoding, then parseJsonText. */
export function parseJsonBytes(bytes: Uint8Array, maxDepth = MAX_JSON_DEPTH): JsonTextResult {
  const text = decodeUtf8(bytes);
  if (text === null) return { ok: false, error: 'the body is not valid UTF-8 text' };
  return parseJsonText(text, maxDepth);
}
