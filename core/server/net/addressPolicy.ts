import ipaddr from 'ipaddr.js';

/**
 * Which IP addresses the server may connect to when it fetches a URL someone else chose: URL expansion (a post's
 * link) and the media proxy (an author's avatar). Such a URL is attacker-chosen, so following it from the server
 * must never reach the server's own network (SSRF): loopback, private and unique-local ranges, link-local
 * (where cloud metadata lives: 169.254.169.254, fd00:ec2::254), shared address space (Alibaba's metadata at
 * 100.100.100.200), multicast, broadcast, documentation, benchmarking and every other special-purpose block.
 *
 * The rule is data, not a list of names: every row of the IANA IPv4 and IPv6 Special-Purpose Address Registries
 * (below, with their date and source) is refused, and so is IPv4 multicast and, for IPv6, everything outside
 * 2000::/3, the only global unicast space in the IANA IPv6 Address Space registry. IPv6 forms that carry an IPv4
 * address (IPv4-mapped, IPv4-compatible, IPv4-translated, the NAT64 well-known prefix, 6to4, Teredo, ISATAP) are
 * judged by the IPv4 address inside: ::7f00:1 is 127.0.0.1 and is refused like it.
 */

export interface AddressVerdict {
  allowed: boolean;
  /** `public`, `allowListed`, the registry block's name (`Loopback`, `Private-Use` ...), or `invalid`. */
  range: string;
}

/** CIDR ranges a caller explicitly allows although they are not public (tests: their own loopback server). */
export type AddressAllowList = ReadonlyArray<string>;

/** One row of an IANA special-purpose address registry. */
export interface SpecialPurposeBlock {
  readonly block: string;
  readonly name: string;
  readonly rfc: string;
  /** The registry's "Globally Reachable" column; null where it says N/A or nothing (terminated rows). */
  readonly globallyReachable: boolean | null;
}

/**
 * IANA IPv4 Special-Purpose Address Registry, every row in the registry's order (the row
 * "192.0.0.170/32, 192.0.0.171/32" as two entries). Registry last updated 2025-10-09.
 * Source: https://www.iana.org/assignments/iana-ipv4-special-registry/iana-ipv4-special-registry-1.csv (RFC 6890).
 * Rows marked globally reachable are refused too: they are anycast service addresses (PCP, TURN, AS112, AMT), never
 * a link's host, and failing closed costs nothing.
 */
export const IANA_IPV4_SPECIAL_PURPOSE: readonly SpecialPurposeBlock[] = [
  { block: '0.0.0.0/8', name: '"This network"', rfc: 'RFC 791, Section 3.2', globallyReachable: false },
  { block: '0.0.0.0/32', name: '"This host on this network"', rfc: 'RFC 1122, Section 3.2.1.3', globallyReachable: false },
  { block: '10.0.0.0/8', name: 'Private-Use', rfc: 'RFC 1918', globallyReachable: false },
  { block: '100.64.0.0/10', name: 'Shared Address Space', rfc: 'RFC 6598', globallyReachable: false },
  { block: '127.0.0.0/8', name: 'Loopback', rfc: 'RFC 1122, Section 3.2.1.3', globallyReachable: false },
  { block: '169.254.0.0/16', name: 'Link Local', rfc: 'RFC 3927', globallyReachable: false },
  { block: '172.16.0.0/12', name: 'Private-Use', rfc: 'RFC 1918', globallyReachable: false },
  { block: '192.0.0.0/24', name: 'IETF Protocol Assignments', rfc: 'RFC 6890, Section 2.1', globallyReachable: false },
  { block: '192.0.0.0/29', name: 'IPv4 Service Continuity Prefix', rfc: 'RFC 7335', globallyReachable: false },
  { block: '192.0.0.8/32', name: 'IPv4 dummy address', rfc: 'RFC 7600', globallyReachable: false },
  { block: '192.0.0.9/32', name: 'Port Control Protocol Anycast', rfc: 'RFC 7723', globallyReachable: true },
  { block: '192.0.0.10/32', name: 'Traversal Using Relays around NAT Anycast', rfc: 'RFC 8155', globallyReachable: true },
  { block: '192.0.0.170/32', name: 'NAT64/DNS64 Discovery', rfc: 'RFC 8880, RFC 7050 Section 2.2', globallyReachable: false },
  { block: '192.0.0.171/32', name: 'NAT64/DNS64 Discovery', rfc: 'RFC 8880, RFC 7050 Section 2.2', globallyReachable: false },
  { block: '192.0.2.0/24', name: 'Documentation (TEST-NET-1)', rfc: 'RFC 5737', globallyReachable: false },
  { block: '192.31.196.0/24', name: 'AS112-v4', rfc: 'RFC 7535', globallyReachable: true },
  { block: '192.52.193.0/24', name: 'AMT', rfc: 'RFC 7450', globallyReachable: true },
  { block: '192.88.99.0/24', name: 'Deprecated (6to4 Relay Anycast)', rfc: 'RFC 7526', globallyReachable: null },
  { block: '192.88.99.2/32', name: '6a44-relay anycast address', rfc: 'RFC 6751', globallyReachable: false },
  { block: '192.168.0.0/16', name: 'Private-Use', rfc: 'RFC 1918', globallyReachable: false },
  { block: '192.175.48.0/24', name: 'Direct Delegation AS112 Service', rfc: 'RFC 7534', globallyReachable: true },
  { block: '198.18.0.0/15', name: 'Benchmarking', rfc: 'RFC 2544', globallyReachable: false },
  { block: '198.51.100.0/24', name: 'Documentation (TEST-NET-2)', rfc: 'RFC 5737', globallyReachable: false },
  { block: '203.0.113.0/24', name: 'Documentation (TEST-NET-3)', rfc: 'RFC 5737', globallyReachable: false },
  { block: '240.0.0.0/4', name: 'Reserved', rfc: 'RFC 1112, Section 4', globallyReachable: false },
  { block: '255.255.255.255/32', name: 'Limited Broadcast', rfc: 'RFC 8190, RFC 919 Section 7', globallyReachable: false },
];

/**
 * IANA IPv6 Special-Purpose Address Registry, every row in the registry's order. Registry last updated 2025-10-09.
 * Source: https://www.iana.org/assignments/iana-ipv6-special-registry/iana-ipv6-special-registry-1.csv (RFC 6890).
 */
export const IANA_IPV6_SPECIAL_PURPOSE: readonly SpecialPurposeBlock[] = [
  { block: '::1/128', name: 'Loopback Address', rfc: 'RFC 4291', globallyReachable: false },
  { block: '::/128', name: 'Unspecified Address', rfc: 'RFC 4291', globallyReachable: false },
  { block: '::ffff:0:0/96', name: 'IPv4-mapped Address', rfc: 'RFC 4291', globallyReachable: false },
  { block: '64:ff9b::/96', name: 'IPv4-IPv6 Translat.', rfc: 'RFC 6052', globallyReachable: true },
  { block: '64:ff9b:1::/48', name: 'IPv4-IPv6 Translat.', rfc: 'RFC 8215', globallyReachable: false },
  { block: '100::/64', name: 'Discard-Only Address Block', rfc: 'RFC 6666', globallyReachable: false },
  { block: '100:0:0:1::/64', name: 'Dummy IPv6 Prefix', rfc: 'RFC 9780', globallyReachable: false },
  { block: '2001::/23', name: 'IETF Protocol Assignments', rfc: 'RFC 2928', globallyReachable: false },
  { block: '2001::/32', name: 'TEREDO', rfc: 'RFC 4380, RFC 8190', globallyReachable: null },
  { block: '2001:1::1/128', name: 'Port Control Protocol Anycast', rfc: 'RFC 7723', globallyReachable: true },
  { block: '2001:1::2/128', name: 'Traversal Using Relays around NAT Anycast', rfc: 'RFC 8155', globallyReachable: true },
  { block: '2001:1::3/128', name: 'DNS-SD Service Registration Protocol Anycast', rfc: 'RFC 9665', globallyReachable: true },
  { block: '2001:2::/48', name: 'Benchmarking', rfc: 'RFC 5180, RFC Errata 1752', globallyReachable: false },
  { block: '2001:3::/32', name: 'AMT', rfc: 'RFC 7450', globallyReachable: true },
  { block: '2001:4:112::/48', name: 'AS112-v6', rfc: 'RFC 7535', globallyReachable: true },
  { block: '2001:10::/28', name: 'Deprecated (previously ORCHID)', rfc: 'RFC 4843', globallyReachable: null },
  { block: '2001:20::/28', name: 'ORCHIDv2', rfc: 'RFC 7343', globallyReachable: true },
  { block: '2001:30::/28', name: 'Drone Remote ID Protocol Entity Tags (DETs) Prefix', rfc: 'RFC 9374', globallyReachable: true },
  { block: '2001:db8::/32', name: 'Documentation', rfc: 'RFC 3849', globallyReachable: false },
  { block: '2002::/16', name: '6to4', rfc: 'RFC 3056', globallyReachable: null },
  { block: '2620:4f:8000::/48', name: 'Direct Delegation AS112 Service', rfc: 'RFC 7534', globallyReachable: true },
  { block: '3fff::/20', name: 'Documentation', rfc: 'RFC 9637', globallyReachable: false },
  { block: '5f00::/16', name: 'Segment Routing (SRv6) SIDs', rfc: 'RFC 9602', globallyReachable: false },
  { block: 'fc00::/7', name: 'Unique-Local', rfc: 'RFC 4193, RFC 8190', globallyReachable: false },
  { block: 'fe80::/10', name: 'Link-Local Unicast', rfc: 'RFC 4291', globallyReachable: false },
];

/** IPv4 multicast, from the IANA IPv4 Address Space registry (224/8 to 239/8, RFC 5771); not a special-purpose row. */
const IPV4_MULTICAST: SpecialPurposeBlock = { block: '224.0.0.0/4', name: 'Multicast', rfc: 'RFC 5771', globallyReachable: null };

/**
 * IANA IPv6 Address Space registry (https://www.iana.org/assignments/ipv6-address-space/, RFC 4291): 2000::/3 is the
 * only Global Unicast block; the rest is unique-local, link-local, multicast or "Reserved by IETF" (among it ::/96,
 * the deprecated IPv4-compatible prefix, and fec0::/10, the deprecated site-local one).
 */
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];

type Parsed = ipaddr.IPv4 | ipaddr.IPv6;
type Net = { net: Parsed; bits: number; row: SpecialPurposeBlock };

const compile = (rows: readonly SpecialPurposeBlock[]): Net[] => rows.map((row) => {
  const [net, bits] = ipaddr.parseCIDR(row.block);
  return { net, bits, row };
});
const IPV4_BLOCKS = compile([...IANA_IPV4_SPECIAL_PURPOSE, IPV4_MULTICAST]);
const IPV6_BLOCKS = compile(IANA_IPV6_SPECIAL_PURPOSE);

/** The most specific block holding the address (the registry nests rows: 192.0.0.9/32 inside 192.0.0.0/24). */
function specialBlock(address: Parsed, blocks: readonly Net[]): SpecialPurposeBlock | null {
  let best: Net | null = null;
  for (const b of blocks) {
    if (address.kind() === b.net.kind() && address.match(b.net, b.bits) && (!best || b.bits > best.bits)) best = b;
  }
  return best?.row ?? null;
}

const v6 = (cidr: string) => ipaddr.parseCIDR(cidr) as [ipaddr.IPv6, number];
const IPV4_MAPPED = v6('::ffff:0:0/96');
const IPV4_TRANSLATED = v6('::ffff:0:0:0/96');
const IPV4_COMPATIBLE = v6('::/96');
const NAT64_WELL_KNOWN = v6('64:ff9b::/96');
const SIX_TO_FOUR = v6('2002::/16');
const TEREDO = v6('2001::/32');

/**
 * The IPv4 addresses an IPv6 address carries by its prefix, and the form's name; null for other addresses.
 * ::/128 and ::1/128 are registry rows of their own and are not read as IPv4-compatible.
 */
function embeddedByPrefix(address: ipaddr.IPv6): { form: string; inner: ipaddr.IPv4[] } | null {
  const b = address.toByteArray();
  const at = (offset: number) => new ipaddr.IPv4(b.slice(offset, offset + 4));
  if (address.match(IPV4_MAPPED)) return { form: 'IPv4-mapped', inner: [at(12)] };
  if (address.match(IPV4_TRANSLATED)) return { form: 'IPv4-translated', inner: [at(12)] };
  if (address.match(IPV4_COMPATIBLE)) {
    const range = address.range();
    if (range === 'unspecified' || range === 'loopback') return null;
    return { form: 'IPv4-compatible', inner: [at(12)] };
  }
  if (address.match(NAT64_WELL_KNOWN)) return { form: 'NAT64', inner: [at(12)] };
  if (address.match(SIX_TO_FOUR)) return { form: '6to4', inner: [at(2)] };
  // Teredo (RFC 4380 section 4): the server's IPv4 in bits 32-63, the client's inverted in bits 96-127.
  if (address.match(TEREDO)) return { form: 'Teredo', inner: [at(4), new ipaddr.IPv4(b.slice(12, 16).map((x) => x ^ 0xff))] };
  return null;
}

/** ISATAP interface identifiers (RFC 5214 section 6.1): `0000:5efe` or `0200:5efe` followed by an IPv4 address. */
function isatapIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const b = address.toByteArray();
  if ((b[8]! & 0xfd) === 0 && b[9] === 0 && b[10] === 0x5e && b[11] === 0xfe) return new ipaddr.IPv4(b.slice(12, 16));
  return null;
}

function parseAllowList(list: AddressAllowList): Array<[Parsed, number]> {
  return list.map((entry) => {
    if (entry.includes('/')) return ipaddr.parseCIDR(entry);
    const address = ipaddr.parse(entry);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  });
}

function allowListed(address: Parsed, allowList: Array<[Parsed, number]>): boolean {
  return allowList.some(([net, bits]) => address.kind() === net.kind() && address.match(net, bits));
}

function classifyIPv4(address: ipaddr.IPv4, allowList: Array<[Parsed, number]>): AddressVerdict {
  if (allowListed(address, allowList)) return { allowed: true, range: 'allowListed' };
  const block = specialBlock(address, IPV4_BLOCKS);
  return block ? { allowed: false, range: block.name } : { allowed: true, range: 'public' };
}

function classifyIPv6(address: ipaddr.IPv6, allowList: Array<[Parsed, number]>): AddressVerdict {
  if (allowListed(address, allowList)) return { allowed: true, range: 'allowListed' };
  const embedded = embeddedByPrefix(address);
  if (embedded) {
    for (const inner of embedded.inner) {
      const verdict = classifyIPv4(inner, allowList);
      if (!verdict.allowed) return { allowed: false, range: `${embedded.form} ${inner.toString()}: ${verdict.range}` };
    }
    return { allowed: true, range: embedded.inner.some((i) => allowListed(i, allowList)) ? 'allowListed' : 'public' };
  }
  const block = specialBlock(address, IPV6_BLOCKS);
  if (block) return { allowed: false, range: block.name };
  if (!address.match(IPV6_GLOBAL_UNICAST)) {
    const range = address.range();
    return { allowed: false, range: range === 'multicast' ? 'Multicast' : 'Reserved by IETF (outside 2000::/3)' };
  }
  const isatap = isatapIPv4(address);
  if (isatap) {
    const verdict = classifyIPv4(isatap, allowList);
    if (!verdict.allowed) return { allowed: false, range: `ISATAP ${isatap.toString()}: ${verdict.range}` };
  }
  return { allowed: true, range: 'public' };
}

export function classifyAddress(text: string, allowList: AddressAllowList = []): AddressVerdict {
  let address: Parsed;
  try {
    address = ipaddr.parse(text.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return { allowed: false, range: 'invalid' };
  }
  const allowed = parseAllowList(allowList);
  return address.kind() === 'ipv4' ? classifyIPv4(address as ipaddr.IPv4, allowed) : classifyIPv6(address as ipaddr.IPv6, allowed);
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
