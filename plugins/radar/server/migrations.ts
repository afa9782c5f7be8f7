import type { Kysely } from 'kysely';
import type { Migration } from '@core/server/storage/migrations';
import { RunAggregator } from './aggregates';

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
  {
    id: 'radar/003_run_aggregates',
    async up(db) {
      // The stage's aggregates (aggregates.ts): per run, theme and day the strongest posts (the representative posts
      // read these instead of the theme's posts), and per run, theme and hour the cues found (the summary's mentions).
      await db.schema
        .createTable('radar_run_days')
        .addColumn('run_id', 'text', (c) => c.notNull())
        .addColumn('theme', 'text', (c) => c.notNull())
        /** `YYYY-MM-DD` (UTC). */
        .addColumn('day', 'text', (c) => c.notNull())
        /** JSON `[[post_id, score, published_at], ...]`, strongest first, at most TOP_PER_DAY. */
        .addColumn('top_posts', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('radar_run_days_pk', ['run_id', 'theme', 'day'])
        .execute();
      /** JSON `{ cue: posts }` on a theme's rows; null on the '' (every post) rows. */
      await db.schema.alterTable('radar_run_hours').addColumn('cues', 'text').execute();
      await backfillAggregates(db);
    },
  },
  {
    id: 'radar/004_narrative_hours',
    async up(db) {
      // Stage radar.narratives: each narrative's (topic's) posts per hour of a run, with the hour's first posts.
      await db.schema
        .createTable('radar_run_topic_hours')
        .addColumn('run_id', 'text', (c) => c.notNull())
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('hour', 'text', (c) => c.notNull())
        .addColumn('posts', 'integer', (c) => c.notNull())
        /** JSON list of the hour's first post ids (at most 3), earliest first. */
        .addColumn('first_post_ids', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('radar_run_topic_hours_pk', ['run_id', 'topic', 'hour'])
        .execute();
    },
  },
];

/** Runs the stage classified before the aggregates existed get them from their stored themed posts. */
async function backfillAggregates(db: Kysely<any>): Promise<void> {
  const runs = await db.selectFrom('radar_runs').select('run_id').execute() as Array<{ run_id: string }>;
  for (const { run_id: runId } of runs) {
    const rows = await db.selectFrom('radar_post_themes').select(['post_id', 'theme', 'score', 'published_at', 'cues'])
      .where('run_id', '=', runId).execute() as Array<{ post_id: number; theme: string; score: number; published_at: string; cues: string }>;
    const aggregator = new RunAggregator();
    for (const r of rows) aggregator.add(r.theme, Number(r.post_id), Number(r.score), r.published_at, JSON.parse(r.cues) as string[]);
    const days = aggregator.dayRows(runId);
    for (let k = 0; k < days.length; k += 200) await db.insertInto('radar_run_days').values(days.slice(k, k + 200)).execute();
    const hours = await db.selectFrom('radar_run_hours').select(['theme', 'hour']).where('run_id', '=', runId).where('theme', '<>', '').execute() as Array<{ theme: string; hour: string }>;
    for (const h of hours) {
      await db.updateTable('radar_run_hours').set({ cues: aggregator.hourCues(h.theme, h.hour) })
        .where('run_id', '=', runId).where('theme', '=', h.theme).where('hour', '=', h.hour).execute();
    }
  }
}
