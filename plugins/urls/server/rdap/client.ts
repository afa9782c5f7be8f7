import http from 'node:http';
import https from 'node:https';
import { LRUCache } from 'lru-cache';
import type { AddressAllowList } from '@core/server/net/addressPolicy';
import { pinnedLookup, resolveSafeAddress, systemLookup, type LookupAll, type ResolvedAddress } from '@core/server/net/resolveSafeAddress';
import type { RdapBootstrap } from './bootstrap';
import { MalformedRdapAnswer, parseRdapDomain, type RdapFacts } from './parse';

export interface RdapClientOptions {
  bootstrap: RdapBootstrap;
  /** Per request (connect and answer), ms. */
  timeoutMs?: number;
  /** Registries that point elsewhere (RFC 7480: 301-308 to the authoritative server); more is a failure. */
  maxRedirects?: number;
  /** How long an answer (found or not found) is reused, ms. */
  cacheTtlMs?: number;
  cacheSize?: number;
  /** A Retry-After up to this many ms is waited out once; a longer one fails the lookup until that time. */
  maxRetryWaitMs?: number;
  /** DNS (all addresses); injectable for tests. */
  lookup?: LookupAll;
  /** Non-public ranges a test may allow (its own 127.0.0.1 server); production leaves it empty. */
  allowAddresses?: AddressAllowList;
  userAgent?: string;
}

export type RdapOutcome =
  | { status: 'found'; facts: RdapFacts; server: string }
  | { status: 'not_found'; server: string }
  | { status: 'failed'; reason: RdapFailure; message: string };

export type RdapFailure = 'no_server' | 'refused' | 'rate_limited' | 'timeout' | 'malformed' | 'http_error' | 'too_many_redirects' | 'network';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Looks domains up in their registry's RDAP server: the server comes from IANA's bootstrap data, every hop (the
 * first request and each redirect to another registry) must resolve to a public address (core's SSRF policy, the
 * connection pinned to the checked address), answers are cached, and a registry's 429 is respected for its host.
 */
export class RdapClient {
  private readonly cache: LRUCache<string, RdapOutcome>;
  /** host -> epoch ms before which the registry asked us not to call again. */
  private readonly blockedUntil = new Map<string, number>();
  private readonly options: Required<Omit<RdapClientOptions, 'bootstrap'>>;
  requests = 0;

  constructor(private readonly bootstrapData: RdapClientOptions['bootstrap'], options: Omit<RdapClientOptions, 'bootstrap'> = {}) {
    this.options = {
      timeoutMs: options.timeoutMs ?? 5000, maxRedirects: options.maxRedirects ?? 3, cacheTtlMs: options.cacheTtlMs ?? 6 * 3_600_000,
      cacheSize: options.cacheSize ?? 10_000, maxRetryWaitMs: options.maxRetryWaitMs ?? 2000, lookup: options.lookup ?? systemLookup,
      allowAddresses: options.allowAddresses ?? [], userAgent: options.userAgent ?? 'Narrascope RDAP client',
    };
    this.cache = new LRUCache({ max: this.options.cacheSize, ttl: this.options.cacheTtlMs });
  }

  /** The registration of a registrable domain (lower case). Failures are answers, never throws; only successes are cached. */
  async lookup(domain: string): Promise<RdapOutcome> {
    const cached = this.cache.get(domain);
    if (cached) return cached;
    const base = this.bootstrapData.serverFor(domain);
    if (!base) return { status: 'failed', reason: 'no_server', message: `no RDAP server for ${domain} in the bootstrap data` };
    const outcome = await this.follow(new URL(`domain/${encodeURIComponent(domain)}`, base));
    if (outcome.status !== 'failed') this.cache.set(domain, outcome);
    return outcome;
  }

  private async follow(start: URL): Promise<RdapOutcome> {
    let current = start;
    for (let hop = 0; ; hop++) {
      const fail = (reason: RdapFailure, message: string): RdapOutcome => ({ status: 'failed', reason, message });
      if (current.protocol !== 'https:' && current.protocol !== 'http:') return fail('refused', `scheme ${current.protocol} not followed`);
      const blocked = this.blockedUntil.get(current.host) ?? 0;
      if (blocked > Date.now()) return fail('rate_limited', `${current.host} asked to wait until ${new Date(blocked).toISOString()}`);
      const safe = await resolveSafeAddress(current.hostname, this.options.lookup, this.options.allowAddresses);
      if (!safe.ok) return fail('refused', safe.reason);

      let answer = await this.request(current, safe.address);
      if (answer.status === 429) {
        const waitMs = retryAfterMs(answer.retryAfter);
        if (waitMs <= this.options.maxRetryWaitMs) {
          await new Promise((resolve) => setTimeout(resolve, waitMs));
          answer = await this.request(current, safe.address);
        }
        if (answer.status === 429) {
          this.blockedUntil.set(current.host, Date.now() + Math.max(waitMs, 1000));
          return fail('rate_limited', `${current.host} answered 429 (rate limited)`);
        }
      }
      if (answer.status === -1) return fail(answer.error!.startsWith('timeout') ? 'timeout' : 'network', answer.error!);
      if (REDIRECTS.has(answer.status) && answer.location) {
        if (hop >= this.options.maxRedirects) return fail('too_many_redirects', `more than ${this.options.maxRedirects} redirects`);
        try {
          current = new URL(answer.location, current);
        } catch {
          return fail('malformed', `bad Location ${answer.location}`);
        }
        continue;
      }
      if (answer.status === 404) return { status: 'not_found', server: current.origin };
      if (answer.status !== 200) return fail('http_error', `HTTP ${answer.status} from ${current.origin}`);
      try {
        return { status: 'found', facts: parseRdapDomain(JSON.parse(answer.body)), server: current.origin };
      } catch (error) {
        const why = error instanceof MalformedRdapAnswer ? error.message : 'not JSON';
        return fail('malformed', `malformed RDAP answer from ${current.origin}: ${why}`);
      }
    }
  }

  /** One GET to the already checked address; status -1 with `error` when the request itself failed. */
  private request(url: URL, address: ResolvedAddress): Promise<{ status: number; body: string; location: string | null; retryAfter: string | null; error?: string }> {
    this.requests++;
    const client = url.protocol === 'https:' ? https : http;
    const limit = 1_000_000;
    return new Promise((resolve) => {
      let settled = false;
      const done = (value: { status: number; body: string; location: string | null; retryAfter: string | null; error?: string }) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(value);
      };
      const req = client.request(url, {
        method: 'GET', lookup: pinnedLookup(address), agent: false,
        headers: { 'user-agent': this.options.userAgent, accept: 'application/rdap+json, application/json' },
      }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limit) req.destroy(new Error(`answer larger than ${limit} bytes`));
          else chunks.push(chunk);
        });
        res.on('end', () => done({
          status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'),
          location: res.headers.location ?? null, retryAfter: (res.headers['retry-after'] as string | undefined) ?? null,
        }));
        res.on('error', (error) => done({ status: -1, body: '', location: null, retryAfter: null, error: error.message }));
      });
      const timer = setTimeout(() => {
        done({ status: -1, body: '', location: null, retryAfter: null, error: `timeout after ${this.options.timeoutMs} ms at ${url.origin}` });
        req.destroy();
      }, this.options.timeoutMs);
      req.on('error', (error) => done({ status: -1, body: '', location: null, retryAfter: null, error: error.message }));
      req.end();
    });
  }
}

/** Retry-After in seconds or as an HTTP date (RFC 9110); 1 s when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number {
  if (!value) return 1000;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : 1000;
}
