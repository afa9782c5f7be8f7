/**
 * A new post's rows in the side tables (posts_urls, posts_hashtags, posts_mentions), the same on both engines: the
 * writer's PostgreSQL part and SQLite's (sqliteRows.ts) collect them per batch, then insert each table in bulk.
 */
import type { BulkColumn, Cell } from './sql';
import type { PreparedPost } from './prepared';

const integer = (name: string): BulkColumn => ({ name, type: 'integer' });
const text = (name: string): BulkColumn => ({ name, type: 'text' });

export const SIDE_TABLES = {
  posts_urls: [integer('post_id'), integer('position'), text('url'), text('host'), text('domain')],
  posts_hashtags: [integer('post_id'), integer('position'), text('tag')],
  posts_mentions: [integer('post_id'), integer('position'), text('screen_name')],
} as const satisfies Record<string, readonly BulkColumn[]>;

export class SideRows {
  readonly posts_urls: Cell[][] = [];
  readonly posts_hashtags: Cell[][] = [];
  readonly posts_mentions: Cell[][] = [];

  /** Adds the rows of post `id` (newly stored) from its prepared cells. */
  add(id: number, p: PreparedPost): void {
    for (let u = 0; u < p.urls.length; u += 3) this.posts_urls.push([id, u / 3, p.urls[u] ?? null, p.urls[u + 1] ?? null, p.urls[u + 2] ?? null]);
    for (let t = 0; t < p.hashtags.length; t += 1) this.posts_hashtags.push([id, t, p.hashtags[t]!]);
    for (let m = 0; m < p.mentions.length; m += 1) this.posts_mentions.push([id, m, p.mentions[m]!]);
  }
}
