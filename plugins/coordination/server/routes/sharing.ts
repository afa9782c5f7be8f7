import { sql, type SqlBool } from 'kysely';
import { Answer, requireUser, type RouteRegistrar } from '@core/server/http/routes';
import type { FacetScope } from '@core/server/facets/contract';
import { filterPredicate, type FilterColumns, type Filters } from '@core/shared/filters';
import { sharingQuerySchema, sharingSchema, SHARING_PATH, type SharedKind, type Sharing } from '../../shared/sharing';
import { normalizeHashtag, normalizeUrl } from '../engine/normalize';
import { accountRefs, conversationView, dbOf, filtersOf, type Db } from './resolve';

/**
 * What a popup's value is matched as. A URL node's value is the engine's co-share key (`news.example/story`), so
 * the post store's raw links are compared after the same normalisation; candidates are found by host first.
 */
export type SharedMatch =
  | { kind: 'url'; key: string; hosts: string[] }
  | { kind: 'domain'; key: string; hosts: string[] }
  | { kind: 'hashtag'; key: string; tags: string[] };

/** The host part of a co-share key, without a port: what `posts_urls.host` holds (with or without `www.`). */
const hostOf = (key: string) => key.split(/[/?]/)[0]!.replace(/:\d+$/, '');
const withWww = (host: string) => [host, `www.${host}`];

export function sharedMatch(kind: SharedKind, value: string): SharedMatch | null {
  if (kind === 'hashtag') {
    const key = normalizeHashtag(value);
    // The store folds tags to NFC lower case; the engine's key is NFKC. Either spelling finds the post.
    return key === null ? null : { kind, key, tags: [...new Set([key, value.trim().replace(/^[#＃]+/, '').normalize('NFC').toLowerCase()])] };
  }
  const url = normalizeUrl(value);
  if (url === null) return null;
  const host = hostOf(url);
  if (!host) return null;
  return kind === 'url' ? { kind, key: url, hosts: withWww(host) } : { kind, key: host, hosts: withWww(host) };
}

interface Share { id: number; actor_id: number | null; published_at: string }

/** The run's posts sharing the value under the filters (one row per post). */
async function sharesOf(db: Db, scope: FacetScope & { runId: string }, filters: Filters, columns: FilterColumns, match: SharedMatch): Promise<Share[]> {
  const base = db.selectFrom('posts_run_posts as rp').innerJoin('posts_posts as p', 'p.id', 'rp.post_id')
    .where('rp.run_id', '=', scope.runId).where('p.organization_id', '=', scope.organizationId)
    .where((eb) => filterPredicate(eb, filters, columns));
  if (match.kind === 'url') {
    const rows = await base.innerJoin('posts_urls as u', 'u.post_id', 'p.id').where('u.host', 'in', match.hosts)
      .select(['p.id', 'p.actor_id', 'p.published_at', 'u.url']).execute();
    // A post linking the same URL twice (two spellings) is one share.
    const byPost = new Map<number, Share>();
    for (const r of rows) if (normalizeUrl(r.url) === match.key) byPost.set(r.id, { id: r.id, actor_id: r.actor_id, published_at: r.published_at });
    return [...byPost.values()];
  }
  const shared = match.kind === 'domain'
    // The registrable domain (what the workspace's domain filter matches) or the exact host (a subdomain node).
    ? sql<SqlBool>`exists (select 1 from posts_urls u where u.post_id = p.id and (u.domain = ${match.key} or u.host in (${sql.join(match.hosts)})))`
    : sql<SqlBool>`exists (select 1 from posts_hashtags h where h.post_id = p.id and h.tag in (${sql.join(match.tags)}))`;
  return base.where(shared).select(['p.id', 'p.actor_id', 'p.published_at']).execute();
}

/** Counts, first and last share, and the accounts by their latest share (newest first; ties by account id). */
export function summarise(shares: readonly Share[]) {
  const latest = new Map<number, string>();
  let first: string | null = null;
  let last: string | null = null;
  for (const s of shares) {
    if (first === null || s.published_at < first) first = s.published_at;
    if (last === null || s.published_at > last) last = s.published_at;
    if (s.actor_id === null) continue;
    const seen = latest.get(s.actor_id);
    if (seen === undefined || s.published_at > seen) latest.set(s.actor_id, s.published_at);
  }
  const accounts = [...latest].sort(([a, x], [b, y]) => (x < y ? 1 : x > y ? -1 : a - b));
  return { posts: shares.length, first, last, accounts };
}

export function registerSharingRoutes(r: RouteRegistrar): void {
  r.get(SHARING_PATH, {
    summary: 'The accounts sharing a URL, domain or hashtag in the conversation, latest share first, with post and account counts',
    description: 'Reads the latest successful run under the filters (every facet dimension, as raw_data). url: links equal after the co-share normalisation; domain: links whose registrable domain or host is the value; hashtag: case-insensitive, without #.',
    query: sharingQuerySchema, response: sharingSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = dbOf(ctx.app.storage);
    // limit and offset arrive as numbers; the filter decoder reads strings only.
    const { conversation_id: conversationId, kind, value, limit, offset, ...rest } = ctx.query;
    const filters = filtersOf(rest);
    const view = await conversationView(ctx.app, user.organization_id, conversationId);
    const match = sharedMatch(kind, value);
    const empty: Sharing = { kind, value: match?.key ?? value, posts: 0, accounts: 0, first_seen: null, last_seen: null, shares: [] };
    const page = (total: number) => ({ pagination_info: { offset, limit, total, order_by: [{ column: 'date_shared', direction: 'desc' as const }] } });
    if (view.runId === null || match === null) return new Answer(empty, page(0));
    const scope = { organizationId: user.organization_id, conversationId, runId: view.runId };
    const summary = summarise(await sharesOf(db, scope, filters, view.columns, match));
    const shown = summary.accounts.slice(offset, offset + limit);
    const refs = await accountRefs(db, user.organization_id, shown.map(([id]) => id));
    return new Answer({
      ...empty, posts: summary.posts, accounts: summary.accounts.length, first_seen: summary.first, last_seen: summary.last,
      shares: shown.flatMap(([id, date]) => {
        const a = refs.get(id);
        return a ? [{ rid: a.rid, platform: a.platform, screen_name: a.screen_name, display_name: a.display_name, date_shared: date }] : [];
      }),
    }, page(summary.accounts.length));
  });
}
