/**
 * Parser for the subset of Android's mksh that adb clients send: quoting ('…', "…", \x),
 * $VAR expansion, `;` `&&` `||` `|` `&`, redirections (`>file`, `>>file`, `2>/dev/null`,
 * `2>&1`), leading VAR=value assignments, `!`, and `while`/`until`/`if` (adbkit's
 * waitBootComplete sends `while getprop sys.boot_completed 2>/dev/null; do sleep 1; done`).
 * No functions, subshells, globs beyond * and ?, or command substitution.
 */

export interface Word {
  text: string;
  /** Any part was quoted or escaped: then it is never a keyword or an assignment. */
  quoted: boolean;
  /** Has an unquoted * or ?, so the executor may expand it against the file system. */
  glob: boolean;
}

export type Redirect = { fd: 0 | 1 | 2; op: '>' | '>>' | '<'; target: string } | { fd: 1 | 2; op: 'dup'; to: 1 | 2 };

export interface SimpleCommand {
  kind: 'simple';
  assignments: Array<[string, string]>;
  words: Word[];
  redirects: Redirect[];
}

export interface LoopCommand {
  kind: 'while';
  until: boolean;
  condition: CommandList;
  body: CommandList;
}

export interface IfCommand {
  kind: 'if';
  condition: CommandList;
  then: CommandList;
  otherwise: CommandList | null;
}

export type Command = SimpleCommand | LoopCommand | IfCommand;

export interface Pipeline {
  negate: boolean;
  commands: Command[];
}

export interface AndOr {
  first: Pipeline;
  rest: Array<{ op: '&&' | '||'; pipeline: Pipeline }>;
}

export type CommandList = AndOr[];

type Token = { type: 'word'; word: Word } | { type: 'op'; op: string } | { type: 'redir'; fd: 0 | 1 | 2; op: '>' | '>>' | '<' | '>&' };

export class ShellSyntaxError extends Error {}

const OPERATOR_CHARS = new Set([';', '&', '|', '<', '>', '(', ')', '\n']);
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function tokenize(source: string, env: Readonly<Record<string, string>>): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const peek = (k = 0) => source[i + k] ?? '';
  while (i < source.length) {
    const c = peek();
    if (c === ' ' || c === '\t' || c === '\r') i += 1;
    else if (c === '#') while (i < source.length && peek() !== '\n') i += 1;
    else if (c === '\n' || c === ';') tokens.push({ type: 'op', op: ';' }), (i += 1);
    else if (c === '&' && peek(1) === '&') tokens.push({ type: 'op', op: '&&' }), (i += 2);
    else if (c === '|' && peek(1) === '|') tokens.push({ type: 'op', op: '||' }), (i += 2);
    else if (c === '&' || c === '|' || c === '(' || c === ')') tokens.push({ type: 'op', op: c }), (i += 1);
    else if (c === '>' || c === '<' || (/[0-2]/.test(c) && (peek(1) === '>' || peek(1) === '<'))) {
      let fd: 0 | 1 | 2 = c === '<' ? 0 : 1;
      if (/[0-2]/.test(c)) (fd = Number(c) as 0 | 1 | 2), (i += 1);
      const op = source.startsWith('>>', i) ? '>>' : source.startsWith('>&', i) ? '>&' : source[i] === '<' ? '<' : '>';
      i += op.length;
      if (source[i] === '|') i += 1; // >| (clobber) is plain > here
      tokens.push({ type: 'redir', fd, op });
    } else {
      const [word, next] = readWord(source, i, env);
      tokens.push({ type: 'word', word });
      i = next;
    }
  }
  return tokens;
}

function readWord(source: string, start: number, env: Readonly<Record<string, string>>): [Word, number] {
  let text = '';
  let quoted = false;
  let glob = false;
  let i = start;
  const expand = (): void => {
    // At a '$': ${NAME}, $NAME, $? / $$ / $#; anything else stays a literal '$'.
    const braced = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}/.exec(source.slice(i));
    const plain = /^\$([A-Za-z_][A-Za-z0-9_]*|[?$#])/.exec(source.slice(i));
    const m = braced ?? plain;
    if (m) {
      text += env[m[1]!] ?? '';
      i += m[0].length;
    } else {
      text += '$';
      i += 1;
    }
  };
  while (i < source.length) {
    const c = source[i]!;
    if (c === ' ' || c === '\t' || c === '\r' || OPERATOR_CHARS.has(c)) break;
    if (c === "'") {
      const end = source.indexOf("'", i + 1);
      if (end < 0) throw new ShellSyntaxError("unterminated '");
      text += source.slice(i + 1, end);
      quoted = true;
      i = end + 1;
    } else if (c === '"') {
      quoted = true;
      i += 1;
      while (i < source.length && source[i] !== '"') {
        if (source[i] === '\\' && /["\\$`\n]/.test(source[i + 1] ?? '')) (text += source[i + 1] === '\n' ? '' : source[i + 1]), (i += 2);
        else if (source[i] === '$') expand();
        else (text += source[i]), (i += 1);
      }
      if (source[i] !== '"') throw new ShellSyntaxError('unterminated "');
      i += 1;
    } else if (c === '\\') {
      quoted = true;
      if (source[i + 1] !== '\n') text += source[i + 1] ?? '';
      i += 2;
    } else if (c === '$') expand();
    else {
      if (c === '*' || c === '?') glob = true;
      text += c;
      i += 1;
    }
  }
  return [{ text, quoted, glob }, i];
}

export function parseShell(source: string, env: Readonly<Record<string, string>> = {}): CommandList {
  const tokens = tokenize(source, env);
  let pos = 0;
  const at = () => tokens[pos];
  const isKeyword = (t: Token | undefined, ...names: string[]) => t?.type === 'word' && !t.word.quoted && names.includes(t.word.text);
  const isOp = (t: Token | undefined, ...ops: string[]) => t?.type === 'op' && ops.includes(t.op);
  const unexpected = (): never => {
    const t = at();
    throw new ShellSyntaxError(`'${t ? (t.type === 'word' ? t.word.text : t.op) : 'newline'}' unexpected`);
  };
  const expectKeyword = (name: string) => (isKeyword(at(), name) ? void (pos += 1) : unexpected());

  const parseList = (terminators: string[]): CommandList => {
    const list: CommandList = [];
    for (;;) {
      while (isOp(at(), ';', '&')) pos += 1;
      if (!at() || isKeyword(at(), ...terminators)) return list;
      list.push(parseAndOr());
      if (at() && !isOp(at(), ';', '&') && !isKeyword(at(), ...terminators)) unexpected();
    }
  };
  const parseAndOr = (): AndOr => {
    const node: AndOr = { first: parsePipeline(), rest: [] };
    while (isOp(at(), '&&', '||')) {
      const op = (at() as { op: '&&' | '||' }).op;
      pos += 1;
      node.rest.push({ op, pipeline: parsePipeline() });
    }
    return node;
  };
  const parsePipeline = (): Pipeline => {
    let negate = false;
    if (isKeyword(at(), '!')) (negate = true), (pos += 1);
    const commands = [parseCommand()];
    while (isOp(at(), '|')) (pos += 1), commands.push(parseCommand());
    return { negate, commands };
  };
  const parseCommand = (): Command => {
    if (isKeyword(at(), 'while', 'until')) {
      const until = (at() as { word: Word }).word.text === 'until';
      pos += 1;
      const condition = parseList(['do']);
      expectKeyword('do');
      const body = parseList(['done']);
      expectKeyword('done');
      return { kind: 'while', until, condition, body };
    }
    if (isKeyword(at(), 'if')) return ((pos += 1), parseIfRest());
    return parseSimple();
  };
  const parseIfRest = (): IfCommand => {
    const condition = parseList(['then']);
    expectKeyword('then');
    const then = parseList(['elif', 'else', 'fi']);
    let otherwise: CommandList | null = null;
    if (isKeyword(at(), 'elif')) {
      pos += 1;
      const nested = parseIfRest();
      return { kind: 'if', condition, then, otherwise: [{ first: { negate: false, commands: [nested] }, rest: [] }] };
    }
    if (isKeyword(at(), 'else')) (pos += 1), (otherwise = parseList(['fi']));
    expectKeyword('fi');
    return { kind: 'if', condition, then, otherwise };
  };
  const parseSimple = (): SimpleCommand => {
    const cmd: SimpleCommand = { kind: 'simple', assignments: [], words: [], redirects: [] };
    for (let t = at(); t && t.type !== 'op'; t = at()) {
      pos += 1;
      if (t.type === 'redir') {
        const target = at();
        if (target?.type !== 'word') unexpected();
        pos += 1;
        const text = (target as { word: Word }).word.text;
        if (t.op === '>&') {
          if (text !== '1' && text !== '2') throw new ShellSyntaxError(`${text}: bad file descriptor`);
          if (t.fd !== 0) cmd.redirects.push({ fd: t.fd, op: 'dup', to: Number(text) as 1 | 2 });
        } else cmd.redirects.push({ fd: t.fd, op: t.op, target: text });
        continue;
      }
      const eq = t.word.text.indexOf('=');
      if (cmd.words.length === 0 && !t.word.quoted && eq > 0 && NAME.test(t.word.text.slice(0, eq))) {
        cmd.assignments.push([t.word.text.slice(0, eq), t.word.text.slice(eq + 1)]);
      } else cmd.words.push(t.word);
    }
    if (cmd.words.length === 0 && cmd.assignments.length === 0 && cmd.redirects.length === 0) unexpected();
    return cmd;
  };

  const list = parseList([]);
  if (pos < tokens.length) unexpected();
  return list;
}
