import { z } from 'zod';
import { ENTITY_TYPES } from '@plugins/enrichment/shared/public';
import { riskAssessmentSchema, riskLevelSchema } from './types';

/**
 * The topics plugin's HTTP answers (the `data` part; core adds the envelope). One schema for both sides: the
 * server validates its answers with it, the browser parses them with it.
 */

export const topicsPath = (conversationId: string) => `/api/v2/conversations/${conversationId}/topics`;
export const INSIGHT_TOPICS_PATH = '/api/v2/insights/topics';

/** Spec part 2 section 3 "Topic run status"; admin_details only reaches admins. */
export const topicRunStatusSchema = z.object({
  status_code: z.number().int(),
  message: z.string(),
  admin_details: z.string().nullable().optional(),
});
export type TopicRunStatus = z.infer<typeof topicRunStatusSchema>;

/** A topic as the API shows it: counts and dates over the posts the filters select. */
export const apiTopicSchema = z.object({
  rid: z.string(),
  title: z.string().nullable(),
  ngrams: z.array(z.string()),
  post_dates: z.array(z.string()),
  cohesion_score: z.number().nullable(),
  post_count: z.number().int().nonnegative(),
  /** Top single words of the topic (normalised), for the narrative popup's "Cluster Keywords and Entities". */
  keywords: z.array(z.string()),
});
export type ApiTopic = z.infer<typeof apiTopicSchema>;

/**
 * One of a narrative's top entities (the spec's Narrative "entities (entity_name, entity_type, rid) and post_count"):
 * a person, organisation, place, hashtag or mention the enrichment found in its posts, and in how many of them.
 */
export const narrativeEntitySchema = z.object({
  entity_name: z.string(),
  entity_type: z.enum(ENTITY_TYPES),
  post_count: z.number().int().positive(),
});
export type NarrativeEntity = z.infer<typeof narrativeEntitySchema>;

export const apiNarrativeSchema = z.object({
  id: z.string(),
  ngrams: z.array(z.string()),
  /** Posts of the narrative that the filters select, and their share (0-1) of all selected posts. */
  post_count: z.number().int().nonnegative(),
  post_percent: z.number().min(0).max(1),
  coordination_cluster_count: z.number().int().nonnegative(),
  engagement_score: z.number().min(0).max(1),
  category: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  is_threat: z.boolean(),
  risk_level: riskLevelSchema,
  /** Which signals and posts drive the risk level (computed over the whole run). */
  risk: riskAssessmentSchema,
  /** The narrative's posts in the whole run and their share (0-1) of all the run's posts, whatever the filters. */
  conversation_post_count: z.number().int().nonnegative(),
  conversation_post_percent: z.number().min(0).max(1),
  /** Top entities of the narrative's posts in the whole run, by type, most frequent first (at most 10 per type). */
  entities: z.array(narrativeEntitySchema),
});
export type ApiNarrative = z.infer<typeof apiNarrativeSchema>;

export const conversationTopicsSchema = z.object({
  /** The run the topics come from: the conversation's latest successful run; null before the first one. */
  run_id: z.string().nullable(),
  topics_status: topicRunStatusSchema.nullable(),
  /** Posts the filters select in that run (the denominator of post_percent). */
  total_posts: z.number().int().nonnegative(),
  /** All posts of that run (the denominator of conversation_post_percent). */
  conversation_total_posts: z.number().int().nonnegative(),
  topics: z.array(apiTopicSchema),
  narratives: z.array(apiNarrativeSchema),
  conversation_risk: riskAssessmentSchema.nullable(),
});
export type ConversationTopics = z.infer<typeof conversationTopicsSchema>;

/** Spec part 2 section 3 "Topic insight count". */
export const topicInsightCountSchema = z.object({
  topic: z.string(),
  count: z.number().int().nonnegative(),
  subcategory: z.string().nullable(),
  country_of_origin: z.string().nullable(),
  risk_category: z.string().nullable(),
});
export type TopicInsightCount = z.infer<typeof topicInsightCountSchema>;
export const topicInsightCountListSchema = z.array(topicInsightCountSchema);

export const conversationIdParamsSchema = z.object({ id: z.string().uuid() });
/** Filter parameters pass through; they are decoded with the shared filter model (400 naming a bad one). */
export const insightTopicsQuerySchema = z.object({ conversation_id: z.string().uuid() }).passthrough();
