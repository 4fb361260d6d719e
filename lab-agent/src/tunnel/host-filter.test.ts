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

/** Every spelling of loopback, unspecified, link-local and IPv4-mapped addresses, matched by what means it. */
const loopbackExcludes = ['127.0.0.0/8,::1', 'localhost', 'LOCALHOST.'];
const loopbackSpellings = [
  '127.0.0.1',
  '127.1',
  '127.0.1',
  '0x7f.1',
  '0x7f000001',
  '2130706433',
  '0177.0.0.1',
  '127.255.255.254',
  '0.0.0.0',
  '0',
  '0x0',
  '00.0.0.0',
  '[::]',
  '::',
  '0:0:0:0:0:0:0:0',
  '::1',
  '[::1]',
  '0:0:0:0:0:0:0:1',
  '[0::1]',
  '::ffff:127.0.0.1',
  '[::ffff:127.0.0.1]',
  '::ffff:7f00:1',
  '[::ffff:7f00:1]',
  '::ffff:0.0.0.0',
  '::ffff:0:0',
  '64:ff9b::127.0.0.1',
  'localhost',
  'LocalHost.',
  'app.localhost',
];
const spellingRows: Row[] = loopbackExcludes.flatMap((exclude) => [
  ...loopbackSpellings
    // `localhost` names are names: an address-only exclude decides them once resolved.
    .filter((host) => !(exclude === '127.0.0.0/8,::1' && /localhost/i.test(host)))
    .map((host): Row => [undefined, exclude, host, false]),
  [undefined, exclude, '10.0.0.1', true],
  [undefined, exclude, '::ffff:10.0.0.1', true],
  [undefined, exclude, 'example.com', true],
]);
const otherRanges: Row[] = [
  [undefined, '169.254.0.0/16', '169.254.169.254', false],
  [undefined, '169.254.0.0/16', '::ffff:169.254.169.254', false],
  [undefined, '169.254.0.0/16', '[::ffff:a9fe:a9fe]', false],
  [undefined, '169.254.0.0/16', '0xa9fea9fe', false],
  [undefined, 'fe80::/10', 'fe80::1', false],
  [undefined, 'fe80::/10', 'fe80::1%eth0', false],
  [undefined, 'fe80::/10', '[FE80:0:0:0::abcd]', false],
  [undefined, 'fe80::/10', 'fec0::1', true],
  [undefined, '::ffff:10.0.0.0/104', '10.1.2.3', false],
  [undefined, '::ffff:10.0.0.0/104', '11.1.2.3', true],
  [undefined, '10.0.0.0/8', '::ffff:10.1.2.3', false],
  [undefined, '10.0.0.0/8', '::ffff:a01:203', false],
  [undefined, '::ffff:10.1.2.3', '10.1.2.3', false],
  [undefined, '10.1.2.3', '::ffff:10.1.2.3', false],
  ['10.0.0.0/8', undefined, '::ffff:10.1.2.3', true],
  ['10.0.0.0/8', undefined, '::ffff:11.1.2.3', false],
  ['localhost', undefined, '127.0.0.9', true],
  ['localhost', undefined, '[::1]', true],
  ['localhost', undefined, '10.0.0.1', false],
];
table.push(...spellingRows, ...otherRanges);

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
    // A name resolving to an unspecified or mapped address reaches loopback all the same.
    [undefined, '127.0.0.0/8,::1', 'evil.example', '0.0.0.0', false],
    [undefined, '127.0.0.0/8,::1', 'evil.example', '::', false],
    [undefined, '127.0.0.0/8,::1', 'evil.example', '::ffff:127.0.0.1', false],
    [undefined, 'localhost', 'evil.example', '127.3.4.5', false],
    [undefined, 'localhost', 'evil.example', '0.0.0.0', false],
    [undefined, 'localhost', 'evil.example', '::', false],
    [undefined, 'localhost', 'evil.example', '10.0.0.1', true],
    [undefined, '169.254.0.0/16', 'metadata.example', '::ffff:169.254.169.254', false],
    ['10.0.0.0/8', undefined, 'web.corp.example', '::ffff:10.8.0.3', true],
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
    ['--exclude-hosts', { excludeHosts: '10.0.0.0/33' }],
    ['--exclude-hosts', { excludeHosts: '::/129' }],
  ])('refuses an entry it does not understand, naming %s', (option, given) => {
    expect(() => createHostFilter(given)).toThrow(HostFilterError);
    expect(() => createHostFilter(given)).toThrow(option);
  });

  it('describes itself for the connected line', () => {
    expect(createHostFilter({}).describe()).toBe('any host');
    expect(createHostFilter({ onlyHosts: '*.corp.example,10.0.0.0/8', excludeHosts: 'db.corp.example' }).describe()).toBe(
      'only *.corp.example, 10.0.0.0/8 except db.corp.example',
    );
  });
});
