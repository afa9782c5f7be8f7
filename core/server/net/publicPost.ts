import http from 'node:http';
import https from 'node:https';
import type { AddressAllowList } from './addressPolicy';
import { pinnedLookup, resolveSafeAddress, systemLookup, type LookupAll } from './resolveSafeAddress';

/**
 * One POST to a URL a user gave (an alert rule's webhook), only to a public address: the host is resolved once, every
 * address it answers must pass the special-purpose policy (no loopback, private, link-local, metadata...), and the
 * connection is pinned to the address that passed, so DNS cannot point it elsewhere a moment later. Redirects are
 * not followed (a redirect could lead inside); credentials in the URL are not sent. Operators may allow internal
 * receivers by address or CIDR (`allowAddresses`).
 */
export interface PublicPostOptions {
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  allowAddresses?: AddressAllowList;
  lookup?: LookupAll;
}

export type PublicPostResult = { sent: true; status: number } | { sent: false; reason: string };

export async function postToPublicAddress(url: string, opts: PublicPostOptions): Promise<PublicPostResult> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { sent: false, reason: 'not a URL' };
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return { sent: false, reason: `refused scheme ${target.protocol}` };
  const safe = await resolveSafeAddress(target.hostname, opts.lookup ?? systemLookup, opts.allowAddresses ?? []);
  if (!safe.ok) return { sent: false, reason: safe.reason };
  const { address } = safe;
  target.username = '';
  target.password = '';
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const req = client.request(target, {
      method: 'POST', lookup: pinnedLookup(address), agent: false, signal: AbortSignal.timeout(opts.timeoutMs),
      headers: { ...opts.headers, 'content-length': String(Buffer.byteLength(opts.body)) },
    }, (res) => {
      res.resume();
      res.on('end', () => resolve({ sent: true, status: res.statusCode ?? 0 }));
      res.on('error', (error) => resolve({ sent: false, reason: error.message }));
    });
    req.on('error', (error) => resolve({ sent: false, reason: error.name === 'AbortError' || error.name === 'TimeoutError' ? `no answer within ${opts.timeoutMs} ms` : error.message }));
    req.end(opts.body);
  });
}
