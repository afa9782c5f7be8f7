import { badRequest } from '@core/server/http/errors';
import { requireUser, type RouteRegistrar } from '@core/server/http/routes';
import { DOMAIN_LABELS_PATH, domainLabelsAnswerSchema, domainLabelsSchema, domainLabelsUploadSchema } from '../../shared/api';
import { parseDomainLabels, replaceLabels } from '../domainLabels';
import { dbOf } from '../tables';

/** The admin domain list: every member reads it (it labels the tables); admins replace it with a CSV upload. */
export function registerDomainLabelRoutes(r: RouteRegistrar): void {
  r.get(DOMAIN_LABELS_PATH, {
    summary: "The organization's domain list: domain and category (state_media, government ...), by domain",
    response: domainLabelsSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    return dbOf(ctx.app.storage).selectFrom('urls_domain_labels').select(['domain', 'category', 'uploaded_at'])
      .where('organization_id', '=', user.organization_id).orderBy('domain').execute();
  });

  r.put(DOMAIN_LABELS_PATH, {
    summary: "Replace the organization's domain list from CSV text (header domain,category)",
    description: 'All or nothing: any bad row refuses the file (400, every problem named by its line) and the stored list stays as it was.',
    permission: 'UPDATE_ORGANIZATION', body: domainLabelsUploadSchema, response: domainLabelsAnswerSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const parsed = parseDomainLabels(ctx.body.csv);
    if (!parsed.ok) throw badRequest(parsed.errors[0]!, parsed.errors);
    await replaceLabels(dbOf(ctx.app.storage), user.organization_id, user.id, parsed.labels);
    return { stored: parsed.labels.length };
  });
}
