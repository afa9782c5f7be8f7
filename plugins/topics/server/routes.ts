import type { FacetScope, PostFacetRegistry } from '@core/server/facets/contract';
import { postFacetsKey } from '@core/server/facets/contract';
import { postScopeKey } from '@core/server/postScope';
import { SHARED_MESSAGES } from '@core/shared/messages';
import { requireUser, type RouteContext } from '@core/server/http/routes';
import type { SessionUser } from '@core/server/auth/sessionUser';
import { tablesOf } from '@core/server/storage/database';
import { filterPredicate, type Filters } from '@core/shared/filters';
import type { PostStoreTables as PostsTables } from '@core/server/postStore/tables';
import type { RouteRegistrar } from '@core/server/http/routes';
import {
  INSIGHT_TOPICS_PATH, conversationIdParamsSchema, narrativeEntitySchema, conversationTopicsSchema, insightTopicsQuerySchema,
  topicInsightCountListSchema, type ConversationTopics, type TopicInsightCount,
} from '../shared/api';
import { riskAssessmentSchema, type RiskLevel } from '../shared/types';
import { riskCategoryOf } from '@plugins/insights/shared/public';
import { filteredQuery } from '@core/server/http/querySchema';
import { facetValues } from './runPosts';
import { topicsOfRun, type TopicsDb } from './store';
import type { TopicsRunRow, TopicsTables } from './tables';

const isAdmin = (u: SessionUser) => u.is_global_admin || u.is_org_admin;
const parse = <T>(json: string | null, fallback: T): T => (json ? (JSON.parse(json) as T) : fallback);
const CONVERSATION_NOT_FOUND = SHARED_MESSAGES.conversationNotFound;
const narrativeEntityListSchema = narrativeEntitySchema.array();

function facetsOf(ctx: RouteContext<unknown, unknown, unknown>): PostFacetRegistry | null {
  return ctx.app.services.has(postFacetsKey) ? ctx.app.services.get(postFacetsKey) : null;
}

function statusFor(row: TopicsRunRow | null, user: SessionUser) {
  if (!row) return null;
  const base = { status_code: row.status_code, message: row.message };
  return isAdmin(user) ? { ...base, admin_details: row.admin_details } : base;
}

/** (post, topic rid, date) of the run's posts that the filters select; topic null for outliers. */
async function filteredMembership(ctx: RouteContext<unknown, unknown, unknown>, scope: FacetScope & { runId: string }, filters: Filters) {
  const db = tablesOf<TopicsTables & PostsTables>(ctx.app.storage);
  const columns = ctx.app.services.get(postScopeKey).columns(scope, 'p');
  return db.selectFrom('topics_post_topics as pt')
    .innerJoin('posts_posts as p', 'p.id', 'pt.post_id')
    .select(['pt.post_id', 'pt.topic_rid', 'p.published_at'])
    .where('pt.run_id', '=', scope.runId)
    .where('pt.organization_id', '=', scope.organizationId)
    .where('p.organization_id', '=', scope.organizationId)
    .where((eb) => filterPredicate(eb, filters, columns))
    .execute();
}

/** Core's post scope picks the run (another organisation's or a deleted conversation is a 404); topics reads its own rows. */
async function resolveRun(ctx: RouteContext<unknown, unknown, unknown>, db: TopicsDb, user: SessionUser, conversationId: string) {
  const scope = await ctx.app.services.get(postScopeKey).resolve(user.organization_id, conversationId, CONVERSATION_NOT_FOUND);
  return topicsOfRun(db, user.organization_id, conversationId, scope.runId);
}

export function registerRoutes(r: RouteRegistrar): void {
  r.get('/api/v2/conversations/:id/topics', {
    summary: "Topics and narratives of a conversation's latest successful run, counted over the filtered posts",
    params: conversationIdParamsSchema, query: filteredQuery({}), response: conversationTopicsSchema,
  }, async (ctx): Promise<ConversationTopics> => {
    const user = requireUser(ctx);
    const { filters } = ctx.query;
    const db = tablesOf<TopicsTables>(ctx.app.storage);
    const { run, status } = await resolveRun(ctx, db, user, ctx.params.id);
    const topics_status = statusFor(status, user);
    if (!run) return { run_id: null, topics_status, total_posts: 0, conversation_total_posts: 0, topics: [], narratives: [], conversation_risk: null };

    const scope = { organizationId: user.organization_id, conversationId: ctx.params.id, runId: run.run_id };
    const members = await filteredMembership(ctx, scope, filters);
    const dates = new Map<string, string[]>();
    for (const m of members) {
      if (!m.topic_rid) continue;
      const list = dates.get(m.topic_rid);
      if (list) list.push(m.published_at);
      else dates.set(m.topic_rid, [m.published_at]);
    }
    const total = members.length;
    const [topicRows, narrativeRows] = await Promise.all([
      db.selectFrom('topics_topics').selectAll().where('run_id', '=', run.run_id).where('organization_id', '=', user.organization_id).orderBy('position').execute(),
      db.selectFrom('topics_narratives').selectAll().where('run_id', '=', run.run_id).where('organization_id', '=', user.organization_id).orderBy('position').execute(),
    ]);
    return {
      run_id: run.run_id,
      topics_status,
      total_posts: total,
      conversation_total_posts: run.post_count,
      topics: topicRows.filter((t) => dates.has(t.rid)).map((t) => ({
        rid: t.rid, title: t.title, ngrams: parse<string[]>(t.ngrams, []),
        post_dates: dates.get(t.rid)!.sort(), cohesion_score: t.cohesion_score === null ? null : Number(t.cohesion_score),
        post_count: dates.get(t.rid)!.length, keywords: parse<string[]>(t.keywords, []),
      })),
      narratives: narrativeRows.filter((n) => dates.has(n.id)).map((n) => {
        const count = dates.get(n.id)!.length;
        return {
          id: n.id, ngrams: parse<string[]>(n.ngrams, []), post_count: count, post_percent: total ? count / total : 0,
          coordination_cluster_count: n.coordination_cluster_count, engagement_score: Number(n.engagement_score),
          category: n.category, title: n.title, description: n.description, is_threat: n.is_threat === 1,
          risk_level: n.risk_level as RiskLevel, risk: riskAssessmentSchema.parse(JSON.parse(n.risk)),
          conversation_post_count: n.post_count, conversation_post_percent: Number(n.post_percent),
          entities: narrativeEntityListSchema.parse(JSON.parse(n.entities)),
        };
      }),
      conversation_risk: run.conversation_risk ? riskAssessmentSchema.parse(JSON.parse(run.conversation_risk)) : null,
    };
  });

  r.get(INSIGHT_TOPICS_PATH, {
    summary: "Posts per topic by their authors' analyst-insight subcategory and country of origin",
    query: filteredQuery(insightTopicsQuerySchema.shape), response: topicInsightCountListSchema,
  }, async (ctx): Promise<TopicInsightCount[]> => {
    const user = requireUser(ctx);
    const { filters } = ctx.query;
    const db = tablesOf<TopicsTables>(ctx.app.storage);
    const { run } = await resolveRun(ctx, db, user, ctx.query.conversation_id);
    if (!run) return [];
    const scope = { organizationId: user.organization_id, conversationId: ctx.query.conversation_id, runId: run.run_id };
    const members = await filteredMembership(ctx, scope, filters);
    const facets = facetsOf(ctx);
    const [subcategories, countries] = await Promise.all([
      facetValues(ctx.app.storage, facets, 'insight_subcategories', scope),
      facetValues(ctx.app.storage, facets, 'insight_countries_of_origin', scope),
    ]);
    const order = new Map((await db.selectFrom('topics_topics').select(['rid', 'position']).where('run_id', '=', run.run_id).execute())
      .map((t) => [t.rid, t.position]));
    const counts = new Map<string, TopicInsightCount>();
    for (const m of members) {
      if (!m.topic_rid) continue;
      const subs = subcategories.get(m.post_id) ?? [];
      const origins = countries.get(m.post_id) ?? [];
      if (subs.length === 0 && origins.length === 0) continue; // the author has no analyst insight
      for (const subcategory of subs.length ? subs : [null]) {
        for (const country of origins.length ? origins : [null]) {
          const key = JSON.stringify([m.topic_rid, subcategory, country]);
          const row = counts.get(key) ?? { topic: m.topic_rid, count: 0, subcategory, country_of_origin: country,
            risk_category: subcategory ? riskCategoryOf(subcategory) : null };
          row.count += 1;
          counts.set(key, row);
        }
      }
    }
    return [...counts.values()].sort((a, b) => (order.get(a.topic) ?? 0) - (order.get(b.topic) ?? 0) || b.count - a.count
      || String(a.subcategory).localeCompare(String(b.subcategory)) || String(a.country_of_origin).localeCompare(String(b.country_of_origin)));
  });
}
