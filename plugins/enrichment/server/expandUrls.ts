import http from 'node:http';
import https from 'node:https';
import { LRUCache } from 'lru-cache';
import { normaliseUrl, registrableDomain } from '../shared/urls';
import type { AddressAllowList } from '@core/server/net/addressPolicy';
import { HostRateLimiter } from './urlExpansion/hostRateLimiter';
import { pinnedLookup, resolveSafeAddress, systemLookup, type LookupAll, type ResolvedAddress } from '@core/server/net/resolveSafeAddress';
import { SHORTENER_DOMAINS } from './urlExpansion/shorteners';

/**
 * EXPAND_URLS: follows the redirects of shortened links (bit.ly -> the article) so that domains and co-link
 * analyses see where links really go. Every hop is resolved and checked against the SSRF address policy before
 * any byte is sent, and the connection goes to exactly the checked address. Offline-safe: every failure (DNS,
 * refusal, timeout, loop, too many redirects, rate limit) answers `expanded: null` and the caller keeps the
 * original URL.
 */

export interface UrlExpanderOptions {
  /** Per request (HEAD or GET), milliseconds. */
  timeoutMs?: number;
  /** Redirects followed before giving up. */
  maxRedirects?: number;
  /** Minimum spacing of requests to one host, and the longest a request may wait for its slot. */
  perHostIntervalMs?: number;
  maxRateLimitWaitMs?: number;
  cacheSize?: number;
  /** How long an answer (success) and a failure are remembered. */
  cacheTtlMs?: number;
  failureTtlMs?: number;
  /** Which URLs to expand; default: hosts whose host or registrable domain is a known shortener. */
  shouldExpand?: (url: URL) => boolean;
  /** Non-public addresses allowed anyway. ONLY for tests pointing at their own loopback server. */
  allowAddresses?: AddressAllowList;
  /** DNS lookup (all addresses); injectable for tests. */
  lookup?: LookupAll;
  userAgent?: string;
}

export type ExpansionStatus = 'expanded' | 'unchanged' | 'skipped' | 'refused' | 'failed';

export interface ExpansionResult {
  /** The URL asked about. */
  url: string;
  /** Normalised final URL when it differs from the start, else null (keep the original). */
  expanded: string | null;
  status: ExpansionStatus;
  /** Every URL visited, the start included. */
  hops: string[];
  reason?: string;
}

const REDIRECT_CODES = new Set([301, 302, 303, 307, 308]);
/** HEAD answers after which GET is worth trying: servers that do not implement HEAD properly. */
const HEAD_UNSUPPORTED = new Set([400, 403, 404, 405, 406, 500, 501, 503]);

export function isShortenerUrl(url: URL): boolean {
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  return SHORTENER_DOMAINS.has(host) || SHORTENER_DOMAINS.has(registrableDomain(host) ?? '');
}

export class UrlExpander {
  private readonly options: Required<Omit<UrlExpanderOptions, 'allowAddresses'>> & { allowAddresses: AddressAllowList };
  private readonly cache: LRUCache<string, ExpansionResult>;
  private readonly rateLimiter: HostRateLimiter;
  private readonly inFlight = new Map<string, Promise<ExpansionResult>>();

  constructor(options: UrlExpanderOptions = {}) {
    this.options = {
      timeoutMs: options.timeoutMs ?? 4000,
      maxRedirects: options.maxRedirects ?? 5,
      perHostIntervalMs: options.perHostIntervalMs ?? 200,
      maxRateLimitWaitMs: options.maxRateLimitWaitMs ?? 10_000,
      cacheSize: options.cacheSize ?? 50_000,
      cacheTtlMs: options.cacheTtlMs ?? 24 * 3600_000,
      failureTtlMs: options.failureTtlMs ?? 15 * 60_000,
      shouldExpand: options.shouldExpand ?? isShortenerUrl,
      allowAddresses: options.allowAddresses ?? [],
      lookup: options.lookup ?? systemLookup,
      userAgent: options.userAgent ?? 'Narrascope-URL-Expander/1.0 (+link analysis)',
    };
    this.cache = new LRUCache({ max: this.options.cacheSize, ttl: this.options.cacheTtlMs });
    this.rateLimiter = new HostRateLimiter(this.options.perHostIntervalMs, this.options.maxRateLimitWaitMs);
  }

  /** Expands one URL (cached; concurrent calls for the same URL share one request chain). Never rejects. */
  async expand(url: string): Promise<ExpansionResult> {
    const key = normaliseUrl(url) ?? url;
    const cached = this.cache.get(key);
    if (cached) return { ...cached, url };
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.follow(key).catch((error: unknown) => ({ url: key, expanded: null, status: 'failed' as const, hops: [key], reason: String(error) }));
      this.inFlight.set(key, pending);
    }
    try {
      const result = await pending;
      const ttl = result.status === 'expanded' || result.status === 'unchanged' || result.status === 'skipped' ? this.options.cacheTtlMs : this.options.failureTtlMs;
      this.cache.set(key, result, { ttl });
      return { ...result, url };
    } finally {
      this.inFlight.delete(key);
    }
  }

  /** Expands many URLs with at most `concurrency` requests chains at once; answers in input order. */
  async expandAll(urls: readonly string[], concurrency = 8): Promise<ExpansionResult[]> {
    const results: ExpansionResult[] = new Array(urls.length);
    let next = 0;
    const worker = async () => {
      while (next < urls.length) {
        const i = next++;
        results[i] = await this.expand(urls[i]!);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, urls.length) }, worker));
    return results;
  }

  private async follow(start: string): Promise<ExpansionResult> {
    let current: URL;
    try {
      current = new URL(start);
    } catch {
      return { url: start, expanded: null, status: 'failed', hops: [start], reason: 'not a URL' };
    }
    if (!this.options.shouldExpand(current)) return { url: start, expanded: null, status: 'skipped', hops: [start] };
    const hops = [current.href];
    const fail = (status: 'refused' | 'failed', reason: string): ExpansionResult => ({ url: start, expanded: null, status, hops, reason });

    for (let redirects = 0; ; redirects++) {
      if (current.protocol !== 'http:' && current.protocol !== 'https:') return fail('refused', `scheme ${current.protocol} not followed`);
      const safe = await resolveSafeAddress(current.hostname, this.options.lookup, this.options.allowAddresses);
      if (!safe.ok) return fail('refused', safe.reason);
      if (!(await this.rateLimiter.acquire(current.host))) return fail('failed', `rate limit for ${current.host}`);

      let answer: { status: number; location: string | null };
      try {
        answer = await this.request(current, safe.address, 'HEAD');
        if (HEAD_UNSUPPORTED.has(answer.status)) answer = await this.request(current, safe.address, 'GET');
      } catch (error) {
        return fail('failed', (error as Error).message);
      }

      if (!REDIRECT_CODES.has(answer.status) || answer.location === null) {
        if (answer.status >= 400) return fail('failed', `HTTP ${answer.status} at ${current.href}`);
        const final = normaliseUrl(current.href);
        const unchanged = final === null || final === normaliseUrl(start);
        return { url: start, expanded: unchanged ? null : final, status: unchanged ? 'unchanged' : 'expanded', hops };
      }
      if (redirects >= this.options.maxRedirects) return fail('failed', `more than ${this.options.maxRedirects} redirects`);
      let next: URL;
      try {
        next = new URL(answer.location, current);
      } catch {
        return fail('failed', `bad Location ${answer.location}`);
      }
      if (hops.includes(next.href)) return fail('failed', `redirect loop at ${next.href}`);
      hops.push(next.href);
      current = next;
    }
  }

  /** One request to the already checked address; the body is never read. */
  private request(url: URL, address: ResolvedAddress, method: 'HEAD' | 'GET'): Promise<{ status: number; location: string | null }> {
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = client.request(url, {
        method,
        lookup: pinnedLookup(address),
        agent: false,
        timeout: this.options.timeoutMs,
        headers: { 'user-agent': this.options.userAgent, accept: '*/*' },
      }, (res) => {
        const location = res.headers.location ?? null;
        resolve({ status: res.statusCode ?? 0, location });
        res.destroy();
      });
      const timer = setTimeout(() => req.destroy(new Error(`timeout after ${this.options.timeoutMs} ms at ${url.href}`)), this.options.timeoutMs);
      req.on('timeout', () => req.destroy(new Error(`timeout after ${this.options.timeoutMs} ms at ${url.href}`)));
      req.on('error', reject);
      req.on('close', () => clearTimeout(timer));
      req.end();
    });
  }
}
