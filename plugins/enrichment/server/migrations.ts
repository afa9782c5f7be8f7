import type { Migration } from '@core/server/storage/migrations';

/**
 * Per-post enrichment, keyed by `posts_posts.id` (no foreign key: the posts plugin may be installed without this
 * one, and a post's rows are cheap to recompute). Indexes serve the post facets: the organisation's posts by
 * sentiment, engagement level and threat flag.
 */
export const migrations: Migration[] = [
  {
    id: 'enrichment/001_post_enrichment',
    async up(db) {
      await db.schema
        .createTable('enrichment_posts')
        .addColumn('post_id', 'integer', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('platform', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('sentiment', 'text', (c) => c.notNull())
        .addColumn('sentiment_score', 'double precision', (c) => c.notNull())
        .addColumn('threat', 'integer', (c) => c.notNull())
        .addColumn('threat_score', 'double precision', (c) => c.notNull())
        .addColumn('threat_evidence', 'text', (c) => c.notNull())
        .addColumn('entities', 'text', (c) => c.notNull())
        .addColumn('first_ngram', 'text')
        .addColumn('engagement', 'double precision')
        .addColumn('engagement_level', 'text')
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('enriched_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('enrichment_posts_org_sentiment').on('enrichment_posts').columns(['organization_id', 'sentiment', 'post_id']).execute();
      await db.schema.createIndex('enrichment_posts_org_level').on('enrichment_posts').columns(['organization_id', 'engagement_level', 'post_id']).execute();
      await db.schema.createIndex('enrichment_posts_org_threat').on('enrichment_posts').columns(['organization_id', 'threat', 'post_id']).execute();
      // Engagement quantiles are computed per (organisation, platform).
      await db.schema.createIndex('enrichment_posts_org_platform').on('enrichment_posts').columns(['organization_id', 'platform', 'engagement']).execute();

      await db.schema
        .createTable('enrichment_urls')
        .addColumn('post_id', 'integer', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('urls', 'text', (c) => c.notNull())
        .addColumn('expanded_urls', 'text', (c) => c.notNull())
        .addColumn('domains', 'text', (c) => c.notNull())
        .addColumn('url_count', 'integer', (c) => c.notNull())
        .addColumn('expansion', 'integer', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('enriched_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('enrichment_urls_org').on('enrichment_urls').columns(['organization_id', 'post_id']).execute();
    },
  },
];
