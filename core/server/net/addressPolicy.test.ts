import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { classifyAddress, IANA_IPV4_SPECIAL_PURPOSE, IANA_IPV6_SPECIAL_PURPOSE } from './addressPolicy';
import { resolveSafeAddress } from './resolveSafeAddress';

/** The first and last address of a CIDR block, computed here (not asked of the policy). */
function edges(block: string): [string, string] {
  const [net, bits] = ipaddr.parseCIDR(block);
  const bytes = net.toByteArray();
  const first = bytes.map((b, i) => (i * 8 >= bits ? 0 : i * 8 + 8 <= bits ? b : b & (0xff << (8 - (bits - i * 8)))));
  const last = bytes.map((b, i) => (i * 8 >= bits ? 0xff : i * 8 + 8 <= bits ? b : (b & (0xff << (8 - (bits - i * 8)))) | (0xff >> (bits - i * 8))));
  const text = (b: number[]) => ipaddr.fromByteArray(b).toString();
  return [text(first), text(last)];
}

describe('the embedded IANA special-purpose registries', () => {
  it('hold every row of both registries (IPv4: 25 rows, 192.0.0.170 and .171 as two; IPv6: 25 rows)', () => {
    expect(IANA_IPV4_SPECIAL_PURPOSE).toHaveLength(26);
    expect(IANA_IPV6_SPECIAL_PURPOSE).toHaveLength(25);
    for (const row of [...IANA_IPV4_SPECIAL_PURPOSE, ...IANA_IPV6_SPECIAL_PURPOSE]) {
      expect(() => ipaddr.parseCIDR(row.block), row.block).not.toThrow();
      expect(row.rfc, row.block).toMatch(/^RFC ?\d+/);
    }
  });

  // Every block's first and last address is refused, globally reachable anycast ones included (no link target lives there).
  // (The edges of the NAT64, IPv4-mapped, 6to4 and Teredo blocks embed 0.0.0.0 and 255.255.255.255.)
  const blocks = [...IANA_IPV4_SPECIAL_PURPOSE, ...IANA_IPV6_SPECIAL_PURPOSE]
    .flatMap((row) => edges(row.block).map((address) => [address, row.block, row.name] as const));
  it.each(blocks)('%s (first or last of %s, %s) is refused', (address) => {
    expect(classifyAddress(address).allowed).toBe(false);
  });
});

describe('classifyAddress', () => {
  it.each([
    // IPv4-compatible IPv6 (::/96, deprecated by RFC 4291): judged by the IPv4 inside (the finding 10).
    ['::7f00:1', false, 'IPv4-compatible: Loopback'],
    ['::a9fe:a9fe', false, 'IPv4-compatible: Link Local'],
    ['::127.0.0.1', false, 'IPv4-compatible: Loopback'],
    ['::a00:1', false, 'IPv4-compatible: Private-Use'],
    ['::6440:1', false, 'IPv4-compatible: Shared Address Space'],
    ['::2', false, 'IPv4-compatible: "This network"'],
    ['::808:808', true, 'IPv4-compatible: 8.8.8.8'],
    // IPv4-mapped (::ffff:0:0/96) and IPv4-translated (::ffff:0:0:0/96, RFC 2765/6145).
    ['::ffff:127.0.0.1', false, 'IPv4-mapped: Loopback'],
    ['::ffff:a9fe:a9fe', false, 'IPv4-mapped: Link Local'],
    ['::ffff:8.8.8.8', true, 'IPv4-mapped: 8.8.8.8'],
    ['::ffff:0:7f00:1', false, 'IPv4-translated: Loopback'],
    ['::ffff:0:808:808', true, 'IPv4-translated: 8.8.8.8'],
    // NAT64: the well-known prefix by the IPv4 inside (DNS64 answers it for public hosts); local-use prefix refused.
    ['64:ff9b::7f00:1', false, 'NAT64: Loopback'],
    ['64:ff9b::a9fe:a9fe', false, 'NAT64: Link Local'],
    ['64:ff9b::808:808', true, 'NAT64: 8.8.8.8'],
    ['64:ff9b:1::808:808', false, 'IPv4-IPv6 Translat. (local-use prefix, RFC 8215)'],
    // 6to4 (2002::/16): the IPv4 in bits 16-47.
    ['2002:7f00:1::1', false, '6to4: Loopback'],
    ['2002:a9fe:a9fe::1', false, '6to4: Link Local'],
    ['2002:808:808::1', true, '6to4: 8.8.8.8'],
    // Teredo (2001::/32): server IPv4 in bits 32-63, client IPv4 inverted in bits 96-127; both must be public.
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', false, 'Teredo: Loopback'],
    ['2001:0:a00:1:8000:63bf:f7f7:f7f7', false, 'Teredo: Private-Use'],
    ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', true, 'Teredo: 8.8.8.8'],
    // ISATAP interface identifiers (RFC 5214) name an IPv4 tunnel end point.
    ['2606:4700:1::5efe:a00:1', false, 'ISATAP: Private-Use'],
    ['2606:4700:1::200:5efe:808:808', true, 'ISATAP: 8.8.8.8'],
    // Outside 2000::/3, the only IPv6 global unicast space in the IANA IPv6 Address Space registry.
    ['4000::1', false, 'not global unicast'],
    ['fec0::1', false, 'not global unicast'],
    ['ff02::1', false, 'not global unicast'],
    ['100::1', false, 'Discard-Only Address Block'],
    ['100:0:0:1::1', false, 'Dummy IPv6 Prefix'],
    ['5f00::1', false, 'Segment Routing (SRv6) SIDs'],
    ['3fff:fff:ffff::1', false, 'Documentation'],
    ['3fff:1000::1', true, 'outside 3fff::/20'],
    // Registry rows marked globally reachable are refused too: anycast service addresses, never a link's host.
    ['192.0.0.9', false, 'Port Control Protocol Anycast'],
    ['192.175.48.1', false, 'Direct Delegation AS112 Service'],
    ['2001:1::3', false, 'DNS-SD Service Registration Protocol Anycast'],
    ['2620:4f:8000::1', false, 'Direct Delegation AS112 Service'],
    // IPv4 multicast (IANA IPv4 Address Space registry) and block edges.
    ['224.0.0.1', false, 'Multicast'],
    ['239.255.255.250', false, 'Multicast'],
    ['100.63.255.255', true, 'below 100.64.0.0/10'],
    ['100.128.0.0', true, 'above 100.64.0.0/10'],
    ['172.15.255.255', true, 'below 172.16.0.0/12'],
    ['172.32.0.0', true, 'above 172.16.0.0/12'],
    ['192.0.1.1', true, 'above 192.0.0.0/24'],
    ['198.20.0.0', true, 'above 198.18.0.0/15'],
    ['223.255.255.255', true, 'below multicast'],
    ['8.8.8.8', true, 'public'], ['93.184.216.34', true, 'public'],
    ['2606:4700:4700::1111', true, 'public'], ['2001:4860:4860::8888', true, 'public'],
    ['fe80::1%eth0', false, 'zone stripped'], ['[::1]', false, 'brackets stripped'], ['not an ip', false, 'invalid'],
  ])('%s allowed=%s (%s)', (address, allowed) => {
    expect(classifyAddress(address).allowed).toBe(allowed);
  });

  it('names the registry block, and for embedded forms the form and the IPv4 block', () => {
    expect(classifyAddress('::7f00:1')).toEqual({ allowed: false, range: 'IPv4-compatible 127.0.0.1: Loopback' });
    expect(classifyAddress('::a9fe:a9fe')).toEqual({ allowed: false, range: 'IPv4-compatible 169.254.169.254: Link Local' });
    expect(classifyAddress('10.1.2.3')).toEqual({ allowed: false, range: 'Private-Use' });
    expect(classifyAddress('fd00:ec2::254')).toEqual({ allowed: false, range: 'Unique-Local' });
    expect(classifyAddress('4000::1')).toEqual({ allowed: false, range: 'Reserved by IETF (outside 2000::/3)' });
    expect(classifyAddress('8.8.8.8')).toEqual({ allowed: true, range: 'public' });
  });

  it('lets an allow-list open a specific address or range only, in every form that embeds it', () => {
    expect(classifyAddress('127.0.0.1', ['127.0.0.1']).allowed).toBe(true);
    expect(classifyAddress('127.0.0.2', ['127.0.0.1']).allowed).toBe(false);
    expect(classifyAddress('::ffff:127.0.0.1', ['127.0.0.1']).allowed).toBe(true);
    expect(classifyAddress('::7f00:2', ['127.0.0.1']).allowed).toBe(false);
    expect(classifyAddress('64:ff9b:1::a00:1', ['64:ff9b:1::/48']).allowed).toBe(true);
  });
});

describe('resolveSafeAddress with IPv4-compatible answers (no connection is made)', () => {
  const lookupTo = (...addresses: string[]) => async () => addresses.map((address) => ({ address, family: (address.includes(':') ? 6 : 4) as 4 | 6 }));

  it.each([['::7f00:1'], ['::a9fe:a9fe'], ['::ffff:0:a00:1'], ['2001:0:4136:e378:8000:63bf:80ff:fffe']])(
    'refuses a host name resolving to %s, and the literal address', async (address) => {
      const byName = await resolveSafeAddress('short.example', lookupTo(address), []);
      expect(byName.ok).toBe(false);
      expect(byName.ok ? '' : byName.reason).toMatch(new RegExp(`^refused address ${address.replace(/[.:]/g, '\\$&')} \\(`));
      expect((await resolveSafeAddress(`[${address}]`, lookupTo('8.8.8.8'), [])).ok).toBe(false);
    });
});
