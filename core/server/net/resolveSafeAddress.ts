import { promises as dns } from 'node:dns';
import net, { type LookupFunction } from 'node:net';
import { classifyAddress, isForbiddenHostName, type AddressAllowList } from './addressPolicy';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** A DNS lookup answering every address of a host (node's `dns.lookup` with `all: true` by default). */
export type LookupAll = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemLookup: LookupAll = async (hostname) => {
  const answers = await dns.lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

export type SafeAddress = { ok: true; address: ResolvedAddress } | { ok: false; reason: string };

/**
 * The address to connect to for `hostname`, or why not. Every address DNS answers must be public: a host that
 * resolves to one public and one private address is refused, since the connection could use either. The caller
 * connects to exactly the address answered here (no second lookup), which closes the DNS-rebinding window.
 */
export async function resolveSafeAddress(hostname: string, lookup: LookupAll, allowList: AddressAllowList): Promise<SafeAddress> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) {
    const verdict = classifyAddress(host, allowList);
    return verdict.allowed
      ? { ok: true, address: { address: host, family: net.isIPv6(host) ? 6 : 4 } }
      : { ok: false, reason: `refused address ${host} (${verdict.range})` };
  }
  if (isForbiddenHostName(host)) return { ok: false, reason: `refused host name ${host}` };
  let answers: ResolvedAddress[];
  try {
    answers = await lookup(host);
  } catch (error) {
    return { ok: false, reason: `DNS lookup failed for ${host}: ${(error as Error).message}` };
  }
  if (answers.length === 0) return { ok: false, reason: `no address for ${host}` };
  for (const answer of answers) {
    const verdict = classifyAddress(answer.address, allowList);
    if (!verdict.allowed) return { ok: false, reason: `refused address ${answer.address} (${verdict.range}) of ${host}` };
  }
  return { ok: true, address: answers[0]! };
}

/**
 * A `lookup` for `http.request` that answers only `address`: the connection goes to the address that passed the
 * policy, whatever DNS says a millisecond later.
 */
export function pinnedLookup(address: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, [address]);
    else callback(null, address.address, address.family);
  };
}
