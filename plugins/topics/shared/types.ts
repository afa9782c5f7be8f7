import { z } from 'zod';

/**
 * The topic engine's input and output, one schema for both sides. Field names follow the specification
 * (part 2 section 3: Topic, Narrative, risk levels, insight risk types).
 */

export const riskLevelSchema = z.enum(['LOW_RISK', 'MEDIUM_RISK', 'HIGH_RISK']);
export type RiskLevel = z.infer<typeof riskLevelSchema>;
export const RISK_LEVEL_LABELS: Record<RiskLevel, string> = { LOW_RISK: 'Low', MEDIUM_RISK: 'Medium', HIGH_RISK: 'High' };

export const engagementLevelSchema = z.enum(['low', 'medium', 'high']);
export type EngagementLevel = z.infer<typeof engagementLevelSchema>;

/** Analyst-insight risk categories of the author (keys of the risk category map, spec section 3). */
export const RISKY_INSIGHT_CATEGORIES = [
  'State Associated - China', 'State Associated - Russia', 'State Associated - Other',
  'Combined Risky', 'Persistent Threat Actor', 'Pink Slime',
] as const;

/** One post as the engine sees it; everything but the text is an input signal computed upstream. */
export const topicInputPostSchema = z.object({
  id: z.string().min(1),
  text: z.string(),
  /** ISO 639-1 code ('en', 'es', 'zh', ...) or null when unknown (then the script decides). */
  language: z.string().nullable(),
  /** ISO 8601 timestamp. */
  published_at: z.string(),
  platform: z.string(),
  is_niche: z.boolean(),
  engagement_level: engagementLevelSchema.nullable(),
  /** Threat-of-violence flag from enrichment. */
  threat: z.boolean(),
  coordination_cluster_ids: z.array(z.string()),
  /** Risk categories of the author's analyst insights (e.g. 'State Associated - Russia'); optional. */
  insight_risk_categories: z.array(z.string()).optional(),
  /** Category hints from enrichment (e.g. a Topic Radar theme); the narrative's category is the dominant one. */
  categories: z.array(z.string()).optional(),
});
export type TopicInputPost = z.infer<typeof topicInputPostSchema>;

export const topicSchema = z.object({
  rid: z.string(),
  title: z.string().nullable(),
  /** Keyphrases (1-3 grams), best first; a first ngram 'No keyphrases found' is dropped. */
  ngrams: z.array(z.string()),
  /** Publication dates (ISO) of the topic's posts, ascending. */
  post_dates: z.array(z.string()),
  /** Mean cosine of the topic's posts to its centroid, 0-1. */
  cohesion_score: z.number().min(0).max(1).nullable(),
  post_ids: z.array(z.string()),
  exemplar_post_id: z.string(),
});
export type Topic = z.infer<typeof topicSchema>;

export const narrativeSchema = z.object({
  id: z.string(),
  ngrams: z.array(z.string()),
  post_count: z.number().int().nonnegative(),
  post_percent: z.number().min(0).max(1),
  /** Filled by the coordination stage; the engine writes 0. */
  coordination_cluster_count: z.number().int().nonnegative(),
  /** Share (0-1) of the narrative's posts with high engagement. */
  engagement_score: z.number().min(0).max(1),
  category: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  is_threat: z.boolean(),
});
export type Narrative = z.infer<typeof narrativeSchema>;

export const insightRiskTypeSchema = z.enum([
  'NAIVE_COORDINATION', 'COORDINATION_WITH_OTHER_FACTORS', 'NAIVE_INFLUENCER', 'INFLUENCER_WITH_OTHER_FACTORS',
  'GOVT_OFFICIAL_WITH_OTHER_FACTORS', 'NAIVE_NICHENESS', 'NICHENESS_WITH_OTHER_FACTORS',
  'STATE_ACTOR_WITH_OTHER_FACTORS', 'NAIVE_VIOLENT_RHETORIC', 'VIOLENT_RHETORIC_WITH_OTHER_FACTORS',
]);
export type InsightRiskType = z.infer<typeof insightRiskTypeSchema>;

export const riskSignalNameSchema = z.enum(['violent_rhetoric', 'coordination', 'nicheness', 'state_actor', 'influencer', 'govt_official']);
export type RiskSignalName = z.infer<typeof riskSignalNameSchema>;

export const riskSignalSchema = z.object({
  signal: riskSignalNameSchema,
  /** Posts carrying the signal and their share of the narrative. */
  count: z.number().int().nonnegative(),
  share: z.number().min(0).max(1),
  /** The level this signal alone asks for (LOW_RISK = not firing). */
  level: riskLevelSchema,
  /** The share thresholds that were applied. */
  thresholds: z.object({ medium: z.number(), high: z.number() }),
  /** Up to `maxDrivingPosts` post ids carrying the signal, most recent first. */
  post_ids: z.array(z.string()),
});
export type RiskSignal = z.infer<typeof riskSignalSchema>;

export const insightRiskSchema = z.object({
  type_name: insightRiskTypeSchema,
  risk_level: riskLevelSchema,
  filters: z.array(z.object({ key: z.string(), value: z.string() })),
});
export type InsightRisk = z.infer<typeof insightRiskSchema>;

export const riskAssessmentSchema = z.object({
  risk_level: riskLevelSchema,
  /** All signals, firing or not, in a fixed order. */
  signals: z.array(riskSignalSchema),
  insight_risks: z.array(insightRiskSchema),
  /** One sentence naming the signals that drive the level. */
  explanation: z.string(),
});
export type RiskAssessment = z.infer<typeof riskAssessmentSchema>;

export const postAssignmentSchema = z.object({
  post_id: z.string(),
  /** null for posts in the outlier bucket. */
  topic_rid: z.string().nullable(),
  /** Cosine of the post to its topic's centroid (0 for outliers). */
  confidence_score: z.number(),
  is_exemplar: z.boolean(),
});
export type PostAssignment = z.infer<typeof postAssignmentSchema>;

export const topicRunResultSchema = z.object({
  topics: z.array(topicSchema),
  narratives: z.array(narrativeSchema.extend({ risk: riskAssessmentSchema })),
  assignments: z.array(postAssignmentSchema),
  outlier_post_ids: z.array(z.string()),
  /** Top single words per topic rid (normalised forms), for coherence measures and the keyword popup. */
  topic_keywords: z.record(z.string(), z.array(z.string())),
  conversation_risk: riskAssessmentSchema,
  stats: z.object({
    posts: z.number(), unique_texts: z.number(), vocabulary: z.number(), edges: z.number(),
    communities: z.number(), modularity: z.number(), seed: z.number(), resolution: z.number(),
    titles: z.enum(['extractive', 'llm', 'mixed']),
    timings_ms: z.record(z.string(), z.number()),
  }),
});
export type TopicRunResult = z.infer<typeof topicRunResultSchema>;
export type NarrativeWithRisk = TopicRunResult['narratives'][number];

/** The keyphrase placeholder the specification drops when it comes first. */
export const NO_KEYPHRASES = 'No keyphrases found';

/** Applies the specification's ngram rule: a first ngram 'No keyphrases found' is dropped. */
export function cleanNgrams(ngrams: readonly string[]): string[] {
  return ngrams[0] === NO_KEYPHRASES ? ngrams.slice(1) : [...ngrams];
}
