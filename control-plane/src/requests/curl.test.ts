import { describe, expect, it } from 'vitest';
import { parseCurl } from './curl.js';

const ok = (command: string) => {
  const result = parseCurl(command);
  if (!result.ok) throw new Error(result.error);
  return result.request;
};

describe('parseCurl', () => {
  it('reads method, headers, JSON body and URL', () => {
    const r = ok(`curl -X PUT https://api.example.com/users/1 -H 'Authorization: Bearer abc' -H "Content-Type: application/json" -d '{"name":"Ann"}'`);
    expect(r).toEqual({
      method: 'PUT',
      url: 'https://api.example.com/users/1',
      headers: [['Authorization', 'Bearer abc'], ['Content-Type', 'application/json']],
      body: '{"name":"Ann"}',
      insecure: false,
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
    const r = ok("curl -k \\\n --json '{\"a\":1}' -u bob:pw https://x.test");
    expect(r.insecure).toBe(true);
    expect(r.headers).toContainEqual(['Content-Type', 'application/json']);
    expect(r.headers).toContainEqual(['Authorization', `Basic ${Buffer.from('bob:pw').toString('base64')}`]);
    expect(ok('curl -G https://x.test/s -d q=1').url).toBe('https://x.test/s?q=1');
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
  ])('refuses %j', (command, message) => {
    const result = parseCurl(command);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(message);
  });
});
