import { sql, type RawBuilder } from 'kysely';
import type { PostFacetRegistry } from '@core/server/facets/contract';
import type { DialectName, Storage } from '@core/server/storage/database';
import type { NotablePost, NotablePostType } from '../../shared/explorerApi';
import { orderClause, pageIds } from './page';
import type { PostSetQuery } from './postSet';
import { rowsFor } from './rows';

/**
 * insights/notable_posts: the top_n posts of the filtered set by kind. `engagement` ranks by the sum of the
 * platform's interaction counts in additional_properties; `threats_of_violence` by the threat facet's sort key
 * (nothing without a threat analysis); `recent` by date.
 */

/** Interaction counts summed for `engagement` (views and downvotes are not engagement). */
export const ENGAGEMENT_KEYS = ['likes', 'replies', 'reposts', 'quotes', 'comments', 'shares', 'upvotes', 'favorites', 'reblogs', 'retweets'] as const;

function engagementExpression(dialect: DialectName): RawBuilder<number> {
  const terms = ENGAGEMENT_KEYS.map((k) => dialect === 'sqlite'
    ? `coalesce(case when json_type(x.additional_properties, '$.${k}') in ('integer', 'real') then json_extract(x.additional_properties, '$.${k}') end, 0)`
    : `coalesce(case when jsonb_typeof(x.additional_properties::jsonb -> '${k}') = 'number' then (x.additional_properties::jsonb ->> '${k}')::float8 end, 0)`);
  // The facts row (`p`) has no properties: read them from the post (`x`).
  return sql<number>`(select ${sql.raw(terms.join(' + '))} from posts_posts x where x.id = p.id)`;
}

export function engagementTotal(row: { additional_properties: Record<string, unknown> }): number {
  return ENGAGEMENT_KEYS.reduce((sum, k) => sum + (typeof row.additional_properties[k] === 'number' ? (row.additional_properties[k] as number) : 0), 0);
}

export async function notablePosts(storage: Storage, registry: PostFacetRegistry, q: PostSetQuery, type: NotablePostType, topN: number): Promise<NotablePost[]> {
  let order: RawBuilder<unknown>;
  if (type === 'engagement') order = sql`${engagementExpression(storage.dialect)} desc, p.published_at desc, p.id desc`;
  else if (type === 'recent') order = orderClause(registry, q, [{ column: 'published_at', direction: 'desc' }]);
  else if (registry.sortKey('threats_of_violence')) order = orderClause(registry, q, [{ column: 'threats_of_violence', direction: 'desc' }]);
  else return [];
  const ids = await pageIds(storage, registry, q, { limit: topN, offset: 0, orderBy: [] }, order);
  const rows = await rowsFor(storage, registry, q.scope, ids);
  return rows.map((post, i) => {
    const threat = post.threats_of_violence;
    const score = type === 'engagement' ? engagementTotal(post) : type === 'threats_of_violence' && typeof threat === 'number' ? threat : null;
    return { rank: i + 1, type, score, post };
  });
}
