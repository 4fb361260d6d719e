import { describe, expect, it } from 'vitest';
import { assertPublicHost, hostOf, isPublicAddress, publicOnlyLookup, RefusedAddress } from './address-guard.js';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '192.0.2.10',
    '198.18.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '2001:db8::1',
    '64:ff9b::a00:1',
    '2002:a00:1::1',
    'not an address',
    '',
    // Other spellings of loopback, unspecified, link-local and IPv4-mapped addresses.
    '0x7f.1',
    '127.1',
    '2130706433',
    '0177.0.0.1',
    '0',
    '0:0:0:0:0:0:0:0',
    '0:0:0:0:0:0:0:1',
    '::ffff:7f00:1',
    '::ffff:0.0.0.0',
    '::ffff:a9fe:a9fe',
    'fe80::1%eth0',
    'FE80:0::abcd',
    '64:ff9b::7f00:1',
  ])('refuses %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
});

describe('hostOf', () => {
  it('unwraps IPv6 literals', () => {
    expect(hostOf(new URL('http://[::1]:8080/x'))).toBe('::1');
    expect(hostOf(new URL('https://example.com/x'))).toBe('example.com');
  });
});

describe('assertPublicHost', () => {
  it('refuses literals and names that resolve to loopback', async () => {
    await expect(assertPublicHost('10.1.1.1')).rejects.toBeInstanceOf(RefusedAddress);
    await expect(assertPublicHost('localhost')).rejects.toThrow(/localhost resolves to .*WEBHOOK_ALLOW_PRIVATE/);
    // Spellings that are not literals to isIP reach the resolver, whose answer is checked.
    for (const host of ['0x7f.1', '127.1', '2130706433', '0']) await expect(assertPublicHost(host)).rejects.toBeInstanceOf(RefusedAddress);
    await expect(assertPublicHost('8.8.8.8')).resolves.toBeUndefined();
  });
});

describe('publicOnlyLookup', () => {
  it('fails the connection of a name that resolves to loopback, in both lookup forms', async () => {
    for (const all of [false, true]) {
      const err = await new Promise((resolve) => publicOnlyLookup('localhost', { all } as never, (e) => resolve(e)));
      expect(err).toBeInstanceOf(RefusedAddress);
    }
  });
});
