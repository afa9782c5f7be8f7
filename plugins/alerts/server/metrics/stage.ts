import crypto from 'node:crypto';
import { defineStage } from '@core/server/plugin/contract';
import type { StageContext } from '@core/server/pipeline/stages';
import { postScopeKey } from '@core/server/postScope';
import { emptyFilters, type Filters } from '@core/shared/filters';
import { insightLookupKey } from '@plugins/insights/shared/public';
import { NARRATIVES_STAGE_ID, narrativesServiceKey } from '@plugins/topics/shared/public';
import { METRICS_STAGE_ID } from '../../shared/public';
import { dbOf, type Db, type MetricRow } from '../tables';
import { sameOrganization } from '@core/server/storage/byIds';
import { ActorCategories } from './actorCategories';
import { MetricTally, type MetricBucket } from './compute';
import { SortedIds } from './sortedIds';

const THREAT_DIMENSION = 'contains_threatening_language';
const BATCH = 2000;

/** A continuous conversation's runs (scheduled, or re-runs of one) each collect the 7 days before them. */
const isContinuous = (runType: string) => runType.startsWith('SCHEDULED_');

/** The conversation's previous run with metrics (before this run's time), or null when there is none. */
async function previousRun(ctx: StageContext, db: Db, timestamp: string): Promise<string | null> {
  const prior = await db.selectFrom('alerts_metrics').select('run_id')
    .where('organization_id', '=', ctx.organizationId).where('conversation_id', '=', ctx.conversationId)
    .where('metric', '=', 'post_count').where('timestamp', '<', timestamp).where('run_id', '!=', ctx.runId)
    .orderBy('timestamp', 'desc').orderBy('run_id', 'desc').limit(1).executeTakeFirst();
  return prior?.run_id ?? null;
}

/**
 * The post ids of a run: this run's posts outside the previous run's are the ones new since. Posts are stored once per
 * organisation, so a post collected again by the next overlapping window keeps its id.
 */
async function postsOfRun(ctx: StageContext, runId: string): Promise<SortedIds> {
  const ids = await ctx.services.get(postScopeKey)
    .select({ organizationId: ctx.organizationId, conversationId: ctx.conversationId, runId }, emptyFilters()).ids();
  return new SortedIds(ids.map(Number));
}

/**
 * A continuous run that collected nothing: a bucket of zero (post_count 0, risk_score 0, new posts 0) for each series
 * the previous run had, so the series has a point at this run (a quiet week is a value, not a gap) and the next run's
 * new posts are counted against this empty run, not against the last run that had posts.
 */
async function emptyBuckets(ctx: StageContext, db: Db, previousRunId: string): Promise<MetricBucket[]> {
  const series = await db.selectFrom('alerts_metrics').select(['narrative', 'platform', 'risk_category']).distinct()
    .where('organization_id', '=', ctx.organizationId).where('run_id', '=', previousRunId).where('metric', '=', 'post_count')
    .orderBy('narrative').orderBy('platform').orderBy('risk_category').execute();
  return series.map((s) => ({ ...s, post_count: 0, risk_score: 0, new_posts: 0 }));
}

/**
 * DAG step 5: the spec's conversation metrics for the run. Posts come through core's post scope (the run's posts),
 * narratives from the topics plugin's service, risk categories from the insights plugin's approved insights on the
 * authors. Idempotent: the run's rows are replaced in one transaction. A continuous conversation's post_count rows also
 * carry the posts new since its previous run (`new_posts`, tables.ts), which the unusual-change criterion judges; a
 * continuous run that collected nothing writes zeros for the previous run's series (`emptyBuckets`).
 */
export const metricsStage = defineStage({
  id: METRICS_STAGE_ID,
  title: 'Conversation metrics',
  version: 2,
  dagStep: 5,
  dependsOn: [NARRATIVES_STAGE_ID],
  async run(ctx) {
    const db = dbOf(ctx.storage);
    const posts = ctx.services.get(postScopeKey);
    const scope = { organizationId: ctx.organizationId, conversationId: ctx.conversationId, runId: ctx.runId };
    const topics = ctx.services.has(narrativesServiceKey) ? ctx.services.get(narrativesServiceKey) : null;
    const threatening = posts.providedDimensions().includes(THREAT_DIMENSION)
      ? new SortedIds(await posts.select(scope, { ...emptyFilters(), [THREAT_DIMENSION]: true } as Filters).ids()) : new SortedIds([]);
    // One matcher for the run's batches: the organisation's approved account insights read once (when few).
    const matcher = ctx.services.has(insightLookupKey) ? await ctx.services.get(insightLookupKey).accountMatcher(ctx.organizationId) : null;
    const categories = new ActorCategories(db, ctx.organizationId, matcher);
    const run = await db.selectFrom('core_pipeline_runs').select('created_at').where('id', '=', ctx.runId).executeTakeFirst();
    const timestamp = run?.created_at ?? new Date().toISOString();
    const previousRunId = isContinuous(ctx.run.runType) ? await previousRun(ctx, db, timestamp) : null;
    const previous = previousRunId ? await postsOfRun(ctx, previousRunId) : null;

    // Counted batch by batch (ascending ids): no object per post of the run is kept (5M-post runs, issue 19); the
    // narratives of a batch are its id range's, each author's risk category is looked up once.
    const tally = new MetricTally();
    for await (const ids of posts.select(scope, emptyFilters()).batches(BATCH)) {
      if (ctx.signal.aborted) throw new Error('aborted');
      const rows = await db.selectFrom('posts_posts as p').select(['p.id', 'p.platform', 'p.actor_id'])
        .where(sameOrganization(ctx.organizationId, 'p.organization_id')).where('p.id', 'in', ids).execute();
      const topicOf = topics ? await topics.topicOfPostsBetween(ctx.organizationId, ctx.runId, ids[0]!, ids[ids.length - 1]!) : new Map<number, string>();
      await categories.learn(rows.map((r) => r.actor_id));
      for (const r of rows) {
        const id = Number(r.id);
        tally.add({
          platform: r.platform, narrative: topicOf.get(id) ?? '', riskCategory: categories.of(r.actor_id), threatening: threatening.has(id),
          isNew: previous ? !previous.has(id) : undefined,
        });
      }
    }

    const buckets = tally.isEmpty && previousRunId ? await emptyBuckets(ctx, db, previousRunId) : tally.buckets();
    const rows: MetricRow[] = buckets.flatMap((b) => (['post_count', 'risk_score'] as const).map((metric) => ({
      id: crypto.randomUUID(), organization_id: ctx.organizationId, conversation_id: ctx.conversationId, run_id: ctx.runId,
      narrative: b.narrative, platform: b.platform, risk_category: b.risk_category, timestamp, metric,
      value: b[metric], weight: b.post_count, new_posts: previous && metric === 'post_count' ? b.new_posts : null,
    })));
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('alerts_metrics').where('run_id', '=', ctx.runId).execute();
      for (let i = 0; i < rows.length; i += 500) await trx.insertInto('alerts_metrics').values(rows.slice(i, i + 500)).execute();
    });
    ctx.progress(1, `${rows.length / 2} metric buckets`);
  },
});
