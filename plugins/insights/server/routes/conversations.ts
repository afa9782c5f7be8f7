import { sql } from 'kysely';
import { z } from 'zod';
import { notFound } from '@core/server/http/errors';
import { requireUser, type RouteRegistrar } from '@core/server/http/routes';
import { conversationDirectoryKey, postScopeKey } from '@core/server/postScope';
import type { ServiceRegistry } from '@core/shared/services/registry';
import {
  INSIGHT_CONVERSATIONS_PATH, INSIGHT_MESSAGES, insightConversationsQuerySchema, insightConversationsSchema, insightListSchema,
} from '../../shared/api';
import { matchedInsightIds, runsMeeting } from '../matching';
import { toInsight } from '../model';
import { findInsight } from '../store';
import { dbOf, type Db } from '../tables';
import { newestEditFirst } from './common';

const conversationParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** Each conversation's latest successful run in the organisation (core's rule: newest by creation, id breaks ties). */
async function latestRuns(db: Db, organizationId: string): Promise<Map<string, string>> {
  const runs = await db.selectFrom('core_pipeline_runs').select(['id', 'conversation_id'])
    .where('organization_id', '=', organizationId).where('status', '=', 'SUCCESS')
    .orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  const latest = new Map<string, string>();
  for (const r of runs) if (!latest.has(r.conversation_id)) latest.set(r.conversation_id, r.id);
  return latest;
}

/** Names of the live conversations among `ids` (the conversations plugin's directory); ids alone without it. */
async function describe(services: ServiceRegistry, organizationId: string, ids: string[]) {
  const directory = services.has(conversationDirectoryKey) ? services.get(conversationDirectoryKey) : null;
  if (directory?.describe) return directory.describe(organizationId, ids);
  const live = [];
  for (const id of ids) if (!(await directory?.isDeleted(organizationId, id))) live.push({ id, name: id, project_id: '', project_name: '' });
  return live;
}

export function registerConversationRoutes(r: RouteRegistrar): void {
  r.get('/api/v2/conversations/:id/insights', {
    summary: "The insights (but deleted ones) on the accounts and domains of the conversation's latest successful run",
    description: 'An account insight applies to the posts of its account (platform plus id, user id, handle or profile link); a domain insight to the posts linking its FQDN or a subdomain. Newest edit first.',
    params: conversationParamsSchema, response: insightListSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const scope = await ctx.app.services.get(postScopeKey).resolve(user.organization_id, ctx.params.id);
    if (scope.runId === null) return [];
    const db = dbOf(ctx.app.storage);
    const rows = await db.selectFrom('insights_insights').selectAll()
      .where('organization_id', '=', user.organization_id).where('status', '<>', 'deleted')
      .where(sql<boolean>`id in (select mi.insight_id from (${matchedInsightIds(ctx.app.storage.dialect, user.organization_id, { runId: scope.runId }, 'live')}) mi)`)
      .execute();
    return rows.sort(newestEditFirst).map(toInsight);
  });

  r.get(INSIGHT_CONVERSATIONS_PATH, {
    summary: "The organisation's conversations whose latest run has posts by the insight's account or linking its domain",
    query: insightConversationsQuerySchema, response: insightConversationsSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = dbOf(ctx.app.storage);
    const insight = await findInsight(db, user.organization_id, ctx.query.id);
    if (!insight || insight.status === 'deleted') throw notFound(INSIGHT_MESSAGES.notFound);
    const latest = await latestRuns(db, user.organization_id);
    if (latest.size === 0) return [];
    const meeting = new Set((await runsMeeting(ctx.app.storage.dialect, user.organization_id, insight.id, [...latest.values()]).execute(db)).rows.map((r) => r.run_id));
    const ids = [...latest].filter(([, run]) => meeting.has(run)).map(([conversation]) => conversation);
    if (ids.length === 0) return [];
    const organization = await db.selectFrom('core_organizations').select('name').where('id', '=', user.organization_id).executeTakeFirstOrThrow();
    return (await describe(ctx.app.services, user.organization_id, ids))
      .map((c) => ({
        organization_id: user.organization_id, organization_name: organization.name,
        project_id: c.project_id, project_name: c.project_name, conversation_id: c.id, conversation_name: c.name,
      }))
      .sort((a, b) => a.project_name.localeCompare(b.project_name) || a.conversation_name.localeCompare(b.conversation_name)
        || a.conversation_id.localeCompare(b.conversation_id));
  });
}
