import { sql, type Kysely } from 'kysely';
import type { PostFacetRegistry } from '@core/server/facets/contract';
import type { Storage } from '@core/server/storage/database';
import {
  booleanDimensions, countKeyOf, emptyFilters, filterDimensions, flagOf, isBooleanDimension, listDimensions, matchesFilters,
  selectionOf, type Filters,
} from '@core/shared/filters';
import type { FilterCounts } from '../../shared/explorerApi';
import { indexCounts } from './indexCounts';
import { servesQuery } from './indexQueries';
import { facetRows, fromRunPosts, postConditions, type Dimension, type PostSetQuery } from './postSet';
import { runIndexOf, type RunIndex } from './runIndex';

/**
 * filter_counts: for every dimension of the Filter count row, value -> posts under the current filters with that
 * dimension's own selection removed, so each include/exclude toggle shows what it would give; `total` is the
 * posts under all filters. The store's platform and flags come from ONE grouped pass (platform x four flags, a few
 * hundred groups) filtered by everything else, then each is summed in memory with the other store selections
 * applied by `matchesFilters`, the filter model's own rule. Domains and each facet dimension get one query.
 * Dimensions no installed plugin stores answer `{}`. When the run has an in-memory index (runIndex.ts), every
 * dimension comes from one pass over it instead (indexCounts.ts); both paths answer the same.
 */

/** Values per dimension at most (the most frequent), plus every selected value: the panel lists, not the long tail. */
export const MAX_COUNT_VALUES = 200;

const STORE_FLAGS = ['is_repost', 'is_reply', 'is_quote', 'is_niche'] as const;
const STORE_DIMENSIONS: readonly Dimension[] = ['platforms', ...STORE_FLAGS];
type Counts = Record<string, number>;
interface Group { platform: string; is_repost: number; is_reply: number; is_quote: number; is_niche: number; n: number }

const dbOf = (storage: Storage) => storage.db as unknown as Kysely<any>;

function hasSelection(filters: Filters, d: Dimension): boolean {
  return isBooleanDimension(d) ? flagOf(filters, d) !== null : Object.keys(selectionOf(filters, d)).length > 0;
}

function keepTop(counts: Counts, selected: readonly string[]): Counts {
  const entries = Object.entries(counts).filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const kept = Object.fromEntries(entries.slice(0, MAX_COUNT_VALUES));
  for (const value of selected) kept[value] ??= 0;
  return kept;
}

/** The store's filters alone (platform and flags), with `omit` cleared: what a group must match. */
function storeFilters(filters: Filters, omit: Dimension | null): Filters {
  const only = emptyFilters();
  only.platforms = omit === 'platforms' ? {} : selectionOf(filters, 'platforms');
  for (const f of STORE_FLAGS) only[f] = omit === f ? null : flagOf(filters, f);
  return only;
}

function groupMatches(g: Group, filters: Filters): boolean {
  return matchesFilters({
    platforms: g.platform, is_repost: Number(g.is_repost) === 1, is_reply: Number(g.is_reply) === 1,
    is_quote: Number(g.is_quote) === 1, is_niche: Number(g.is_niche) === 1,
  }, filters);
}

async function storeGroups(storage: Storage, registry: PostFacetRegistry, q: PostSetQuery): Promise<Group[]> {
  return (await sql<Group>`select p.platform, p.is_repost, p.is_reply, p.is_quote, p.is_niche, count(*) as n
    ${fromRunPosts(registry, storage.dialect, q, STORE_DIMENSIONS)}
    group by p.platform, p.is_repost, p.is_reply, p.is_quote, p.is_niche`.execute(dbOf(storage))).rows;
}

async function domainCounts(storage: Storage, registry: PostFacetRegistry, q: PostSetQuery): Promise<Counts> {
  // Driven from the run's facts into posts_urls' (post_id, position) key: the organisation's other URLs are never read.
  const rows = (await sql<{ value: string; n: number }>`select u.domain as value, count(distinct u.post_id) as n
    from posts_explorer_facts p join posts_urls u on u.post_id = p.id
    where p.run_id = ${q.scope.runId} and u.domain is not null and ${postConditions(registry, storage.dialect, q, ['domains'])}
    group by u.domain order by n desc limit ${MAX_COUNT_VALUES}`.execute(dbOf(storage))).rows;
  return Object.fromEntries(rows.map((r) => [r.value, Number(r.n)]));
}

async function facetListCounts(storage: Storage, registry: PostFacetRegistry, q: PostSetQuery, d: Dimension): Promise<Counts> {
  const values = registry.facet(d);
  if (!values) return {};
  const rows = (await sql<{ value: string; n: number }>`select f.value as value, count(distinct f.post_id) as n
    from posts_explorer_facts p join ${facetRows(values, q.scope)} f on f.post_id = p.id
    where p.run_id = ${q.scope.runId} and ${postConditions(registry, storage.dialect, q, [d])}
    group by f.value order by n desc limit ${MAX_COUNT_VALUES}`.execute(dbOf(storage))).rows;
  return Object.fromEntries(rows.filter((r) => r.value !== null).map((r) => [String(r.value), Number(r.n)]));
}

async function countOf(storage: Storage, registry: PostFacetRegistry, q: PostSetQuery, omit: Dimension[], extra = sql``): Promise<number> {
  const row = (await sql<{ n: number }>`select count(*) as n ${fromRunPosts(registry, storage.dialect, q, omit)} ${extra}`.execute(dbOf(storage))).rows[0];
  return Number(row?.n ?? 0);
}

/** `{}` for every registered dimension's count key: a dimension no run has values of still answers. */
const emptyAnswer = () => Object.fromEntries(filterDimensions.all().map((d) => [d.countKey, {}])) as Record<string, Counts>;
const selectedOf = (q: PostSetQuery) => (d: Dimension) => (isBooleanDimension(d) ? [] : Object.keys(selectionOf(q.filters, d)));

export async function filterCounts(storage: Storage, registry: PostFacetRegistry, q: PostSetQuery, useIndex = true): Promise<FilterCounts> {
  if (q.scope.runId === null) return { ...emptyAnswer(), total: 0 } as FilterCounts;
  const index = useIndex && servesQuery(q) ? await runIndexOf(storage, registry, q.scope) : null;
  return index ? countsFromIndex(index, q) : sqlFilterCounts(storage, registry, q);
}

function countsFromIndex(index: RunIndex, q: PostSetQuery): FilterCounts {
  const answer = emptyAnswer();
  const selected = selectedOf(q);
  const { total, counts } = indexCounts(index, q);
  for (const [d, values] of counts) {
    const plain = Object.fromEntries(values);
    if (isBooleanDimension(d)) {
      // Store flags list the values that occur; a boolean facet always answers both (as the SQL path does).
      answer[countKeyOf(d)] = (STORE_FLAGS as readonly string[]).includes(d)
        ? Object.fromEntries(Object.entries(plain).filter(([, n]) => n > 0)) : { true: plain.true ?? 0, false: plain.false ?? 0 };
    } else answer[countKeyOf(d)] = keepTop(plain, selected(d));
  }
  return { ...answer, total } as FilterCounts;
}

/** The SQL path: one grouped pass for the store's dimensions, one query per other dimension. */
async function sqlFilterCounts(storage: Storage, registry: PostFacetRegistry, q: PostSetQuery): Promise<FilterCounts> {
  const answer = emptyAnswer();
  const selected = selectedOf(q);

  const groups = await storeGroups(storage, registry, q);
  const sum = (omit: Dimension | null, key: (g: Group) => string) => {
    const wanted = storeFilters(q.filters, omit);
    const counts: Counts = {};
    for (const g of groups) if (groupMatches(g, wanted)) counts[key(g)] = (counts[key(g)] ?? 0) + Number(g.n);
    return counts;
  };
  const total = Object.values(sum(null, () => 'all'))[0] ?? 0;
  answer[countKeyOf('platforms')] = keepTop(sum('platforms', (g) => g.platform), selected('platforms'));
  for (const f of STORE_FLAGS) answer[countKeyOf(f)] = sum(f, (g) => (Number(g[f]) === 1 ? 'true' : 'false'));
  answer[countKeyOf('domains')] = keepTop(await domainCounts(storage, registry, q), selected('domains'));

  for (const d of listDimensions()) {
    if (d === 'platforms' || d === 'domains') continue;
    answer[countKeyOf(d)] = keepTop(await facetListCounts(storage, registry, q, d), selected(d));
  }
  for (const d of booleanDimensions()) {
    const values = registry.facet(d);
    if ((STORE_FLAGS as readonly string[]).includes(d) || !values) continue;
    const without = hasSelection(q.filters, d) ? await countOf(storage, registry, q, [d]) : total;
    const yes = await countOf(storage, registry, q, [d], sql`and p.id in (select f.post_id from ${facetRows(values, q.scope)} f where f.value = 'true')`);
    answer[countKeyOf(d)] = { true: yes, false: without - yes };
  }
  return { ...answer, total } as FilterCounts;
}
