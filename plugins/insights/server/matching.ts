import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '@core/server/storage/database';
import { actorProfileSql, profileUrlSql, screenSql } from './matchKeys';
import { sameOrganization } from '@core/server/storage/byIds';

/**
 * Which insights meet which posts, as SQL rows `(post_id, insight_id)`: a post meets the insights on its author
 * (platform plus rid, handle, user id or profile link) and on the domains it links (a link whose host is the
 * insight's FQDN or a subdomain of it). Read by the facets, the raw data field, the conversation's insights and the
 * key accounts, so they all agree. Only core's post store tables and this plugin's are named.
 */

/** Which posts: a run's (the scope's run as SQL) or a list of ids. Always inside the organisation. */
export type PostSource = { runId: RawBuilder<string> | string } | { postIds: readonly number[] };

/** Which insights count: approved ones (filters, popups, key accounts) or every one but deleted (lists). */
export type StatusRule = 'approved' | 'live';

function postsOf(dialect: DialectName, organizationId: string, source: PostSource) {
  if ('runId' in source) {
    return {
      from: sql`posts_run_posts rp join posts_posts p on p.id = rp.post_id`, where: sql`rp.run_id = ${source.runId} and p.organization_id = ${organizationId}`,
      linksFirst: false,
    };
  }
  const ids = source.postIds.length ? source.postIds : [-1];
  // A page of ids is read by primary key (sameOrganization): SQLite's planner otherwise prefers the organisation's
  // index and walks every post of the organisation (7 ms for a 20-row raw data page on 50k posts, 0.2 ms by key).
  // Likewise the page's links are read by post (SQLite's CROSS JOIN keeps the written order), not every link of each
  // insight's domain across the corpus (2 ms a page on 200k posts).
  return { from: sql`posts_posts p`, where: sql`p.id in (${sql.join([...ids])}) and ${sameOrganization(organizationId, 'p.organization_id')}`, linksFirst: dialect === 'sqlite' };
}

/**
 * Key row `k` names actor `a` (aliases of posts_actors and insights_match_keys): same platform, and the key equals the
 * actor's column of its kind. The four candidates go in one `in (...)` so the key index serves the join.
 */
export function accountKeyMatches(dialect: DialectName, a: string, k: string): RawBuilder<boolean> {
  const col = (name: string) => sql.ref(`${a}.${name}`);
  const key = sql.ref(`${k}.key`);
  const kind = sql.ref(`${k}.kind`);
  const screen = screenSql(sql`${col('screen_name')}`, dialect);
  const url = profileUrlSql(actorProfileSql(a), dialect);
  return sql<boolean>`${sql.ref(`${k}.platform`)} = ${col('platform')} and ${key} in (${col('rid')}, ${screen}, ${col('user_id')}, ${url})
    and ((${kind} = 'rid' and ${key} = ${col('rid')}) or (${kind} = 'screen' and ${key} = ${screen})
      or (${kind} = 'user_id' and ${key} = ${col('user_id')}) or (${kind} = 'url' and ${key} = ${url}))`;
}

/** Actor `a` (alias) has an insight of the rule on its account. */
export function actorHasInsight(dialect: DialectName, organizationId: string, a: string, rule: StatusRule): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from insights_match_keys hk join insights_insights hi on hi.id = hk.insight_id
    where hk.organization_id = ${organizationId} and ${accountKeyMatches(dialect, a, 'hk')} and ${statusSql(rule, 'hi')})`;
}

function statusSql(rule: StatusRule, alias = 'i') {
  const status = sql.ref(`${alias}.status`);
  return rule === 'approved' ? sql`${status} = 'approved'` : sql`${status} <> 'deleted'`;
}

/**
 * The pairs. An account's four keys are compared in one `in (...)` on the indexed key (one pass over the posts);
 * the kind must then agree with the column that matched. Domains go through `posts_urls.domain` (indexed) with
 * the host checked after. Nothing is read when the organisation has no insight of the rule (one indexed probe).
 */
export function matchedPairs(dialect: DialectName, organizationId: string, source: PostSource, rule: StatusRule): RawBuilder<{ post_id: number; insight_id: string }> {
  const posts = postsOf(dialect, organizationId, source);
  return sql<{ post_id: number; insight_id: string }>`select m.post_id as post_id, m.insight_id as insight_id from (
      select p.id as post_id, k.insight_id as insight_id
        from ${posts.from}
        join posts_actors a on a.id = p.actor_id
        join insights_match_keys k on k.organization_id = ${organizationId} and ${accountKeyMatches(dialect, 'a', 'k')}
       where ${posts.where}
      union all
      select p.id as post_id, k.insight_id as insight_id
        from ${posts.from}
        join posts_urls u on u.post_id = p.id
        ${posts.linksFirst ? sql`cross join` : sql`join`} insights_match_keys k on k.organization_id = ${organizationId} and k.kind = 'domain' and k.key = u.domain
       where ${posts.where} and (u.host = k.fqdn or u.domain = k.fqdn or u.host like ('%.' || k.fqdn))
    ) m
    join insights_insights i on i.id = m.insight_id and i.organization_id = ${organizationId}
   where ${statusSql(rule)}
     and exists (select 1 from insights_insights x where x.organization_id = ${organizationId} and ${statusSql(rule, 'x')})`;
}

/** The distinct insights meeting the posts. */
export function matchedInsightIds(dialect: DialectName, organizationId: string, source: PostSource, rule: StatusRule): RawBuilder<{ insight_id: string }> {
  return sql<{ insight_id: string }>`select distinct mp.insight_id as insight_id from (${matchedPairs(dialect, organizationId, source, rule)}) mp`;
}

/** Of `runIds`, the runs holding a post that meets insight `insightId` (by its author or a link), whatever its status. */
export function runsMeeting(dialect: DialectName, organizationId: string, insightId: string, runIds: readonly string[]): RawBuilder<{ run_id: string }> {
  const runs = sql.join(runIds.length ? [...runIds] : ['']);
  return sql<{ run_id: string }>`select distinct rp.run_id as run_id
      from posts_run_posts rp join posts_posts p on p.id = rp.post_id
      join posts_actors a on a.id = p.actor_id
      join insights_match_keys k on k.insight_id = ${insightId} and k.organization_id = ${organizationId} and ${accountKeyMatches(dialect, 'a', 'k')}
     where rp.run_id in (${runs}) and p.organization_id = ${organizationId}
    union
    select distinct rp.run_id as run_id
      from posts_run_posts rp join posts_urls u on u.post_id = rp.post_id
      join insights_match_keys k on k.insight_id = ${insightId} and k.organization_id = ${organizationId} and k.kind = 'domain' and k.key = u.domain
     where rp.run_id in (${runs}) and (u.host = k.fqdn or u.domain = k.fqdn or u.host like ('%.' || k.fqdn))`;
}
