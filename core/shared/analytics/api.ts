import { z } from 'zod';

/**
 * Product analytics (spec part 1 section 9: "Analytics identifies a user by user id, email and organisation"). Off
 * unless the operator turns it on (NARRASCOPE_ANALYTICS=on); kept in the product's own database, never sent to a
 * third party; events name what was used (a route's pattern, a command id), never what was looked at
 * (no ids, queries or post content). docs/adr/0015-product-analytics.md says why.
 */
export const ANALYTICS_EVENTS_PATH = '/api/v2/analytics/events';
export const ANALYTICS_USAGE_PATH = '/api/v2/analytics/usage';

export const ANALYTICS_OFF = 'Product analytics is off on this server.';
export const ANALYTICS_IDENTITY_MISMATCH = 'The analytics identity is not the signed-in user.';

/** Most events one call may carry; the browser sends what it gathered every few seconds. */
export const ANALYTICS_BATCH_MAX = 50;

export const ANALYTICS_EVENT_NAMES = ['page_view', 'command_run'] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

/** The three values the spec identifies a user by. */
export const analyticsIdentitySchema = z.object({
  user_id: z.string().min(1).max(100),
  email: z.string().min(3).max(320),
  organization_id: z.string().min(1).max(100),
});
export type AnalyticsIdentity = z.infer<typeof analyticsIdentitySchema>;

/** A subject is a name from the product's own vocabulary: route patterns and command ids. */
export const ANALYTICS_SUBJECT_PATTERN = /^[A-Za-z0-9_./$:-]{1,120}$/;

export const analyticsEventSchema = z.object({
  name: z.enum(ANALYTICS_EVENT_NAMES),
  subject: z.string().regex(ANALYTICS_SUBJECT_PATTERN, 'subject must be a route pattern or a command id'),
  at: z.iso.datetime(),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

export const analyticsEventsBodySchema = z.object({
  identity: analyticsIdentitySchema,
  events: z.array(analyticsEventSchema).min(1).max(ANALYTICS_BATCH_MAX),
});
export const analyticsEventsResponseSchema = z.object({ recorded: z.number().int() });

export const analyticsUsageQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });

export const analyticsUsageSchema = z.object({
  enabled: z.boolean(),
  days: z.number().int(),
  /** Distinct users with at least one event in the period. */
  active_users: z.number().int(),
  /** What was used, most used first. */
  usage: z.array(z.object({ name: z.enum(ANALYTICS_EVENT_NAMES), subject: z.string(), events: z.number().int(), users: z.number().int() })),
  /** Per UTC day of the period that had events. */
  daily: z.array(z.object({ day: z.string(), events: z.number().int(), users: z.number().int() })),
});
export type AnalyticsUsage = z.infer<typeof analyticsUsageSchema>;
