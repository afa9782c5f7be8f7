import { LRUCache } from 'lru-cache';
import type { Kysely } from 'kysely';
import { pipelineRevision, postFacetsKey, type PostFacetRegistry } from '@core/server/facets/contract';
import type { RunScopeWithRun } from '@core/server/postScope';
import { encodeFilters, type Filters } from '@core/shared/filters';
import type { LinkAggregate } from './runLinks';

/** Rows kept over all cached answers (a row is a URL or a domain with its counts: ~200 bytes, so ~40 MB at most). */
const MAX_CACHED_ROWS = 200_000;

/**
 * The facts a filtered answer depends on beyond the run's own posts, as one token: the organisation's pipeline
 * revision (a run finishing may rewrite per-post values and changes which run is latest) and every facet provider's
 * revision (an insight written moves the insights provider's). Null when a provider with facets declares no revision:
 * its values could change unseen, so such answers are never cached.
 */
export async function factsRevision(db: Kysely<any>, facets: PostFacetRegistry | null, scope: RunScopeWithRun): Promise<string | null> {
  const parts = [`pipeline=${await pipelineRevision(db, scope.organizationId)}`];
  for (const provider of facets?.providers() ?? []) {
    if (Object.keys(provider.facets).length === 0) continue;
    if (!provider.revision) return null;
    parts.push(`${provider.owner}=${await provider.revision(scope)}`);
  }
  return parts.join('|');
}

export interface LinkQuery {
  kind: 'url' | 'domain';
  filters: Filters;
  excludeTwitter: boolean;
  limit: number;
  url?: string;
}

/**
 * Filtered urls-shared / domains-shared answers, keyed by organisation, run, the normalised filters (the codec's
 * sorted parameters), exclude_twitter, url, limit and the facts revision. A new run, a finished run or a facet
 * write changes the key, so a stale answer is never read again (it ages out of the LRU). Concurrent identical
 * requests share one count. Why: a filtered count at 1M posts reads ~1M link rows (~0.9 s); analysts switch panes
 * and popups that ask the same question again and again, which then costs a few indexed reads (ADR 0009).
 */
export class SharedLinksCache {
  private readonly answers = new LRUCache<string, LinkAggregate[]>({ maxSize: MAX_CACHED_ROWS, sizeCalculation: (rows) => rows.length + 1 });
  private readonly pending = new Map<string, Promise<LinkAggregate[]>>();

  constructor(private readonly db: Kysely<any>, private readonly facets: () => PostFacetRegistry | null) {}

  /** The cached answer, or `count()`'s, remembered under the current revision. Uncacheable questions always count. */
  async get(scope: RunScopeWithRun, query: LinkQuery, count: () => Promise<LinkAggregate[]>): Promise<LinkAggregate[]> {
    const revision = await factsRevision(this.db, this.facets(), scope);
    if (revision === null) return count();
    const key = JSON.stringify([scope.organizationId, scope.runId, query.kind, query.excludeTwitter, query.url ?? null, query.limit,
      encodeFilters(query.filters).toString(), revision]);
    const hit = this.answers.get(key);
    if (hit) return hit;
    const running = this.pending.get(key);
    if (running) return running;
    const answer = count().then((rows) => { this.answers.set(key, rows); return rows; }).finally(() => this.pending.delete(key));
    this.pending.set(key, answer);
    return answer;
  }

  /** Answers held (tests and the bench). */
  get size(): number {
    return this.answers.size;
  }
}

const caches = new WeakMap<object, SharedLinksCache>();

/**
 * The cache of one server (keyed by its storage, as several test servers share a process), reading the facet
 * registry when asked (plugins register their facets while they activate, after routes exist).
 */
export function sharedLinksCacheOf(app: { storage: { db: unknown }; services: { has(key: typeof postFacetsKey): boolean; get(key: typeof postFacetsKey): PostFacetRegistry } }): SharedLinksCache {
  let cache = caches.get(app.storage);
  if (!cache) {
    cache = new SharedLinksCache(app.storage.db as Kysely<any>, () => (app.services.has(postFacetsKey) ? app.services.get(postFacetsKey) : null));
    caches.set(app.storage, cache);
  }
  return cache;
}
