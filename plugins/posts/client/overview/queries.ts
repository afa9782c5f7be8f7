import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, apiGetWithMetadata } from '@core/client/api/client';
import type { Filters } from '@core/shared/filters';
import { filterCountsPath, filterCountsSchema, rawDataAnswerSchema, rawDataPath, type FilterCounts } from '../../shared/explorerApi';
import { filterParams } from '../api';
import { timeBuckets, type TimeBucket } from './chartData';

/** Runs `tasks` at most `limit` at a time, keeping their order. */
async function limited<T>(tasks: Array<() => Promise<T>>, limit = 4): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  }));
  return results;
}

const countsFor = (conversationId: string, filters: Filters, signal?: AbortSignal) =>
  apiGet(filterCountsPath(conversationId), { query: filterParams(filters), schema: filterCountsSchema, signal });

/**
 * filter_counts once per platform of the current selection (the platform filter replaced by that one platform):
 * engagement levels and domains per platform.
 */
export function usePerPlatformCounts(conversationId: string | null, filters: Filters, platforms: string[]) {
  return useQuery({
    queryKey: ['posts', 'perPlatformCounts', conversationId ?? '', filterParams(filters).toString(), platforms.join(',')],
    enabled: !!conversationId && platforms.length > 0,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    queryFn: ({ signal }) => limited(platforms.map((platform) => async () => ({
      platform,
      counts: await countsFor(conversationId!, { ...filters, platforms: { [platform]: true } }, signal),
    }))),
  });
}

/**
 * Post counts over time per platform: the first and newest post of the selection (raw_data sorted by date), then
 * filter_counts per time bucket. About 26 small calls; a dedicated time-series call would make it one.
 */
export function usePostsOverTime(conversationId: string | null, filters: Filters, bucketCount = 24) {
  return useQuery({
    queryKey: ['posts', 'overTime', conversationId ?? '', filterParams(filters).toString(), bucketCount],
    enabled: !!conversationId,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    queryFn: async ({ signal }): Promise<Array<{ bucket: TimeBucket; counts: FilterCounts | null }>> => {
      const edge = async (direction: 'asc' | 'desc') => {
        const query = filterParams(filters);
        query.set('limit', '1');
        query.set('order_by', `published_at:${direction}`);
        const answer = await apiGetWithMetadata(rawDataPath(conversationId!), { query, schema: rawDataAnswerSchema, signal });
        return answer?.data[0]?.published_at ?? null;
      };
      const [first, last] = await Promise.all([edge('asc'), edge('desc')]);
      if (!first || !last) return [];
      // A bucket narrows the selection's own range; it never widens it.
      const buckets = timeBuckets(first, last, bucketCount);
      return limited(buckets.map((bucket) => async () => ({
        bucket,
        counts: await countsFor(conversationId!, { ...filters, start_range: bucket.start, end_range: bucket.end }, signal),
      })));
    },
  });
}
