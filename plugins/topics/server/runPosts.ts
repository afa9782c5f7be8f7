import { sql, type RawBuilder } from 'kysely';
import type { FacetScope, PostFacetRegistry } from '@core/server/facets/contract';
import type { BooleanDimension, ListDimension } from '@core/shared/filters';
import { tablesOf, type Storage } from '@core/server/storage/database';
import type { PostStoreTables as PostsTables } from '@core/server/postStore/tables';
import { riskCategoryOf } from '@plugins/insights/shared/public';
import type { EngagementLevel } from '../shared/types';
import { PackedTopicColumnsBuilder, type PackedTopicColumns } from './engine/packedPosts';

/** A post's text as the engine reads it: title and body (body falls back to title or subject, spec section 3). */
export function postText(p: { title: string | null; subject: string | null; body: string }): string {
  const head = p.title ?? p.subject ?? '';
  if (!p.body) return head;
  return head && !p.body.includes(head) ? `${head}\n${p.body}` : p.body;
}

/**
 * The signals other stages computed about the run's posts, read through the post facets (ADR 0005) so this
 * plugin does not depend on their tables: threats and engagement (enrichment), coordination clusters
 * (coordination), insight subcategories (insights), Topic Radar themes. A facet nobody provides reads as empty.
 */
export async function facetValues(storage: Storage, facets: PostFacetRegistry | null, dimension: ListDimension | BooleanDimension,
  scope: FacetScope & { runId: string }): Promise<Map<number, string[]>> {
  const source = facets?.facet(dimension);
  const byPost = new Map<number, string[]>();
  if (!source) return byPost;
  const raw: RawBuilder<{ post_id: number; value: string }> = source(scope);
  const rows = await sql<{ post_id: number; value: string }>`
    select f.post_id as post_id, f.value as value from (${raw}) f
     where f.post_id in (select rp.post_id from posts_run_posts rp where rp.run_id = ${scope.runId})`.execute(storage.db);
  for (const r of rows.rows) {
    const id = Number(r.post_id);
    const list = byPost.get(id);
    if (list) list.push(String(r.value));
    else byPost.set(id, [String(r.value)]);
  }
  return byPost;
}

const ENGAGEMENT = new Set<string>(['low', 'medium', 'high']);

/** Posts read per statement (keyset on the run's index). */
const READ_BATCH = 5000;

/**
 * The run's posts (organisation-scoped) as engine input, ordered by post id so runs are deterministic, read in keyset
 * batches and packed into columns as they are read (`PackedTopicColumns`, ADR 0017): a few bytes per post and its
 * text's UTF-8, transferred to the engine's thread, which reads them without building a post object.
 */
export async function loadRunPostsPacked(storage: Storage, facets: PostFacetRegistry | null,
  scope: { organizationId: string; conversationId: string; runId: string }): Promise<PackedTopicColumns> {
  const db = tablesOf<PostsTables>(storage);
  const [threats, engagement, clusters, insights, themes] = await Promise.all(
    (['contains_threatening_language', 'engagement_score', 'coordination_cluster', 'insight_subcategories', 'nrms_theme'] as const)
      .map((d) => facetValues(storage, facets, d, scope)),
  );
  const builder = new PackedTopicColumnsBuilder();
  let after = 0;
  for (;;) {
    const rows = await db.selectFrom('posts_run_posts as rp')
      .innerJoin('posts_posts as p', 'p.id', 'rp.post_id')
      .select(['p.id', 'p.title', 'p.subject', 'p.body', 'p.language', 'p.published_at', 'p.is_niche'])
      .where('rp.run_id', '=', scope.runId)
      .where('p.organization_id', '=', scope.organizationId)
      // Keyset on the run index's own column and order (rp.post_id = p.id): each batch is an index range.
      .where('rp.post_id', '>', after)
      .orderBy('rp.post_id')
      .limit(READ_BATCH)
      .execute();
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    for (const r of rows) {
      const id = Number(r.id);
      const level = engagement!.get(id)?.[0];
      builder.add({
        id,
        text: postText(r),
        language: r.language,
        published_at: r.published_at,
        is_niche: r.is_niche === 1,
        engagement_level: level && ENGAGEMENT.has(level) ? (level as EngagementLevel) : null,
        threat: threats!.get(id)?.includes('true') ?? false,
        coordination_cluster_ids: clusters!.get(id) ?? [],
        // The facet carries the authors' insight subcategories; the risk signals read their risk categories.
        insight_risk_categories: [...new Set((insights!.get(id) ?? []).map(riskCategoryOf))],
        categories: themes!.get(id) ?? [],
      });
    }
  }
  return builder.finish();
}
