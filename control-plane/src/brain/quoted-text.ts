/**
 * Double-quoted arguments of deterministic commands: `tapOn: "Say \"hi\""`.
 * Typographic quotes (“…”) are accepted too: they arrive by pasting from docs and
 * chat apps. `\"`, `\“`, `\”` and `\\` are escapes; any other backslash is kept as
 * typed, so Windows paths and regex-looking text survive.
 */

export const OPEN_QUOTES = '"\u201C';
const CLOSE_QUOTES = '"\u201D';
const ESCAPABLE = '"\u201C\u201D\\';

export function startsWithQuote(text: string): boolean {
  return OPEN_QUOTES.includes(text[0] ?? '\u0000');
}

/**
 * Reads the quoted text whose opening quote is at `open`. Returns the unescaped
 * value and the offset of the closing quote, or null when it is never closed.
 */
export function scanQuoted(text: string, open = 0): { value: string; close: number } | null {
  let value = '';
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && ESCAPABLE.includes(text[i + 1] ?? '\u0000')) value += text[++i];
    else if (CLOSE_QUOTES.includes(c)) return { value, close: i };
    else value += c;
  }
  return null;
}

/** The inverse of scanQuoted's unescaping: `a"b` → `a\"b`. */
export function escapeQuoted(value: string): string {
  return value.replace(/["\u201C\u201D\\]/g, (c) => `\\${c}`);
}
