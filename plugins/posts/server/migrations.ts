import { sql, type Kysely } from 'kysely';
import type { Migration } from '@core/server/storage/migrations';
import { BUILTIN_DATA_SOURCES } from '../shared/dataSources';
import { createExplorerFacts } from './explorer/facts';

async function createRuns(db: Kysely<any>) {
  // posts_run_posts (the run's links to its posts) is core's post store now: core/server/postStore/migrations.ts.
  await db.schema
    .createTable('posts_collections')
    .addColumn('run_id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('conversation_id', 'text', (c) => c.notNull())
    .addColumn('query_string', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('language', 'text')
    .addColumn('use_existing_data', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reused_from_run_id', 'text')
    .addColumn('collected_records', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('posts_collections_conversation').on('posts_collections').columns(['organization_id', 'conversation_id', 'started_at']).execute();
  await db.schema
    .createTable('posts_collector_runs')
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addColumn('data_source_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('record_limit', 'integer')
    .addColumn('collected_records', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('failure', 'text')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('posts_collector_runs_pk', ['run_id', 'data_source_id'])
    .execute();
  await db.schema
    .createTable('posts_data_sources')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('record_limit', 'integer')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('editable', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('posts_data_sources_record_limit', sql`record_limit is null or (record_limit >= 1 and record_limit <= 20000)`)
    .execute();
  const now = new Date().toISOString();
  await db.insertInto('posts_data_sources').values(BUILTIN_DATA_SOURCES.map((s) => ({
    id: s.id, name: s.name, source: s.source, record_limit: s.record_limit, enabled: s.enabled ? 1 : 0, editable: 1,
    settings: JSON.stringify(s.settings), created_at: now, updated_at: now,
  }))).execute();
  await db.schema
    .createTable('posts_demo_corpora')
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('seed', 'text', (c) => c.notNull())
    .addColumn('posts', 'integer', (c) => c.notNull())
    .addColumn('corpus_hash', 'text', (c) => c.notNull())
    .addColumn('ground_truth_path', 'text', (c) => c.notNull())
    .addColumn('generated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('posts_demo_corpora_pk', ['organization_id', 'seed', 'posts'])
    .execute();
}

/**
 * An organisation's own choice for a data source (enabled, record_limit); without a row it follows the
 * installation's values in posts_data_sources. See dataSources/organization.ts.
 */
async function createOrganizationDataSources(db: Kysely<any>) {
  await db.schema
    .createTable('posts_organization_data_sources')
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('data_source_id', 'text', (c) => c.notNull().references('posts_data_sources.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('record_limit', 'integer')
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('posts_organization_data_sources_pk', ['organization_id', 'data_source_id'])
    .addCheckConstraint('posts_organization_data_sources_record_limit', sql`record_limit is null or (record_limit >= 1 and record_limit <= 20000)`)
    .execute();
}

/**
 * A demo corpus is seeded resumably: its row is written first with the window it covers, finished last. A seeding
 * killed midway is completed with the same window (the same posts) by the next start. Rows written before were whole.
 */
async function addDemoCorpusProgress(db: Kysely<any>) {
  await db.schema.alterTable('posts_demo_corpora').addColumn('window_end', 'text').execute();
  await db.schema.alterTable('posts_demo_corpora').addColumn('finished_at', 'text').execute();
  await db.updateTable('posts_demo_corpora').set({ window_end: sql`generated_at`, finished_at: sql`generated_at` }).execute();
}

export const migrations: Migration[] = [
  // The post store's tables are core's (core/210_post_store); the id stays in the ledger of existing databases.
  { id: 'posts/001_store', up: async () => {} },
  { id: 'posts/002_runs', up: (db) => createRuns(db) },
  { id: 'posts/003_organization_data_sources', up: (db) => createOrganizationDataSources(db) },
  { id: 'posts/004_explorer_facts', up: (db) => createExplorerFacts(db) },
  { id: 'posts/005_demo_corpus_progress', up: (db) => addDemoCorpusProgress(db) },
];
