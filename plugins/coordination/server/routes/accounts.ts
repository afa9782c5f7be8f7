import type { RouteRegistrar } from '@core/server/http/routes';
import type { ServiceRegistry } from '@core/shared/services/registry';
import { accountKey, insightLookupKey } from '@plugins/insights/shared/public';
import { requireUser } from '@core/server/http/routes';
import { badRequest, notFound } from '@core/server/http/errors';
import {
  ACCOUNT_DETAILS_CACHE_SECONDS, ACCOUNTS_PATH, accountUrlsSchema, actorListSchema, actorSchema, conversationQuerySchema,
  detailsListQuerySchema, MAX_DETAILS_LIST, MESSAGES, ridParamsSchema, type Actor,
} from '../../shared/api';
import { actorByRid, actorClasses, conversationView, dbOf, type Db } from './resolve';
import { sameOrganization } from '@core/server/storage/byIds';

const CACHE = `private, max-age=${ACCOUNT_DETAILS_CACHE_SECONDS}`;

function parseJsonObject(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch { return {}; }
}

async function actorDetails(db: Db, services: ServiceRegistry, organizationId: string, runId: string | null, actorIds: readonly number[]): Promise<Actor[]> {
  if (actorIds.length === 0) return [];
  const rows = await db.selectFrom('posts_actors').selectAll().where(sameOrganization(organizationId)).where('id', 'in', [...actorIds]).execute();
  // Approved analyst insights come from the insights plugin when it is installed (matched by platform id, handle,
  // user id or profile link, as its filters match them); without it there are none to show.
  const insights = services.has(insightLookupKey)
    ? await services.get(insightLookupKey).approvedForAccounts(organizationId, rows.map((a) => ({
      platform: a.platform, rid: a.rid, screen_name: a.screen_name, user_id: a.user_id, url: a.embedded_profile_url ?? a.url,
    })))
    : new Map<string, unknown[]>();
  const clusters = runId === null ? [] : await db.selectFrom('coordination_vertices').select(['actor_id', 'cluster_id'])
    .where('run_id', '=', runId).where('actor_id', 'in', [...actorIds]).execute();
  const clusterOf = new Map(clusters.map((c) => [c.actor_id, c.cluster_id]));
  const byId = new Map(rows.map((a) => [a.id, a]));
  return actorIds.flatMap((id) => {
    const a = byId.get(id);
    if (!a) return [];
    const classes = actorClasses(a.platform);
    return [{
      platform: a.platform, id: a.id, rid: a.rid, screen_name: a.screen_name, display_name: a.display_name,
      class: classes.actor, post_class: classes.post, location: a.location, url: a.url, avatar_url: a.avatar_url, bio: a.bio,
      created_at: a.created_at, embedded_profile_url: a.embedded_profile_url,
      insights: insights.get(accountKey(a)) ?? [], additional_properties: parseJsonObject(a.additional_properties), coordinationClusterId: clusterOf.get(a.id) ?? null,
    }];
  });
}

export function registerAccountRoutes(r: RouteRegistrar): void {
  r.get(`${ACCOUNTS_PATH}/details_list`, {
    summary: 'Details of several accounts (account_ids: a JSON array of rids), in the order asked; unknown rids are left out',
    query: detailsListQuerySchema, response: actorListSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    let rids: unknown;
    try { rids = JSON.parse(ctx.query.account_ids); } catch { rids = null; }
    if (!Array.isArray(rids) || rids.length === 0 || !rids.every((x) => typeof x === 'string' && x.length > 0 && x.length <= 512)) {
      throw badRequest('Invalid request', ['querystring.account_ids: expected a JSON array of account ids']);
    }
    if (rids.length > MAX_DETAILS_LIST) throw badRequest('Invalid request', [`querystring.account_ids: at most ${MAX_DETAILS_LIST} account ids`]);
    const db = dbOf(ctx.app.storage);
    const view = await conversationView(ctx.app, user.organization_id, ctx.query.conversation_id);
    const ids: number[] = [];
    for (const rid of new Set(rids as string[])) {
      const id = await actorByRid(db, user.organization_id, view.runId, rid);
      if (id !== null) ids.push(id);
    }
    ctx.reply.header('Cache-Control', CACHE);
    return actorDetails(db, ctx.app.services, user.organization_id, view.detection?.run_id ?? null, ids);
  });

  r.get(`${ACCOUNTS_PATH}/:rid/details`, {
    summary: "An account's details: profile fields, insights, additional properties and its coordination cluster",
    params: ridParamsSchema, query: conversationQuerySchema, response: actorSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = dbOf(ctx.app.storage);
    const view = await conversationView(ctx.app, user.organization_id, ctx.query.conversation_id);
    const id = await actorByRid(db, user.organization_id, view.runId, ctx.params.rid);
    const [actor] = id === null ? [] : await actorDetails(db, ctx.app.services, user.organization_id, view.detection?.run_id ?? null, [id]);
    if (!actor) throw notFound(MESSAGES.accountNotFound);
    ctx.reply.header('Cache-Control', CACHE);
    return actor;
  });

  r.get(`${ACCOUNTS_PATH}/:rid/urls`, {
    summary: 'The links an account shared in the conversation, newest first (urls and post_dates are parallel arrays)',
    params: ridParamsSchema, query: conversationQuerySchema, response: accountUrlsSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = dbOf(ctx.app.storage);
    const view = await conversationView(ctx.app, user.organization_id, ctx.query.conversation_id);
    const id = await actorByRid(db, user.organization_id, view.runId, ctx.params.rid);
    if (id === null) throw notFound(MESSAGES.accountNotFound);
    const rows = view.runId === null ? [] : await db.selectFrom('posts_run_posts as rp')
      .innerJoin('posts_posts as p', 'p.id', 'rp.post_id').innerJoin('posts_urls as u', 'u.post_id', 'p.id')
      .select(['u.url', 'p.published_at'])
      .where('rp.run_id', '=', view.runId).where('p.organization_id', '=', user.organization_id).where('p.actor_id', '=', id)
      .orderBy('p.published_at', 'desc').orderBy('p.id').orderBy('u.position').limit(10_000).execute();
    return { urls: rows.map((r) => r.url), post_dates: rows.map((r) => r.published_at) };
  });
}
