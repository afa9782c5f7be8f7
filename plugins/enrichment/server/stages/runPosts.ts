import type { Kysely } from 'kysely';
import type { StageContext } from '@core/server/pipeline/stages';
import { tablesOf } from '@core/server/storage/database';
import type { PostStoreTables as PostsTables } from '@core/server/postStore/tables';
import type { EnrichmentTables } from '../../shared/tables';

export type EnrichmentDb = Kysely<PostsTables & EnrichmentTables>;

export const dbOf = (ctx: Pick<StageContext, 'storage'>): EnrichmentDb => tablesOf<PostsTables & EnrichmentTables>(ctx.storage) as never;

/** What the stages read of a post (`posts_posts`). */
export interface RunPost {
  id: number;
  platform: string;
  title: string | null;
  subject: string | null;
  body: string;
  language: string | null;
  /** JSON text, parsed where it is used (in the worker thread for NLP). */
  urls: string;
  additional_properties: string;
}

/** A run's posts of the caller's organisation, joined to their post rows (posts_run_posts -> posts_posts). */
function runPostsQuery(db: EnrichmentDb, ctx: Pick<StageContext, 'runId' | 'organizationId'>) {
  return db.selectFrom('posts_run_posts as rp')
    .innerJoin('posts_posts as p', 'p.id', 'rp.post_id')
    .where('rp.run_id', '=', ctx.runId)
    .where('p.organization_id', '=', ctx.organizationId);
}

export async function countRunPosts(db: EnrichmentDb, ctx: Pick<StageContext, 'runId' | 'organizationId'>): Promise<number> {
  const row = await runPostsQuery(db, ctx).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Pages through the run's posts that `needsWork` selects (those without a current row of the stage's table), in
 * post id order from `afterId`. Keyset paging keeps each page an index range, whatever the run's size.
 */
export async function runPostsPage(
  db: EnrichmentDb,
  ctx: Pick<StageContext, 'runId' | 'organizationId'>,
  table: 'enrichment_posts' | 'enrichment_urls',
  stale: (eb: any) => any,
  afterId: number,
  limit: number,
): Promise<RunPost[]> {
  const rows = await runPostsQuery(db, ctx)
    .leftJoin(`${table} as e` as 'enrichment_posts as e', 'e.post_id', 'p.id')
    .where((eb) => stale(eb))
    // Paging on the run link's own key walks its (run_id, post_id) index in order: no sort per page.
    .where('rp.post_id', '>', afterId)
    .select(['p.id', 'p.platform', 'p.title', 'p.subject', 'p.body', 'p.language', 'p.urls', 'p.additional_properties'])
    .orderBy('rp.post_id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Splits rows into groups small enough for one multi-row statement (SQLite allows 32766 parameters). */
export function* inGroups<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}
