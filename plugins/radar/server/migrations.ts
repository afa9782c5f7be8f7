import type { Migration } from '@core/server/storage/migrations';

export const migrations: Migration[] = [
  {
    id: 'radar/001_themes',
    async up(db) {
      // One row per themed post of a run: what the radar.themes stage found (posts about no theme have none).
      await db.schema
        .createTable('radar_post_themes')
        .addColumn('run_id', 'text', (c) => c.notNull())
        .addColumn('post_id', 'integer', (c) => c.notNull())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('theme', 'text', (c) => c.notNull())
        .addColumn('score', 'integer', (c) => c.notNull())
        .addColumn('published_at', 'text', (c) => c.notNull())
        /** JSON list of the lexicon cues found (the theme summary counts them). */
        .addColumn('cues', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('radar_post_themes_pk', ['run_id', 'post_id'])
        .execute();
      await db.schema.createIndex('radar_post_themes_run_theme_time').on('radar_post_themes').columns(['run_id', 'theme', 'published_at']).execute();
      await db.schema.createIndex('radar_post_themes_run_theme_score').on('radar_post_themes').columns(['run_id', 'theme', 'score']).execute();
      // Per run: that the stage finished, with which classifier, and the run's posts per hour (the whole conversation
      // the theme volumes are compared with, without reading the run's posts again per request).
      await db.schema
        .createTable('radar_runs')
        .addColumn('run_id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('conversation_id', 'text', (c) => c.notNull())
        .addColumn('classifier_version', 'integer', (c) => c.notNull())
        .addColumn('posts', 'integer', (c) => c.notNull())
        .addColumn('themed_posts', 'integer', (c) => c.notNull())
        .addColumn('last_post_at', 'text')
        .addColumn('computed_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('radar_run_hours')
        .addColumn('run_id', 'text', (c) => c.notNull())
        /** ISO hour, `YYYY-MM-DDTHH`. */
        .addColumn('hour', 'text', (c) => c.notNull())
        /** '' for every post of the run, else a theme name. */
        .addColumn('theme', 'text', (c) => c.notNull())
        .addColumn('posts', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('radar_run_hours_pk', ['run_id', 'theme', 'hour'])
        .execute();
    },
  },
  {
    id: 'radar/002_score_time_index',
    async up(db) {
      // Representative posts read a theme's strongest posts of a window newest first: score then time, from the index.
      await db.schema.dropIndex('radar_post_themes_run_theme_score').execute();
      await db.schema.createIndex('radar_post_themes_run_theme_score_time').on('radar_post_themes').columns(['run_id', 'theme', 'score', 'published_at']).execute();
    },
  },
];
