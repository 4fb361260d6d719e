/**
 * Which internal hosts a tunnel client lets streams reach: `--only-hosts` and
 * `--exclude-hosts`, comma-separated lists of
 *
 *   - host names, case-insensitive: `staging.corp.example`
 *   - wildcards, `*` standing for any characters (dots too): `*.corp.example`, `api-*.internal`
 *   - IP addresses and CIDR ranges, IPv4 or IPv6: `10.1.2.3`, `10.0.0.0/8`, `fd00::/8`
 *
 * An excluded host is refused even when `--only-hosts` names it (exclude wins); without
 * `--only-hosts` every host not excluded is allowed. Address entries apply both to IP
 * literals and to the addresses a name resolves to (checked by the client before it
 * connects), so `--exclude-hosts 10.9.0.0/16` also keeps out names pointing there.
 *
 * Addresses are compared in canonical form (ipaddr.js parses them): every spelling of an
 * address is the same address (`::ffff:127.0.0.1`, `0x7f.1`, `2130706433`, `[0:0::1]`,
 * `fe80::1%eth0` without its zone), and an address is also checked as the address a
 * connection to it reaches: `0.0.0.0` (all of 0.0.0.0/8) reaches 127.0.0.1 and `::`
 * reaches ::1, so `--exclude-hosts 127.0.0.0/8,::1` keeps them out too; a NAT64 address
 * (64:ff9b::/96) is also checked as the IPv4 address it carries. The name `localhost`
 * stands for `localhost`, `*.localhost` and every loopback and unspecified address
 * (127.0.0.0/8, ::1, 0.0.0.0, ::).
 */
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

export interface HostFilter {
  /** null when the host may be reached, else why not (shown to the device as the proxy's answer). */
  refusal(host: string): string | null;
  /** The same for an address the host name resolved to. */
  addressRefusal(host: string, address: string): string | null;
  /** The filters as given, for the "connected" line. */
  describe(): string;
}

interface HostList {
  names: RegExp[];
  ranges: [Address, number][];
  given: string[];
}

export class HostFilterError extends Error {}

/** What `localhost` in a list stands for, besides its names. */
const LOCALHOST_RANGES = ['127.0.0.0/8', '::1/128', '0.0.0.0/32', '::/128'];

/**
 * The address `host` spells, in canonical form (IPv4-mapped IPv6 as its IPv4, no zone), or
 * null for a host name. Accepts what the system's resolver would read as an address, so a
 * spelling cannot slip past as a "name" (`127.1`, `0x7f000001`).
 */
export function canonicalAddress(host: string): Address | null {
  const bare = host
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return null;
  return ipaddr.process(bare);
}

/** The address itself and the addresses a connection to it actually reaches. */
function reachedBy(address: Address): Address[] {
  const reached = [address];
  const range = address.range();
  if (range === 'unspecified') reached.push(ipaddr.parse(address.kind() === 'ipv4' ? '127.0.0.1' : '::1'));
  if (range === 'rfc6052') {
    const bytes = address.toByteArray().slice(12);
    reached.push(ipaddr.fromByteArray(bytes));
  }
  return reached;
}

function addRange(list: HostList, cidr: string): void {
  const [base, prefix] = ipaddr.parseCIDR(cidr.replace(/%[^/]*/, ''));
  // An IPv4-mapped range (::ffff:10.0.0.0/104) is the IPv4 range it maps.
  if (base.kind() === 'ipv6' && (base as ipaddr.IPv6).isIPv4MappedAddress() && prefix >= 96) {
    list.ranges.push([(base as ipaddr.IPv6).toIPv4Address(), prefix - 96]);
  } else {
    list.ranges.push([base, prefix]);
  }
}

function parseList(option: string, list: string | undefined): HostList {
  const parsed: HostList = { names: [], ranges: [], given: [] };
  for (const raw of (list ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '')) {
    const entry = raw.toLowerCase().replace(/^\[(.*)\]$/, '$1');
    parsed.given.push(entry);
    const cidr = /^([^/]+)\/(\d{1,3})$/.exec(entry);
    if (cidr) {
      const address = canonicalAddress(cidr[1]!);
      const prefix = Number(cidr[2]);
      // The prefix counts bits of the address as written: an IPv6 spelling takes up to 128.
      const max = cidr[1]!.includes(':') ? 128 : 32;
      if (!address || prefix > max) throw new HostFilterError(`${option}: ${JSON.stringify(raw)} is not a CIDR range like 10.0.0.0/8`);
      const written = cidr[1]!.includes(':') ? ipaddr.IPv6.parse(cidr[1]!.replace(/%.*$/, '')) : address;
      addRange(parsed, `${written.toString()}/${prefix}`);
    } else if (canonicalAddress(entry)) {
      const address = canonicalAddress(entry)!;
      parsed.ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
    } else if (/^[a-z0-9*._-]+$/.test(entry)) {
      const name = entry.replace(/\.$/, '');
      const pattern = name
        .split('*')
        .map((part) => part.replace(/[.]/g, '\\.'))
        .join('.*');
      parsed.names.push(new RegExp(`^${pattern}$`));
      if (name === 'localhost') {
        parsed.names.push(/^.*\.localhost$/);
        for (const range of LOCALHOST_RANGES) addRange(parsed, range);
      }
    } else {
      throw new HostFilterError(`${option}: ${JSON.stringify(raw)} is not a host name, wildcard, IP address or CIDR range`);
    }
  }
  return parsed;
}

/** Whether any address a connection to `address` reaches is in one of the list's ranges. */
function coversAddress(list: HostList, address: Address): boolean {
  return reachedBy(address).some((a) => list.ranges.some(([base, prefix]) => a.kind() === base.kind() && a.match(base, prefix)));
}

function matches(list: HostList, host: string): boolean {
  const address = canonicalAddress(host);
  if (address) return coversAddress(list, address);
  const name = host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  return list.names.some((re) => re.test(name));
}

/** Throws HostFilterError (naming the option and entry) for an entry it cannot understand. */
export function createHostFilter(options: { onlyHosts?: string; excludeHosts?: string }): HostFilter {
  const only = parseList('--only-hosts', options.onlyHosts);
  const exclude = parseList('--exclude-hosts', options.excludeHosts);
  const restricted = only.given.length > 0;
  return {
    refusal(host) {
      if (matches(exclude, host)) return `${host} is excluded by the tunnel's --exclude-hosts`;
      // A name may still be allowed through an address entry of --only-hosts once resolved.
      if (restricted && !matches(only, host) && (canonicalAddress(host) !== null || only.ranges.length === 0))
        return `${host} is not in the tunnel's --only-hosts`;
      return null;
    },
    addressRefusal(host, address) {
      // An address the resolver gave that does not parse counts as matching an exclude, never as a miss.
      const parsed = canonicalAddress(address);
      if (exclude.ranges.length > 0 && (!parsed || coversAddress(exclude, parsed)))
        return `${host} (${address}) is excluded by the tunnel's --exclude-hosts`;
      if (restricted && !matches(only, host) && !(parsed && coversAddress(only, parsed))) {
        return `${host} (${address}) is not in the tunnel's --only-hosts`;
      }
      return null;
    },
    describe() {
      const parts = [
        restricted ? `only ${only.given.join(', ')}` : 'any host',
        exclude.given.length > 0 ? `except ${exclude.given.join(', ')}` : '',
      ];
      return parts.filter((p) => p !== '').join(' ');
    },
  };
}
