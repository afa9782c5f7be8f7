import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { AnalyticsEvent, AnalyticsUsage } from '@core/shared/analytics/api';

interface AnalyticsTables {
  core_analytics_events: { id: string; organization_id: string; user_id: string; name: string; subject: string; occurred_at: string };
}

const DAY_MS = 86_400_000;
/** A browser's clock may be off: an event is dated by it only within this much of the server's time. */
const CLOCK_SKEW_MS = 10 * 60_000;

/** The time an event is kept under: the browser's, unless it is further than the allowed skew from the server's. */
export function trustedTime(at: string, now: Date): string {
  const t = Date.parse(at);
  return Math.abs(t - now.getTime()) <= CLOCK_SKEW_MS ? new Date(t).toISOString() : now.toISOString();
}

export class AnalyticsStore {
  private readonly db: Kysely<AnalyticsTables>;

  constructor(db: Kysely<any>, private readonly retentionDays: number) {
    this.db = db as Kysely<AnalyticsTables>;
  }

  /** Records a batch of one user's events and forgets the organisation's events older than the retention period. */
  async record(organizationId: string, userId: string, events: readonly AnalyticsEvent[], now = new Date()): Promise<number> {
    await this.db.transaction().execute(async (tx) => {
      await tx.insertInto('core_analytics_events').values(events.map((e) => ({
        id: crypto.randomUUID(), organization_id: organizationId, user_id: userId, name: e.name, subject: e.subject,
        occurred_at: trustedTime(e.at, now),
      }))).execute();
      const cutoff = new Date(now.getTime() - this.retentionDays * DAY_MS).toISOString();
      await tx.deleteFrom('core_analytics_events').where('organization_id', '=', organizationId).where('occurred_at', '<', cutoff).execute();
    });
    return events.length;
  }

  /** What the organisation used over the last `days` days: by event and subject, and per UTC day. */
  async usage(organizationId: string, days: number, now = new Date()): Promise<Omit<AnalyticsUsage, 'enabled' | 'days'>> {
    const since = new Date(now.getTime() - days * DAY_MS).toISOString();
    const scoped = this.db.selectFrom('core_analytics_events').where('organization_id', '=', organizationId).where('occurred_at', '>=', since);
    const [active, usage, daily] = await Promise.all([
      scoped.select(sql<number>`count(distinct user_id)`.as('users')).executeTakeFirst(),
      scoped.select(['name', 'subject', sql<number>`count(*)`.as('events'), sql<number>`count(distinct user_id)`.as('users')])
        .groupBy(['name', 'subject']).orderBy('events', 'desc').orderBy('name').orderBy('subject').limit(200).execute(),
      // ISO text: the first ten characters are the UTC day on both engines.
      scoped.select([sql<string>`substr(occurred_at, 1, 10)`.as('day'), sql<number>`count(*)`.as('events'), sql<number>`count(distinct user_id)`.as('users')])
        .groupBy(sql`substr(occurred_at, 1, 10)`).orderBy('day').execute(),
    ]);
    return {
      active_users: Number(active?.users ?? 0),
      usage: usage.map((u) => ({ name: u.name as AnalyticsUsage['usage'][number]['name'], subject: u.subject, events: Number(u.events), users: Number(u.users) })),
      daily: daily.map((d) => ({ day: d.day, events: Number(d.events), users: Number(d.users) })),
    };
  }
}
