import { sql } from 'kysely';
import { filteredQuery } from '@core/server/http/querySchema';
import { requireUser, type RouteRegistrar } from '@core/server/http/routes';
import { postScopeKey } from '@core/server/postScope';
import { CO_URLS_PATH, coUrlSchema, coUrlsQuerySchema, type CoUrl } from '../../shared/api';
import { scopedLinks } from '../links';
import { dbOf } from '../tables';

/**
 * Co-url data (section 3): the links several accounts shared, with those accounts; per account the other links of
 * the list it shared too, so accounts that share the same set of links stand out (and the navigator can draw them).
 */
export function registerCoUrlsRoute(r: RouteRegistrar): void {
  r.get(CO_URLS_PATH, {
    summary: 'Co-shared URLs: links shared by at least two accounts, with their domain, the accounts (creator ids, names, platforms) and share_count',
    description: 'Most accounts first, at most `limit` links (default 100). extra[k] belongs to creator k: the other listed URLs it shared and '
      + 'the dates it shared this one.',
    query: filteredQuery(coUrlsQuerySchema.shape), response: coUrlSchema.array(),
  }, async (ctx): Promise<CoUrl[]> => {
    const user = requireUser(ctx);
    const { conversation_id: conversationId, exclude_twitter: excludeTwitter, limit, filters } = ctx.query;
    const posts = ctx.app.services.get(postScopeKey);
    const scope = await posts.resolve(user.organization_id, conversationId);
    if (scope.runId === null) return [];
    const db = dbOf(ctx.app.storage);
    const links = () => scopedLinks({ db, posts, scope: { ...scope, runId: scope.runId! }, filters, excludeTwitter });
    const top = await links().select(['u.url', sql<string | null>`max(u.domain)`.as('domain'), sql<number>`count(distinct p.actor_id)`.as('accounts'),
      sql<number>`count(distinct p.id)`.as('shares')])
      .groupBy('u.url').having(sql`count(distinct p.actor_id)`, '>=', 2)
      .orderBy(sql`count(distinct p.actor_id)`, 'desc').orderBy(sql`count(distinct p.id)`, 'desc').orderBy('u.url').limit(limit).execute();
    if (top.length === 0) return [];
    const urls = top.map((t) => t.url);
    const shares = await links().innerJoin('posts_actors as a', 'a.id', 'p.actor_id').where('u.url', 'in', urls)
      .select(['u.url', 'a.rid', 'a.screen_name', 'a.platform', 'p.published_at']).orderBy('p.published_at').execute();
    const byUrl = new Map<string, Map<string, { name: string | null; platform: string; dates: string[] }>>();
    const urlsOfAccount = new Map<string, Set<string>>();
    for (const s of shares) {
      const key = `${s.platform}:${s.rid}`;
      const accounts = byUrl.get(s.url) ?? new Map();
      byUrl.set(s.url, accounts);
      const account = accounts.get(key) ?? { name: s.screen_name, platform: s.platform, dates: [] };
      account.dates.push(s.published_at);
      accounts.set(key, account);
      urlsOfAccount.set(key, (urlsOfAccount.get(key) ?? new Set()).add(s.url));
    }
    return top.map((t) => {
      const accounts = [...(byUrl.get(t.url) ?? new Map<string, { name: string | null; platform: string; dates: string[] }>())];
      return {
        url: t.url,
        domain: t.domain,
        creator_ids: accounts.map(([key]) => key.slice(key.indexOf(':') + 1)),
        names: accounts.map(([, a]) => a.name),
        platforms: accounts.map(([, a]) => a.platform),
        share_count: Number(t.shares),
        extra: accounts.map(([key, a]) => ({ urls: [...(urlsOfAccount.get(key) ?? [])].filter((u) => u !== t.url).sort(), post_dates: a.dates })),
      };
    });
  });
}
