import { sql } from 'kysely';
import { requireUser, type RouteRegistrar } from '@core/server/http/routes';
import { postScopeKey } from '@core/server/postScope';
import { isEmptyFilters } from '@core/shared/filters';
import { PLATFORMS, isPlatformKey } from '@core/shared/platforms';
import { KEY_ACCOUNTS_PATH, keyAccountsQuerySchema, keyAccountsSchema } from '../../shared/api';
import { accountKey } from '../../shared/service';
import { createInsightLookup } from '../lookup';
import { actorHasInsight } from '../matching';
import { dbOf } from '../tables';
import { filteredQuery } from '@core/server/http/querySchema';

const classesOf = (platform: string) => (isPlatformKey(platform)
  ? { post: PLATFORMS[platform].postClass, actor: PLATFORMS[platform].userClass as string | null }
  : { post: `${platform.charAt(0).toUpperCase()}${platform.slice(1)}Post`, actor: null });

export function registerKeyAccountRoutes(r: RouteRegistrar): void {
  r.get(KEY_ACCOUNTS_PATH, {
    summary: 'Key insights: the accounts of the conversation with approved insights, by their posts under the filters, most first',
    description: "value: the account's posts in the conversation's latest successful run under the workspace filters; insights_count: its approved insights. top_n defaults to 10.",
    query: filteredQuery(keyAccountsQuerySchema.shape), response: keyAccountsSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const { conversation_id: conversationId, top_n: topN, filters } = ctx.query;
    const posts = ctx.app.services.get(postScopeKey);
    const scope = await posts.resolve(user.organization_id, conversationId);
    if (scope.runId === null) return [];
    const db = dbOf(ctx.app.storage);
    // Posts per author first (one pass over the run under the filters), then only authors with an approved insight.
    const perActor = db.selectFrom('posts_run_posts as rp').innerJoin('posts_posts as p', 'p.id', 'rp.post_id')
      .select(['p.actor_id', sql<number>`count(*)`.as('value')])
      .where('rp.run_id', '=', scope.runId).where('p.organization_id', '=', user.organization_id).where('p.actor_id', 'is not', null)
      .$if(!isEmptyFilters(filters), (q) => q.where(posts.where(scope, filters, 'p')))
      .groupBy('p.actor_id').as('c');
    const rows = await db.selectFrom(perActor).innerJoin('posts_actors as a', 'a.id', 'c.actor_id')
      .select(['a.id', 'a.rid', 'a.platform', 'a.screen_name', 'a.display_name', 'a.user_id', 'a.embedded_profile_url', 'a.url', 'c.value'])
      .where('a.organization_id', '=', user.organization_id)
      .where(actorHasInsight(ctx.app.storage.dialect, user.organization_id, 'a', 'approved'))
      .orderBy('c.value', 'desc').orderBy('a.id').limit(topN).execute();
    const accounts = rows.map((a) => ({ platform: a.platform, rid: a.rid, screen_name: a.screen_name, user_id: a.user_id, url: a.embedded_profile_url ?? a.url }));
    const insights = await createInsightLookup(ctx.app.storage).approvedForAccounts(user.organization_id, accounts);
    return rows.map((a, k) => {
      const classes = classesOf(a.platform);
      return {
        rid: a.rid, screen_name: a.screen_name, display_name: a.display_name, url: accounts[k]!.url, user_id: a.user_id,
        post_class: classes.post, actor_class: classes.actor, value: Number(a.value), platform: a.platform,
        insights_count: insights.get(accountKey(a))?.length ?? 0,
      };
    });
  });
}
