import {
  ANALYTICS_BATCH_MAX, ANALYTICS_SUBJECT_PATTERN, type AnalyticsEvent, type AnalyticsEventName, type AnalyticsIdentity,
} from '@core/shared/analytics/api';

export type SendBatch = (body: { identity: AnalyticsIdentity; events: AnalyticsEvent[] }) => Promise<void>;

/**
 * Gathers a signed-in user's usage events and sends them in batches (spec part 1 section 9: analytics identifies a
 * user by user id, e-mail and organisation). Events are sent as the identity that was current when they happened; a
 * failed send is dropped, never retried in a loop: analytics must not get in an analyst's way.
 */
export class AnalyticsReporter {
  private identity: AnalyticsIdentity | null = null;
  private queue: { identity: AnalyticsIdentity; event: AnalyticsEvent }[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(private readonly send: SendBatch, private readonly flushMs = 5_000, private readonly now = () => new Date()) {}

  /** Who the next events belong to (null after sign-out: events are dropped until someone signs in). */
  identify(identity: AnalyticsIdentity | null): void {
    this.identity = identity;
  }

  track(name: AnalyticsEventName, subject: string): void {
    // Subjects are the product's own names; anything else (an id, a URL with data in it) is never sent.
    if (this.stopped || !this.identity || !ANALYTICS_SUBJECT_PATTERN.test(subject)) return;
    this.queue.push({ identity: this.identity, event: { name, subject, at: this.now().toISOString() } });
    if (this.queue.length >= ANALYTICS_BATCH_MAX) void this.flush();
    else this.timer ??= setTimeout(() => { this.timer = null; void this.flush(); }, this.flushMs);
  }

  /** Sends what is queued, one batch per identity and at most ANALYTICS_BATCH_MAX events each. */
  async flush(): Promise<void> {
    if (this.timer) { clearTimeout(this.timer); this.timer = null; }
    const pending = this.queue;
    this.queue = [];
    while (pending.length) {
      const identity = pending[0]!.identity;
      const batch: AnalyticsEvent[] = [];
      while (pending.length && pending[0]!.identity === identity && batch.length < ANALYTICS_BATCH_MAX) batch.push(pending.shift()!.event);
      try {
        await this.send({ identity, events: batch });
      } catch {
        // Dropped: the server may have analytics off now, or be unreachable; usage counts are not worth a retry loop.
      }
    }
  }

  /** Flushes and stops taking events (the shell unmounted or analytics was turned off). */
  async stop(): Promise<void> {
    await this.flush();
    this.stopped = true;
  }
}
