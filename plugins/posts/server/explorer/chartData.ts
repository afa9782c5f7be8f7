import { sql, type Kysely } from 'kysely';
import type { PostFacetRegistry } from '@core/server/facets/contract';
import { badRequest } from '@core/server/http/errors';
import type { Storage } from '@core/server/storage/database';
import type { InsightLookup } from '@plugins/insights/shared/public';
import {
  CHART_AUTO_INTERVAL, CHART_INTERVAL_MS, CHART_MESSAGES, MAX_CHART_BUCKETS, type ChartData, type ChartDataAnswer, type ChartInterval, type ChartKind,
} from '../../shared/explorerApi';
import { setPredicate } from './indexQueries';
import { narrativePairActivity } from './narrativePairs';
import { textCounts } from './textCounts';
import type { PostSetQuery } from './postSet';
import { runIndexOrLoad, type RunIndex } from './runIndex';

/**
 * chart_data: what one overview chart draws, from ONE pass over the run index (runIndex.ts) under the request's
 * filters: the matching positions are collected once, then counted per platform, time bucket, domain or
 * engagement level, text or narrative. Runs the SQL path serves elsewhere get a one-off index (`runIndexOrLoad`), so both answer
 * alike. Answer shapes: spec part 2 section 3 "Chart data" (schemas in shared/explorerApi.ts).
 */

export interface ChartRequest { chart: ChartKind; interval: ChartInterval | null; topN: number }

const DAY = CHART_INTERVAL_MS.day;
/** 1970-01-05 was a Monday: weeks start on Monday 00:00 UTC (ISO weeks). */
const MONDAY_OFFSET = 4 * DAY;

const isoOf = (t: number) => new Date(t).toISOString().replace('.000Z', 'Z');

function bucketStart(t: number, interval: ChartInterval): number {
  const size = CHART_INTERVAL_MS[interval];
  return interval === 'week' ? Math.floor((t - MONDAY_OFFSET) / size) * size + MONDAY_OFFSET : Math.floor(t / size) * size;
}

/** The bucket size for the selected posts' span [oldest, newest] when the request names none. */
export function autoInterval(oldest: number, newest: number): ChartInterval {
  const days = (newest - oldest) / DAY;
  return days <= CHART_AUTO_INTERVAL.hourUpToDays ? 'hour' : days <= CHART_AUTO_INTERVAL.dayUpToDays ? 'day' : 'week';
}

/** Positions of the matching posts, newest first (positions are in published_at desc order). */
function matchingPositions(index: RunIndex, q: PostSetQuery): number[] {
  const { window, matches } = setPredicate(index, q);
  const out: number[] = [];
  for (let i = window.from; i < window.to; i += 1) if (matches(i)) out.push(i);
  return out;
}

interface Buckets { interval: ChartInterval; first: number; count: number; at: (position: number) => number }

function bucketsOf(index: RunIndex, positions: readonly number[], requested: ChartInterval | null): Buckets | null {
  if (positions.length === 0) return null;
  const times = new Float64Array(positions.length);
  positions.forEach((p, k) => { times[k] = Date.parse(index.published[p]!); });
  const newest = times[0]!;
  const oldest = times[positions.length - 1]!;
  const interval = requested ?? autoInterval(oldest, newest);
  const size = CHART_INTERVAL_MS[interval];
  const first = bucketStart(oldest, interval);
  const count = Math.round((bucketStart(newest, interval) - first) / size) + 1;
  if (requested !== null && count > MAX_CHART_BUCKETS) throw badRequest(CHART_MESSAGES.tooManyBuckets(requested));
  // `at` takes the k-th matching post (k indexes `positions`), so dates are parsed once.
  return { interval, first, count, at: (k) => Math.round((bucketStart(times[k]!, interval) - first) / size) };
}

/** Platform codes by their matching posts, most first (then by name). */
function platformsByPosts(index: RunIndex, positions: readonly number[]): { code: number; posts: number }[] {
  const posts = new Float64Array(index.platformDict.length);
  for (const p of positions) posts[index.platform[p]!]! += 1;
  return [...posts].map((n, code) => ({ code, posts: n })).filter((x) => x.posts > 0)
    .sort((a, b) => b.posts - a.posts || (index.platformDict[a.code]! < index.platformDict[b.code]! ? -1 : 1));
}

function overTime(index: RunIndex, positions: readonly number[], req: ChartRequest): ChartData<'post_count_over_time'> {
  const buckets = bucketsOf(index, positions, req.interval);
  if (!buckets) return [];
  const perPlatform = new Map<number, Float64Array>();
  positions.forEach((p, k) => {
    const code = index.platform[p]!;
    let series = perPlatform.get(code);
    if (!series) { series = new Float64Array(buckets.count); perPlatform.set(code, series); }
    series[buckets.at(k)]! += 1;
  });
  const size = CHART_INTERVAL_MS[buckets.interval];
  return platformsByPosts(index, positions).map(({ code }) => ({
    platform: index.platformDict[code]!,
    time_interval: buckets.interval,
    data: [...perPlatform.get(code)!].map((value, b) => ({ date: isoOf(buckets.first + b * size), value })),
  }));
}

function timeBuckets(index: RunIndex, positions: readonly number[], req: ChartRequest): ChartData<'time_buckets'> {
  const buckets = bucketsOf(index, positions, req.interval);
  if (!buckets) return { time_interval: req.interval ?? 'day', counts: [] };
  const counts = new Float64Array(buckets.count);
  positions.forEach((_, k) => { counts[buckets.at(k)]! += 1; });
  const size = CHART_INTERVAL_MS[buckets.interval];
  return {
    time_interval: buckets.interval,
    counts: [...counts].map((count, b) => {
      const start = buckets.first + b * size;
      return { start_time: isoOf(start), end_time: isoOf(start + size - 1000), count };
    }),
  };
}

/** Per platform, domain -> posts of that platform linking it (a post counts once per domain). */
function domainsPerPlatform(index: RunIndex, positions: readonly number[], topN: number) {
  const column = index.lists.get('domains');
  const perPlatform = new Map<number, Float64Array>();
  if (column) {
    for (const p of positions) {
      const code = index.platform[p]!;
      let counts = perPlatform.get(code);
      if (!counts) { counts = new Float64Array(column.dict.length); perPlatform.set(code, counts); }
      for (let k = column.offsets[p]!; k < column.offsets[p + 1]!; k += 1) counts[column.codes[k]!]! += 1;
    }
  }
  return platformsByPosts(index, positions).map(({ code }) => {
    const counts = perPlatform.get(code);
    const top = counts ? [...counts].map((n, d) => ({ domain: column!.dict[d]!, n })).filter((x) => x.n > 0)
      .sort((a, b) => b.n - a.n || (a.domain < b.domain ? -1 : 1)).slice(0, topN) : [];
    return { platform: index.platformDict[code]!, top };
  }).filter((x) => x.top.length > 0);
}

/** Engagement scores (the `engagement_score` sort key) by position, NaN where a post has none; read once per index. */
const engagementCache = new WeakMap<RunIndex, Promise<Float64Array | null>>();
function engagementScores(storage: Storage, registry: PostFacetRegistry, index: RunIndex, q: PostSetQuery): Promise<Float64Array | null> {
  let cached = engagementCache.get(index);
  if (!cached) {
    cached = (async () => {
      const key = registry.sortKey('engagement_score');
      if (!key) return null;
      const rows = (await sql<{ id: number; k: unknown }>`select p.id, (${key(sql.ref('p.id'), q.scope)}) as k
        from posts_explorer_facts p where p.run_id = ${index.runId}`.execute(storage.db as unknown as Kysely<any>)).rows;
      const positionOf = new Map<number, number>();
      index.ids.forEach((id, i) => positionOf.set(id, i));
      const scores = new Float64Array(index.size).fill(Number.NaN);
      for (const r of rows) {
        const at = positionOf.get(Number(r.id));
        if (at !== undefined && r.k !== null && r.k !== undefined) scores[at] = Number(r.k);
      }
      return scores;
    })();
    engagementCache.set(index, cached);
    cached.catch(() => engagementCache.delete(index));
  }
  return cached;
}

async function engagement(storage: Storage, registry: PostFacetRegistry, index: RunIndex, q: PostSetQuery, positions: readonly number[]): Promise<ChartData<'platform_engagement'>> {
  const scores = await engagementScores(storage, registry, index, q);
  const levels = index.lists.get('engagement_score');
  // One pass: per platform code, the score sum, scored posts and posts per level code.
  const platforms = index.platformDict.length;
  const sums = new Float64Array(platforms);
  const scored = new Float64Array(platforms);
  const perLevel = Array.from({ length: platforms }, () => new Float64Array(levels?.dict.length ?? 0));
  for (const p of positions) {
    const code = index.platform[p]!;
    const s = scores?.[p];
    if (s !== undefined && !Number.isNaN(s)) { sums[code]! += s; scored[code]! += 1; }
    if (levels) for (let k = levels.offsets[p]!; k < levels.offsets[p + 1]!; k += 1) perLevel[code]![levels.codes[k]!]! += 1;
  }
  return platformsByPosts(index, positions).map(({ code, posts }) => ({
    platform: index.platformDict[code]!,
    value: scored[code] === 0 ? null : Math.round((sums[code]! / scored[code]!) * 10_000) / 10_000,
    posts,
    levels: Object.fromEntries([...perLevel[code]!].map((n, l) => [levels!.dict[l]!, n] as const).filter(([, n]) => n > 0)),
  }));
}

const emptyAnswer = (req: ChartRequest): ChartDataAnswer => (req.chart === 'time_buckets' ? { time_interval: req.interval ?? 'day', counts: [] } : []);

export async function chartData(storage: Storage, registry: PostFacetRegistry, q: PostSetQuery, req: ChartRequest): Promise<ChartDataAnswer> {
  const index = await runIndexOrLoad(storage, registry, q.scope);
  return index ? chartOfIndex(storage, registry, index, q, req) : emptyAnswer(req);
}

/** The chart over a loaded index (storage and registry are read for engagement scores, texts and pair rows). */
export async function chartOfIndex(storage: Storage, registry: PostFacetRegistry, index: RunIndex, q: PostSetQuery, req: ChartRequest): Promise<ChartDataAnswer> {
  const positions = matchingPositions(index, q);
  switch (req.chart) {
    case 'post_count_over_time': return overTime(index, positions, req);
    case 'time_buckets': return timeBuckets(index, positions, req);
    case 'platform_engagement': return engagement(storage, registry, index, q, positions);
    case 'post_domain_count':
      return domainsPerPlatform(index, positions, req.topN)
        .map((x) => ({ platform: x.platform, data: x.top.map((d) => ({ source_domain: d.domain, count: d.n })) }));
    case 'top_domains':
      // The most linked domains; insight_count is filled in by withDomainInsights (the posts are not insights).
      return domainsPerPlatform(index, positions, req.topN)
        .flatMap((x) => x.top.map((d) => ({ domain: d.domain, platform: x.platform, insight_count: 0 })));
    case 'text_count': return textCounts(storage, index, positions, req.topN);
    case 'narrative_pair_activity': return narrativePairActivity(storage, registry, q.scope, index, positions, req.topN);
  }
}

/**
 * top_domains' `insight_count`: the approved analyst insights on each domain, from the insights plugin's
 * `insights.lookup` service (one call for every domain of the chart); 0 everywhere when that plugin is not installed.
 */
export async function withDomainInsights(rows: ChartData<'top_domains'>, organizationId: string, lookup: InsightLookup | null): Promise<ChartData<'top_domains'>> {
  if (!lookup || rows.length === 0) return rows;
  const insights = await lookup.approvedForDomains(organizationId, [...new Set(rows.map((r) => r.domain.toLowerCase()))]);
  return rows.map((r) => ({ ...r, insight_count: insights.get(r.domain.toLowerCase())?.length ?? 0 }));
}
