type Callback = (err: Error | null, res: { current: number; ttl: number }) => void;

interface Entry {
  current: number;
  startedAt: number;
  window: number;
}

/** Past this many keys, expired ones are swept before adding more (bounded memory under address spraying). */
const SWEEP_AT = 10_000;

/**
 * A fixed-window counter store for @fastify/rate-limit shared by every limited route, so routes with one
 * `groupId` (all password calls, all sign-in calls) count together. The plugin's own local store gives each
 * route a separate counter, which would let an attacker spread guesses over the calls. Counts live in this
 * process: behind several API processes each counts alone (docs/operations-access.md).
 */
export class SharedRateLimitStore {
  private readonly entries = new Map<string, Entry>();

  incr(key: string, cb: Callback, timeWindow: number): void {
    const now = Date.now();
    let entry = this.entries.get(key);
    if (!entry || entry.startedAt + entry.window <= now) {
      if (!entry && this.entries.size >= SWEEP_AT) this.sweep(now);
      entry = { current: 0, startedAt: now, window: timeWindow };
      this.entries.set(key, entry);
    }
    entry.current += 1;
    cb(null, { current: entry.current, ttl: entry.startedAt + entry.window - now });
  }

  read(key: string, cb: Callback): void {
    const now = Date.now();
    const entry = this.entries.get(key);
    if (!entry || entry.startedAt + entry.window <= now) cb(null, { current: 0, ttl: 0 });
    else cb(null, { current: entry.current, ttl: entry.startedAt + entry.window - now });
  }

  child(): SharedRateLimitStore {
    return this;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.entries) if (entry.startedAt + entry.window <= now) this.entries.delete(key);
  }
}
