import { sql, type Kysely } from 'kysely';
import type { Migration } from '@core/server/storage/migrations';
import type { DialectName } from '@core/server/storage/database';
import { FTS5_TOKENIZE } from '@core/shared/query';
import { BUILTIN_DATA_SOURCES } from '../shared/dataSources';
import { createExplorerFacts } from './explorer/facts';

/** An integer primary key the database assigns: the rowid on SQLite (FTS5 rows share it), an identity on PostgreSQL. */
function idColumn(dialect: DialectName) {
  return (c: any) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity());
}

async function createStore(db: Kysely<any>, dialect: DialectName) {
  await db.schema
    .createTable('posts_actors')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('rid', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('screen_name', 'text')
    .addColumn('display_name', 'text')
    .addColumn('location', 'text')
    .addColumn('url', 'text')
    .addColumn('avatar_url', 'text')
    .addColumn('bio', 'text')
    .addColumn('created_at', 'text')
    .addColumn('embedded_profile_url', 'text')
    .addColumn('additional_properties', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('posts_actors_key', ['organization_id', 'platform', 'rid'])
    .execute();

  await db.schema
    .createTable('posts_posts')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('rid', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.references('posts_actors.id'))
    .addColumn('subject', 'text')
    .addColumn('title', 'text')
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('language', 'text')
    .addColumn('source_url', 'text')
    .addColumn('avatar_url', 'text')
    .addColumn('accounts_url', 'text')
    .addColumn('urls', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('domains', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('entities', 'text')
    .addColumn('is_repost', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_reply', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_quote', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('repost_of', 'text')
    .addColumn('quote_of', 'text')
    .addColumn('reply_to', 'text')
    .addColumn('is_niche', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('additional_properties', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('posts_posts_key', ['organization_id', 'platform', 'rid'])
    .execute();
  // The collect step reads an organisation's posts by date; account views read them by actor.
  await db.schema.createIndex('posts_posts_org_published').on('posts_posts').columns(['organization_id', 'published_at']).execute();
  await db.schema.createIndex('posts_posts_actor').on('posts_posts').column('actor_id').execute();

  for (const [table, columns] of [
    ['posts_urls', [['url', 'text'], ['host', 'text'], ['domain', 'text']]],
    ['posts_hashtags', [['tag', 'text']]],
    ['posts_mentions', [['screen_name', 'text']]],
  ] as const) {
    let builder = db.schema
      .createTable(table)
      .addColumn('post_id', 'integer', (c) => c.notNull().references('posts_posts.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull());
    for (const [name, type] of columns) builder = builder.addColumn(name, type, (c) => (name === 'host' || name === 'domain' ? c : c.notNull()));
    await builder.addPrimaryKeyConstraint(`${table}_pk`, ['post_id', 'position']).execute();
  }
  await db.schema.createIndex('posts_urls_url').on('posts_urls').column('url').execute();
  await db.schema.createIndex('posts_urls_domain').on('posts_urls').column('domain').execute();
  await db.schema.createIndex('posts_hashtags_tag').on('posts_hashtags').column('tag').execute();
  await db.schema.createIndex('posts_mentions_screen_name').on('posts_mentions').column('screen_name').execute();

  if (dialect === 'sqlite') {
    // Contentless: the index holds toSearchText(title, subject, body) keyed by the post id; the text is not stored twice.
    await sql.raw(
      `CREATE VIRTUAL TABLE posts_search USING fts5(search_text, content='', contentless_delete=1, tokenize = "${FTS5_TOKENIZE}")`,
    ).execute(db);
    await sql.raw(
      'CREATE TRIGGER posts_posts_search_delete AFTER DELETE ON posts_posts BEGIN DELETE FROM posts_search WHERE rowid = old.id; END',
    ).execute(db);
  } else {
    await sql.raw('ALTER TABLE posts_posts ADD COLUMN search_vector tsvector').execute(db);
    await sql.raw('CREATE INDEX posts_posts_search ON posts_posts USING gin (search_vector)').execute(db);
  }
}

async function createRuns(db: Kysely<any>) {
  await db.schema
    .createTable('posts_run_posts')
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts_posts.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('posts_run_posts_pk', ['run_id', 'post_id'])
    .execute();
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

export const migrations: Migration[] = [
  { id: 'posts/001_store', up: createStore },
  { id: 'posts/002_runs', up: (db) => createRuns(db) },
  { id: 'posts/003_organization_data_sources', up: (db) => createOrganizationDataSources(db) },
  { id: 'posts/004_explorer_facts', up: (db) => createExplorerFacts(db) },
];
