import { z } from 'zod';
import { PROMETHEUS_METRICS_PATH, SYSTEM_STATUS_PATH, systemStatusQuerySchema, systemStatusSchema } from '@core/shared/status/api';
import { HttpError, forbidden } from '../http/errors';
import { requireUser, type RouteContext, type RouteRegistrar } from '../http/routes';
import { pipelineKey } from '../pipeline/runner';
import { conversationDirectoryKey } from '../postScope/contract';
import { PROMETHEUS_CONTENT_TYPE, formatFamilies, statusFamilies } from './prometheus';
import { systemStatus } from './systemStatus';

/** A signed-in browser reaching /metrics: the endpoint is for scrapers, which present a key. */
export const METRICS_NEED_API_KEY = 'The metrics endpoint needs an API key: send Authorization: Bearer <key> or X-API-KEY';

/** The status of the caller's scope: own organisation, or (global admins) all or the one named. */
function statusFor(ctx: RouteContext<{ organization_id?: string }, unknown, unknown>) {
  const user = requireUser(ctx);
  const asked = ctx.query.organization_id;
  // Only global admins look across organisations; anyone may name their own.
  if (asked && asked !== user.organization_id && !user.is_global_admin) throw forbidden();
  const scope = user.is_global_admin ? (asked ?? null) : user.organization_id;
  // Run errors are admin details (as in the conversation API): global admins and organisation admins only.
  const { services } = ctx.app;
  const directory = services.has(conversationDirectoryKey) ? services.get(conversationDirectoryKey) : null;
  return systemStatus(ctx.app.storage, scope, new Date(), user.is_global_admin || user.is_org_admin, services.get(pipelineKey).stages, directory);
}

/** The system status page's call (spec part 1 section 6, permission VIEW_SYSTEM_STATUS_DATA) and its Prometheus twin. */
export function registerSystemStatusRoutes(r: RouteRegistrar): void {
  r.get(SYSTEM_STATUS_PATH, {
    summary: "Version, uptime, database dialect, versions, system metrics and the pipeline's state (the caller's organisation; global admins: all); failure errors for admins only",
    permission: 'VIEW_SYSTEM_STATUS_DATA',
    query: systemStatusQuerySchema,
    response: systemStatusSchema,
  }, async (ctx) => statusFor(ctx));

  r.get(PROMETHEUS_METRICS_PATH, {
    summary: 'The system status in Prometheus text format, for scrapers (API key only; VIEW_SYSTEM_STATUS_DATA)',
    description: 'Authenticate with `Authorization: Bearer <API key>` or `X-API-KEY`. The figures are those of the key\'s ' +
      'organisation; a global admin\'s key sees all organisations, or the one named by `organization_id`. See docs/operations.md.',
    permission: 'VIEW_SYSTEM_STATUS_DATA',
    query: systemStatusQuerySchema,
    response: z.string(),
    raw: true,
  }, async (ctx) => {
    // A session cookie is not a scraper's credential: keys are revocable per integration and never ride in a browser.
    if (requireUser(ctx).auth_method !== 'api_key') throw new HttpError(401, METRICS_NEED_API_KEY);
    const status = await statusFor(ctx);
    ctx.reply.header('content-type', PROMETHEUS_CONTENT_TYPE).header('cache-control', 'no-store').send(formatFamilies(statusFamilies(status)));
  });
}
