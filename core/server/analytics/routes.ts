import {
  ANALYTICS_EVENTS_PATH, ANALYTICS_IDENTITY_MISMATCH, ANALYTICS_OFF, ANALYTICS_USAGE_PATH, analyticsEventsBodySchema,
  analyticsEventsResponseSchema, analyticsUsageQuerySchema, analyticsUsageSchema, type AnalyticsIdentity,
} from '@core/shared/analytics/api';
import type { SessionUser } from '../auth/sessionUser';
import { HttpError, badRequest } from '../http/errors';
import { requireUser, type RouteRegistrar } from '../http/routes';
import { AnalyticsStore } from './store';

export interface AnalyticsSettings {
  enabled: boolean;
  retentionDays: number;
}

/** The browser names who it reports for; it must be the caller, in the organisation the session acts in. */
function isCaller(identity: AnalyticsIdentity, user: SessionUser): boolean {
  return identity.user_id === user.id
    && identity.email.toLowerCase() === user.email.toLowerCase()
    && identity.organization_id === user.organization_id;
}

export function registerAnalyticsRoutes(r: RouteRegistrar, settings: AnalyticsSettings): void {
  r.post(ANALYTICS_EVENTS_PATH, {
    summary: "Record the caller's product usage events (route patterns and command ids; never content)",
    description: `Only when the operator turned analytics on (NARRASCOPE_ANALYTICS=on): otherwise 409 "${ANALYTICS_OFF}". ` +
      `The identity (user id, e-mail, organisation) must be the caller's: otherwise 400 "${ANALYTICS_IDENTITY_MISMATCH}". ` +
      `Events are kept ${settings.retentionDays} days (NARRASCOPE_ANALYTICS_RETENTION_DAYS).`,
    body: analyticsEventsBodySchema,
    response: analyticsEventsResponseSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    if (!settings.enabled) throw new HttpError(409, ANALYTICS_OFF);
    if (!isCaller(ctx.body.identity, user)) throw badRequest(ANALYTICS_IDENTITY_MISMATCH);
    const store = new AnalyticsStore(ctx.app.storage.db, settings.retentionDays);
    return { recorded: await store.record(user.organization_id, user.id, ctx.body.events) };
  });

  r.get(ANALYTICS_USAGE_PATH, {
    summary: "What the caller's organisation used over the last days (VIEW_SYSTEM_STATUS_DATA)",
    description: 'Counts per event and subject, distinct users, and a per-day series; `enabled` says whether events are being recorded.',
    permission: 'VIEW_SYSTEM_STATUS_DATA',
    query: analyticsUsageQuerySchema,
    response: analyticsUsageSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const store = new AnalyticsStore(ctx.app.storage.db, settings.retentionDays);
    const { days } = ctx.query;
    return { enabled: settings.enabled, days, ...(await store.usage(user.organization_id, days)) };
  });
}
