import { sql } from 'kysely';
import { z } from 'zod';
import { badRequest } from '@core/server/http/errors';
import { filteredQuery } from '@core/server/http/querySchema';
import { requireUser, type RouteRegistrar } from '@core/server/http/routes';
import { postScopeKey } from '@core/server/postScope';
import { accountKey, insightLookupKey, riskCategoryOf, type AccountRef, type Insight, type InsightLookup } from '@plugins/insights/shared/public';
import {
  DOMAIN_DETAILS_PATH, URLS_MESSAGES, domainDetailsQuerySchema, domainDetailsSchema, type DetectedRisk, type DomainDetails,
} from '../../shared/api';
import { labelsOf } from '../domainLabels';
import { canonicalDomain, scopedLinks } from '../links';
import { registrationHistory, snapshotsOf, toRegistration } from '../registrations';
import { domainSignals } from '../signals';
import { dbOf } from '../tables';
import { int } from '../links';

const domainParams = z.object({ domain: z.string().min(1).max(253) });

/** domain-details/{domain} (spec section 7): the domain's activity, links, registration and its history, risk. */
export function registerDomainDetailsRoute(r: RouteRegistrar): void {
  r.get(DOMAIN_DETAILS_PATH, {
    summary: 'One domain in a conversation: source, total_count, unique_users, first_seen, last_seen, its URLs, registration and risk',
    description: 'The domain is its registrable form (news.example.com answers for example.com). urls: the most shared links of the domain '
      + '(maxResults, default 10) with the posts among them by accounts with approved insights. registration: the newest RDAP '
      + 'snapshot; history=true adds every change between snapshots, newest first (at most maxResults). detected_risk: the risk '
      + 'categories of approved insights on the domain and on the accounts that shared it.',
    params: domainParams, query: filteredQuery(domainDetailsQuerySchema.shape), response: domainDetailsSchema,
  }, async (ctx): Promise<DomainDetails> => {
    const user = requireUser(ctx);
    const domain = canonicalDomain(ctx.params.domain);
    if (domain === null) throw badRequest(URLS_MESSAGES.badDomain);
    const { conversation_id: conversationId, history, maxResults, filters } = ctx.query;
    const posts = ctx.app.services.get(postScopeKey);
    const scope = await posts.resolve(user.organization_id, conversationId);
    const db = dbOf(ctx.app.storage);
    const lookup = ctx.app.services.has(insightLookupKey) ? ctx.app.services.get(insightLookupKey) : null;

    const [labels, snapshots] = await Promise.all([labelsOf(db, user.organization_id, [domain]), snapshotsOf(db, user.organization_id, [domain])]);
    const ofDomain = snapshots.get(domain) ?? [];
    const current = ofDomain.length > 0 ? ofDomain[ofDomain.length - 1]! : null;
    const base = {
      source: domain, category: labels.get(domain) ?? null, registration: current ? toRegistration(current) : null,
      ...(history ? { history: registrationHistory(ofDomain).slice(0, maxResults) } : {}),
    };
    const empty = { total_count: 0, unique_users: 0, first_seen: null, last_seen: null, urls: [], timeline: [], detected_risk: [] };
    if (scope.runId === null) return { ...base, ...empty, signals: domainSignals({ posts: 0, accounts: 0, first_seen: '', last_seen: '' }, null) };

    const links = () => scopedLinks({ db, posts, scope: { ...scope, runId: scope.runId! }, filters }).where('u.domain', '=', domain);
    const totals = await links().select([sql<number>`count(distinct p.id)`.as('posts'), sql<number>`count(distinct p.actor_id)`.as('accounts'),
      sql<string | null>`min(p.published_at)`.as('first_seen'), sql<string | null>`max(p.published_at)`.as('last_seen')]).executeTakeFirstOrThrow();
    if (int(totals.posts) === 0) return { ...base, ...empty, signals: domainSignals({ posts: 0, accounts: 0, first_seen: '', last_seen: '' }, null) };

    const topUrls = await links().select(['u.url', sql<number>`count(distinct p.id)`.as('value')])
      .groupBy('u.url').orderBy(sql`count(distinct p.id)`, 'desc').orderBy('u.url').limit(maxResults).execute();
    const day = sql<string>`substr(p.published_at, 1, 10)`;
    const timeline = await links().select([day.as('date'), sql<number>`count(distinct p.id)`.as('value')]).groupBy(day).orderBy(day).execute();
    // The sharers of the top URLs: who has approved insights, for "posts per url with insights" and detected risk.
    const sharers = await links().innerJoin('posts_actors as a', 'a.id', 'p.actor_id')
      .select(['u.url', 'p.id as post_id', 'a.platform', 'a.rid', 'a.screen_name', 'a.user_id', 'a.embedded_profile_url', 'a.url as account_url']).execute();
    const insights = await insightsOf(lookup, user.organization_id, domain, sharers.map((s) => ({
      platform: s.platform, rid: s.rid, screen_name: s.screen_name, user_id: s.user_id, url: s.embedded_profile_url ?? s.account_url,
    })));
    const withInsights = new Map<string, Set<number>>();
    for (const s of sharers) {
      if (!insights.accounts.has(accountKey(s))) continue;
      const set = withInsights.get(s.url) ?? new Set<number>();
      set.add(Number(s.post_id));
      withInsights.set(s.url, set);
    }
    const activity = { posts: int(totals.posts), accounts: int(totals.accounts), first_seen: totals.first_seen!, last_seen: totals.last_seen! };
    return {
      ...base,
      total_count: activity.posts, unique_users: activity.accounts, first_seen: activity.first_seen, last_seen: activity.last_seen,
      urls: topUrls.map((u) => ({ url: u.url, value: int(u.value), posts_with_insights: withInsights.get(u.url)?.size ?? 0 })),
      timeline: timeline.map((t) => ({ date: t.date, value: int(t.value) })),
      detected_risk: detectedRisk(insights.accounts, insights.domain),
      signals: domainSignals(activity, current?.reg_created_at ?? null),
    };
  });
}

interface SharerInsights { accounts: Map<string, Insight[]>; domain: Insight[] }

async function insightsOf(lookup: InsightLookup | null, organizationId: string, domain: string, accounts: AccountRef[]): Promise<SharerInsights> {
  if (!lookup) return { accounts: new Map(), domain: [] };
  const unique = [...new Map(accounts.map((a) => [accountKey(a), a])).values()];
  const [byAccount, byDomain] = await Promise.all([lookup.approvedForAccounts(organizationId, unique), lookup.approvedForDomains(organizationId, [domain])]);
  return { accounts: byAccount, domain: byDomain.get(domain) ?? [] };
}

/**
 * Detected risk (section 3): per risk category of the approved insights' subcategories, how many of the sharing
 * accounts and whether the domain itself (0 or 1 here: the call is about one domain) fall in it. Most accounts first.
 */
export function detectedRisk(accounts: Map<string, Insight[]>, domainInsights: readonly Insight[]): DetectedRisk[] {
  const byCategory = new Map<string, { accounts: Set<string>; domains: number }>();
  const entry = (category: string) => {
    const e = byCategory.get(category) ?? { accounts: new Set<string>(), domains: 0 };
    byCategory.set(category, e);
    return e;
  };
  for (const [key, list] of accounts) for (const category of categoriesOf(list)) entry(category).accounts.add(key);
  for (const category of categoriesOf(domainInsights)) entry(category).domains = 1;
  return [...byCategory].map(([risk_category, e]) => ({ risk_category, number_accounts: e.accounts.size, number_domains: e.domains }))
    .sort((a, b) => b.number_accounts - a.number_accounts || b.number_domains - a.number_domains || a.risk_category.localeCompare(b.risk_category));
}

const categoriesOf = (insights: readonly Insight[]) => new Set(insights.flatMap((i) => i.additional_properties.subcategory.map(riskCategoryOf)));
