import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiGet } from '@core/client/api/client';
import { encodeFilters, type Filters } from '@core/shared/filters';
import {
  ACCOUNT_DETAILS_CACHE_SECONDS, accountUrlsSchema, actorSchema, clusterDataSchema, conversationClustersPath, conversationClustersSchema,
  coordinationGraphPath, coordinationGraphSchema, COORDINATIONS_PATH, ACCOUNTS_PATH, edgeDataSchema, nodeDataSchema,
} from '../shared/api';
import { SHARING_PAGE_SIZE, SHARING_PATH, sharingSchema, type SharedKind, type Sharing } from '../shared/sharing';
import { conversationTopicsSchema, topicsPath } from '@plugins/topics/shared/public';
import { POST_DETAILS_PATH, postDetailsAnswerSchema } from '@plugins/posts/shared/public';
import { CO_URLS_PATH, coUrlSchema } from '@plugins/urls/shared/public';

/** Query keys start with the plugin id; filters are part of the key as their canonical query string. */
const f = (filters: Filters | null) => (filters ? encodeFilters(filters).toString() : '');
const withFilters = (filters: Filters | null, extra: Record<string, string>) => {
  const q = filters ? encodeFilters(filters) : new URLSearchParams();
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  return q;
};

export const clustersQuery = (conversationId: string, filters: Filters | null) => ({
  queryKey: ['coordination', 'clusters', conversationId, f(filters)],
  queryFn: () => apiGet(conversationClustersPath(conversationId), { query: withFilters(filters, {}), schema: conversationClustersSchema }),
});

export const clusterQuery = (conversationId: string, clusterId: string, filters: Filters | null) => ({
  queryKey: ['coordination', 'cluster', conversationId, clusterId, f(filters)],
  queryFn: () => apiGet(`${COORDINATIONS_PATH}/${encodeURIComponent(clusterId)}/cluster`, { query: withFilters(filters, { conversation_id: conversationId }), schema: clusterDataSchema }),
});

/**
 * The network navigator's whole graph in one call: every cluster's data (as clusterQuery answers it), largest
 * first, up to the server's account cap (`truncated` says when clusters were left out).
 */
export const graphQuery = (conversationId: string, filters: Filters | null) => ({
  queryKey: ['coordination', 'graph', conversationId, f(filters)],
  queryFn: () => apiGet(coordinationGraphPath(conversationId), { query: withFilters(filters, {}), schema: coordinationGraphSchema }),
});

export const edgeQuery = (conversationId: string, clusterId: string, i: string, j: string, filters: Filters | null) => ({
  queryKey: ['coordination', 'edge', conversationId, clusterId, i, j, f(filters)],
  queryFn: () => apiGet(`${COORDINATIONS_PATH}/${encodeURIComponent(clusterId)}/edge`, { query: withFilters(filters, { conversation_id: conversationId, i, j }), schema: edgeDataSchema }),
});

export const nodeQuery = (conversationId: string, clusterId: string, rid: string, filters: Filters | null) => ({
  queryKey: ['coordination', 'node', conversationId, clusterId, rid, f(filters)],
  queryFn: () => apiGet(`${COORDINATIONS_PATH}/${encodeURIComponent(clusterId)}/node`, { query: withFilters(filters, { conversation_id: conversationId, user_rid: rid }), schema: nodeDataSchema }),
});

/** Spec section 9: account details are cached 30 seconds. */
export const accountDetailsQuery = (conversationId: string, rid: string) => ({
  queryKey: ['coordination', 'account', conversationId, rid],
  staleTime: ACCOUNT_DETAILS_CACHE_SECONDS * 1000,
  queryFn: () => apiGet(`${ACCOUNTS_PATH}/${encodeURIComponent(rid)}/details`, { query: { conversation_id: conversationId }, schema: actorSchema }),
});

export const accountUrlsQuery = (conversationId: string, rid: string) => ({
  queryKey: ['coordination', 'accountUrls', conversationId, rid],
  staleTime: ACCOUNT_DETAILS_CACHE_SECONDS * 1000,
  queryFn: () => apiGet(`${ACCOUNTS_PATH}/${encodeURIComponent(rid)}/urls`, { query: { conversation_id: conversationId }, schema: accountUrlsSchema }),
});

/** The topics plugin's topics and narratives (titles of topic nodes, the topic popup); null/error when not installed. */
export const topicsQuery = (conversationId: string) => ({
  queryKey: ['coordination', 'topicTitles', conversationId],
  queryFn: () => apiGet(topicsPath(conversationId), { schema: conversationTopicsSchema }),
  staleTime: 60_000,
});

/** One post with its platform's statistics (the posts plugin's posts/details). */
export const postDetailsQuery = (conversationId: string, postId: number) => ({
  queryKey: ['coordination', 'postDetails', conversationId, postId],
  queryFn: async () => (await apiGet(POST_DETAILS_PATH, { query: { conversation_id: conversationId, post_id: String(postId) }, schema: postDetailsAnswerSchema }))?.[0] ?? null,
});

/**
 * Who shared a URL, domain or hashtag in the whole conversation under the workspace filters: pages of
 * SHARING_PAGE_SIZE accounts, latest share first; every page carries the counts. A page is null when the
 * conversation is gone (404).
 */
export const sharingQuery = (conversationId: string, kind: SharedKind, value: string, filters: Filters | null) => infiniteQueryOptions({
  queryKey: ['coordination', 'sharing', conversationId, kind, value, f(filters)],
  initialPageParam: 0,
  queryFn: ({ pageParam }) => apiGet(SHARING_PATH, {
    query: withFilters(filters, { conversation_id: conversationId, kind, value, limit: String(SHARING_PAGE_SIZE), offset: String(pageParam) }),
    schema: sharingSchema,
  }),
  getNextPageParam: (last: Sharing | null, _pages, offset: number) =>
    last && offset + SHARING_PAGE_SIZE < last.accounts ? offset + SHARING_PAGE_SIZE : undefined,
});

/** Links the navigator's "Shared links" layer draws, at most this many (the most shared by accounts first). */
export const SHARED_LINKS_LIMIT = 100;

/** The URLs plugin's co-urls (links shared by 2+ accounts) under the workspace filters, for the "Shared links" layer. */
export const sharedLinksQuery = (conversationId: string, filters: Filters | null) => ({
  queryKey: ['coordination', 'sharedLinks', conversationId, f(filters)],
  queryFn: () => apiGet(CO_URLS_PATH, { query: withFilters(filters, { conversation_id: conversationId, limit: String(SHARED_LINKS_LIMIT) }), schema: coUrlSchema.array() }),
});
