/**
 * What the local archive's two ways of searching share (localArchive.ts on the server's event loop, archiveThread.ts
 * in a worker thread): the query's shape, which posts are candidates, and the per-platform counts. Imports only the
 * query language and text helpers, with relative paths, so the worker thread loads little (no Kysely, no tldts).
 */
import type { PlatformCount, StoredPostsQuery } from '@core/server/pipeline/collectors';
import { toFts5, toTsquery, type CandidateQuery } from '../../../../core/shared/query';
import { normalizeLanguage } from '../../../../core/server/postStore/text';

/** The stored-posts search the collector contract describes, plus progress as candidates are checked (0-1). */
export interface ArchiveQuery extends StoredPostsQuery {
  progress?: (fraction: number) => void;
  /**
   * Any order will do (linking a run: a set of posts). Without a record limit the candidates are then not sorted
   * newest first: at 4M posts that sort was a temporary B-tree of every match.
   */
  anyOrder?: boolean;
}

/** What crosses to the worker thread: the query without its callbacks. */
export type PlainArchiveQuery = Omit<ArchiveQuery, 'signal' | 'progress'>;

/** Posts whose text is read and matched at once. */
export const TEXT_CHUNK = 1000;

/**
 * The conditions selecting an organisation's candidate posts: the full-text index's expression (FTS5 on SQLite,
 * tsquery on PostgreSQL, or every post when the index cannot say) and the date and language filters.
 */
export interface ArchiveSearch {
  candidates: Exclude<CandidateQuery, { kind: 'none' }>;
  organizationId: string;
  /** ISO instants (normalised), start inclusive, end exclusive; null = unbounded. */
  start: string | null;
  end: string | null;
  /** Posts in this language and posts of unknown language; null = any. */
  language: string | null;
}

/** The search for `q`, or null when nothing can match. */
export function archiveSearch(dialect: 'sqlite' | 'postgres', q: PlainArchiveQuery): ArchiveSearch | null {
  const candidates = dialect === 'sqlite' ? toFts5(q.query) : toTsquery(q.query);
  if (candidates.kind === 'none') return null;
  return {
    candidates,
    organizationId: q.organizationId,
    start: q.startDate ? new Date(q.startDate).toISOString() : null,
    end: q.endDate ? new Date(q.endDate).toISOString() : null,
    // Posts whose language is unknown are kept: nothing says they are in another language.
    language: normalizeLanguage(q.language),
  };
}

export function byPlatform(posts: Iterable<{ platform: string }>): PlatformCount[] {
  const counts = new Map<string, number>();
  for (const p of posts) counts.set(p.platform, (counts.get(p.platform) ?? 0) + 1);
  return sortCounts([...counts].map(([platform, count]) => ({ platform, count })));
}

/** Whether the matching posts must come newest first: always but when any order will do and nothing is cut. */
export const newestFirst = (q: Pick<PlainArchiveQuery, 'anyOrder' | 'recordLimit'>) => !q.anyOrder || q.recordLimit != null;

export const sortCounts = (counts: PlatformCount[]) => counts.sort((a, b) => b.count - a.count || a.platform.localeCompare(b.platform));
