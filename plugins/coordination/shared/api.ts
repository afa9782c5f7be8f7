import { z } from 'zod';
import { SHARED_MESSAGES } from '@core/shared/messages';
import { clusterPreviewSchema, EVIDENCE_GROUPS, evidenceTypeSchema } from './types';

/** Paths of the coordination and account calls (spec part 2 section 7), and the conversation's cluster list. */
export const COORDINATIONS_PATH = '/api/v2/coordinations';
export const ACCOUNTS_PATH = '/api/v2/accounts';
export const conversationClustersPath = (conversationId: string) => `/api/v2/conversations/${conversationId}/coordination_clusters`;
/** The network navigator's whole graph in one call: every cluster's ClusterData, largest first. */
export const coordinationGraphPath = (conversationId: string) => `/api/v2/conversations/${conversationId}/coordination_graph`;

/** Spec section 9: account details are cached 30 seconds (Cache-Control on the answer, staleTime in the browser). */
export const ACCOUNT_DETAILS_CACHE_SECONDS = 30;
/** Spec section 9: the cluster popup shows 3 accounts before See All. */
export const CLUSTER_POPUP_ACCOUNTS = 3;
export const MAX_DETAILS_LIST = 200;

const conversationId = z.uuid();
/** Filters (core/shared/filters) travel as further query parameters and are decoded by the route. */
export const conversationQuerySchema = z.looseObject({ conversation_id: conversationId });
export const edgeQuerySchema = z.looseObject({ conversation_id: conversationId, i: z.string().min(1).max(512), j: z.string().min(1).max(512) });
export const nodeQuerySchema = z.looseObject({ conversation_id: conversationId, user_rid: z.string().min(1).max(512) });
export const detailsListQuerySchema = z.object({ conversation_id: conversationId, account_ids: z.string().min(2).max(100_000) });
export const clusterParamsSchema = z.object({ clusterId: z.string().regex(/^c[0-9]{1,9}$/, 'is not a cluster id (c1, c2, ...)') });
export const ridParamsSchema = z.object({ rid: z.string().min(1).max(512) });
export const conversationParamsSchema = z.object({ id: conversationId });

export const accountRefSchema = z.object({
  id: z.number(),
  rid: z.string(),
  platform: z.string(),
  screen_name: z.string().nullable(),
  display_name: z.string().nullable(),
  profile_url: z.string().nullable(),
  avatar_url: z.string().nullable(),
});
export type AccountRef = z.infer<typeof accountRefSchema>;

export const evidencePostSchema = z.object({
  id: z.number(), rid: z.string(), body: z.string(), published_at: z.string(), source_url: z.string().nullable(),
});
export const evidenceItemSchema = z.object({
  key: z.string(),
  post_i: evidencePostSchema.nullable(),
  post_j: evidencePostSchema.nullable(),
  time_i: z.string().nullable(),
  time_j: z.string().nullable(),
  /** seconds between the two acts; null for timeless evidence (screen names, profile URLs) */
  delta_seconds: z.number().nullable(),
});
export const edgeCoordinationSchema = z.object({
  type: evidenceTypeSchema,
  group: z.enum(EVIDENCE_GROUPS),
  co_actions: z.number(),
  weight: z.number(),
  evidence: z.array(evidenceItemSchema),
});
export type EdgeCoordination = z.infer<typeof edgeCoordinationSchema>;

/** Spec "Edge data: i and j accounts plus coordinations". */
export const edgeDataSchema = z.object({
  cluster_id: z.string(),
  i: accountRefSchema,
  j: accountRefSchema,
  weight: z.number(),
  coordination_types: z.array(evidenceTypeSchema),
  coordinations: z.array(edgeCoordinationSchema),
});
export type EdgeData = z.infer<typeof edgeDataSchema>;

/** Spec "Node data: actor_class, connected_accounts (screen_name, rid, profile_url, weight.coordination_types)". */
export const nodeDataSchema = z.object({
  cluster_id: z.string(),
  account: accountRefSchema,
  actor_class: z.string(),
  connected_accounts: z.array(z.object({
    screen_name: z.string().nullable(), rid: z.string(), profile_url: z.string().nullable(),
    weight: z.object({ value: z.number(), coordination_types: z.array(evidenceTypeSchema) }),
  })),
});
export type NodeData = z.infer<typeof nodeDataSchema>;

/** A cluster member: its account and most frequent topic in the run (null without topics). */
export const clusterAccountSchema = accountRefSchema.extend({ topic_id: z.string().nullable() });
export const clusterEdgeSchema = z.object({ i: z.string(), j: z.string(), weight: z.number(), coordination_types: z.array(evidenceTypeSchema) });
/** Spec "Cluster data: coordinations, accounts (rid, screen_name, profile_url, avatar_url)", plus edges (i, j are rids). */
export const clusterDataSchema = z.object({
  cluster_id: z.string(),
  platform: z.string().nullable(),
  coordinations: clusterPreviewSchema.shape.evidences,
  accounts: z.array(clusterAccountSchema),
  edges: z.array(clusterEdgeSchema),
  preview: clusterPreviewSchema,
});
export type ClusterData = z.infer<typeof clusterDataSchema>;

export const clusterSummarySchema = z.object({ cluster_id: z.string(), platform: z.string().nullable(), preview: clusterPreviewSchema });
export type ClusterSummary = z.infer<typeof clusterSummarySchema>;
export const conversationClustersSchema = z.object({
  /** the run whose detection is shown (the conversation's latest); null before any detection */
  run_id: z.string().nullable(),
  detected_at: z.string().nullable(),
  clusters: z.array(clusterSummarySchema),
});
export type ConversationClusters = z.infer<typeof conversationClustersSchema>;

/** The graph call stops before the cluster that would take it past `max_accounts` accounts (issue 8: ~20k drawn). */
export const GRAPH_ACCOUNTS_DEFAULT = 25_000;
export const GRAPH_ACCOUNTS_MAX = 50_000;
export const coordinationGraphSchema = z.object({
  run_id: z.string().nullable(),
  detected_at: z.string().nullable(),
  /** true when clusters were left out because of max_accounts */
  truncated: z.boolean(),
  clusters: z.array(clusterDataSchema),
});
export type CoordinationGraph = z.infer<typeof coordinationGraphSchema>;

/** Spec "Actor (account details)". */
export const actorSchema = z.object({
  platform: z.string(), id: z.number(), rid: z.string(), screen_name: z.string().nullable(), display_name: z.string().nullable(),
  class: z.string(), post_class: z.string(), location: z.string().nullable(), url: z.string().nullable(),
  avatar_url: z.string().nullable(), bio: z.string().nullable(), created_at: z.string().nullable(),
  embedded_profile_url: z.string().nullable(), insights: z.array(z.unknown()), additional_properties: z.record(z.string(), z.unknown()),
  coordinationClusterId: z.string().nullable(),
});
export type Actor = z.infer<typeof actorSchema>;
export const actorListSchema = z.array(actorSchema);

/** Spec "Account URLs: urls and post_dates arrays" (parallel, newest first). */
export const accountUrlsSchema = z.object({ urls: z.array(z.string()), post_dates: z.array(z.string()) });
export type AccountUrls = z.infer<typeof accountUrlsSchema>;

/** Spec messages (part 2 sections 2 and 8). */
export const MESSAGES = {
  clusterLoadError: 'An error occurred while loading cluster popup data',
  noCoordination: 'No Coordination Detected',
  noEdgeData: 'No Data',
  noUserData: SHARED_MESSAGES.noAvailableData,
  conversationNotFound: SHARED_MESSAGES.conversationNotFound,
  clusterNotFound: 'Cluster not found',
  accountNotFound: 'Account not found',
  edgeNotFound: 'Edge not found',
} as const;
