/**
 * Webhooks must not become a way into the operator's network (SSRF): unless
 * WEBHOOK_ALLOW_PRIVATE=1, an endpoint must resolve to global unicast addresses
 * only. Pre-requests and teardown requests sent directly (not through a tunnel) are
 * held to the same rule, unless REQUESTS_ALLOW_PRIVATE=1 (requests/http-client.ts). ipaddr.js names every special range (loopback, RFC 1918 private,
 * link-local incl. cloud metadata 169.254.169.254, unique-local fc00::/7, CGNAT
 * 100.64/10, multicast, documentation, 6to4/NAT64 prefixes that embed IPv4…);
 * anything it does not call `unicast` is refused. The check runs twice: when a
 * webhook is created (a clear 400), and as the sender's DNS lookup, so a name
 * that resolves differently later (DNS rebinding) is refused at connect time.
 */
import { type LookupAddress, type LookupOptions, lookup } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  let addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) addr = (addr as ipaddr.IPv6).toIPv4Address();
  return addr.range() === 'unicast';
}

/** The host of a URL as DNS and isIP know it (URL keeps IPv6 literals in brackets). */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

export class RefusedAddress extends Error {
  // Kept apart so callers other than the webhooks can name their own setting.
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(
      `${host} resolves to ${address}, a private, loopback or otherwise non-public address (the operator can allow these with WEBHOOK_ALLOW_PRIVATE=1)`,
    );
    this.name = 'RefusedAddress';
  }
}

/** Resolves the host and throws RefusedAddress if any of its addresses is not public. */
export async function assertPublicHost(host: string): Promise<void> {
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw new RefusedAddress(host, host);
    return;
  }
  await new Promise<void>((resolve, reject) => publicOnlyLookup(host, { all: true }, (err) => (err ? reject(err) : resolve())));
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A drop-in `lookup` for http.request: resolves like dns.lookup and fails the
 * connection when any address of the name is not public. (Node calls it with
 * `all: true` when it tries IPv6 and IPv4 in turn.)
 */
export function publicOnlyLookup(host: string, options: LookupOptions, callback: LookupCallback): void {
  lookup(host, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) return callback(new RefusedAddress(host, refused.address), []);
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}
