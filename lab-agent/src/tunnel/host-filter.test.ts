import { describe, expect, it } from 'vitest';
import { createHostFilter, HostFilterError } from './host-filter.js';

type Row = [onlyHosts: string | undefined, excludeHosts: string | undefined, host: string, allowed: boolean];

const table: Row[] = [
  [undefined, undefined, 'staging.corp.example', true],
  [undefined, undefined, '10.0.0.1', true],
  ['staging.corp.example', undefined, 'staging.corp.example', true],
  ['staging.corp.example', undefined, 'STAGING.corp.example', true],
  ['staging.corp.example', undefined, 'staging.corp.example.', true],
  ['staging.corp.example', undefined, 'prod.corp.example', false],
  ['*.corp.example', undefined, 'a.b.corp.example', true],
  ['*.corp.example', undefined, 'corp.example', false],
  ['*.corp.example', undefined, 'evilcorp.example', false],
  ['api-*.internal', undefined, 'api-eu.internal', true],
  ['api-*.internal', undefined, 'web-eu.internal', false],
  ['10.0.0.0/8', undefined, '10.200.3.4', true],
  ['10.0.0.0/8', undefined, '11.0.0.1', false],
  ['192.168.1.7', undefined, '192.168.1.7', true],
  ['192.168.1.7', undefined, '192.168.1.8', false],
  ['fd00::/8', undefined, 'fd12::1', true],
  ['fd00::/8', undefined, '[fd12::1]', true],
  ['fd00::/8', undefined, 'fe80::1', false],
  [undefined, 'db.corp.example', 'db.corp.example', false],
  [undefined, 'db.corp.example', 'web.corp.example', true],
  [undefined, '10.9.0.0/16', '10.9.1.1', false],
  [undefined, '10.9.0.0/16', '10.8.1.1', true],
  // exclude wins over only
  ['*.corp.example', 'secret.corp.example', 'secret.corp.example', false],
  ['*.corp.example', '*.corp.example', 'web.corp.example', false],
  ['10.0.0.0/8', '10.9.0.0/16', '10.9.0.5', false],
  ['10.0.0.0/8', '10.9.0.0/16', '10.8.0.5', true],
  ['*', 'localhost', 'localhost', false],
  ['*', 'localhost', 'anything.example', true],
  [' a.example , b.example ', undefined, 'b.example', true],
];

describe('host filter', () => {
  it.each(table)('only %j exclude %j: %s allowed=%s', (onlyHosts, excludeHosts, host, allowed) => {
    const refusal = createHostFilter({ onlyHosts, excludeHosts }).refusal(host);
    expect(refusal === null).toBe(allowed);
  });

  it('says which option refused a host', () => {
    const filter = createHostFilter({ onlyHosts: '*.corp.example', excludeHosts: 'db.corp.example' });
    expect(filter.refusal('db.corp.example')).toBe("db.corp.example is excluded by the tunnel's --exclude-hosts");
    expect(filter.refusal('example.com')).toBe("example.com is not in the tunnel's --only-hosts");
  });

  type AddressRow = [onlyHosts: string | undefined, excludeHosts: string | undefined, host: string, address: string, allowed: boolean];
  const addresses: AddressRow[] = [
    [undefined, '10.9.0.0/16', 'db.corp.example', '10.9.0.3', false],
    [undefined, '10.9.0.0/16', 'web.corp.example', '10.8.0.3', true],
    ['10.0.0.0/8', undefined, 'web.corp.example', '10.8.0.3', true],
    ['10.0.0.0/8', undefined, 'web.corp.example', '172.16.0.3', false],
    ['*.corp.example', undefined, 'web.corp.example', '172.16.0.3', true],
    ['*.corp.example', '127.0.0.0/8', 'web.corp.example', '127.0.0.1', false],
  ];
  it.each(addresses)('only %j exclude %j: %s resolved to %s allowed=%s', (onlyHosts, excludeHosts, host, address, allowed) => {
    const filter = createHostFilter({ onlyHosts, excludeHosts });
    // A name only an address entry can allow passes the name check and is decided once resolved.
    expect(filter.refusal(host)).toBeNull();
    expect(filter.addressRefusal(host, address) === null).toBe(allowed);
  });

  it.each([
    ['--only-hosts', { onlyHosts: '10.0.0.0/33' }],
    ['--only-hosts', { onlyHosts: 'http://x.example' }],
    ['--exclude-hosts', { excludeHosts: 'a b' }],
    ['--exclude-hosts', { excludeHosts: 'not-an-ip/8' }],
  ])('refuses an entry it does not understand, naming %s', (option, given) => {
    expect(() => createHostFilter(given)).toThrow(HostFilterError);
    expect(() => createHostFilter(given)).toThrow(option);
  });

  it('describes itself for the connected line', () => {
    expect(createHostFilter({}).describe()).toBe('any host');
    expect(createHostFilter({ onlyHosts: '*.corp.example,10.0.0.0/8', excludeHosts: 'db.corp.example' }).describe()).toBe('only *.corp.example, 10.0.0.0/8 except db.corp.example');
  });
});
