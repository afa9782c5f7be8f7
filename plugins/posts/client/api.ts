import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiGetWithMetadata, apiMutate } from '@core/client/api/client';
import { encodeFilters, type Filters } from '@core/shared/filters';
import { preferenceSchema, type Preference, type PreferenceBody } from '@core/shared/access/api';
import {
  EXPORT_FAILED_MESSAGE, NOTABLE_POSTS_PATH, POST_DETAILS_PATH, filterCountsPath, filterCountsSchema,
  notablePostsAnswerSchema, postDetailsAnswerSchema, rawDataAnswerSchema, rawDataPath,
  type ExportFormat, type NotablePostType, type RawDataRow,
} from '../shared/explorerApi';

/** React-query keys, all starting with the plugin id. */
export const keys = {
  all: ['posts'] as const,
  rawData: (conversationId: string, query: string) => ['posts', 'rawData', conversationId, query] as const,
  filterCounts: (conversationId: string, query: string) => ['posts', 'filterCounts', conversationId, query] as const,
  details: (postId: string) => ['posts', 'details', postId] as const,
  notable: (conversationId: string, type: string, query: string) => ['posts', 'notable', conversationId, type, query] as const,
  preference: ['posts', 'preference'] as const,
};

/** The filters as API query parameters, exactly as in the browser URL (`platforms=reddit:true`). */
export function filterParams(filters: Filters): URLSearchParams {
  return encodeFilters(filters);
}

export interface RawDataRequest {
  filters: Filters;
  search: string;
  limit: number;
  offset: number;
  orderBy?: string;
}

export function rawDataQuery(r: RawDataRequest): URLSearchParams {
  const params = filterParams(r.filters);
  if (r.search) params.set('search', r.search);
  params.set('limit', String(r.limit));
  params.set('record_offset', String(r.offset));
  if (r.orderBy) params.set('order_by', r.orderBy);
  return params;
}

export interface RawDataPage { rows: RawDataRow[]; total: number }

export function useRawData(conversationId: string | null, r: RawDataRequest) {
  const query = rawDataQuery(r);
  return useQuery({
    queryKey: keys.rawData(conversationId ?? '', query.toString()),
    enabled: !!conversationId,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<RawDataPage> => {
      const answer = await apiGetWithMetadata(rawDataPath(conversationId!), { query, schema: rawDataAnswerSchema, signal });
      return { rows: answer?.data ?? [], total: answer?.metadata.pagination_info?.total ?? 0 };
    },
  });
}

/** filter_counts under the current filters; not revalidated (spec part 2 section 7). */
export function useFilterCounts(conversationId: string | null, filters: Filters) {
  const query = filterParams(filters);
  return useQuery({
    queryKey: keys.filterCounts(conversationId ?? '', query.toString()),
    enabled: !!conversationId,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    queryFn: ({ signal }) => apiGet(filterCountsPath(conversationId!), { query, schema: filterCountsSchema, signal }),
  });
}

export function usePostDetails(conversationId: string | null, postId: string | null) {
  return useQuery({
    queryKey: keys.details(postId ?? ''),
    enabled: !!conversationId && !!postId,
    queryFn: async ({ signal }) => {
      const answer = await apiGet(POST_DETAILS_PATH, { query: { conversation_id: conversationId!, post_id: postId! }, schema: postDetailsAnswerSchema, signal });
      return answer?.[0] ?? null;
    },
  });
}

export function useNotablePosts(conversationId: string | null, filters: Filters, type: NotablePostType, topN = 10) {
  const query = filterParams(filters);
  query.set('conversation_id', conversationId ?? '');
  query.set('type', type);
  query.set('top_n', String(topN));
  return useQuery({
    queryKey: keys.notable(conversationId ?? '', type, query.toString()),
    enabled: !!conversationId,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => (await apiGet(NOTABLE_POSTS_PATH, { query, schema: notablePostsAnswerSchema, signal })) ?? [],
  });
}

/** The user's preferences (raw_data_table_ordering); null while unknown or when the call is missing. */
export function usePreference() {
  return useQuery({
    queryKey: keys.preference,
    staleTime: 60_000,
    queryFn: async () => {
      try {
        return await apiGet('/api/v2/preference/my', { schema: preferenceSchema });
      } catch {
        return null; // the table falls back to the defaults
      }
    },
  });
}

/** Stores the page size as the user's results_per_page preference (spec part 2 section 2, "table settings"). */
export function useSavePageSize() {
  const queryClient = useQueryClient();
  return async (pageSize: number) => {
    const saved = await apiMutate<Preference>('PUT', '/api/v2/preference/my', {
      body: { raw_data_table_ordering: { results_per_page: pageSize } } satisfies PreferenceBody,
      schema: preferenceSchema,
    });
    queryClient.setQueryData(keys.preference, saved);
  };
}

/** Saves part of the user's raw_data_table_ordering preference ("table settings": columns, their order, post content). */
export function useSaveTableOrdering() {
  const queryClient = useQueryClient();
  return async (ordering: NonNullable<PreferenceBody['raw_data_table_ordering']>) => {
    const saved = await apiMutate<Preference>('PUT', '/api/v2/preference/my', {
      body: { raw_data_table_ordering: ordering } satisfies PreferenceBody,
      schema: preferenceSchema,
    });
    queryClient.setQueryData(keys.preference, saved);
  };
}

export function exportUrl(conversationId: string, format: ExportFormat, filters: Filters, search: string): string {
  const params = filterParams(filters);
  if (search) params.set('search', search);
  params.set('export', format);
  return `${rawDataPath(conversationId)}?${params.toString()}`;
}

/**
 * Downloads the raw data export of the same filters and search as the table. The file is fetched first so a
 * failure shows the spec's message instead of a broken download.
 */
export async function downloadExport(conversationId: string, format: ExportFormat, filters: Filters, search: string): Promise<void> {
  let blob: Blob;
  let name = `raw_data.${format}`;
  try {
    const res = await fetch(exportUrl(conversationId, format, filters, search), { credentials: 'same-origin' });
    if (!res.ok) throw new Error(String(res.status));
    name = /filename="?([^";]+)"?/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? name;
    blob = await res.blob();
  } catch {
    throw new Error(EXPORT_FAILED_MESSAGE);
  }
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before the object URL goes.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
