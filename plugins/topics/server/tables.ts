/**
 * The topics plugin's tables (Kysely types). Per run: ISO text timestamps, 0/1 integer booleans, JSON as text.
 * Every row carries organization_id so every read can be scoped to the caller's organisation.
 */
export interface TopicsRunRow {
  run_id: string;
  organization_id: string;
  conversation_id: string;
  /** Topic run status (spec part 2 section 3): 200 computed, 204 nothing to cluster, 500 failed. */
  status_code: number;
  message: string;
  /** Shown to admins only. */
  admin_details: string | null;
  stage_version: number;
  post_count: number;
  topic_count: number;
  outlier_count: number;
  /** JSON: the engine's stats (sizes, modularity, seed, timings). */
  stats: string;
  /** JSON RiskAssessment over all posts of the run, or null. */
  conversation_risk: string | null;
  computed_at: string;
}

export interface TopicsTopicRow {
  run_id: string;
  rid: string;
  organization_id: string;
  /** 0 = largest topic. */
  position: number;
  title: string | null;
  ngrams: string;
  post_dates: string;
  cohesion_score: number | null;
  exemplar_post_id: number;
  /** JSON: top single words (normalised forms). */
  keywords: string;
}

export interface TopicsNarrativeRow {
  run_id: string;
  id: string;
  organization_id: string;
  position: number;
  ngrams: string;
  post_count: number;
  post_percent: number;
  coordination_cluster_count: number;
  engagement_score: number;
  category: string | null;
  title: string;
  description: string;
  is_threat: number;
  risk_level: string;
  /** JSON RiskAssessment. */
  risk: string;
  /** JSON NarrativeEntity[]: top entities of the narrative's posts ('[]' for runs stored before migration 002). */
  entities: string;
}

/** One row per post of the run; topic_rid null for the outlier bucket. */
export interface TopicsPostTopicRow {
  run_id: string;
  post_id: number;
  organization_id: string;
  topic_rid: string | null;
  confidence_score: number;
  is_exemplar: number;
}

export interface TopicsTables {
  topics_runs: TopicsRunRow;
  topics_topics: TopicsTopicRow;
  topics_narratives: TopicsNarrativeRow;
  topics_post_topics: TopicsPostTopicRow;
}
