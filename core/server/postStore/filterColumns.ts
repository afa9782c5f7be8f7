import { sql, type SqlBool } from 'kysely';
import type { FilterColumns } from '@core/shared/filters';

/**
 * How the post store holds the filter dimensions it knows (core/shared/filters): platform, is_repost, is_reply,
 * is_quote, is_niche (0/1 integers), published_at (ISO text) and domains (any of the post's URL domains). `alias` is
 * the name `posts_posts` has in the query. Dimensions computed by later stages (sentiments, narratives,
 * coordination clusters ...) are added by the plugins that store them.
 */
export function postFilterColumns(alias = 'p'): FilterColumns {
  return {
    booleans: 'integer',
    platforms: `${alias}.platform`,
    is_repost: `${alias}.is_repost`,
    is_reply: `${alias}.is_reply`,
    is_quote: `${alias}.is_quote`,
    is_niche: `${alias}.is_niche`,
    published_at: `${alias}.published_at`,
    domains: (values) =>
      sql<SqlBool>`${sql.ref(`${alias}.id`)} in (select u.post_id from posts_urls u where u.domain in (${sql.join(values)}))`,
  };
}
