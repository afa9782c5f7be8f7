/**
 * The local archive: answers a conversation's query from the organisation's stored posts. Candidates come from
 * the full-text index (FTS5 on SQLite, tsvector on PostgreSQL); when the index's answer is not exact,
 * `compileMatcher` decides. Dates are a half-open range [start, end) as in core/server/pipeline/collectors.ts;
 * language and record_limit (newest posts first) apply. Used by the `posts.collect` stage and by the
 * `core.storedPosts` service (live preview, linking).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { PlatformCount } from '@core/server/pipeline/collectors';
import type { Storage } from '@core/server/storage/database';
import { compileMatcher, toFts5, toTsquery, type Matcher, type QueryNode } from '@core/shared/query';
import { matchableText, normalizeLanguage } from '@core/server/postStore/normalize';
import { bulkInsert } from '@core/server/postStore/sql';

export interface ArchiveQuery {
  organizationId: string;
  query: QueryNode;
  /** ISO instants, start inclusive, end exclusive; null = unbounded. */
  startDate: string | null;
  endDate: string | null;
  language?: string | null;
  /** Most posts (the newest); null = all. */
  recordLimit?: number | null;
  signal?: AbortSignal;
  /** 0-1 as candidates are checked. */
  progress?: (fraction: number) => void;
}

const TEXT_CHUNK = 1000;

function candidatesOf(storage: Storage, query: QueryNode) {
  return storage.dialect === 'sqlite' ? toFts5(query) : toTsquery(query);
}

/** `from ... where ...` selecting the organisation's candidate posts, or null when nothing can match. */
function candidateSource(storage: Storage, q: ArchiveQuery): RawBuilder<unknown> | null {
  const candidates = candidatesOf(storage, q.query);
  if (candidates.kind === 'none') return null;
  const conditions: RawBuilder<unknown>[] = [sql`p.organization_id = ${q.organizationId}`];
  if (q.startDate) conditions.push(sql`p.published_at >= ${new Date(q.startDate).toISOString()}`);
  if (q.endDate) conditions.push(sql`p.published_at < ${new Date(q.endDate).toISOString()}`);
  const language = normalizeLanguage(q.language);
  // Posts whose language is unknown are kept: nothing says they are in another language.
  if (language) conditions.push(sql`(p.language = ${language} or p.language is null)`);
  const where = sql.join(conditions, sql` and `);
  if (candidates.kind === 'all') return sql`from posts_posts p where ${where}`;
  if (storage.dialect === 'sqlite') {
    // CROSS JOIN fixes the order: the index answers first, then each candidate is looked up by rowid. A plain join
    // lets SQLite walk the organisation's date range and run the MATCH once per post (700x slower on 20k posts).
    return sql`from posts_search s cross join posts_posts p on p.id = s.rowid where posts_search match ${candidates.expression} and ${where}`;
  }
  return sql`from posts_posts p where p.search_vector @@ to_tsquery('simple', ${candidates.expression}) and ${where}`;
}

/** The matching posts' ids and platforms, newest first, at most `recordLimit`. */
export async function matchingPosts(storage: Storage, q: ArchiveQuery): Promise<{ id: number; platform: string }[]> {
  const source = candidateSource(storage, q);
  if (!source) return [];
  const db = storage.db as unknown as Kysely<any>;
  const exact = candidatesOf(storage, q.query).exact;
  const limit = exact && q.recordLimit != null ? sql`limit ${q.recordLimit}` : sql``;
  const rows = (await sql<{ id: number; platform: string }>`select p.id, p.platform ${source} order by p.published_at desc, p.id desc ${limit}`.execute(db)).rows;
  const candidates = rows.map((r) => ({ id: Number(r.id), platform: r.platform }));
  if (exact) {
    q.progress?.(1);
    return candidates;
  }
  const matches: Matcher = compileMatcher(q.query);
  const out: { id: number; platform: string }[] = [];
  for (let i = 0; i < candidates.length; i += TEXT_CHUNK) {
    if (q.signal?.aborted) throw new Error('Collection cancelled');
    const chunk = candidates.slice(i, i + TEXT_CHUNK);
    const texts = await db.selectFrom('posts_posts').select(['id', 'title', 'subject', 'body']).where('id', 'in', chunk.map((c) => c.id)).execute();
    const byId = new Map(texts.map((r) => [Number(r.id), r]));
    for (const c of chunk) {
      const row = byId.get(c.id);
      if (row && matches(matchableText(row))) out.push(c);
      if (q.recordLimit != null && out.length >= q.recordLimit) break;
    }
    q.progress?.(Math.min(1, (i + chunk.length) / candidates.length));
    if (q.recordLimit != null && out.length >= q.recordLimit) break;
  }
  q.progress?.(1);
  return out;
}

function byPlatform(posts: readonly { platform: string }[]): PlatformCount[] {
  const counts = new Map<string, number>();
  for (const p of posts) counts.set(p.platform, (counts.get(p.platform) ?? 0) + 1);
  return sortCounts([...counts].map(([platform, count]) => ({ platform, count })));
}

const sortCounts = (counts: PlatformCount[]) => counts.sort((a, b) => b.count - a.count || a.platform.localeCompare(b.platform));

/** Matching stored posts per platform (the live preview). */
export async function countMatching(storage: Storage, q: ArchiveQuery): Promise<PlatformCount[]> {
  const source = candidateSource(storage, q);
  if (!source) return [];
  if (candidatesOf(storage, q.query).exact && q.recordLimit == null) {
    const db = storage.db as unknown as Kysely<any>;
    const rows = (await sql<{ platform: string; n: number }>`select p.platform, count(*) as n ${source} group by p.platform`.execute(db)).rows;
    return sortCounts(rows.map((r) => ({ platform: r.platform, count: Number(r.n) })));
  }
  return byPlatform(await matchingPosts(storage, q));
}

/** Links the matching posts to a run (idempotent); answers how many match and their platforms. */
export async function linkMatching(storage: Storage, q: ArchiveQuery & { runId: string }): Promise<{ linked: number; byPlatform: PlatformCount[] }> {
  const posts = await matchingPosts(storage, q);
  const db = storage.db as unknown as Kysely<any>;
  await db.transaction().execute(async (trx) => {
    await bulkInsert(trx, storage.dialect, 'posts_run_posts', [{ name: 'run_id' }, { name: 'post_id', type: 'integer' }],
      posts.map((p) => [q.runId, p.id]), 'ON CONFLICT DO NOTHING', 5000);
  });
  return { linked: posts.length, byPlatform: byPlatform(posts) };
}
