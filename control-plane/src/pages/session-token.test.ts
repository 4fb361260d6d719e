import { describe, expect, it } from 'vitest';
import { csrfTokenFor, csrfTokenMatches, keyIdOfToken, newSessionToken, SESSION_SECONDS } from './session-token.js';

const secret = 'a'.repeat(64);
const now = 1_800_000_000;

describe('page session tokens', () => {
  it('name the key they were made for until they expire', () => {
    const token = newSessionToken(secret, 'AbCdEfGhIjK', now);
    expect(keyIdOfToken(secret, token, now + 10)).toBe('AbCdEfGhIjK');
    expect(keyIdOfToken(secret, token, now + SESSION_SECONDS + 1)).toBeNull();
  });

  it('are refused when altered, signed with another secret, or malformed', () => {
    const token = newSessionToken(secret, 'AbCdEfGhIjK', now);
    expect(keyIdOfToken(secret, token.replace('AbCdEfGhIjK', 'ZZZZZZZZZZZ'), now)).toBeNull();
    const [v, key, expires, mac] = token.split('.');
    expect(keyIdOfToken(secret, [v, key, Number(expires) + 3600, mac].join('.'), now)).toBeNull();
    expect(keyIdOfToken('b'.repeat(64), token, now)).toBeNull();
    for (const bad of [undefined, '', 'v1', `${token}.x`, 'v1.short.1.abc']) expect(keyIdOfToken(secret, bad, now)).toBeNull();
  });

  it('bind the CSRF token to one session', () => {
    const one = newSessionToken(secret, 'AbCdEfGhIjK', now);
    const other = newSessionToken(secret, 'AbCdEfGhIjL', now);
    expect(csrfTokenMatches(secret, one, csrfTokenFor(secret, one))).toBe(true);
    expect(csrfTokenMatches(secret, one, csrfTokenFor(secret, other))).toBe(false);
    expect(csrfTokenMatches(secret, one, undefined)).toBe(false);
    expect(csrfTokenMatches(secret, one, ['x'])).toBe(false);
  });
});
