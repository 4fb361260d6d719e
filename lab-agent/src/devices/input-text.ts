/**
 * Escaping for `adb shell input text <arg>`. The argument passes two interpreters:
 * the device shell (mksh), which splits words and expands metacharacters, and
 * InputShellCommand, which turns "%s" into a space. So spaces become "%s" (a quoted
 * space would survive the shell, but some OEM builds split the argument on it anyway),
 * and every character outside a small safe set gets a backslash, which mksh removes.
 *
 * Limits of `input text` itself, not of this escaping: a literal "%s" in the text is
 * typed as a space, newlines cannot be typed (the driver sends ENTER between lines),
 * and non-ASCII characters are dropped by most Android versions' key character map.
 */

/** Characters mksh leaves alone in an unquoted word that is not the first of a command. */
const SAFE = /[A-Za-z0-9%_\-.,:@/+=]/;

export function escapeInputText(text: string): string {
  if (text.includes('\n')) throw new Error('input text cannot type a newline; split the text and send ENTER');
  let out = '';
  for (const ch of text) {
    if (ch === ' ') out += '%s';
    else if (SAFE.test(ch)) out += ch;
    else out += `\\${ch}`;
  }
  return out;
}

/** Lines of the text, typed one by one with ENTER between them. */
export function splitLines(text: string): string[] {
  return text.replace(/\r\n?/g, '\n').split('\n');
}

/** A shell word that is the string exactly (single quotes; a quote inside closes, escapes, reopens). */
export function shellQuote(arg: string): string {
  if (/^[A-Za-z0-9_\-.,:@/+=%]+$/.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}
