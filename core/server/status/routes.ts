import { SYSTEM_STATUS_PATH, systemStatusQuerySchema, systemStatusSchema } from '@core/shared/status/api';
import { forbidden } from '../http/errors';
import { requireUser, type RouteRegistrar } from '../http/routes';
import { systemStatus } from './systemStatus';

/** The system status page's call (spec part 1 section 6, permission VIEW_SYSTEM_STATUS_DATA). */
export function registerSystemStatusRoutes(r: RouteRegistrar): void {
  r.get(SYSTEM_STATUS_PATH, {
    summary: "Version, uptime, database dialect and the pipeline's state (the caller's organisation; global admins: all); failure errors for admins only",
    permission: 'VIEW_SYSTEM_STATUS_DATA',
    query: systemStatusQuerySchema,
    response: systemStatusSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const asked = ctx.query.organization_id;
    // Only global admins look across organisations; anyone may name their own.
    if (asked && asked !== user.organization_id && !user.is_global_admin) throw forbidden();
    const scope = user.is_global_admin ? (asked ?? null) : user.organization_id;
    // Run errors are admin details (as in the conversation API): global admins and organisation admins only.
    return systemStatus(ctx.app.storage, scope, new Date(), user.is_global_admin || user.is_org_admin);
  });
}
