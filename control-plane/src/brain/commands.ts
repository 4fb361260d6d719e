/**
 * The command language of a test step.
 *
 * Deterministic commands have an exact grammar and are executed without asking a
 * model; everything else is a free natural-language instruction. The rule that
 * separates the two: a command that starts with one of the keywords below followed
 * by ":" or "(" or the end of the text (case-insensitive) MUST parse as that command
 * or it is an error. So `tapOn: Login` (no quotes) is refused with a hint instead of
 * being sent to the model as prose, while "Tap the Login button" is an instruction.
 * Any deterministic command may end with a parenthesised note, kept for the model
 * (`tapOn: "OK" (the one in the dialog)`).
 */
import type { SwipeDirection, VerticalDirection } from '@devicelab/shared';
import { escapeQuoted, OPEN_QUOTES, scanQuoted, startsWithQuote } from './quoted-text.js';
import { referenceNames, type Substitution, scanReferences, substitute, unknownReferencesError } from './references.js';

export type { SwipeDirection, VerticalDirection };

export type Command =
  | { kind: 'tapOn'; text: string; note?: string }
  | { kind: 'tapOn.id'; id: string; note?: string }
  | { kind: 'type'; text: string; note?: string }
  | { kind: 'scroll'; direction: VerticalDirection; note?: string }
  | { kind: 'scrollUntilVisible'; text: string; note?: string }
  | { kind: 'swipe'; direction: SwipeDirection; note?: string }
  | { kind: 'wait'; seconds: number; note?: string }
  | { kind: 'assertVisible'; text: string; note?: string }
  | { kind: 'openLink'; url: string; note?: string }
  | { kind: 'pressBackButton'; note?: string }
  | { kind: 'launchApp'; note?: string }
  | { kind: 'restartApp'; note?: string }
  | { kind: 'instruction'; text: string };

export type CommandKind = Command['kind'];

export type SyntaxResult = { ok: true; command: Command } | { ok: false; error: string };
export type ParsedCommand = { ok: true; command: Command; references: string[] } | { ok: false; error: string };

export const MAX_WAIT_SECONDS = 300;
export const MAX_COMMAND_LENGTH = 2000;

type ArgumentShape = 'text' | 'vertical' | 'swipe' | 'seconds' | 'none';
const KEYWORDS: Readonly<Record<Exclude<CommandKind, 'instruction'>, ArgumentShape>> = {
  tapOn: 'text',
  'tapOn.id': 'text',
  type: 'text',
  scroll: 'vertical',
  scrollUntilVisible: 'text',
  swipe: 'swipe',
  wait: 'seconds',
  assertVisible: 'text',
  openLink: 'text',
  pressBackButton: 'none',
  launchApp: 'none',
  restartApp: 'none',
};
type Keyword = keyof typeof KEYWORDS;
const BY_LOWER = new Map(Object.keys(KEYWORDS).map((k) => [k.toLowerCase(), k as Keyword]));
const EXAMPLES: Readonly<Record<Keyword, string>> = {
  tapOn: 'tapOn: "Login"',
  'tapOn.id': 'tapOn.id: "login_button"',
  type: 'type: "hello@example.com"',
  scroll: 'scroll: down',
  scrollUntilVisible: 'scrollUntilVisible: "Settings"',
  swipe: 'swipe: left',
  wait: 'wait: 2',
  assertVisible: 'assertVisible: "Welcome"',
  openLink: 'openLink: "https://example.com"',
  pressBackButton: 'pressBackButton',
  launchApp: 'launchApp',
  restartApp: 'restartApp',
};

interface KeywordHead {
  keyword: Keyword;
  /** Text after the keyword, starting at ":" / "(" / end. */
  rest: string;
}

/**
 * Which deterministic command the text claims to be: null for a free instruction,
 * an error for a keyword used wrongly (unknown `tapOn.xyz`, a missing ":").
 */
function detectKeyword(text: string): KeywordHead | { error: string } | null {
  const head = /^([A-Za-z]+)(\.[A-Za-z]+)?/.exec(text);
  const base = head && BY_LOWER.get(head[1]!.toLowerCase());
  if (!head || !base) return null;
  const after = text.slice(head[0].length);
  const endsKeyword = /^\s*[:(]|^\s*$/.test(after);
  if (head[2]) {
    if (!endsKeyword) return null;
    const full = BY_LOWER.get(head[0].toLowerCase());
    if (full) return { keyword: full, rest: after.trimStart() };
    const choices = [...BY_LOWER.values()].filter((k) => k.startsWith(base)).join(' or ');
    return { error: `Unknown command "${head[0]}": did you mean ${choices}?` };
  }
  if (endsKeyword) return { keyword: base, rest: after.trimStart() };
  // `tapOn "Login"` is a command missing its colon. `type` is also an English verb:
  // `Type "hi"` stays prose, which the model understands just as well.
  if (KEYWORDS[base] === 'text' && base !== 'type' && startsWithQuote(after.trim())) {
    const quoted = readQuoted(base, after.trim());
    const trailing = 'after' in quoted ? quoted.after.trim() : null;
    if (trailing === '' || (trailing?.startsWith('(') && trailing.endsWith(')'))) {
      return { error: `Missing ":" after ${base}: write ${EXAMPLES[base]}` };
    }
  }
  return null;
}

/** Splits `(note)` off the end. `body` is what precedes it. */
function splitNote(keyword: Keyword, text: string): { body: string; note?: string } | { error: string } {
  const open = text.indexOf('(');
  if (open === -1) return { body: text.trim() };
  const tail = text.slice(open).trim();
  if (!tail.endsWith(')')) {
    return { error: `${keyword}: a note must be in parentheses at the end, e.g. ${EXAMPLES[keyword]} (why)` };
  }
  const note = tail.slice(1, -1).trim();
  return note ? { body: text.slice(0, open).trim(), note } : { body: text.slice(0, open).trim() };
}

function readQuoted(keyword: Keyword, text: string): { value: string; after: string } | { error: string } {
  if (!startsWithQuote(text)) {
    const hint = text.startsWith("'") ? ' (use double quotes)' : '';
    return { error: `${keyword}: expects text in double quotes${hint}, e.g. ${EXAMPLES[keyword]}` };
  }
  const quoted = scanQuoted(text);
  if (!quoted) return { error: `${keyword}: the quoted text is never closed (missing ")` };
  return { value: quoted.value, after: text.slice(quoted.close + 1) };
}

function withNote<T extends object>(command: T, note: string | undefined): T {
  return note === undefined ? command : { ...command, note };
}

function parseArguments(keyword: Keyword, rest: string): SyntaxResult {
  const shape = KEYWORDS[keyword];
  const argument = rest.startsWith(':') ? rest.slice(1).trim() : rest.trim();

  if (shape === 'text') {
    if (argument === '' || argument.startsWith('(')) {
      return { ok: false, error: `${keyword}: missing the quoted text, e.g. ${EXAMPLES[keyword]}` };
    }
    const quoted = readQuoted(keyword, argument);
    if ('error' in quoted) return { ok: false, error: quoted.error };
    const trailing = quoted.after.trim();
    if (trailing && !trailing.startsWith('(')) {
      return {
        ok: false,
        error: `${keyword}: unexpected "${trailing}" after the closing quote (a note must be in parentheses)`,
      };
    }
    const split = splitNote(keyword, trailing);
    if ('error' in split) return { ok: false, error: split.error };
    if (quoted.value.trim() === '') return { ok: false, error: `${keyword}: the quoted text is empty` };
    return textCommand(keyword, quoted.value, split.note);
  }

  const split = splitNote(keyword, argument);
  if ('error' in split) return { ok: false, error: split.error };
  const word = split.body;
  if (shape === 'none') {
    if (word) return { ok: false, error: `${keyword} takes no argument (found "${word}")` };
    return { ok: true, command: withNote({ kind: keyword }, split.note) as Command };
  }
  if (shape === 'vertical' || shape === 'swipe') {
    const allowed = shape === 'vertical' ? ['down', 'up'] : ['left', 'right', 'up', 'down'];
    const direction = word.toLowerCase();
    if (!allowed.includes(direction)) {
      const found = word ? `"${word}" is not a direction` : 'missing direction';
      return { ok: false, error: `${keyword}: ${found}; use ${allowed.join(', ')} (e.g. ${EXAMPLES[keyword]})` };
    }
    return { ok: true, command: withNote({ kind: keyword, direction }, split.note) as Command };
  }
  // seconds
  if (!/^(\d+(\.\d+)?|\.\d+)$/.test(word)) {
    const found = word ? `"${word}" is not a number of seconds` : 'missing number of seconds';
    return { ok: false, error: `wait: ${found}; write a plain number, e.g. ${EXAMPLES.wait} or wait: 0.5` };
  }
  const seconds = Number(word);
  if (seconds <= 0) return { ok: false, error: 'wait: the number of seconds must be more than 0' };
  if (seconds > MAX_WAIT_SECONDS) {
    return { ok: false, error: `wait: at most ${MAX_WAIT_SECONDS} seconds; wait for something visible instead` };
  }
  return { ok: true, command: withNote({ kind: 'wait' as const, seconds }, split.note) };
}

function textCommand(keyword: Keyword, value: string, note: string | undefined): SyntaxResult {
  switch (keyword) {
    case 'tapOn.id':
      return { ok: true, command: withNote({ kind: 'tapOn.id' as const, id: value.trim() }, note) };
    case 'openLink': {
      const url = value.trim();
      // A URL built from a reference ({{baseUrl}}/login) can only be checked once resolved.
      if (!url.startsWith('{{') && !/^[A-Za-z][A-Za-z0-9+.-]*:\S+$/.test(url)) {
        return { ok: false, error: `openLink: "${url}" is not a URL; include the scheme, e.g. https://… or myapp://…` };
      }
      return { ok: true, command: withNote({ kind: 'openLink' as const, url }, note) };
    }
    case 'tapOn':
    case 'type':
    case 'scrollUntilVisible':
    case 'assertVisible':
      // `type` keeps surrounding spaces: they may be exactly what the test wants typed.
      return { ok: true, command: withNote({ kind: keyword, text: keyword === 'type' ? value : value.trim() }, note) };
    default:
      return { ok: false, error: `${keyword}: unexpected quoted text` };
  }
}

/**
 * The grammar alone, without checking reference names. The automation engine uses
 * this on text whose references are already resolved.
 */
export function parseCommandSyntax(text: string): SyntaxResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: 'The command is empty' };
  if (trimmed.length > MAX_COMMAND_LENGTH) {
    return { ok: false, error: `The command is too long (${trimmed.length} characters, at most ${MAX_COMMAND_LENGTH})` };
  }
  const head = detectKeyword(trimmed);
  if (head === null) return { ok: true, command: { kind: 'instruction', text: trimmed } };
  if ('error' in head) return { ok: false, error: head.error };
  return parseArguments(head.keyword, head.rest);
}

/**
 * Parses one step of a test. `knownNames` are the test's inputs and the values
 * earlier steps remember; any other `{{name}}` is an error.
 */
export function parseCommand(text: string, knownNames: ReadonlySet<string>): ParsedCommand {
  const syntax = parseCommandSyntax(text);
  if (!syntax.ok) return syntax;
  const scan = scanReferences(text);
  if (!scan.ok) return scan;
  const references = referenceNames(scan.references);
  const unknown = unknownReferencesError(references, knownNames);
  if (unknown) return { ok: false, error: unknown };
  return { ok: true, command: syntax.command, references };
}

/**
 * Substitutes `{{name}}` with `values[name]`. In a deterministic command a value
 * that lands inside the quoted argument is escaped, so `type: "{{pw}}"` with
 * pw = `a"b` still parses and types exactly `a"b`. A missing value is an error.
 */
export function resolveReferences(text: string, values: Readonly<Record<string, string>>): Substitution {
  const quoted = quotedArgumentRange(text);
  return substitute(text, values, (value, span) =>
    quoted && span.start > quoted.open && span.end <= quoted.close ? escapeQuoted(value) : value,
  );
}

/** Offsets of the quotes around a deterministic command's argument, if it has one. */
function quotedArgumentRange(text: string): { open: number; close: number } | null {
  const head = detectKeyword(text.trim());
  if (!head || 'error' in head || KEYWORDS[head.keyword] !== 'text') return null;
  const open = text.search(new RegExp(`[${OPEN_QUOTES}]`));
  if (open === -1) return null;
  return { open, close: scanQuoted(text, open)?.close ?? text.length };
}

export interface PlatformSupport {
  /** true, or why the command cannot run on that platform. */
  android: true | string;
  ios: true | string;
}

export function platformSupport(command: Command): PlatformSupport {
  if (command.kind === 'pressBackButton') {
    return {
      android: true,
      ios: 'iOS has no system back button; tap the app\'s own back button instead, e.g. tapOn: "Back"',
    };
  }
  return { android: true, ios: true };
}

/** The canonical spelling of a command, e.g. for showing a cached step. */
export function formatCommand(command: Command): string {
  const note = 'note' in command && command.note !== undefined ? ` (${command.note})` : '';
  const q = (s: string) => `"${escapeQuoted(s)}"`;
  switch (command.kind) {
    case 'instruction':
      return command.text;
    case 'tapOn':
    case 'type':
    case 'scrollUntilVisible':
    case 'assertVisible':
      return `${command.kind}: ${q(command.text)}${note}`;
    case 'tapOn.id':
      return `tapOn.id: ${q(command.id)}${note}`;
    case 'openLink':
      return `openLink: ${q(command.url)}${note}`;
    case 'scroll':
    case 'swipe':
      return `${command.kind}: ${command.direction}${note}`;
    case 'wait':
      return `wait: ${command.seconds}${note}`;
    default:
      return `${command.kind}${note}`;
  }
}
