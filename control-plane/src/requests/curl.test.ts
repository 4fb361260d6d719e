import { describe, expect, it } from 'vitest';
import { parseCurl } from './curl.js';

const ok = (command: string) => {
  const result = parseCurl(command);
  if (!result.ok) throw new Error(result.error);
  return result.request;
};

describe('parseCurl', () => {
  it('refuses shell variables, which a shell would expand (to nothing when unset), naming the {{value}} to use', () => {
    for (const [command, name] of [
      ['curl "https://api.example.com/odata/Items?$top=5"', 'top'],
      ['curl -H "Authorization: Bearer $TOKEN" https://api.example.com', 'TOKEN'],
      ['curl https://api.example.com/${PATHPART}', 'PATHPART'],
    ] as const) {
      const parsed = parseCurl(command);
      expect(parsed.ok, command).toBe(false);
      expect(!parsed.ok && parsed.error).toBe(
        `the shell variable $${name} has no value here: use {{${name}}} (a test input or a remembered value), or single quotes for a literal $`,
      );
    }
    // In single quotes a $ is literal, as in a shell.
    const literal = parseCurl("curl 'https://api.example.com/odata/Items?$top=5'");
    expect(literal.ok && literal.request.url).toBe('https://api.example.com/odata/Items?$top=5');
  });

  it('reads method, headers, JSON body and URL', () => {
    const r = ok(
      `curl -X PUT https://api.example.com/users/1 -H 'Authorization: Bearer abc' -H "Content-Type: application/json" -d '{"name":"Ann"}'`,
    );
    expect(r).toEqual({
      method: 'PUT',
      url: 'https://api.example.com/users/1',
      headers: [
        ['Authorization', 'Bearer abc'],
        ['Content-Type', 'application/json'],
      ],
      body: '{"name":"Ann"}',
      insecure: false,
      followRedirects: false,
    });
  });

  it('defaults to GET, and to POST with form content type when data is given', () => {
    expect(ok('curl https://x.test/a').method).toBe('GET');
    const post = ok('curl https://x.test/a --data-raw a=1 -d b=2');
    expect(post.method).toBe('POST');
    expect(post.body).toBe('a=1&b=2');
    expect(post.headers).toContainEqual(['Content-Type', 'application/x-www-form-urlencoded']);
  });

  it('supports --json, --user, -G, -k and line continuations', () => {
    const r = ok('curl -k \\\n --json \'{"a":1}\' -u bob:pw https://x.test');
    expect(r.insecure).toBe(true);
    expect(r.headers).toContainEqual(['Content-Type', 'application/json']);
    expect(r.headers).toContainEqual(['Authorization', `Basic ${Buffer.from('bob:pw').toString('base64')}`]);
    expect(ok('curl -G https://x.test/s -d q=1').url).toBe('https://x.test/s?q=1');
  });

  it('reads -L, and sends a leading @ with --data-raw as it is', () => {
    expect(ok('curl -L https://x.test').followRedirects).toBe(true);
    expect(ok('curl --location https://x.test').followRedirects).toBe(true);
    expect(ok('curl https://x.test --data-raw @home').body).toBe('@home');
  });

  it('encodes --data-urlencode as curl does: the content after the name, all but unreserved characters', () => {
    expect(
      ok("curl https://x.test --data-urlencode 'q=a b&c=d/é!*' --data-urlencode '=x y' --data-urlencode 'plain text' -d raw=1").body,
    ).toBe('q=a%20b%26c%3Dd%2F%C3%A9%21%2A&x%20y&plain%20text&raw=1');
    expect(ok("curl -G https://x.test/s --data-urlencode 'q=a b'").url).toBe('https://x.test/s?q=a%20b');
  });

  it('puts {{values}} in before encoding, so --data-urlencode and -u encode the value, not its name', () => {
    const values: Record<string, string> = { q: 'a&b c', user: 'ann', pw: 'p:w', token: 't1', host: 'api.x.test' };
    const resolve = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name]!);
    const result = parseCurl("curl https://{{host}}/s -H 'X-Token: {{token}}' --data-urlencode 'q={{q}}' -u '{{user}}:{{pw}}'", resolve);
    if (!result.ok) throw new Error(result.error);
    expect(result.request.url).toBe('https://api.x.test/s');
    expect(result.request.body).toBe('q=a%26b%20c');
    expect(result.request.headers).toContainEqual(['X-Token', 't1']);
    expect(result.request.headers).toContainEqual(['Authorization', `Basic ${Buffer.from('ann:p:w').toString('base64')}`]);
    // A value that would split the request is refused where it is put in.
    const split = parseCurl("curl https://x.test -H 'X-Token: {{token}}'", () => 'a\r\nInjected: 1');
    expect(split).toEqual({ ok: false, error: 'the value of header "X-Token" holds a line break or another control character' });
  });

  it.each([
    ['', 'must start with "curl"'],
    ['wget https://x.test', 'must start with "curl"'],
    ['curl -X POST', 'no URL'],
    ['curl ftp://x.test', 'http://'],
    ['curl https://x.test -H', 'needs a value'],
    ['curl https://x.test -H nocolon', 'Name: value'],
    ['curl https://x.test --proxy p:1', 'unsupported curl option --proxy'],
    ['curl https://x.test; rm -rf /', 'shell operators'],
    ['curl https://a.test https://b.test', 'more than one URL'],
    ['curl "https://x.test', 'cannot parse'],
    // node:http would throw on these at run time (and a tunnel stream was left open); say so at creation.
    ["curl -X 'GE T' https://x.test", 'method "GE T" is not a valid HTTP method'],
    ["curl -X 'GET\r\nX' https://x.test", 'is not a valid HTTP method'],
    ["curl https://x.test -H 'Bad Name: x'", 'header name "Bad Name" is not a valid HTTP header name'],
    ['curl https://x.test -H "X-A: a\nInjected: 1"', 'the value of header "X-A" holds a line break'],
    // There is no file of the user's on the control plane.
    ['curl https://x.test -d @body.json', '-d @body.json would read a file'],
    ['curl https://x.test --data-binary @-', 'would read a file'],
    ['curl https://x.test --json @payload.json', 'would read a file'],
    ['curl https://x.test --data-urlencode q@query.txt', 'would read a file'],
    ['curl https://x.test --data-urlencode @query.txt', 'would read a file'],
  ])('refuses %j', (command, message) => {
    const result = parseCurl(command);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(message);
  });
});
