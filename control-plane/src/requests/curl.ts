import { parse } from 'shell-quote';

/** An HTTP request described by a curl command line (pre-requests and teardown requests). */
export interface CurlRequest {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  body: string | null;
  insecure: boolean;
}

export type CurlParse = { ok: true; request: CurlRequest } | { ok: false; error: string };

// Flags that take a value, mapped to what they set. Flags people paste from browsers'
// "copy as cURL" are covered; anything else is refused by name rather than guessed at.
const VALUE_FLAGS = new Set(['-X', '--request', '-H', '--header', '-d', '--data', '--data-raw', '--data-binary',
  '--data-ascii', '--data-urlencode', '--json', '-u', '--user', '--url', '-A', '--user-agent', '-e', '--referer',
  '-b', '--cookie', '-m', '--max-time', '--connect-timeout', '--retry']);
const SWITCHES = new Set(['-s', '--silent', '-S', '--show-error', '-L', '--location', '-k', '--insecure',
  '--compressed', '-i', '--include', '-v', '--verbose', '-f', '--fail', '-g', '--globoff', '-G', '--get']);

export function parseCurl(command: string): CurlParse {
  if (hasUnterminatedQuote(command)) return { ok: false, error: 'cannot parse the command: unterminated quote' };
  let tokens: string[];
  try {
    const parsed = parse(command.replace(/\\\r?\n/g, ' '));
    if (parsed.some((t) => typeof t !== 'string')) {
      return { ok: false, error: 'shell operators, globs and comments are not allowed in a curl command' };
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
      continue;
    }
    if (!VALUE_FLAGS.has(token)) return { ok: false, error: `unsupported curl option ${token}` };
    const value = tokens[++i];
    if (value === undefined) return { ok: false, error: `${token} needs a value` };
    switch (token) {
      case '-X': case '--request': method = value.toUpperCase(); break;
      case '-H': case '--header': {
        const colon = value.indexOf(':');
        if (colon <= 0) return { ok: false, error: `header "${value}" must look like "Name: value"` };
        headers.push([value.slice(0, colon).trim(), value.slice(colon + 1).trim()]);
        break;
      }
      case '--json':
        headers.push(['Content-Type', 'application/json'], ['Accept', 'application/json']);
        data.push(value);
        break;
      case '-u': case '--user':
        headers.push(['Authorization', `Basic ${Buffer.from(value).toString('base64')}`]);
        break;
      case '--url': if (url !== null) return { ok: false, error: 'more than one URL' }; url = value; break;
      case '-A': case '--user-agent': headers.push(['User-Agent', value]); break;
      case '-e': case '--referer': headers.push(['Referer', value]); break;
      case '-b': case '--cookie': headers.push(['Cookie', value]); break;
      case '-m': case '--max-time': case '--connect-timeout': case '--retry': break;
      default: data.push(value); // the --data family
    }
  }
  if (url === null) return { ok: false, error: 'the command has no URL' };
  if (!/^https?:\/\/[^\s/]+/i.test(url)) return { ok: false, error: `URL "${url}" must start with http:// or https://` };
  let body = data.length > 0 ? data.join('&') : null;
  if (get && body !== null) {
    url += (url.includes('?') ? '&' : '?') + body;
    body = null;
  }
  if (body !== null && !headers.some(([name]) => name.toLowerCase() === 'content-type')) {
    headers.push(['Content-Type', 'application/x-www-form-urlencoded']); // what curl itself sends with -d
  }
  return { ok: true, request: { method: method ?? (body !== null ? 'POST' : 'GET'), url, headers, body, insecure } };
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
