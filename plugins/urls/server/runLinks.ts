import { sql } from 'kysely';
import type { Logger } from '@core/server/logger';
import type { RunListener } from '@core/server/pipeline/runs';
import type { PostScopeService, RunScopeWithRun } from '@core/server/postScope';
import { emptyFilters, isEmptyFilters, type Filters } from '@core/shared/filters';
import type { SharedLinksCache } from './linkCache';
import { int, scopedLinks } from './links';
import type { RunLinkRow, UrlsDb } from './tables';

/** Rows per insert statement (SQLite allows 32,766 parameters; 11 columns a row). */
const INSERT_CHUNK = 1000;

export interface LinkAggregate {
  key: string;
  domain: string | null;
  value: number;
  unique_users: number;
  unique_urls: number;
  first_seen: string;
  last_seen: string;
}

/** A run's links per URL or per domain under the filters and `exclude_twitter`, most shared first, optionally one URL. */
export async function liveLinks(db: UrlsDb, posts: PostScopeService, scope: RunScopeWithRun, kind: 'url' | 'domain', withoutX: boolean,
  limit?: number, url?: string, filters = emptyFilters()): Promise<LinkAggregate[]> {
  const key = kind === 'url' ? sql<string>`u.url` : sql<string>`u.domain`;
  const rows = await scopedLinks({ db, posts, scope, filters, excludeTwitter: withoutX })
    .$if(kind === 'domain', (q) => q.where('u.domain', 'is not', null))
    .$if(url !== undefined, (q) => q.where('u.url', '=', url!))
    .select([key.as('key'), sql<string | null>`max(u.domain)`.as('domain'), sql<number>`count(distinct p.id)`.as('value'),
      sql<number>`count(distinct p.actor_id)`.as('unique_users'), sql<number>`count(distinct u.url)`.as('unique_urls'),
      sql<string>`min(p.published_at)`.as('first_seen'), sql<string>`max(p.published_at)`.as('last_seen')])
    .groupBy(key).orderBy(sql`count(distinct p.id)`, 'desc').orderBy(key)
    .$if(limit !== undefined, (q) => q.limit(limit!)).execute();
  return rows.map((r) => ({ key: r.key, domain: r.domain, value: int(r.value), unique_users: int(r.unique_users), unique_urls: int(r.unique_urls),
    first_seen: r.first_seen, last_seen: r.last_seen }));
}

/**
 * The shared URLs or domains the calls answer: without filters (a conversation's first view) from the counts made when
 * the run finished, when they exist; otherwise counted under the filters, or read from `cache` when the same question
 * was counted under the same facts revision.
 */
export async function sharedLinks(db: UrlsDb, posts: PostScopeService, scope: RunScopeWithRun, kind: 'url' | 'domain',
  options: { filters: Filters; excludeTwitter: boolean; limit: number; url?: string }, cache?: SharedLinksCache): Promise<LinkAggregate[]> {
  if (options.url === undefined && isEmptyFilters(options.filters)) {
    const stored = await storedRunLinks(db, scope, kind, options.excludeTwitter, options.limit);
    if (stored) return stored;
  }
  const count = () => liveLinks(db, posts, scope, kind, options.excludeTwitter, options.limit, options.url, options.filters);
  // Filtered (or one URL's) answers: counted once per revision of the facts they depend on (linkCache.ts).
  return cache ? cache.get(scope, { kind, ...options }, count) : count();
}

/**
 * Counts a finished run's links once (per URL and per domain, with and without X) into `urls_run_links`, in one
 * transaction ending with the run's 'done' marker, so readers see all of it or none. Replaces what the run had.
 */
export async function writeRunLinks(db: UrlsDb, posts: PostScopeService, scope: RunScopeWithRun): Promise<void> {
  const variants = await Promise.all((['url', 'domain'] as const).flatMap((kind) => [false, true].map(async (withoutX) =>
    ({ kind, withoutX, rows: await liveLinks(db, posts, scope, kind, withoutX) }))));
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('urls_run_links').where('run_id', '=', scope.runId).execute();
    const all: RunLinkRow[] = variants.flatMap(({ kind, withoutX, rows }) => rows.map((r) => ({
      run_id: scope.runId, organization_id: scope.organizationId, kind, without_x: withoutX ? 1 : 0, ...r,
    })));
    all.push({ run_id: scope.runId, organization_id: scope.organizationId, kind: 'done', without_x: 0, key: '', domain: null, value: 0,
      unique_users: 0, unique_urls: 0, first_seen: '', last_seen: '' });
    for (let i = 0; i < all.length; i += INSERT_CHUNK) await tx.insertInto('urls_run_links').values(all.slice(i, i + INSERT_CHUNK)).execute();
  });
}

/**
 * The run's counted links, most shared first, or null when they were not counted (a run finished before this
 * plugin counted them, or still being counted): the caller then counts them live.
 */
export async function storedRunLinks(db: UrlsDb, scope: RunScopeWithRun, kind: 'url' | 'domain', withoutX: boolean, limit: number): Promise<LinkAggregate[] | null> {
  const done = await db.selectFrom('urls_run_links').select('run_id')
    .where('run_id', '=', scope.runId).where('kind', '=', 'done').where('organization_id', '=', scope.organizationId).executeTakeFirst();
  if (!done) return null;
  const rows = await db.selectFrom('urls_run_links').select(['key', 'domain', 'value', 'unique_users', 'unique_urls', 'first_seen', 'last_seen'])
    .where('run_id', '=', scope.runId).where('kind', '=', kind).where('without_x', '=', withoutX ? 1 : 0)
    .orderBy('value', 'desc').orderBy('key').limit(limit).execute();
  return rows.map((r) => ({ ...r, value: int(r.value), unique_users: int(r.unique_users), unique_urls: int(r.unique_urls) }));
}

/**
 * Counts a run's links as soon as it succeeds and is its conversation's latest (the run the calls answer for), and
 * drops the counts of the conversation's older runs. After the finishing transaction, off the request path.
 */
export function countLinksOnFinish(deps: { db: UrlsDb; postScope: () => PostScopeService; logger: Logger; onCounted?: (runId: string) => void }): RunListener {
  return async (_db, run, change) => {
    if (change !== 'finished' || run.status !== 'SUCCESS') return;
    setTimeout(() => {
      void (async () => {
        const scope = await deps.postScope().resolve(run.organizationId, run.conversationId);
        if (scope.runId !== run.id) return;
        await writeRunLinks(deps.db, deps.postScope(), { ...scope, runId: run.id });
        await deps.db.deleteFrom('urls_run_links').where('organization_id', '=', run.organizationId).where('run_id', '!=', run.id)
          .where('run_id', 'in', deps.db.selectFrom('core_pipeline_runs' as never).select('id' as never).where('conversation_id' as never, '=', run.conversationId as never) as never)
          .execute();
        deps.onCounted?.(run.id);
      })().catch((error: unknown) => deps.logger.warn({ err: error, runId: run.id }, 'could not count the links of a finished run'));
    }, 0);
  };
}
