import type { Generated } from 'kysely';

/**
 * The post store's tables (core), as Kysely sees them. Timestamps are ISO-8601 UTC text (`Date#toISOString`), booleans
 * 0/1 integers, JSON documents text. Every plugin may read them; only core's writer writes them.
 */
export interface PostsPostRow {
  /** Internal id (integer; the FTS5 rowid on SQLite). */
  id: Generated<number>;
  organization_id: string;
  /** Platform key of the catalogue (`core/shared/platforms`). */
  platform: string;
  /** The platform's own id of the post. Unique per organisation and platform. */
  rid: string;
  actor_id: number | null;
  subject: string | null;
  title: string | null;
  body: string;
  /** ISO-8601 UTC, `Date#toISOString` form (text order = time order). */
  published_at: string;
  /** ISO 639-1 code (en, es, zh ...) or null when unknown. */
  language: string | null;
  source_url: string | null;
  avatar_url: string | null;
  accounts_url: string | null;
  /** JSON arrays of strings. */
  urls: string;
  images: string;
  domains: string;
  /** JSON or null (named entities, filled by NLP). */
  entities: string | null;
  is_repost: number;
  is_reply: number;
  is_quote: number;
  /** Platform ids (rid) of the referenced posts, same platform. */
  repost_of: string | null;
  quote_of: string | null;
  reply_to: string | null;
  /** 1 when the platform's group is niche (filter dimension is_niche). */
  is_niche: number;
  /** JSON object, validated per platform. */
  additional_properties: string;
  /** Who stored it: `import`, `demo`, or a collector's source (`local`, `bluesky`, ...). */
  source: string;
  created_at: string;
}

export interface PostsActorRow {
  id: Generated<number>;
  organization_id: string;
  platform: string;
  /** The platform's id of the account. Unique per organisation and platform. */
  rid: string;
  user_id: string | null;
  screen_name: string | null;
  display_name: string | null;
  location: string | null;
  url: string | null;
  avatar_url: string | null;
  bio: string | null;
  /** When the account was created on the platform (ISO) or null. */
  created_at: string | null;
  embedded_profile_url: string | null;
  additional_properties: string;
  first_seen_at: string;
}

export interface PostsUrlRow { post_id: number; position: number; url: string; host: string | null; domain: string | null }
export interface PostsHashtagRow { post_id: number; position: number; tag: string }
export interface PostsMentionRow { post_id: number; position: number; screen_name: string }
export interface PostsRunPostRow { run_id: string; post_id: number }

/** The post store's tables (core). Plugins read them through the post scope (core/server/postScope) or, for their
 * own joins, with `tablesOf<PostStoreTables>(storage)`. */
export interface PostStoreTables {
  posts_posts: PostsPostRow;
  posts_actors: PostsActorRow;
  posts_urls: PostsUrlRow;
  posts_hashtags: PostsHashtagRow;
  posts_mentions: PostsMentionRow;
  posts_run_posts: PostsRunPostRow;
}
