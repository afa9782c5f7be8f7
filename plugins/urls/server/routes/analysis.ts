import { filteredQuery } from '@core/server/http/querySchema';
import { requireUser, type RouteRegistrar } from '@core/server/http/routes';
import { postScopeKey } from '@core/server/postScope';
import {
  DOMAINS_SHARED_PATH, URL_USERS_PATH, URLS_SHARED_PATH, domainsSharedQuerySchema, sharedDomainSchema, sharedUrlSchema,
  urlUserSchema, urlUsersQuerySchema, urlsSharedQuerySchema, type SharedDomain, type SharedUrl, type UrlUser,
} from '../../shared/api';
import { labelsOf } from '../domainLabels';
import { sharedLinksCacheOf } from '../linkCache';
import { int, scopedLinks } from '../links';
import { sharedLinks } from '../runLinks';
import { currentRegistrations } from '../registrations';
import { domainSignals } from '../signals';
import { dbOf } from '../tables';

/** The shared URLs, urls-shared and domains-shared, and who shared a URL, url-node-users-info (spec section 7). */
export function registerSharedRoutes(r: RouteRegistrar): void {
  r.get(URLS_SHARED_PATH, {
    summary: 'Shared URLs of a conversation under the filters: url and value (posts sharing it), most shared first',
    description: 'Optional `url` answers that URL only; `exclude_twitter=true` leaves out posts of X (twitter). unique_users counts '
      + 'the accounts that shared it; first_seen and last_seen are its first and last post. At most `limit` rows (default 1000).',
    query: filteredQuery(urlsSharedQuerySchema.shape), response: sharedUrlSchema.array(),
  }, async (ctx): Promise<SharedUrl[]> => {
    const user = requireUser(ctx);
    const { conversation_id: conversationId, url, exclude_twitter: excludeTwitter, limit, filters } = ctx.query;
    const posts = ctx.app.services.get(postScopeKey);
    const scope = await posts.resolve(user.organization_id, conversationId);
    if (scope.runId === null) return [];
    const rows = await sharedLinks(dbOf(ctx.app.storage), posts, { ...scope, runId: scope.runId }, 'url', { filters, excludeTwitter, limit, url },
      sharedLinksCacheOf(ctx.app));
    return rows.map((r) => ({ url: r.key, value: r.value, domain: r.domain, unique_users: r.unique_users, first_seen: r.first_seen, last_seen: r.last_seen }));
  });

  r.get(DOMAINS_SHARED_PATH, {
    summary: 'Shared domains of a conversation under the filters: domain and value (posts linking it), most shared first',
    description: 'Registrable domains (bbc.co.uk, not news.bbc.co.uk). With each: accounts and distinct links, first and last share, the '
      + "admin domain list's category, the registration's creation date and the signals (days registered before the first share, "
      + 'new-domain flag, shares per day, accounts). `exclude_twitter=true` leaves out posts of X (twitter).',
    query: filteredQuery(domainsSharedQuerySchema.shape), response: sharedDomainSchema.array(),
  }, async (ctx): Promise<SharedDomain[]> => {
    const user = requireUser(ctx);
    const { conversation_id: conversationId, exclude_twitter: excludeTwitter, limit, filters } = ctx.query;
    const posts = ctx.app.services.get(postScopeKey);
    const scope = await posts.resolve(user.organization_id, conversationId);
    if (scope.runId === null) return [];
    const db = dbOf(ctx.app.storage);
    const rows = (await sharedLinks(db, posts, { ...scope, runId: scope.runId }, 'domain', { filters, excludeTwitter, limit }, sharedLinksCacheOf(ctx.app)))
      .map((r) => ({ ...r, domain: r.key }));
    const domains = rows.map((r) => r.domain);
    const [labels, registrations] = await Promise.all([
      labelsOf(db, user.organization_id, domains), currentRegistrations(db, user.organization_id, domains),
    ]);
    return rows.map((r) => {
      const activity = { posts: int(r.value), accounts: int(r.unique_users), first_seen: r.first_seen, last_seen: r.last_seen };
      const created = registrations.get(r.domain)?.reg_created_at ?? null;
      return {
        domain: r.domain, value: activity.posts, unique_users: activity.accounts, unique_urls: int(r.unique_urls),
        first_seen: r.first_seen, last_seen: r.last_seen, category: labels.get(r.domain) ?? null, reg_created_at: created,
        signals: domainSignals(activity, created),
      };
    });
  });

  r.get(URL_USERS_PATH, {
    summary: 'Who shared a URL in the conversation: one row per post (post_date, account), newest first',
    description: 'Workspace filters narrow the rows like every analysis call. profile_url is the account\'s profile link.',
    query: filteredQuery(urlUsersQuerySchema.shape), response: urlUserSchema.array(),
  }, async (ctx): Promise<UrlUser[]> => {
    const user = requireUser(ctx);
    const { conversation_id: conversationId, url, filters } = ctx.query;
    const posts = ctx.app.services.get(postScopeKey);
    const scope = await posts.resolve(user.organization_id, conversationId);
    if (scope.runId === null) return [];
    const db = dbOf(ctx.app.storage);
    const rows = await scopedLinks({ db, posts, scope: { ...scope, runId: scope.runId }, filters })
      .innerJoin('posts_actors as a', 'a.id', 'p.actor_id')
      .where('u.url', '=', url)
      .select(['p.published_at', 'p.id', 'p.platform', 'a.rid', 'a.screen_name', 'a.display_name', 'a.avatar_url', 'a.embedded_profile_url', 'a.url as account_url'])
      .orderBy('p.published_at', 'desc').orderBy('p.id', 'desc').execute();
    return rows.map((r) => ({
      post_date: r.published_at, rid: r.rid, screen_name: r.screen_name, display_name: r.display_name, avatar_url: r.avatar_url,
      profile_url: r.embedded_profile_url ?? r.account_url, platform: r.platform,
    }));
  });
}
