import type { Migration } from '@core/server/storage/migrations';

/**
 * One detection per run. Account ids are `posts_actors.id`, post ids `posts_posts.id` (integers); cluster ids are
 * the engine's (`c1`, `c2`, ... largest first), unique within a run. Every row carries its organisation.
 */
export const migrations: Migration[] = [
  {
    id: 'coordination/001_detections',
    async up(db) {
      await db.schema.createTable('coordination_runs')
        .addColumn('run_id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('conversation_id', 'text', (c) => c.notNull())
        .addColumn('stage_version', 'integer', (c) => c.notNull())
        .addColumn('config', 'text', (c) => c.notNull())
        .addColumn('stats', 'text', (c) => c.notNull())
        .addColumn('number_posts', 'integer', (c) => c.notNull())
        .addColumn('number_accounts', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('coordination_runs_conv').on('coordination_runs')
        .columns(['organization_id', 'conversation_id', 'created_at']).execute();

      await db.schema.createTable('coordination_clusters')
        .addColumn('run_id', 'text', (c) => c.notNull())
        .addColumn('cluster_id', 'text', (c) => c.notNull())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('platform', 'text')
        .addColumn('number_accounts', 'integer', (c) => c.notNull())
        .addColumn('number_posts', 'integer', (c) => c.notNull())
        .addColumn('preview', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('coordination_clusters_pk', ['run_id', 'cluster_id'])
        .execute();

      await db.schema.createTable('coordination_vertices')
        .addColumn('run_id', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'integer', (c) => c.notNull())
        .addColumn('cluster_id', 'text', (c) => c.notNull())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('coordination_vertices_pk', ['run_id', 'actor_id'])
        .execute();
      await db.schema.createIndex('coordination_vertices_cluster').on('coordination_vertices').columns(['run_id', 'cluster_id']).execute();

      await db.schema.createTable('coordination_edges')
        .addColumn('run_id', 'text', (c) => c.notNull())
        .addColumn('edge_id', 'integer', (c) => c.notNull())
        .addColumn('cluster_id', 'text', (c) => c.notNull())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('i', 'integer', (c) => c.notNull())
        .addColumn('j', 'integer', (c) => c.notNull())
        .addColumn('weight', 'double precision', (c) => c.notNull())
        .addColumn('coordination_types', 'text', (c) => c.notNull())
        // JSON [{type, co_actions, weight}]: the per-type strength; the proving posts are in coordination_evidence.
        .addColumn('evidence', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('coordination_edges_pk', ['run_id', 'edge_id'])
        .execute();
      await db.schema.createIndex('coordination_edges_cluster').on('coordination_edges').columns(['run_id', 'cluster_id']).execute();

      await db.schema.createTable('coordination_evidence')
        .addColumn('run_id', 'text', (c) => c.notNull())
        .addColumn('edge_id', 'integer', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('post_i', 'integer')
        .addColumn('post_j', 'integer')
        .addColumn('time_i', 'text')
        .addColumn('time_j', 'text')
        .addColumn('delta_ms', 'double precision')
        .addPrimaryKeyConstraint('coordination_evidence_pk', ['run_id', 'edge_id', 'seq'])
        .execute();

      await db.schema.createTable('coordination_post_clusters')
        .addColumn('run_id', 'text', (c) => c.notNull())
        .addColumn('post_id', 'integer', (c) => c.notNull())
        .addColumn('cluster_id', 'text', (c) => c.notNull())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('coordination_post_clusters_pk', ['run_id', 'post_id', 'cluster_id'])
        .execute();
      await db.schema.createIndex('coordination_post_clusters_cluster').on('coordination_post_clusters').columns(['run_id', 'cluster_id']).execute();
    },
  },
  {
    // The account's most frequent topic in the run (plugins/topics), for the navigator's grouping by topic.
    id: 'coordination/002_vertex_topics',
    async up(db) {
      await db.schema.alterTable('coordination_vertices').addColumn('topic_id', 'text').execute();
    },
  },
];
