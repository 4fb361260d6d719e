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
 * net.BlockList does the address arithmetic.
 */
import { BlockList, isIP } from 'node:net';

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
  addresses: BlockList;
  hasAddresses: boolean;
  given: string[];
}

export class HostFilterError extends Error {}

function parseList(option: string, list: string | undefined): HostList {
  const parsed: HostList = { names: [], addresses: new BlockList(), hasAddresses: false, given: [] };
  for (const raw of (list ?? '').split(',').map((e) => e.trim()).filter((e) => e !== '')) {
    const entry = raw.toLowerCase().replace(/^\[(.*)\]$/, '$1');
    parsed.given.push(entry);
    const cidr = /^([^/]+)\/(\d{1,3})$/.exec(entry);
    if (cidr) {
      const family = isIP(cidr[1]!);
      const prefix = Number(cidr[2]);
      if (family === 0 || prefix > (family === 4 ? 32 : 128)) throw new HostFilterError(`${option}: ${JSON.stringify(raw)} is not a CIDR range like 10.0.0.0/8`);
      parsed.addresses.addSubnet(cidr[1]!, prefix, family === 4 ? 'ipv4' : 'ipv6');
      parsed.hasAddresses = true;
    } else if (isIP(entry) !== 0) {
      parsed.addresses.addAddress(entry, isIP(entry) === 4 ? 'ipv4' : 'ipv6');
      parsed.hasAddresses = true;
    } else if (/^[a-z0-9*._-]+$/.test(entry)) {
      const pattern = entry.split('*').map((part) => part.replace(/[.]/g, '\\.')).join('.*');
      parsed.names.push(new RegExp(`^${pattern}$`));
    } else {
      throw new HostFilterError(`${option}: ${JSON.stringify(raw)} is not a host name, wildcard, IP address or CIDR range`);
    }
  }
  return parsed;
}

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

function matches(list: HostList, host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (isIP(name) !== 0) return list.hasAddresses && list.addresses.check(name, familyOf(name));
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
      if (restricted && !matches(only, host) && (isIP(host) !== 0 || !only.hasAddresses)) return `${host} is not in the tunnel's --only-hosts`;
      return null;
    },
    addressRefusal(host, address) {
      if (exclude.hasAddresses && exclude.addresses.check(address, familyOf(address))) return `${host} (${address}) is excluded by the tunnel's --exclude-hosts`;
      if (restricted && !matches(only, host) && !(only.hasAddresses && only.addresses.check(address, familyOf(address)))) {
        return `${host} (${address}) is not in the tunnel's --only-hosts`;
      }
      return null;
    },
    describe() {
      const parts = [restricted ? `only ${only.given.join(', ')}` : 'any host', exclude.given.length > 0 ? `except ${exclude.given.join(', ')}` : ''];
      return parts.filter((p) => p !== '').join(' ');
    },
  };
}
