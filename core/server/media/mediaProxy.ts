import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { LRUCache } from 'lru-cache';
import { MEDIA_MESSAGES, type MediaImageType } from '@core/shared/api/media';
import type { AddressAllowList } from '../net/addressPolicy';
import { pinnedLookup, resolveSafeAddress, systemLookup, type LookupAll, type ResolvedAddress } from '../net/resolveSafeAddress';
import { declaredTypeAcceptable, sniffImageType } from './sniff';

/**
 * The server's image proxy (issue 18, finding 9): fetches a remote image (an author's avatar) on the analyst's
 * behalf so that the author's server sees the Narrascope server, never the analyst's browser.
 *
 * Every hop is checked against the SSRF address policy URL expansion uses (core/server/net): DNS is resolved once,
 * every answer must be public, and the connection goes to exactly the checked address (no DNS-rebinding window).
 * At most `maxRedirects` redirects, each re-checked; one time budget for the whole chain; only PNG, JPEG, GIF and
 * WebP recognised by their magic bytes (never SVG); the body is cut off past `maxBytes`. Requests carry no cookie,
 * no Referer and a neutral User-Agent. Answers and failures are cached (LRU bounded in bytes, with TTLs) and
 * concurrent requests for one URL share one fetch.
 */
export interface MediaProxyOptions {
  /** Largest image, bytes; a longer body is aborted. */
  maxBytes: number;
  /** Budget of the whole fetch (DNS, connection, redirects, body), milliseconds. */
  timeoutMs: number;
  maxRedirects: number;
  /** Memory cache size in bytes (images and remembered failures); 0 caches nothing. */
  cacheBytes: number;
  cacheTtlMs: number;
  /** How long a failure (refusal, 404, timeout ...) is remembered, so a broken avatar is not fetched on every view. */
  failureTtlMs: number;
  /**
   * Non-public addresses fetched anyway. ONLY for tests that serve images from their own loopback server: it is an
   * option of createServer, never an environment setting, so no configuration can open the proxy to the server's
   * own network.
   */
  allowAddresses: AddressAllowList;
  /** DNS lookup (every address of a host); injectable so tests can name a host that resolves to loopback. */
  lookup: LookupAll;
  userAgent: string;
}

export const DEFAULT_MEDIA_PROXY_OPTIONS: MediaProxyOptions = {
  maxBytes: 2 * 1024 * 1024,
  timeoutMs: 5_000,
  maxRedirects: 3,
  cacheBytes: 64 * 1024 * 1024,
  cacheTtlMs: 24 * 3600_000,
  failureTtlMs: 5 * 60_000,
  allowAddresses: [],
  lookup: systemLookup,
  userAgent: 'Narrascope-Media-Proxy/1.0',
};

export type MediaResult =
  | { ok: true; type: MediaImageType; body: Buffer }
  | { ok: false; status: number; message: string };

const fail = (status: number, message: string): MediaResult => ({ ok: false, status, message });

type Hop = MediaResult | { redirect: string | null };

const REDIRECT_CODES = new Set([301, 302, 303, 307, 308]);
/** What a failure costs in the cache's byte budget (the message and the entry). */
const FAILURE_SIZE = 512;

export class MediaProxy {
  readonly options: MediaProxyOptions;
  private readonly cache: LRUCache<string, MediaResult> | null;
  private readonly inFlight = new Map<string, Promise<MediaResult>>();

  constructor(options: Partial<MediaProxyOptions> = {}) {
    this.options = { ...DEFAULT_MEDIA_PROXY_OPTIONS, ...options };
    this.cache = this.options.cacheBytes > 0
      ? new LRUCache<string, MediaResult>({
        maxSize: this.options.cacheBytes,
        ttl: this.options.cacheTtlMs,
        sizeCalculation: (r) => (r.ok ? r.body.length + FAILURE_SIZE : FAILURE_SIZE),
      })
      : null;
  }

  /** The image at `url`, or why not (a 4xx status and message). Never rejects. */
  async get(url: string): Promise<MediaResult> {
    if (!URL.canParse(url)) return fail(400, MEDIA_MESSAGES.badUrl);
    const start = new URL(url);
    if (start.protocol !== 'http:' && start.protocol !== 'https:') return fail(400, MEDIA_MESSAGES.scheme(start.protocol));
    const key = crypto.createHash('sha256').update(start.href).digest('hex');
    const cached = this.cache?.get(key);
    if (cached) return cached;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.fetchChain(start).catch((error: unknown) => fail(404, MEDIA_MESSAGES.unreachable((error as Error).message)));
      this.inFlight.set(key, pending);
      void pending.then((result) => {
        this.inFlight.delete(key);
        this.cache?.set(key, result, { ttl: result.ok ? this.options.cacheTtlMs : this.options.failureTtlMs });
      });
    }
    return pending;
  }

  private async fetchChain(start: URL): Promise<MediaResult> {
    const deadline = AbortSignal.timeout(this.options.timeoutMs);
    const timedOut = fail(408, MEDIA_MESSAGES.timeout(this.options.timeoutMs));
    let current = start;
    for (let redirects = 0; ; redirects++) {
      if (current.protocol !== 'http:' && current.protocol !== 'https:') return fail(403, MEDIA_MESSAGES.scheme(current.protocol));
      const safe = await untilAborted(resolveSafeAddress(current.hostname, this.options.lookup, this.options.allowAddresses), deadline);
      if (safe === null) return timedOut;
      if (!safe.ok) {
        // The policy's refusals (address, host name) are 403; a name that does not resolve is simply not there.
        return safe.reason.startsWith('refused') ? fail(403, MEDIA_MESSAGES.refused(safe.reason)) : fail(404, MEDIA_MESSAGES.unreachable(safe.reason));
      }
      const hop = await this.request(current, safe.address, deadline);
      if (!('redirect' in hop)) return hop;
      if (hop.redirect === null || !URL.canParse(hop.redirect, current.href)) return fail(422, MEDIA_MESSAGES.badRedirect);
      if (redirects >= this.options.maxRedirects) return fail(422, MEDIA_MESSAGES.tooManyRedirects(this.options.maxRedirects));
      current = new URL(hop.redirect, current);
    }
  }

  /** One GET to the already checked address: a redirect to follow, or the final answer. */
  private request(url: URL, address: ResolvedAddress, deadline: AbortSignal): Promise<Hop> {
    const { maxBytes, timeoutMs, userAgent } = this.options;
    // Credentials in the URL are not sent: an avatar needs none, and they would be the author's to choose.
    const target = new URL(url);
    target.username = '';
    target.password = '';
    const client = target.protocol === 'https:' ? https : http;
    return new Promise((resolve) => {
      let settled = false;
      const done = (hop: Hop) => {
        if (settled) return;
        settled = true;
        resolve(hop);
      };
      const failed = (error: Error) => done(deadline.aborted
        ? fail(408, MEDIA_MESSAGES.timeout(timeoutMs))
        : fail(404, MEDIA_MESSAGES.unreachable(error.message)));
      const req = client.request(target, {
        method: 'GET',
        lookup: pinnedLookup(address),
        agent: false,
        signal: deadline,
        // No cookie, no Referer, no browser details: the remote server learns only that the Narrascope server asked.
        headers: { 'user-agent': userAgent, accept: 'image/png,image/jpeg,image/gif,image/webp', 'accept-encoding': 'identity' },
      }, (res) => {
        const status = res.statusCode ?? 0;
        const stop = (hop: Hop) => {
          done(hop);
          res.destroy();
        };
        if (REDIRECT_CODES.has(status)) return stop({ redirect: res.headers.location ?? null });
        if (status < 200 || status > 299) return stop(fail(404, MEDIA_MESSAGES.upstreamStatus(status)));
        const declared = res.headers['content-type'] ?? null;
        if (!declaredTypeAcceptable(declared)) return stop(fail(415, MEDIA_MESSAGES.notImage(declared)));
        const length = Number(res.headers['content-length']);
        if (Number.isFinite(length) && length > maxBytes) return stop(fail(413, MEDIA_MESSAGES.tooLarge(maxBytes)));
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) stop(fail(413, MEDIA_MESSAGES.tooLarge(maxBytes)));
          else chunks.push(chunk);
        });
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const type = sniffImageType(body);
          done(type ? { ok: true, type, body } : fail(415, MEDIA_MESSAGES.notImage(declared)));
        });
        res.on('error', failed);
        res.on('close', () => failed(new Error('the connection closed before the image was complete')));
      });
      req.on('error', failed);
      req.end();
    });
  }
}

/** `task`'s value, or null once `signal` aborts first. */
function untilAborted<T>(task: Promise<T>, signal: AbortSignal): Promise<T | null> {
  if (signal.aborted) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(null);
    signal.addEventListener('abort', onAbort, { once: true });
    task.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
