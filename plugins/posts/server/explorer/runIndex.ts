import { sql, type Kysely } from 'kysely';
import type { PostFacetRegistry } from '@core/server/facets/contract';
import type { Storage } from '@core/server/storage/database';
import { booleanDimensions, listDimensions } from '@core/shared/filters';
import { facetRows, type Dimension } from './postSet';
import type { ExplorerScope } from './scope';

/**
 * A run's filterable values in memory, columnar: the run's facts (facts.ts) in (published_at desc, id desc) order
 * plus its domains and every facet provider's values, loaded in a few SQL reads per (run, providers' revisions)
 * and kept in a small LRU. Filters, totals, pages and filter_counts then cost one pass over typed arrays
 * (filterCounts counts every dimension in that one pass) instead of one SQL scan of the run per dimension:
 * see indexQueries.ts and docs/benchmarks.md. Used only when every provider with facets or sort keys declares a
 * `revision` (core/server/facets/contract.ts); otherwise the SQL path reads the sources live.
 */

export const STORE_FLAGS = ['is_repost', 'is_reply', 'is_quote', 'is_niche'] as const;
export type StoreFlag = (typeof STORE_FLAGS)[number];

/** A multi-valued column: the values of position i are `codes[offsets[i] .. offsets[i + 1])`, indexes into `dict`. */
export interface ListColumn { dict: string[]; offsets: Int32Array; codes: Int32Array }

export interface RunIndex {
  runId: string;
  revision: string;
  size: number;
  /** Post ids and ISO dates by position; positions are in (published_at desc, id desc) order. */
  ids: Float64Array;
  published: string[];
  platformDict: string[];
  platform: Uint16Array;
  flags: Record<StoreFlag, Uint8Array>;
  /** Domains and list facets. */
  lists: Map<Dimension, ListColumn>;
  /** Boolean facets: 1 where the provider lists the post as true. */
  booleans: Map<Dimension, Uint8Array>;
  /** Orders other than the date one, computed on first use: order name -> positions. */
  orders: Map<string, Int32Array>;
}

/** Rows kept in memory over all cached runs (a 200k-post run takes about 10 MB). */
export const MAX_INDEXED_ROWS = 2_000_000;

const dbOf = (storage: Storage) => storage.db as unknown as Kysely<any>;

/** The providers' revisions as one token, or null when one of them has none (the SQL path applies then). */
export async function indexRevision(registry: PostFacetRegistry, scope: ExplorerScope): Promise<string | null> {
  const parts: string[] = [];
  for (const provider of registry.providers()) {
    const relevant = Object.keys(provider.facets).length > 0 || Object.keys(provider.sortKeys ?? {}).length > 0;
    if (!relevant) continue;
    if (!provider.revision) return null;
    parts.push(`${provider.owner}=${await provider.revision(scope)}`);
  }
  return parts.join('|');
}

function listColumn(size: number, positionOf: Map<number, number>, rows: readonly { post_id: number; value: unknown }[]): ListColumn {
  const dictIndex = new Map<string, number>();
  const dict: string[] = [];
  const perPosition: number[][] = [];
  for (const r of rows) {
    if (r.value === null || r.value === undefined) continue;
    const at = positionOf.get(Number(r.post_id));
    if (at === undefined) continue;
    const value = String(r.value);
    let code = dictIndex.get(value);
    if (code === undefined) { code = dict.length; dict.push(value); dictIndex.set(value, code); }
    const list = (perPosition[at] ??= []);
    if (!list.includes(code)) list.push(code);
  }
  const offsets = new Int32Array(size + 1);
  let total = 0;
  for (let i = 0; i < size; i += 1) { offsets[i] = total; total += perPosition[i]?.length ?? 0; }
  offsets[size] = total;
  const codes = new Int32Array(total);
  for (let i = 0; i < size; i += 1) codes.set(perPosition[i] ?? [], offsets[i]!);
  return { dict, offsets, codes };
}

async function load(storage: Storage, registry: PostFacetRegistry, scope: ExplorerScope & { runId: string }, revision: string): Promise<RunIndex> {
  const db = dbOf(storage);
  const facts = (await sql<{ id: number; published_at: string; platform: string } & Record<StoreFlag, number>>`select id, published_at, platform,
    is_repost, is_reply, is_quote, is_niche from posts_explorer_facts where run_id = ${scope.runId} order by published_at desc, id desc`.execute(db)).rows;
  const size = facts.length;
  const ids = new Float64Array(size);
  const published: string[] = new Array(size);
  const platformDict: string[] = [];
  const platformCode = new Map<string, number>();
  const platform = new Uint16Array(size);
  const flags = Object.fromEntries(STORE_FLAGS.map((f) => [f, new Uint8Array(size)])) as Record<StoreFlag, Uint8Array>;
  const positionOf = new Map<number, number>();
  facts.forEach((f, i) => {
    ids[i] = Number(f.id);
    positionOf.set(ids[i]!, i);
    published[i] = f.published_at;
    let code = platformCode.get(f.platform);
    if (code === undefined) { code = platformDict.length; platformDict.push(f.platform); platformCode.set(f.platform, code); }
    platform[i] = code;
    for (const flag of STORE_FLAGS) flags[flag][i] = Number(f[flag]) === 1 ? 1 : 0;
  });
  const lists = new Map<Dimension, ListColumn>();
  const domains = (await sql<{ post_id: number; value: string }>`select u.post_id, u.domain as value from posts_explorer_facts p
    join posts_urls u on u.post_id = p.id where p.run_id = ${scope.runId} and u.domain is not null`.execute(db)).rows;
  lists.set('domains', listColumn(size, positionOf, domains));
  const facetOf = async (d: Dimension) => {
    const values = registry.facet(d);
    if (!values) return null;
    return (await sql<{ post_id: number; value: unknown }>`select f.post_id, f.value from posts_explorer_facts p
      join ${facetRows(values, scope)} f on f.post_id = p.id where p.run_id = ${scope.runId}`.execute(db)).rows;
  };
  for (const d of listDimensions()) {
    if (d === 'platforms' || d === 'domains') continue;
    const rows = await facetOf(d);
    if (rows) lists.set(d, listColumn(size, positionOf, rows));
  }
  const booleans = new Map<Dimension, Uint8Array>();
  for (const d of booleanDimensions()) {
    if ((STORE_FLAGS as readonly string[]).includes(d)) continue;
    const rows = await facetOf(d);
    if (!rows) continue;
    const yes = new Uint8Array(size);
    for (const r of rows) {
      const at = positionOf.get(Number(r.post_id));
      if (at !== undefined && String(r.value) === 'true') yes[at] = 1;
    }
    booleans.set(d, yes);
  }
  return { runId: scope.runId, revision, size, ids, published, platformDict, platform, flags, lists, booleans, orders: new Map() };
}

interface Entry { revision: string; index: Promise<RunIndex>; size: number; loaded?: RunIndex }
/** Per storage (each test server has its own), runId -> entry, least recently used first. */
const caches = new WeakMap<Storage, Map<string, Entry>>();
/** Runs too large to keep: the SQL path serves them. */
const tooLarge = new WeakMap<Storage, Set<string>>();

/**
 * The run's index for the current revisions, loading it on first use (concurrent callers share one load), or null
 * when the SQL path must serve the request (a provider without revision, no run, a run over the memory budget).
 */
export async function runIndexOf(storage: Storage, registry: PostFacetRegistry, scope: ExplorerScope): Promise<RunIndex | null> {
  if (scope.runId === null) return null;
  const runId = scope.runId;
  const revision = await indexRevision(registry, scope);
  if (revision === null || tooLarge.get(storage)?.has(runId)) return null;
  let cache = caches.get(storage);
  if (!cache) { cache = new Map(); caches.set(storage, cache); }
  let entry = cache.get(runId);
  if (entry && entry.revision !== revision) entry = undefined;
  if (entry) {
    cache.delete(runId);
    cache.set(runId, entry);
    return entry.index;
  }
  const created: Entry = { revision, size: 0, index: load(storage, registry, { ...scope, runId }, revision) };
  cache.set(runId, created);
  let index: RunIndex;
  try {
    index = await created.index;
  } catch (error) {
    if (cache.get(runId) === created) cache.delete(runId);
    throw error;
  }
  created.size = index.size;
  created.loaded = index;
  if (index.size > MAX_INDEXED_ROWS) {
    cache.delete(runId);
    if (!tooLarge.has(storage)) tooLarge.set(storage, new Set());
    tooLarge.get(storage)!.add(runId);
    return index;
  }
  let rows = 0;
  for (const e of cache.values()) rows += e.size;
  for (const [key, e] of cache) {
    if (rows <= MAX_INDEXED_ROWS) break;
    if (key === runId) continue;
    cache.delete(key);
    rows -= e.size;
  }
  return index;
}

/**
 * The run's index when it is in memory for the current revisions; otherwise null (the SQL path answers) and the load
 * is started, or joined when one is under way (the finished run's, warmOnFinish.ts, or another request's), without
 * waiting for it. A failed load leaves no entry, so the next call starts another.
 */
export async function runIndexIfReady(storage: Storage, registry: PostFacetRegistry, scope: ExplorerScope): Promise<RunIndex | null> {
  if (scope.runId === null) return null;
  const revision = await indexRevision(registry, scope);
  if (revision === null) return null;
  const entry = caches.get(storage)?.get(scope.runId);
  if (entry?.loaded && entry.revision === revision) return runIndexOf(storage, registry, scope);
  runIndexOf(storage, registry, scope).catch(() => undefined);
  return null;
}

/**
 * The run's index only when it is already in memory for the current revisions (never loads one). Serves core's
 * post scope for every analysis (runIndexAccelerator.ts): loading there could be for a run being produced, whose facts
 * would replace the explored run's.
 */
export async function warmRunIndex(storage: Storage, registry: PostFacetRegistry, scope: ExplorerScope & { runId: string }): Promise<RunIndex | null> {
  const entry = caches.get(storage)?.get(scope.runId);
  if (!entry?.loaded || entry.revision !== await indexRevision(registry, scope)) return null;
  return entry.loaded;
}

/**
 * The run's cached index or, where the SQL path would apply (a provider without revision, a run over the memory
 * budget), a one-off index read live and not kept: chart_data (chartData.ts) always counts in one pass over it.
 */
export async function runIndexOrLoad(storage: Storage, registry: PostFacetRegistry, scope: ExplorerScope): Promise<RunIndex | null> {
  if (scope.runId === null) return null;
  return (await runIndexOf(storage, registry, scope)) ?? load(storage, registry, { ...scope, runId: scope.runId }, 'live');
}

/** Drops every cached index of a storage (tests, and a storage being closed). */
export function forgetRunIndexes(storage: Storage): void {
  caches.delete(storage);
  tooLarge.delete(storage);
}
