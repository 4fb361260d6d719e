import { parse } from 'shell-quote';

/** An HTTP request described by a curl command line (pre-requests and teardown requests). */
export interface CurlRequest {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  body: string | null;
  /** -k: the server's certificate is not verified. */
  insecure: boolean;
  /** -L: redirects are followed (curl does not follow them otherwise). */
  followRedirects: boolean;
}

export type CurlParse = { ok: true; request: CurlRequest } | { ok: false; error: string };

// Flags that take a value, mapped to what they set. Flags people paste from browsers'
// "copy as cURL" are covered; anything else is refused by name rather than guessed at.
const VALUE_FLAGS = new Set([
  '-X',
  '--request',
  '-H',
  '--header',
  '-d',
  '--data',
  '--data-raw',
  '--data-binary',
  '--data-ascii',
  '--data-urlencode',
  '--json',
  '-u',
  '--user',
  '--url',
  '-A',
  '--user-agent',
  '-e',
  '--referer',
  '-b',
  '--cookie',
  '-m',
  '--max-time',
  '--connect-timeout',
  '--retry',
]);
const SWITCHES = new Set([
  '-s',
  '--silent',
  '-S',
  '--show-error',
  '-L',
  '--location',
  '-k',
  '--insecure',
  '--compressed',
  '-i',
  '--include',
  '-v',
  '--verbose',
  '-f',
  '--fail',
  '-g',
  '--globoff',
  '-G',
  '--get',
]);

/** RFC 9110 token: what a method and a header name must be (node:http refuses anything else, and it could split the request). */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * `resolve` puts {{values}} into what the command sends (URL, header values, data,
 * user) before it is interpreted, so that --data-urlencode and -u encode the value,
 * not its {{name}}. At creation there are no values yet: the command as written.
 */
export function parseCurl(command: string, resolve: (text: string) => string = (text) => text): CurlParse {
  if (hasUnterminatedQuote(command)) return { ok: false, error: 'cannot parse the command: unterminated quote' };
  let tokens: string[];
  try {
    // A shell would put its variable there ($TOKEN, "…?$top=5"), empty when unset; shell-quote
    // does the same, silently. We have no such variables, so the command is refused naming it.
    const variables: string[] = [];
    const parsed = parse(command.replace(/\\\r?\n/g, ' '), (name) => {
      variables.push(name);
      return '';
    });
    if (parsed.some((t) => typeof t !== 'string')) {
      return { ok: false, error: 'shell operators, globs and comments are not allowed in a curl command' };
    }
    if (variables.length > 0) {
      return {
        ok: false,
        error: `the shell variable $${variables[0]} has no value here: use {{${variables[0]}}} (a test input or a remembered value), or single quotes for a literal $`,
      };
    }
    tokens = parsed as string[];
  } catch (e) {
    return { ok: false, error: `cannot parse the command: ${(e as Error).message}` };
  }
  if (tokens[0] !== 'curl') return { ok: false, error: 'the command must start with "curl"' };

  let method: string | null = null;
  let url: string | null = null;
  let get = false;
  let insecure = false;
  let followRedirects = false;
  const headers: Array<[string, string]> = [];
  const data: string[] = [];
  for (let i = 1; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (!token.startsWith('-')) {
      if (url !== null) return { ok: false, error: `more than one URL: "${url}" and "${token}"` };
      url = token;
      continue;
    }
    if (SWITCHES.has(token)) {
      if (token === '-k' || token === '--insecure') insecure = true;
      if (token === '-G' || token === '--get') get = true;
      if (token === '-L' || token === '--location') followRedirects = true;
      continue;
    }
    if (!VALUE_FLAGS.has(token)) return { ok: false, error: `unsupported curl option ${token}` };
    const value = tokens[++i];
    if (value === undefined) return { ok: false, error: `${token} needs a value` };
    switch (token) {
      case '-X':
      case '--request':
        if (!TOKEN.test(value))
          return { ok: false, error: `method "${value}" is not a valid HTTP method (letters, digits and !#$%&'*+-.^_\`|~ only)` };
        method = value.toUpperCase();
        break;
      case '-H':
      case '--header': {
        const colon = value.indexOf(':');
        if (colon <= 0) return { ok: false, error: `header "${value}" must look like "Name: value"` };
        const name = value.slice(0, colon).trim();
        if (!TOKEN.test(name))
          return { ok: false, error: `header name "${name}" is not a valid HTTP header name (letters, digits and !#$%&'*+-.^_\`|~ only)` };
        headers.push([name, resolve(value.slice(colon + 1).trim())]);
        break;
      }
      case '--json':
        if (value.startsWith('@')) return { ok: false, error: fileRefused(token, value) };
        headers.push(['Content-Type', 'application/json'], ['Accept', 'application/json']);
        data.push(resolve(value));
        break;
      case '-u':
      case '--user':
        headers.push(['Authorization', `Basic ${Buffer.from(resolve(value)).toString('base64')}`]);
        break;
      case '--url':
        if (url !== null) return { ok: false, error: 'more than one URL' };
        url = value;
        break;
      case '-A':
      case '--user-agent':
        headers.push(['User-Agent', resolve(value)]);
        break;
      case '-e':
      case '--referer':
        headers.push(['Referer', resolve(value)]);
        break;
      case '-b':
      case '--cookie':
        headers.push(['Cookie', resolve(value)]);
        break;
      case '-m':
      case '--max-time':
      case '--connect-timeout':
      case '--retry':
        break;
      case '--data-urlencode': {
        const encoded = urlencodeData(value, resolve);
        if (encoded === null) return { ok: false, error: fileRefused(token, value) };
        data.push(encoded);
        break;
      }
      case '--data-raw':
        data.push(resolve(value));
        break; // the one member of the family that never reads a file
      default: // -d, --data, --data-ascii, --data-binary
        if (value.startsWith('@')) return { ok: false, error: fileRefused(token, value) };
        data.push(resolve(value));
    }
  }
  const control = headers.find(([, value]) => /[\x00-\x08\x0a-\x1f\x7f]/.test(value));
  if (control) return { ok: false, error: `the value of header "${control[0]}" holds a line break or another control character` };
  if (url === null) return { ok: false, error: 'the command has no URL' };
  if (!/^https?:\/\/[^\s/]+/i.test(url)) return { ok: false, error: `URL "${url}" must start with http:// or https://` };
  url = resolve(url);
  let body = data.length > 0 ? data.join('&') : null;
  if (get && body !== null) {
    url += (url.includes('?') ? '&' : '?') + body;
    body = null;
  }
  if (body !== null && !headers.some(([name]) => name.toLowerCase() === 'content-type')) {
    headers.push(['Content-Type', 'application/x-www-form-urlencoded']); // what curl itself sends with -d
  }
  return { ok: true, request: { method: method ?? (body !== null ? 'POST' : 'GET'), url, headers, body, insecure, followRedirects } };
}

const fileRefused = (flag: string, value: string) =>
  `${flag} ${value} would read a file, and the control plane has none of yours: put the data itself in the command (--data-raw sends a leading @ as it is)`;

/**
 * --data-urlencode as curl reads it: `content`, `=content` and `name=content` send the
 * content percent-encoded (curl_easy_escape: all but A-Z a-z 0-9 - . _ ~), after the
 * name if any; `@file` and `name@file` read a file (null: refused here).
 */
function urlencodeData(value: string, resolve: (text: string) => string): string | null {
  const eq = value.indexOf('=');
  const at = value.indexOf('@');
  if (at !== -1 && (eq === -1 || at < eq)) return null;
  const percentEncode = (text: string) =>
    encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  if (eq === -1) return percentEncode(resolve(value));
  const name = value.slice(0, eq);
  return `${name === '' ? '' : `${name}=`}${percentEncode(resolve(value.slice(eq + 1)))}`;
}

/** shell-quote reads `curl "https://x` as if the quote were closed; a truncated paste should be refused instead. */
function hasUnterminatedQuote(command: string): boolean {
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < command.length; i++) {
    const ch = command[i];
    if (quote === "'") {
      if (ch === "'") quote = null;
    } else if (ch === '\\') {
      i++; // an escaped character, inside double quotes or outside any quote
    } else if (quote === '"') {
      if (ch === '"') quote = null;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    }
  }
  return quote !== null;
}
