/**
 * Spaces the requests sent to one host: at most one start every `intervalMs`. Shorteners rate-limit (and ban)
 * clients that burst, and a conversation of 100k posts holds thousands of bit.ly links. A request whose slot
 * lies further ahead than `maxWaitMs` is not made at all, so one busy host cannot stall a whole run.
 */
export class HostRateLimiter {
  private readonly nextSlot = new Map<string, number>();

  constructor(private readonly intervalMs: number, private readonly maxWaitMs: number, private readonly now: () => number = Date.now) {}

  /** Waits for the host's next slot; false (without waiting) when that slot is more than maxWaitMs away. */
  async acquire(host: string): Promise<boolean> {
    const now = this.now();
    const slot = Math.max(now, this.nextSlot.get(host) ?? 0);
    const wait = slot - now;
    if (wait > this.maxWaitMs) return false;
    this.nextSlot.set(host, slot + this.intervalMs);
    if (this.nextSlot.size > 10_000) this.prune(now);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return true;
  }

  private prune(now: number): void {
    for (const [host, slot] of this.nextSlot) if (slot <= now) this.nextSlot.delete(host);
  }
}
