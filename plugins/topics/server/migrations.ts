import type { Migration } from '@core/server/storage/migrations';

// 'double precision' is REAL affinity on SQLite and float8 on PostgreSQL ('real' would be float4 there).
export const migrations: Migration[] = [
  {
    id: 'topics/001_store',
    async up(db) {
      await db.schema.createTable('topics_runs')
        .addColumn('run_id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('conversation_id', 'text', (c) => c.notNull())
        .addColumn('status_code', 'integer', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('admin_details', 'text')
        .addColumn('stage_version', 'integer', (c) => c.notNull())
        .addColumn('post_count', 'integer', (c) => c.notNull())
        .addColumn('topic_count', 'integer', (c) => c.notNull())
        .addColumn('outlier_count', 'integer', (c) => c.notNull())
        .addColumn('stats', 'text', (c) => c.notNull())
        .addColumn('conversation_risk', 'text')
        .addColumn('computed_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('topics_runs_org_conv').on('topics_runs').columns(['organization_id', 'conversation_id']).execute();

      await db.schema.createTable('topics_topics')
        .addColumn('run_id', 'text', (c) => c.notNull())
        .addColumn('rid', 'text', (c) => c.notNull())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('title', 'text')
        .addColumn('ngrams', 'text', (c) => c.notNull())
        .addColumn('post_dates', 'text', (c) => c.notNull())
        .addColumn('cohesion_score', 'double precision')
        .addColumn('exemplar_post_id', 'integer', (c) => c.notNull())
        .addColumn('keywords', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('topics_topics_pk', ['run_id', 'rid'])
        .execute();

      await db.schema.createTable('topics_narratives')
        .addColumn('run_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('ngrams', 'text', (c) => c.notNull())
        .addColumn('post_count', 'integer', (c) => c.notNull())
        .addColumn('post_percent', 'double precision', (c) => c.notNull())
        .addColumn('coordination_cluster_count', 'integer', (c) => c.notNull())
        .addColumn('engagement_score', 'double precision', (c) => c.notNull())
        .addColumn('category', 'text')
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('is_threat', 'integer', (c) => c.notNull())
        .addColumn('risk_level', 'text', (c) => c.notNull())
        .addColumn('risk', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('topics_narratives_pk', ['run_id', 'id'])
        .execute();

      await db.schema.createTable('topics_post_topics')
        .addColumn('run_id', 'text', (c) => c.notNull())
        .addColumn('post_id', 'integer', (c) => c.notNull())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('topic_rid', 'text')
        .addColumn('confidence_score', 'double precision', (c) => c.notNull())
        .addColumn('is_exemplar', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('topics_post_topics_pk', ['run_id', 'post_id'])
        .execute();
      await db.schema.createIndex('topics_post_topics_topic').on('topics_post_topics').columns(['run_id', 'topic_rid']).execute();
    },
  },
  {
    // Top entities per narrative (the popup's "Cluster Keywords and Entities"); rows of older runs have none.
    id: 'topics/002_narrative_entities',
    async up(db) {
      await db.schema.alterTable('topics_narratives').addColumn('entities', 'text', (c) => c.notNull().defaultTo('[]')).execute();
    },
  },
];
