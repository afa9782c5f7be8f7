import { badRequest, forbidden, notFound } from '@core/server/http/errors';
import { requireUser, type RouteRegistrar } from '@core/server/http/routes';
import {
  INSIGHT_MESSAGES, INSIGHTS_PATH, insightListSchema, insightSchema, insightsQuerySchema, insightUpdateSchema, newInsightSchema,
} from '../../shared/api';
import { reviewProblem } from '../../shared/review';
import { checkNewInsight, normaliseFqdn } from '../../shared/validation';
import { domainAndParents, screenKey } from '../matchKeys';
import { newInsightRow, strippedUser, toInsight } from '../model';
import { findInsight, insertInsight } from '../store';
import { dbOf, type Db, type InsightRow } from '../tables';
import { auditInsight, insightDetail, newestEditFirst } from './common';
import { applyUpdate } from './update';

/** A domain_url's FQDN: a URL, a bare name, or a name with a path (`example.com/a`). */
function fqdnOf(input: string): string | null {
  return normaliseFqdn(input) ?? normaliseFqdn(`http://${input.trim()}`);
}

/** The organisation's live insights on one account (platform id, user id or handle, any platform). */
async function forAccount(db: Db, organizationId: string, accountId: string): Promise<InsightRow[]> {
  const id = accountId.trim();
  const screen = screenKey(id);
  return db.selectFrom('insights_insights').selectAll()
    .where('organization_id', '=', organizationId).where('status', '<>', 'deleted')
    .where('id', 'in', db.selectFrom('insights_match_keys').select('insight_id').where('organization_id', '=', organizationId)
      .where((eb) => eb.or([
        eb.and([eb('kind', 'in', ['rid', 'user_id']), eb('key', '=', id)]),
        ...(screen ? [eb.and([eb('kind', '=', 'screen'), eb('key', '=', screen)])] : []),
      ])))
    .execute();
}

/** The organisation's live insights on a domain or any of its parents (an insight on example.com covers news.example.com). */
async function forDomain(db: Db, organizationId: string, domainUrl: string): Promise<InsightRow[]> {
  const fqdn = fqdnOf(domainUrl);
  if (!fqdn) return [];
  return db.selectFrom('insights_insights').selectAll()
    .where('organization_id', '=', organizationId).where('status', '<>', 'deleted')
    .where('analyzable_type', '=', 'domain').where('analyzable_id', 'in', domainAndParents(fqdn))
    .execute();
}

export function registerInsightRoutes(r: RouteRegistrar): void {
  r.get(INSIGHTS_PATH, {
    summary: "The organisation's insights but deleted ones, newest edit first; or those on one account or domain",
    description: 'account_id: a platform id (analyzable_id), user id or handle; domain_url: a URL or domain name, answered with the insights on its FQDN and on its parent domains.',
    query: insightsQuerySchema, response: insightListSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = dbOf(ctx.app.storage);
    const { account_id: accountId, domain_url: domainUrl } = ctx.query;
    if (accountId !== undefined && domainUrl !== undefined) throw badRequest(INSIGHT_MESSAGES.oneLookup);
    const rows = accountId !== undefined ? await forAccount(db, user.organization_id, accountId)
      : domainUrl !== undefined ? await forDomain(db, user.organization_id, domainUrl)
        : await db.selectFrom('insights_insights').selectAll()
          .where('organization_id', '=', user.organization_id).where('status', '<>', 'deleted').execute();
    return rows.sort(newestEditFirst).map(toInsight);
  });

  r.post(INSIGHTS_PATH, {
    summary: 'Submit a new insight on an account or a domain: it is pending until a senior analyst or global admin approves it',
    description: 'Checks the rules of the insight form in order; a 400 carries the first problem as its message and every problem in metadata.errors.',
    body: newInsightSchema, response: insightSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const refused = reviewProblem(user, 'submit', null);
    if (refused) throw forbidden(refused);
    const checked = checkNewInsight(ctx.body);
    if (!checked.ok) throw badRequest(checked.errors[0]!, checked.errors);
    const row = newInsightRow(user.organization_id, checked.value, { by: strippedUser(user) });
    await dbOf(ctx.app.storage).transaction().execute(async (trx) => {
      await insertInsight(trx, row);
      await auditInsight(trx, ctx.request, user, 'insight_created', { ...insightDetail(row), action: 'submit', from_status: null, to_status: row.status });
    });
    return toInsight(row);
  });

  r.patch(INSIGHTS_PATH, {
    summary: 'Edit an insight (it becomes pending again) or change its status: approved, rejected (declined) or deleted',
    description: 'Approving and declining: senior analysts and global admins, pending insights only (409 otherwise). Deleting: senior analysts and global admins any insight, analysts pending ones. 403 for a caller who may not; 404 for an id outside the organisation.',
    body: insightUpdateSchema, response: insightSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = dbOf(ctx.app.storage);
    const stored = await db.transaction().execute(async (trx) => {
      const before = await findInsight(trx, user.organization_id, ctx.body.id);
      if (!before) throw notFound(INSIGHT_MESSAGES.notFound);
      const outcome = applyUpdate(user, before, ctx.body);
      if ('problem' in outcome) throw outcome.problem;
      await outcome.save(trx);
      await auditInsight(trx, ctx.request, user, outcome.event, outcome.detail);
      return outcome.row;
    });
    return toInsight(stored);
  });
}
