import { sql, type Kysely } from 'kysely';
import type { PostFacetRegistry } from '@core/server/facets/contract';
import type { Storage } from '@core/server/storage/database';
import { canonicalInstant, flagOf, isBooleanDimension, selectionOf, splitSelection, type Filters } from '@core/shared/filters';
import type { OrderBy } from './params';
import type { Dimension, PostSetQuery } from './postSet';
import { STORE_FLAGS, type ListColumn, type RunIndex } from './runIndex';

/**
 * The explorer's post set over a run index (runIndex.ts): the same selection as postSet.ts's SQL (the filter
 * model's include/exclude rule, start/end range, coordination_only), evaluated over typed arrays. Search is not
 * in the index: callers use the SQL path when a search is set (`servesQuery`).
 */

/** A dimension's test at a position, for the dimensions that have a selection. */
export interface DimensionTest { dimension: Dimension; pass: (i: number) => boolean }

export const servesQuery = (q: PostSetQuery): boolean => q.search === null;

function selectedCodes(dict: readonly string[], values: readonly string[]): Uint8Array {
  const wanted = new Set(values);
  const marks = new Uint8Array(dict.length);
  dict.forEach((v, code) => { if (wanted.has(v)) marks[code] = 1; });
  return marks;
}

function listTest(column: ListColumn, selection: Record<string, boolean>): ((i: number) => boolean) | null {
  const { included, excluded } = splitSelection(selection);
  if (included.length === 0 && excluded.length === 0) return null;
  const marks = selectedCodes(column.dict, included.length > 0 ? included : excluded);
  const { offsets, codes } = column;
  const any = (i: number) => {
    for (let k = offsets[i]!; k < offsets[i + 1]!; k += 1) if (marks[codes[k]!] === 1) return true;
    return false;
  };
  // Included values select the posts having one; otherwise posts having an excluded value are dropped.
  return included.length > 0 ? any : (i) => !any(i);
}

/** Tests of every dimension the filters select on and the index holds (a dimension nobody stores is ignored). */
export function dimensionTests(index: RunIndex, filters: Filters): DimensionTest[] {
  const tests: DimensionTest[] = [];
  const { included, excluded } = splitSelection(selectionOf(filters, 'platforms'));
  if (included.length > 0 || excluded.length > 0) {
    const marks = selectedCodes(index.platformDict, included.length > 0 ? included : excluded);
    const platform = index.platform;
    tests.push({ dimension: 'platforms', pass: included.length > 0 ? (i) => marks[platform[i]!] === 1 : (i) => marks[platform[i]!] !== 1 });
  }
  for (const [dimension, column] of index.lists) {
    if (isBooleanDimension(dimension)) continue;
    const pass = listTest(column, selectionOf(filters, dimension));
    if (pass) tests.push({ dimension, pass });
  }
  for (const flag of STORE_FLAGS) {
    const wanted = flagOf(filters, flag);
    if (wanted === null) continue;
    const values = index.flags[flag];
    const target = wanted ? 1 : 0;
    tests.push({ dimension: flag, pass: (i) => values[i] === target });
  }
  for (const [dimension, yes] of index.booleans) {
    if (!isBooleanDimension(dimension)) continue;
    const wanted = flagOf(filters, dimension);
    if (wanted === null) continue;
    const target = wanted ? 1 : 0;
    tests.push({ dimension, pass: (i) => yes[i] === target });
  }
  return tests;
}

/** Positions [from, to) within the date range: positions are in published_at desc order. */
export function dateWindow(index: RunIndex, filters: Filters): { from: number; to: number } {
  const firstAtOrBefore = (bound: string, strict: boolean) => {
    // First position whose date is <= bound (strict: < bound).
    let lo = 0;
    let hi = index.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const d = index.published[mid]!;
      if (strict ? d < bound : d <= bound) hi = mid; else lo = mid + 1;
    }
    return lo;
  };
  const from = filters.end_range === null ? 0 : firstAtOrBefore(canonicalInstant(filters.end_range), false);
  const to = filters.start_range === null ? index.size : firstAtOrBefore(canonicalInstant(filters.start_range), true);
  return { from, to: Math.max(from, to) };
}

/** The condition every counted post meets whatever the dimension: coordination_only (in any coordination cluster). */
export function baseTest(index: RunIndex, q: PostSetQuery): ((i: number) => boolean) | null | 'none' {
  if (!q.coordinationOnly) return null;
  const clusters = index.lists.get('coordination_cluster');
  if (!clusters) return 'none';
  return (i) => clusters.offsets[i + 1]! > clusters.offsets[i]!;
}

/** One predicate for the whole set: date window, coordination_only and every dimension test. */
export function setPredicate(index: RunIndex, q: PostSetQuery): {
  window: { from: number; to: number }; matches: (i: number) => boolean;
  /** True when every position of the window matches (no dimension filter, no coordination_only). */
  wholeWindow: boolean;
} {
  const window = dateWindow(index, q.filters);
  const base = baseTest(index, q);
  if (base === 'none') return { window: { from: 0, to: 0 }, matches: () => false, wholeWindow: true };
  const tests = [...(base ? [base] : []), ...dimensionTests(index, q.filters).map((t) => t.pass)];
  const matches = (i: number) => {
    if (i < window.from || i >= window.to) return false;
    for (const pass of tests) if (!pass(i)) return false;
    return true;
  };
  return { window, matches, wholeWindow: tests.length === 0 };
}

export function indexTotal(index: RunIndex, q: PostSetQuery): number {
  const { window, matches, wholeWindow } = setPredicate(index, q);
  // The unfiltered table (the explorer's first page and every page turn): the window's size, no walk over the run.
  if (wholeWindow) return window.to - window.from;
  let n = 0;
  for (let i = window.from; i < window.to; i += 1) if (matches(i)) n += 1;
  return n;
}

/** Order names the index can serve: the date, the id, or one facet sort key (all with the id as tie-break). */
export function indexOrderName(registry: PostFacetRegistry, orderBy: readonly OrderBy[]): string | null {
  if (orderBy.length === 0) return 'id:desc';
  if (orderBy.length > 1) return null;
  const [{ column, direction }] = orderBy as [OrderBy];
  if (column === 'published_at' || column === 'id') return `${column}:${direction}`;
  return registry.sortKey(column) ? `key:${column}:${direction}` : null;
}

function compareKeys(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Positions in the order's sequence, computed once per index. Same rule as page.ts's orderClause: nulls of a
 * sort key last in both directions, the id breaking ties in the key's direction.
 */
async function orderPositions(storage: Storage, registry: PostFacetRegistry, index: RunIndex, q: PostSetQuery, name: string): Promise<Int32Array | null> {
  if (name.startsWith('published_at:')) return null;
  const cached = index.orders.get(name);
  if (cached) return cached;
  const desc = name.endsWith(':desc');
  const sign = desc ? -1 : 1;
  const positions = Array.from({ length: index.size }, (_, i) => i);
  if (name.startsWith('id:')) {
    positions.sort((a, b) => sign * (index.ids[a]! - index.ids[b]!));
  } else {
    const column = name.slice('key:'.length, name.lastIndexOf(':'));
    const key = registry.sortKey(column)!;
    const rows = (await sql<{ id: number; k: unknown }>`select p.id, (${key(sql.ref('p.id'), q.scope)}) as k
      from posts_explorer_facts p where p.run_id = ${index.runId}`.execute(storage.db as unknown as Kysely<any>)).rows;
    const keys: unknown[] = new Array(index.size).fill(null);
    const positionOf = new Map<number, number>();
    index.ids.forEach((id, i) => positionOf.set(id, i));
    for (const r of rows) {
      const at = positionOf.get(Number(r.id));
      if (at !== undefined) keys[at] = r.k ?? null;
    }
    positions.sort((a, b) => {
      const ka = keys[a];
      const kb = keys[b];
      if ((ka === null) !== (kb === null)) return ka === null ? 1 : -1;
      const byKey = ka === null ? 0 : sign * compareKeys(ka, kb);
      return byKey !== 0 ? byKey : sign * (index.ids[a]! - index.ids[b]!);
    });
  }
  const order = Int32Array.from(positions);
  index.orders.set(name, order);
  return order;
}

/**
 * Ids of the matching posts in the order, from `offset`, at most `limit` (Infinity for the export). The date
 * order walks positions directly (a date window is a slice of them).
 */
export async function indexIds(
  storage: Storage, registry: PostFacetRegistry, index: RunIndex, q: PostSetQuery, orderName: string, offset: number, limit: number,
): Promise<number[]> {
  const { window, matches } = setPredicate(index, q);
  const out: number[] = [];
  let skip = offset;
  const take = (i: number) => {
    if (!matches(i)) return false;
    if (skip > 0) { skip -= 1; return false; }
    out.push(index.ids[i]!);
    return out.length >= limit;
  };
  const order = await orderPositions(storage, registry, index, q, orderName);
  if (order === null) {
    if (orderName.endsWith(':desc')) { for (let i = window.from; i < window.to; i += 1) if (take(i)) break; } else for (let i = window.to - 1; i >= window.from; i -= 1) if (take(i)) break;
  } else {
    for (let k = 0; k < order.length; k += 1) if (take(order[k]!)) break;
  }
  return out;
}
