import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { PostFacetRegistry } from '@core/server/facets/contract';
import { badRequest } from '@core/server/http/errors';
import type { Storage } from '@core/server/storage/database';
import { isEmptyFilters } from '@core/shared/filters';
import { EXPLORER_MESSAGES, type RawDataRow } from '../../shared/explorerApi';
import type { OrderBy } from './params';
import { indexIds, indexOrderName, indexTotal, servesQuery } from './indexQueries';
import { fromRunPosts, type PostSetQuery } from './postSet';
import { rowsFor } from './rows';
import { runIndexIfReady, runIndexOf, type RunIndex } from './runIndex';

/** One page of the explorer's post set: ids in order, and how many posts the set holds. */

/** A sort key as SQL, and whether it can be null (nullable keys sort their nulls last in both directions). */
function sortExpression(registry: PostFacetRegistry, q: PostSetQuery, column: string): { expr: RawBuilder<unknown>; nullable: boolean } {
  switch (column) {
    case 'published_at': return { expr: sql`p.published_at`, nullable: false };
    case 'id': return { expr: sql`p.id`, nullable: false };
    case 'rid': return { expr: sql`p.rid`, nullable: false };
    case 'class': return { expr: sql`p.platform`, nullable: false };
    case 'language': return { expr: sql`p.language`, nullable: true };
    case 'screen_name': return { expr: sql`(select a.screen_name from posts_actors a where a.id = p.actor_id)`, nullable: true };
    case 'display_name': return { expr: sql`(select a.display_name from posts_actors a where a.id = p.actor_id)`, nullable: true };
  }
  const key = registry.sortKey(column);
  if (!key) throw badRequest(EXPLORER_MESSAGES.orderBy(column));
  return { expr: sql`(${key(sql.ref('p.id'), q.scope)})`, nullable: true };
}

export function orderClause(registry: PostFacetRegistry, q: PostSetQuery, orderBy: readonly OrderBy[]): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  for (const o of orderBy) {
    const { expr, nullable } = sortExpression(registry, q, o.column);
    if (nullable) parts.push(sql`(case when ${expr} is null then 1 else 0 end)`);
    parts.push(o.direction === 'desc' ? sql`${expr} desc` : sql`${expr} asc`);
  }
  // The id breaks ties so pages never overlap; same direction as the first key keeps the date index usable.
  if (!orderBy.some((o) => o.column === 'id')) parts.push(orderBy[0]?.direction === 'asc' ? sql`p.id asc` : sql`p.id desc`);
  return sql.join(parts, sql`, `);
}

const dbOf = (storage: Storage) => storage.db as unknown as Kysely<any>;

/**
 * The run's in-memory index when it can answer `q` (runIndex.ts), else null for the SQL path. Pages and totals
 * (`ifReady`) take the SQL path until the index is in memory (its load runs meanwhile) instead of waiting for it.
 */
async function indexFor(storage: Storage, registry: PostFacetRegistry, q: PostSetQuery, ifReady = false): Promise<RunIndex | null> {
  if (q.live || !servesQuery(q)) return null;
  return ifReady ? runIndexIfReady(storage, registry, q.scope) : runIndexOf(storage, registry, q.scope);
}

/**
 * Unfiltered totals read live, per storage and run: a succeeded run's posts do not change, so the pages asked while its
 * facts fill count them once (100-400 ms at 200k posts on PostgreSQL under load).
 */
const liveTotals = new WeakMap<Storage, Map<string, number>>();
const MAX_LIVE_TOTALS = 100;

/** Posts in the set. Without any narrowing it is the run's fact count (a covering scan of its primary key). */
export async function totalOf(storage: Storage, registry: PostFacetRegistry, q: PostSetQuery): Promise<number> {
  const runId = q.scope.runId;
  if (runId === null) return 0;
  const index = await indexFor(storage, registry, q, true);
  if (index) return indexTotal(index, q);
  const unfiltered = isEmptyFilters(q.filters) && q.search === null && !q.coordinationOnly;
  const known = unfiltered && q.live ? liveTotals.get(storage)?.get(runId) : undefined;
  if (known !== undefined) return known;
  // Unfiltered and live: the run's links alone (a range of their primary key, no join to the wide post rows). A run
  // links only posts of its own organisation (its collect stage matches or writes them there), as its facts hold.
  const query = !unfiltered ? sql<{ n: number }>`select count(*) as n ${fromRunPosts(registry, storage.dialect, q)}`
    : q.live ? sql<{ n: number }>`select count(*) as n from posts_run_posts where run_id = ${runId}`
      : sql<{ n: number }>`select count(*) as n from posts_explorer_facts p where p.run_id = ${runId}`;
  const total = Number((await query.execute(dbOf(storage))).rows[0]?.n ?? 0);
  if (unfiltered && q.live) {
    let totals = liveTotals.get(storage);
    if (!totals) { totals = new Map(); liveTotals.set(storage, totals); }
    if (totals.size >= MAX_LIVE_TOTALS) totals.delete(totals.keys().next().value!);
    totals.set(runId, total);
  }
  return total;
}

export async function pageIds(
  storage: Storage, registry: PostFacetRegistry, q: PostSetQuery, page: { limit: number; offset: number; orderBy: readonly OrderBy[] },
  order?: RawBuilder<unknown>,
): Promise<number[]> {
  if (q.scope.runId === null) return [];
  // A caller's own order (notable posts) is SQL only; otherwise the index serves the orders it knows.
  const orderName = order === undefined ? indexOrderName(registry, page.orderBy) : null;
  const index = orderName === null ? null : await indexFor(storage, registry, q, true);
  if (index && orderName !== null) return indexIds(storage, registry, index, q, orderName, page.offset, page.limit);
  order ??= orderClause(registry, q, page.orderBy);
  const rows = (await sql<{ id: number }>`select p.id ${fromRunPosts(registry, storage.dialect, q)} order by ${order}
    limit ${page.limit} offset ${page.offset}`.execute(dbOf(storage))).rows;
  return rows.map((r) => Number(r.id));
}

export const DEFAULT_EXPORT_ORDER: readonly OrderBy[] = [{ column: 'published_at', direction: 'desc' }];

const isDateDesc = (orderBy: readonly OrderBy[]) => orderBy.length === 1 && orderBy[0]!.column === 'published_at' && orderBy[0]!.direction === 'desc';

/**
 * The whole set's rows in `orderBy` order, in batches. From the run index: the ordered ids (8 bytes a post) then
 * rows by id. Without it: keyset batches for the date order (flat memory, constant cost per batch at any depth),
 * else the ordered ids in one SQL query.
 */
export function rowBatches(
  storage: Storage, registry: PostFacetRegistry, q: PostSetQuery, batchSize: number, orderBy: readonly OrderBy[] = DEFAULT_EXPORT_ORDER,
): AsyncGenerator<RawDataRow[]> {
  return readBatches(storage, registry, q, batchSize, orderBy, (ids) => rowsFor(storage, registry, q.scope, ids));
}

/** As rowBatches, with each batch of ordered ids turned into whatever `read` makes of it (rows, CSV text). */
export async function* readBatches<T>(
  storage: Storage, registry: PostFacetRegistry, q: PostSetQuery, batchSize: number, orderBy: readonly OrderBy[],
  read: (ids: number[]) => Promise<T>,
): AsyncGenerator<T> {
  if (q.scope.runId === null) return;
  const orderName = indexOrderName(registry, orderBy);
  const index = orderName === null ? null : await indexFor(storage, registry, q);
  if (!index && isDateDesc(orderBy)) {
    yield* keysetBatches(storage, registry, q, batchSize, read);
    return;
  }
  const ids = index && orderName !== null
    ? await indexIds(storage, registry, index, q, orderName, 0, Infinity)
    : (await sql<{ id: number }>`select p.id ${fromRunPosts(registry, storage.dialect, q)} order by ${orderClause(registry, q, orderBy)}`
      .execute(dbOf(storage))).rows.map((r) => Number(r.id));
  yield* prefetched(ids, batchSize, read);
}

/** Rows of the next batch are requested before the current one is handed out (PostgreSQL answers while we format). */
async function* prefetched<T>(ids: readonly number[], batchSize: number, read: (batch: number[]) => Promise<T>): AsyncGenerator<T> {
  const start = (at: number) => {
    const pending = read(ids.slice(at, at + batchSize));
    // An export the client abandons never awaits the prefetched batch: its failure must not go unhandled.
    pending.catch(() => undefined);
    return pending;
  };
  let next = ids.length > 0 ? start(0) : null;
  for (let at = 0; next !== null; at += batchSize) {
    const rows = await next;
    next = at + batchSize < ids.length ? start(at + batchSize) : null;
    yield rows;
  }
}

async function* keysetBatches<T>(
  storage: Storage, registry: PostFacetRegistry, q: PostSetQuery, batchSize: number, read: (ids: number[]) => Promise<T>,
): AsyncGenerator<T> {
  let after: { published_at: string; id: number } | null = null;
  for (;;) {
    const keyset: RawBuilder<unknown> = after === null
      ? sql`1 = 1`
      // The plain `<=` bound lets the date index start at the last row; the OR alone would rescan from the top each batch.
      : sql`p.published_at <= ${after.published_at} and (p.published_at < ${after.published_at} or p.id < ${after.id})`;
    const page = (await sql<{ id: number; published_at: string }>`select p.id, p.published_at ${fromRunPosts(registry, storage.dialect, q)}
      and ${keyset} order by p.published_at desc, p.id desc limit ${batchSize}`.execute(dbOf(storage))).rows;
    if (page.length === 0) return;
    yield await read(page.map((r) => Number(r.id)));
    const last = page[page.length - 1]!;
    after = { published_at: last.published_at, id: Number(last.id) };
    if (page.length < batchSize) return;
  }
}
