import type { PostUrl } from './urls';

/**
 * What enrichment stores per post (spec part 2 section 3, Post: entities, sentiment, threats_of_violence,
 * first_ngram, engagement_score, domains, urls). Shared so the browser can render it and other plugins can type
 * what they read.
 */

export const ENTITY_TYPES = ['PERSON', 'ORGANIZATION', 'PLACE', 'HASHTAG', 'MENTION'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export interface Entity {
  /** As written (hashtags and mentions with their sign). */
  text: string;
  type: EntityType;
  /** Lower-case key for counting and filtering: `#maga`, `@user`, `joe biden`. */
  key: string;
  /** UTF-16 offset of the first occurrence in the text. */
  start: number;
}

export const SENTIMENTS = ['POSITIVE', 'NEGATIVE', 'NEUTRAL'] as const;
export type SentimentLabel = (typeof SENTIMENTS)[number];

export const ENGAGEMENT_LEVELS = ['low', 'medium', 'high'] as const;
export type EngagementLevel = (typeof ENGAGEMENT_LEVELS)[number];

export interface ThreatAssessment {
  /** The spec's threats_of_violence flag. */
  threat: boolean;
  /** 0..1, for ordering and thresholds. */
  score: number;
  /** Cues that fired (`verb:kill`, `speaker+intent:i will`, `target:you`) and blockers applied (`negation:never`). */
  evidence: string[];
  blockedBy: string[];
}

export interface EnrichmentRecord {
  /** ISO 639-1 (en, es, zh ...) or `und`. */
  language: string;
  sentiment: SentimentLabel;
  /** -1..1. */
  sentimentScore: number;
  entities: Entity[];
  threats_of_violence: ThreatAssessment;
  /** See README "first_ngram"; null when the text has no meaningful word. */
  first_ngram: string | null;
  urls: PostUrl[];
  /** Registrable domains of `urls` (expanded URL's when expanded). */
  domains: string[];
}
