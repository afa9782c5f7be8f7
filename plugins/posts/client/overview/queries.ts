import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { apiGet } from '@core/client/api/client';
import type { Filters } from '@core/shared/filters';
import { chartDataPath, chartDataSchemas, type ChartData, type ChartInterval, type ChartKind } from '../../shared/explorerApi';
import { filterParams } from '../api';

/**
 * One chart_data call per overview chart (docs/api.md "chart_data"), under the current filters. Not revalidated,
 * as filter_counts: a conversation's run does not change under an open overview.
 */
export function useChartData<K extends ChartKind>(
  conversationId: string | null, filters: Filters, chart: K, opts: { interval?: ChartInterval; topN?: number } = {},
) {
  const query = filterParams(filters);
  query.set('chart', chart);
  if (opts.interval) query.set('interval', opts.interval);
  if (opts.topN !== undefined) query.set('top_n', String(opts.topN));
  return useQuery({
    queryKey: ['posts', 'chartData', conversationId ?? '', query.toString()],
    enabled: !!conversationId,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    // The schema of the chart asked (a union of schemas does not narrow by K).
    queryFn: ({ signal }) => apiGet(chartDataPath(conversationId!), { query, schema: chartDataSchemas[chart] as unknown as ZodType<ChartData<K>>, signal }),
  });
}
