import { sql, type Kysely } from 'kysely';
import type { Migration } from '../storage/migrations';
import type { DialectName } from '../storage/database';
import { FTS5_TOKENIZE } from '@core/shared/query';

/**
 * The post store's schema: actors, posts (one row per organisation, platform and rid), their URLs, hashtags and
 * mentions, the full-text index, and the run links (`posts_run_posts`). The tables keep their `posts_` names
 * (persisted; renames only by migration). Databases created before the store moved into core got these tables
 * from the posts plugin's `posts/001_store` and `posts/002_runs`; for them this migration adopts the tables as
 * they are. See docs/adr/0007-post-scope-in-core.md.
 */
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

async function createRunLinks(db: Kysely<any>) {
  await db.schema
    .createTable('posts_run_posts')
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts_posts.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('posts_run_posts_pk', ['run_id', 'post_id'])
    .execute();
}

async function adoptedFromPostsPlugin(db: Kysely<any>): Promise<boolean> {
  const row = await db.selectFrom('core_migrations').select('id').where('id', '=', 'posts/001_store').executeTakeFirst();
  return row !== undefined;
}

export const postStoreMigrations: Migration[] = [
  {
    id: 'core/210_post_store',
    async up(db, dialect) {
      if (await adoptedFromPostsPlugin(db)) return;
      await createStore(db, dialect);
      await createRunLinks(db);
    },
  },
];
