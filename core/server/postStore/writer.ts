/**
 * The bulk write path of the post store. Posts are stored once per organisation: a post whose (platform, rid) is
 * already there is left as it is and counted as a duplicate. Each `write` is one transaction: actors (upserted,
 * newer profile fields win), posts, their URLs, hashtags and mentions, and the full-text index (an FTS5 row on
 * SQLite, the `search_vector` column on PostgreSQL), so a failure leaves nothing half-written.
 */
import type { Kysely } from 'kysely';
import type { Storage } from '@core/server/storage/database';
import { bulkInsert as insertStatements, type BulkColumn, type Cell } from './sql';
import { copyInsert } from './pgCopy';
import type { NormalizedPost } from './normalize';
import { preparePost, type PreparedPost } from './prepared';
import { writeSqliteRows } from './sqliteRows';
import { SIDE_TABLES, SideRows } from './sideRows';

export interface WriteResult {
  /** Posts newly stored. */
  inserted: number;
  /** Posts already stored (or repeated within the batch). */
  duplicates: number;
  /** Stored id of each input post, in input order (only with `wantIds`). */
  ids: number[];
}

const POST_COLUMNS = [
  'organization_id', 'platform', 'rid', 'actor_id', 'subject', 'title', 'body', 'published_at', 'language', 'source_url',
  'avatar_url', 'accounts_url', 'urls', 'images', 'domains', 'entities', 'is_repost', 'is_reply', 'is_quote', 'repost_of',
  'quote_of', 'reply_to', 'is_niche', 'additional_properties', 'source', 'created_at',
] as const;

const INTEGER_COLUMNS = new Set(['actor_id', 'is_repost', 'is_reply', 'is_quote', 'is_niche']);

const ACTOR_COLUMNS = [
  'organization_id', 'platform', 'rid', 'user_id', 'screen_name', 'display_name', 'location', 'url', 'avatar_url', 'bio',
  'created_at', 'embedded_profile_url', 'additional_properties', 'first_seen_at',
] as const;

/** Profile fields a later sighting of an account may fill in or change. */
const ACTOR_UPDATED = ['user_id', 'screen_name', 'display_name', 'location', 'url', 'avatar_url', 'bio', 'created_at', 'embedded_profile_url'] as const;

/** Rows from which PostgreSQL's go through COPY: single-post writes were 1.4-3.8x slower that way (ADR 0020). */
const COPY_FROM_ROWS = 500;

/**
 * PostgreSQL's rows go through COPY (pgCopy.ts, ADR 0020) from COPY_FROM_ROWS rows on; fewer (a collector's page, a
 * batch's few mentions) and SQLite's through multi-row INSERT statements (sql.ts): a COPY takes more round trips.
 */
function bulkInsert<R = Record<string, unknown>>(
  db: Kysely<any>, dialect: Storage['dialect'], table: string, columns: readonly BulkColumn[], rows: readonly Cell[][], suffix = '', cap?: number,
): Promise<R[]> {
  return dialect === 'postgres' && rows.length >= COPY_FROM_ROWS
    ? copyInsert<R>(db, table, columns, rows, suffix) : insertStatements<R>(db, dialect, table, columns, rows, suffix, cap);
}

const keyOf = (platform: string, rid: string) => `${platform}\u0000${rid}`;

interface KnownActor { id: number; profile: string }
/** The profile part of an actor row (without organisation, key and first_seen_at). */
const profileOf = (row: readonly Cell[]) => JSON.stringify(row.slice(3, 13));

export class PostWriter {
  /** Actors already upserted by this writer: their id, so later batches do not touch them again. */
  private readonly actorIds = new Map<string, KnownActor>();

  constructor(
    private readonly storage: Storage,
    private readonly organizationId: string,
    /** Recorded with each new post: `import`, `demo`, or the collector's source. */
    private readonly source: string,
  ) {}

  async write(posts: readonly NormalizedPost[], opts: { wantIds?: boolean } = {}): Promise<WriteResult> {
    return this.writePrepared(posts.map(preparePost), opts);
  }

  /** `write` for posts already turned into cells (an import's parse thread prepares them). */
  async writePrepared(posts: readonly PreparedPost[], opts: { wantIds?: boolean } = {}): Promise<WriteResult> {
    if (posts.length === 0) return { inserted: 0, duplicates: 0, ids: [] };
    const pending = new Map<string, KnownActor>();
    const result = await this.storage.db.transaction().execute((trx) =>
      this.writeIn(trx as unknown as Kysely<any>, posts, opts.wantIds ?? false, pending));
    // Only committed actors are remembered: after a rollback they are written again.
    for (const [k, id] of pending) this.actorIds.set(k, id);
    return result;
  }

  private async writeIn(db: Kysely<any>, posts: readonly PreparedPost[], wantIds: boolean, newActors: Map<string, KnownActor>): Promise<WriteResult> {
    const dialect = this.storage.dialect;
    const now = new Date().toISOString();
    const unique = new Map<string, PreparedPost>();
    for (const p of posts) {
      const k = keyOf(p.platform, p.rid);
      if (!unique.has(k)) unique.set(k, p);
    }

    // Actors first: posts reference them. Later sightings in the batch fill in or change profile fields, a repeated
    // post's too (as a later batch's would: the profile must not depend on where batches split); an account this
    // writer already stored with the same profile is not written again.
    const actorRows = new Map<string, Cell[]>();
    for (const p of posts) {
      const a = p.author;
      if (!a) continue;
      const k = keyOf(p.platform, a[0] as string);
      const row: Cell[] = [this.organizationId, p.platform, ...a, now];
      const earlier = actorRows.get(k);
      if (earlier) {
        row.forEach((cell, i) => { if (cell !== null && !(i === 12 && cell === '{}')) earlier[i] = cell; });
      } else {
        actorRows.set(k, row);
      }
    }
    for (const [k, row] of actorRows) {
      const known = this.actorIds.get(k);
      if (known && known.profile === profileOf(row)) actorRows.delete(k);
    }
    if (actorRows.size > 0) {
      const updates = ACTOR_UPDATED.map((c) => `${c} = COALESCE(excluded.${c}, posts_actors.${c})`).join(', ');
      const returned = await bulkInsert<{ id: number; platform: string; rid: string }>(
        db, dialect, 'posts_actors', ACTOR_COLUMNS.map((name) => ({ name })), [...actorRows.values()],
        `ON CONFLICT (organization_id, platform, rid) DO UPDATE SET ${updates}, additional_properties = ` +
          `CASE WHEN excluded.additional_properties = '{}' THEN posts_actors.additional_properties ELSE excluded.additional_properties END ` +
          'RETURNING id, platform, rid',
      );
      for (const r of returned) {
        const k = keyOf(r.platform, r.rid);
        newActors.set(k, { id: Number(r.id), profile: profileOf(actorRows.get(k)!) });
      }
    }
    const actorId = (p: PreparedPost) => {
      if (!p.author) return null;
      const k = keyOf(p.platform, p.author[0] as string);
      return newActors.get(k)?.id ?? this.actorIds.get(k)?.id ?? null;
    };

    // SQLite: one prepared single-row INSERT a post, ids from its answer (sqliteRows.ts says why).
    if (this.storage.dialect === 'sqlite') {
      const batch = { organizationId: this.organizationId, source: this.source, now, columns: POST_COLUMNS, actorId, keyOf };
      return writeSqliteRows(db, batch, posts, [...unique.values()], wantIds ? (missing) => this.lookupIds(db, missing) : null);
    }

    // PostgreSQL from here: the search text goes into the post row's search_vector (no FTS table).
    const columns: BulkColumn[] = POST_COLUMNS.map((name) => ({ name, type: INTEGER_COLUMNS.has(name) ? 'integer' : 'text' }));
    columns.push({ name: 'search_vector', wrap: (ph) => `to_tsvector('simple', ${ph})` });
    const rows: Cell[][] = [];
    for (const p of unique.values()) rows.push([this.organizationId, p.platform, p.rid, actorId(p), ...p.fields, this.source, now, p.search_text]);
    const inserted = await bulkInsert<{ id: number; platform: string; rid: string }>(
      db, dialect, 'posts_posts', columns, rows, 'ON CONFLICT (organization_id, platform, rid) DO NOTHING RETURNING id, platform, rid',
    );
    const idOf = new Map<string, number>();
    for (const r of inserted) idOf.set(keyOf(r.platform, r.rid), Number(r.id));

    const side = new SideRows();
    for (const [k, id] of idOf) side.add(id, unique.get(k)!);
    for (const table of ['posts_urls', 'posts_hashtags', 'posts_mentions'] as const) await bulkInsert(db, dialect, table, SIDE_TABLES[table], side[table], '', 2000);

    let ids: number[] = [];
    if (wantIds) {
      const missing = [...unique.values()].filter((p) => !idOf.has(keyOf(p.platform, p.rid)));
      for (const [k, id] of await this.lookupIds(db, missing)) idOf.set(k, id);
      ids = posts.map((p) => idOf.get(keyOf(p.platform, p.rid))!);
    }
    return { inserted: inserted.length, duplicates: posts.length - inserted.length, ids };
  }

  private async lookupIds(db: Kysely<any>, posts: readonly PreparedPost[]): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    const byPlatform = new Map<string, string[]>();
    for (const p of posts) byPlatform.set(p.platform, [...(byPlatform.get(p.platform) ?? []), p.rid]);
    for (const [platform, rids] of byPlatform) {
      for (let i = 0; i < rids.length; i += 1000) {
        const chunk = rids.slice(i, i + 1000);
        const rows = await db.selectFrom('posts_posts').select(['id', 'rid'])
          .where('organization_id', '=', this.organizationId).where('platform', '=', platform).where('rid', 'in', chunk)
          .execute();
        for (const r of rows) found.set(keyOf(platform, r.rid as string), Number(r.id));
      }
    }
    return found;
  }
}
