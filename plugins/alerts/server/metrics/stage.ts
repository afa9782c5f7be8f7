import crypto from 'node:crypto';
import { defineStage } from '@core/server/plugin/contract';
import { postScopeKey } from '@core/server/postScope';
import { emptyFilters, type Filters } from '@core/shared/filters';
import { accountKey, insightLookupKey, type AccountRef } from '@plugins/insights/shared/public';
import { NARRATIVES_STAGE_ID, narrativesServiceKey } from '@plugins/topics/shared/public';
import { METRICS_STAGE_ID } from '../../shared/public';
import { dbOf, type MetricRow } from '../tables';
import { metricBuckets, riskCategoryOfSubcategories, type MetricPost } from './compute';

const THREAT_DIMENSION = 'contains_threatening_language';
const BATCH = 2000;

/**
 * DAG step 5: the spec's conversation metrics for the run. Posts come through core's post scope (the run's posts),
 * narratives from the topics plugin's service, risk categories from the insights plugin's approved insights on the
 * authors. Idempotent: the run's rows are replaced in one transaction.
 */
export const metricsStage = defineStage({
  id: METRICS_STAGE_ID,
  title: 'Conversation metrics',
  version: 1,
  dagStep: 5,
  dependsOn: [NARRATIVES_STAGE_ID],
  async run(ctx) {
    const db = dbOf(ctx.storage);
    const posts = ctx.services.get(postScopeKey);
    const scope = { organizationId: ctx.organizationId, conversationId: ctx.conversationId, runId: ctx.runId };
    const topicOf = ctx.services.has(narrativesServiceKey)
      ? await ctx.services.get(narrativesServiceKey).topicOfPosts(ctx.organizationId, ctx.runId) : new Map<number, string>();
    const threatening = posts.providedDimensions().includes(THREAT_DIMENSION)
      ? new Set(await posts.select(scope, { ...emptyFilters(), [THREAT_DIMENSION]: true } as Filters).ids()) : new Set<number>();
    const lookup = ctx.services.has(insightLookupKey) ? ctx.services.get(insightLookupKey) : null;

    const metricPosts: MetricPost[] = [];
    for await (const ids of posts.select(scope, emptyFilters()).batches(BATCH)) {
      if (ctx.signal.aborted) throw new Error('aborted');
      const rows = await db.selectFrom('posts_posts as p').leftJoin('posts_actors as a', 'a.id', 'p.actor_id')
        .select(['p.id', 'p.platform', 'a.platform as actor_platform', 'a.rid as actor_rid', 'a.screen_name', 'a.user_id', 'a.url'])
        .where('p.organization_id', '=', ctx.organizationId).where('p.id', 'in', ids).execute();
      const accounts = new Map<string, AccountRef>();
      for (const r of rows) {
        if (r.actor_rid && r.actor_platform) {
          accounts.set(accountKey({ platform: r.actor_platform, rid: r.actor_rid }),
            { platform: r.actor_platform, rid: r.actor_rid, screen_name: r.screen_name, user_id: r.user_id, url: r.url });
        }
      }
      const insights = lookup && accounts.size > 0 ? await lookup.approvedForAccounts(ctx.organizationId, [...accounts.values()]) : new Map();
      const categoryOf = new Map<string, string>();
      for (const [key, list] of insights) {
        categoryOf.set(key, riskCategoryOfSubcategories(list.flatMap((i: { additional_properties: { subcategory: string[] } }) => i.additional_properties.subcategory)));
      }
      for (const r of rows) {
        const id = Number(r.id);
        const key = r.actor_rid && r.actor_platform ? accountKey({ platform: r.actor_platform, rid: r.actor_rid }) : '';
        metricPosts.push({
          platform: r.platform, narrative: topicOf.get(id) ?? '', riskCategory: categoryOf.get(key) ?? 'Default', threatening: threatening.has(id),
        });
      }
    }

    const run = await db.selectFrom('core_pipeline_runs').select('created_at').where('id', '=', ctx.runId).executeTakeFirst();
    const timestamp = run?.created_at ?? new Date().toISOString();
    const rows: MetricRow[] = metricBuckets(metricPosts).flatMap((b) => (['post_count', 'risk_score'] as const).map((metric) => ({
      id: crypto.randomUUID(), organization_id: ctx.organizationId, conversation_id: ctx.conversationId, run_id: ctx.runId,
      narrative: b.narrative, platform: b.platform, risk_category: b.risk_category, timestamp, metric,
      value: b[metric], weight: b.post_count,
    })));
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('alerts_metrics').where('run_id', '=', ctx.runId).execute();
      for (let i = 0; i < rows.length; i += 500) await trx.insertInto('alerts_metrics').values(rows.slice(i, i + 500)).execute();
    });
    ctx.progress(1, `${rows.length / 2} metric buckets`);
  },
});
