import { z } from 'zod';

/**
 * Coordination detection: the evidence types and groups of the specification (part 2, section 3) and the
 * shapes of a detected cluster. One schema for both sides; the engine in `server/engine/` produces these.
 */
export const EVIDENCE_TYPES = [
  'SYNCHRONOUS_URL_SHARE',
  'SYNCHRONOUS_HASHTAG_SHARE',
  'SYNCHRONOUS_REPOST',
  'COPYPASTA',
  'HASHTAG_SEQUENCE_SHARE',
  'SYNCHRONOUS_ACCOUNT_CREATION',
  'SIMILAR_SCREEN_NAMES',
  'SAME_PROFILE_URL',
] as const;
export type EvidenceType = (typeof EVIDENCE_TYPES)[number];
export const evidenceTypeSchema = z.enum(EVIDENCE_TYPES);

export const EVIDENCE_GROUPS = ['Synchronous Posting', 'Replication', 'Hashtag Amplification', 'Sock Puppets'] as const;
export type EvidenceGroup = (typeof EVIDENCE_GROUPS)[number];

/** Which group each evidence type is shown under. */
export const EVIDENCE_GROUP_OF: Readonly<Record<EvidenceType, EvidenceGroup>> = {
  SYNCHRONOUS_URL_SHARE: 'Synchronous Posting',
  SYNCHRONOUS_REPOST: 'Synchronous Posting',
  COPYPASTA: 'Replication',
  SYNCHRONOUS_HASHTAG_SHARE: 'Hashtag Amplification',
  HASHTAG_SEQUENCE_SHARE: 'Hashtag Amplification',
  SYNCHRONOUS_ACCOUNT_CREATION: 'Sock Puppets',
  SIMILAR_SCREEN_NAMES: 'Sock Puppets',
  SAME_PROFILE_URL: 'Sock Puppets',
};

/** Evidence from what accounts post (needs posts) versus what the accounts are (needs account profiles). */
export const BEHAVIOURAL_TYPES: readonly EvidenceType[] = [
  'SYNCHRONOUS_URL_SHARE', 'SYNCHRONOUS_HASHTAG_SHARE', 'SYNCHRONOUS_REPOST', 'COPYPASTA', 'HASHTAG_SEQUENCE_SHARE',
];
export const IDENTITY_TYPES: readonly EvidenceType[] = [
  'SYNCHRONOUS_ACCOUNT_CREATION', 'SIMILAR_SCREEN_NAMES', 'SAME_PROFILE_URL',
];

/** One proving co-action: the two posts (null for profile evidence), the shared key and the time between them. */
export const evidenceSampleSchema = z.object({
  key: z.string(),
  post_i: z.string().nullable(),
  post_j: z.string().nullable(),
  /** ms since epoch of i's act (post time, or account creation for SYNCHRONOUS_ACCOUNT_CREATION); null if timeless */
  time_i: z.number().nullable(),
  time_j: z.number().nullable(),
  /** |time_j - time_i| in ms; null for timeless evidence (screen names, profile URLs) */
  delta_ms: z.number().nullable(),
});
export type EvidenceSample = z.infer<typeof evidenceSampleSchema>;

export const edgeEvidenceSchema = z.object({
  type: evidenceTypeSchema,
  /** co-actions of this type (post pairs, fractional when a post carries several keys of the type) */
  co_actions: z.number(),
  /** rarity- and activity-normalised weight of this type; compare with the type's `minWeight` */
  weight: z.number(),
  /** the first proving co-actions in time order, capped by `evidenceSamplesPerType` */
  samples: z.array(evidenceSampleSchema),
});
export type EdgeEvidence = z.infer<typeof edgeEvidenceSchema>;

export const coordinationEdgeSchema = z.object({
  /** account ids, i < j in input order */
  i: z.string(),
  j: z.string(),
  /** sum over the edge's types of weight / minWeight of that type (1 = exactly at one type's threshold) */
  weight: z.number(),
  coordination_types: z.array(evidenceTypeSchema),
  evidence: z.array(edgeEvidenceSchema),
});
export type CoordinationEdge = z.infer<typeof coordinationEdgeSchema>;

export const evidenceSummarySchema = z.object({
  type: evidenceTypeSchema,
  group: z.enum(EVIDENCE_GROUPS),
  /** intra-cluster edges carrying this type */
  edges: z.number(),
  /** accounts touching such an edge */
  accounts: z.number(),
  /** distinct posts proving it (0 for profile evidence) */
  posts: z.number(),
});
export type EvidenceSummary = z.infer<typeof evidenceSummarySchema>;

export const clusterPreviewSchema = z.object({
  cluster_insights: z.array(z.string()),
  /** mean of the input `engagement_score` over the cluster's proving posts; null when none was given */
  engagement_score: z.number().nullable(),
  evidences: z.array(evidenceSummarySchema),
  number_accounts: z.number(),
  number_posts: z.number(),
  /** number_accounts / accounts in the input, 0..1 */
  percent_accounts: z.number(),
});
export type ClusterPreview = z.infer<typeof clusterPreviewSchema>;

export const coordinationClusterSchema = z.object({
  cluster_id: z.string(),
  vertices: z.array(z.string()),
  edges: z.array(coordinationEdgeSchema),
  /** the vertices' platform when they share one, 'multiple' otherwise, null when unknown */
  platform: z.string().nullable(),
  preview: clusterPreviewSchema,
  /** every post that proves an intra-cluster edge (uncapped); these posts get the cluster id */
  post_ids: z.array(z.string()),
});
export type CoordinationCluster = z.infer<typeof coordinationClusterSchema>;
