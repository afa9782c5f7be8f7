import { getDomain } from 'tldts';
import type { PostScopeService, RunScopeWithRun } from '@core/server/postScope';
import { isEmptyFilters, type Filters } from '@core/shared/filters';
import type { UrlsDb } from './tables';

/**
 * The links of a conversation's posts under the filters: core's `posts_urls` (one row per post and link, with its host
 * and registrable domain) joined to the run's posts through the post scope. It is the same table the `domains` filter
 * reads, so clicking a domain to filter selects exactly the posts counted here (ADR 0009).
 */
export interface LinkScope {
  db: UrlsDb;
  posts: PostScopeService;
  scope: RunScopeWithRun;
  filters: Filters;
  /** Drop platform twitter (shown as X) — the spec's `exclude_twitter`. */
  excludeTwitter?: boolean;
}

/** Counts arrive as strings on PostgreSQL (bigint) and numbers on SQLite. */
export const int = (v: unknown) => Number(v ?? 0);

/** Platform keys `exclude_twitter` drops. */
export const TWITTER_PLATFORMS = ['twitter', 'x'];

/** Rows `u` (posts_urls) x `p` (posts_posts) of the scope's run under the filters. */
export function scopedLinks({ db, posts, scope, filters, excludeTwitter }: LinkScope) {
  return db.selectFrom('posts_run_posts as rp')
    .innerJoin('posts_posts as p', 'p.id', 'rp.post_id')
    .innerJoin('posts_urls as u', 'u.post_id', 'p.id')
    .where('rp.run_id', '=', scope.runId)
    .where('p.organization_id', '=', scope.organizationId)
    .$if(!isEmptyFilters(filters), (q) => q.where(posts.where(scope, filters, 'p')))
    .$if(excludeTwitter === true, (q) => q.where('p.platform', 'not in', TWITTER_PLATFORMS));
}

/**
 * The registrable domain a path or list names, the way the post store computes `posts_urls.domain` (tldts):
 * `WWW.News.Example.co.uk.` -> `example.co.uk`. Null when it is not a domain with a known public suffix.
 */
export function canonicalDomain(text: string): string | null {
  const host = text.trim().toLowerCase().replace(/\.$/, '');
  if (!host.includes('.') || host.length > 253 || !/^[a-z0-9.-]+$/.test(host)) return null;
  return getDomain(host);
}
