import { decodeInputText } from '@devicelab/virtual-devices/input-command.js';
import { parseShell, type SimpleCommand } from '@devicelab/virtual-devices/shell-parser.js';
import { describe, expect, it } from 'vitest';
import { escapeInputText, shellQuote, splitLines } from './input-text.js';

/** The argument `input text` receives after the device shell has parsed the command line. */
function argumentAfterShell(commandLine: string): string[] {
  const [first] = parseShell(commandLine, { HOME: '/', USER: 'shell' });
  const command = first!.first.commands[0] as SimpleCommand;
  return command.words.map((w) => w.text);
}

describe('escapeInputText', () => {
  it('writes spaces as %s and leaves plain text alone', () => {
    expect(escapeInputText('demo@devicelab.dev')).toBe('demo@devicelab.dev');
    expect(escapeInputText('hello big world')).toBe('hello%sbig%sworld');
  });

  it('backslash-escapes shell metacharacters', () => {
    expect(escapeInputText('a&b;c|d')).toBe('a\\&b\\;c\\|d');
    expect(escapeInputText(`$HOME "x" 'y' \`z\``)).toBe(`\\$HOME%s\\"x\\"%s\\'y\\'%s\\\`z\\\``);
    expect(escapeInputText('(a)<b>*?~#!\\')).toBe('\\(a\\)\\<b\\>\\*\\?\\~\\#\\!\\\\');
  });

  it('refuses newlines, which input text cannot type', () => {
    expect(() => escapeInputText('a\nb')).toThrow(/newline/);
    expect(splitLines('a\r\nb\nc')).toEqual(['a', 'b', 'c']);
  });

  it.each(['secret', 'p@ss w0rd!', `it's "quoted" & $(not run) \`nor this\` ; | > < * ? [x] {y} ~ # \\ end`, '100% sure', 'tab\there'])(
    'survives the device shell as one argument and decodes back: %s',
    (text) => {
      const words = argumentAfterShell(`input text ${escapeInputText(text)}`);
      expect(words).toHaveLength(3);
      expect(words.slice(0, 2)).toEqual(['input', 'text']);
      expect(decodeInputText(words[2]!)).toBe(text);
    },
  );

  it('shellQuote keeps any string one word', () => {
    for (const s of ['plain', "O'Brien & co", 'a b', '']) {
      const words = argumentAfterShell(`echo ${shellQuote(s)}`);
      expect(words).toEqual(['echo', s]);
    }
  });
});
