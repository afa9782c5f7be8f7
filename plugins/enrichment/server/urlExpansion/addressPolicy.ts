import ipaddr from 'ipaddr.js';

/**
 * Which IP addresses URL expansion may connect to. A post's link is attacker-chosen, so following it from the
 * server must never reach the server's own network (SSRF): loopback, private and unique-local ranges, link-local
 * (where cloud metadata lives: 169.254.169.254, fd00:ec2::254), carrier-grade NAT (Alibaba's metadata at
 * 100.100.100.200), multicast, broadcast, unspecified and every reserved or special-purpose range. Only
 * addresses that ipaddr.js classifies as global `unicast` pass. IPv6 forms that embed an IPv4 address
 * (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4, Teredo) are judged by the IPv4 inside or refused.
 */

export interface AddressVerdict {
  allowed: boolean;
  /** ipaddr.js range name (`loopback`, `private`, `linkLocal` ...) or `invalid`. */
  range: string;
}

/** CIDR ranges a caller explicitly allows although they are not public (tests: their own loopback server). */
export type AddressAllowList = ReadonlyArray<string>;

type Parsed = ipaddr.IPv4 | ipaddr.IPv6;

function parseAllowList(list: AddressAllowList): Array<[Parsed, number]> {
  return list.map((entry) => {
    if (entry.includes('/')) return ipaddr.parseCIDR(entry);
    const address = ipaddr.parse(entry);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  });
}

/** The IPv4 address embedded in an IPv6 one (mapped, NAT64 well-known prefix, 6to4), or null. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  const range = address.range();
  const bytes = address.toByteArray();
  if (range === 'rfc6052' || range === 'rfc6145') return new ipaddr.IPv4(bytes.slice(12, 16));
  if (range === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
}

export function classifyAddress(text: string, allowList: AddressAllowList = []): AddressVerdict {
  let address: Parsed;
  try {
    address = ipaddr.parse(text.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return { allowed: false, range: 'invalid' };
  }
  for (const [net, bits] of parseAllowList(allowList)) {
    if (address.kind() === net.kind() && address.match(net, bits)) return { allowed: true, range: 'allowListed' };
  }
  if (address.kind() === 'ipv6') {
    const inner = embeddedIPv4(address as ipaddr.IPv6);
    if (inner) {
      const verdict = classifyAddress(inner.toString(), allowList);
      return { allowed: verdict.allowed, range: verdict.allowed ? verdict.range : `${(address as ipaddr.IPv6).range()}:${verdict.range}` };
    }
    // Teredo hides the client's IPv4 address obfuscated; nothing legitimate is only reachable that way.
    const range = (address as ipaddr.IPv6).range();
    return { allowed: range === 'unicast', range };
  }
  const range = (address as ipaddr.IPv4).range();
  return { allowed: range === 'unicast', range };
}

/**
 * Host names refused before any DNS query: they name the local machine or a private zone by convention, and a
 * resolver configured for them would hand out internal addresses.
 */
export function isForbiddenHostName(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.+$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === 'metadata' || host.endsWith('.internal')
    || host.endsWith('.local') || host.endsWith('.home.arpa') || host === 'metadata.google.internal';
}
