/**
 * HTTP for network collectors: per-request timeout, the run's abort signal, and back-off on 429/503 (the
 * `Retry-After` header when given, else exponential from `retry_base_ms`), up to `max_retries` retries.
 */
export class CollectorError extends Error {}

export interface HttpSettings {
  /** First back-off delay without Retry-After (doubles each retry). */
  retryBaseMs: number;
  maxRetries: number;
  /** Longest wait honoured from a Retry-After header. */
  maxDelayMs: number;
  timeoutMs: number;
  /** Pause between two requests to the same service (4chan asks for one per second). */
  minIntervalMs: number;
  userAgent: string;
}

export const DEFAULT_HTTP: HttpSettings = {
  retryBaseMs: 1000, maxRetries: 4, maxDelayMs: 120_000, timeoutMs: 30_000, minIntervalMs: 0,
  userAgent: 'Narrascope/0.1 (+https://github.com/narrascope; research collector)',
};

export function httpSettings(settings: Record<string, unknown>, defaults: Partial<HttpSettings> = {}): HttpSettings {
  const num = (key: string, fallback: number) => (typeof settings[key] === 'number' && Number.isFinite(settings[key]) ? (settings[key] as number) : fallback);
  const base = { ...DEFAULT_HTTP, ...defaults };
  return {
    retryBaseMs: num('retry_base_ms', base.retryBaseMs), maxRetries: num('max_retries', base.maxRetries), maxDelayMs: num('max_delay_ms', base.maxDelayMs),
    timeoutMs: num('timeout_ms', base.timeoutMs), minIntervalMs: num('min_interval_ms', base.minIntervalMs),
    userAgent: typeof settings.user_agent === 'string' ? settings.user_agent : base.userAgent,
  };
}

const sleep = (ms: number, signal: AbortSignal) => new Promise<void>((resolve, reject) => {
  if (signal.aborted) return reject(new Error('Collection cancelled'));
  const timer = setTimeout(() => { signal.removeEventListener('abort', onAbort); resolve(); }, ms);
  const onAbort = () => { clearTimeout(timer); reject(new Error('Collection cancelled')); };
  signal.addEventListener('abort', onAbort, { once: true });
});

/** Seconds or an HTTP date → milliseconds to wait, or null. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

export class HttpClient {
  private last = 0;
  /** Requests made, retries included (for usage and tests). */
  requests = 0;

  constructor(readonly service: string, readonly settings: HttpSettings, readonly signal: AbortSignal) {}

  async get(url: string, accept = 'application/json'): Promise<Response> {
    for (let attempt = 0; ; attempt += 1) {
      const wait = this.last + this.settings.minIntervalMs - Date.now();
      if (wait > 0) await sleep(wait, this.signal);
      this.last = Date.now();
      this.requests += 1;
      let res: Response;
      try {
        res = await fetch(url, {
          headers: { Accept: accept, 'User-Agent': this.settings.userAgent },
          signal: AbortSignal.any([this.signal, AbortSignal.timeout(this.settings.timeoutMs)]),
        });
      } catch (e) {
        if (this.signal.aborted) throw new Error('Collection cancelled');
        throw new CollectorError(`${this.service} did not answer: ${(e as Error).message}`);
      }
      if (res.status === 429 || res.status === 503) {
        await res.body?.cancel();
        if (attempt >= this.settings.maxRetries) {
          throw new CollectorError(`${this.service} is rate limiting (HTTP ${res.status}) after ${attempt + 1} attempts`);
        }
        const told = retryAfterMs(res.headers.get('retry-after'));
        await sleep(Math.min(this.settings.maxDelayMs, told ?? this.settings.retryBaseMs * 2 ** attempt), this.signal);
        continue;
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new CollectorError(`${this.service} answered HTTP ${res.status} for ${new URL(url).pathname}`);
      }
      return res;
    }
  }

  async json(url: string): Promise<unknown> {
    const res = await this.get(url);
    const text = await res.text();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new CollectorError(`malformed answer from ${this.service}: not JSON`);
    }
  }

  async text(url: string, accept: string): Promise<string> {
    return (await this.get(url, accept)).text();
  }
}
