/**
 * SQLite's half of `PostWriter`: a batch's posts, their URLs, hashtags and mentions and their FTS5 rows, inside the
 * caller's transaction (issue 19, docs/adr/0019-sqlite-import-writes.md).
 *
 * Each post is one prepared single-row INSERT (through Kysely's executor, so it joins the caller's transaction and
 * the connection's statement cache), its id read from the statement's own answer (`insertId`, a duplicate answers no
 * change). Measured on the same 100,000 rows, the 500-row `... ON CONFLICT DO NOTHING RETURNING id, platform, rid`
 * it replaces cost 1.6-1.7 s of CPU against 0.9 s: SQLite buffers a RETURNING statement's rows in a table of its own
 * and better-sqlite3 builds an object a row, which the writer then keyed by platform and rid to find each post's id.
 * Rows go in the same order as before (posts in batch order, then the side tables, then the FTS5 rows), so ids,
 * `sqlite_sequence` and the FTS5 segments come out byte-identical.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import { bulkInsert, type Cell } from './sql';
import type { PreparedPost } from './prepared';
import { SIDE_TABLES, SideRows } from './sideRows';

export interface SqliteBatch {
  organizationId: string;
  source: string;
  /** created_at of the batch's new posts. */
  now: string;
  /** posts_posts columns: organization_id, platform, rid, actor_id, the prepared fields, source, created_at. */
  columns: readonly string[];
  actorId: (p: PreparedPost) => number | null;
  /** The writer's key of a post, as `lookup` answers it. */
  keyOf: (platform: string, rid: string) => string;
}

export interface SqliteWriteResult { inserted: number; duplicates: number; ids: number[] }

const integer = (name: string) => ({ name, type: 'integer' as const });
const text = (name: string) => ({ name, type: 'text' as const });
const SEARCH_COLUMNS = [integer('rowid'), text('search_text')];

/** The single-row INSERT's text by column list (built once; the connection's statement cache keeps it prepared). */
const insertTexts = new Map<string, string>();
function insertOne(columns: readonly string[]): string {
  const key = columns.join(',');
  let textOf = insertTexts.get(key);
  if (textOf === undefined) {
    textOf = `INSERT INTO posts_posts (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')}) `
      + 'ON CONFLICT (organization_id, platform, rid) DO NOTHING';
    insertTexts.set(key, textOf);
  }
  return textOf;
}

/**
 * Inserts the batch's `unique` posts (one per key; posts already stored are left as they are) and the side tables and
 * FTS5 rows of the new ones. `posts` is the batch as given (its count and order are the answer's); `lookup` (when
 * ids are wanted) finds the ids of the posts that were already stored.
 */
export async function writeSqliteRows(
  db: Kysely<any>, batch: SqliteBatch, posts: readonly PreparedPost[], unique: readonly PreparedPost[],
  lookup: ((missing: PreparedPost[]) => Promise<Map<string, number>>) | null,
): Promise<SqliteWriteResult> {
  const statement = insertOne(batch.columns);
  const newIds: (number | undefined)[] = new Array(unique.length);
  let inserted = 0;
  const side = new SideRows();
  const search: Cell[][] = [];
  for (let i = 0; i < unique.length; i += 1) {
    const p = unique[i]!;
    const row: Cell[] = [batch.organizationId, p.platform, p.rid, batch.actorId(p), ...p.fields, batch.source, batch.now];
    const result = await db.executeQuery(CompiledQuery.raw(statement, row));
    if (result.numAffectedRows !== 1n) continue;
    const id = Number(result.insertId);
    newIds[i] = id;
    inserted += 1;
    side.add(id, p);
    search.push([id, p.search_text]);
  }
  for (const table of ['posts_urls', 'posts_hashtags', 'posts_mentions'] as const) await bulkInsert(db, 'sqlite', table, SIDE_TABLES[table], side[table], '', 2000);
  await bulkInsert(db, 'sqlite', 'posts_search', SEARCH_COLUMNS, search, '', 1000);

  let ids: number[] = [];
  if (lookup) {
    const idOf = new Map<string, number>();
    const missing: PreparedPost[] = [];
    unique.forEach((p, i) => {
      const id = newIds[i];
      if (id === undefined) missing.push(p);
      else idOf.set(batch.keyOf(p.platform, p.rid), id);
    });
    for (const [k, id] of await lookup(missing)) idOf.set(k, id);
    ids = posts.map((p) => idOf.get(batch.keyOf(p.platform, p.rid))!);
  }
  return { inserted, duplicates: posts.length - inserted, ids };
}
