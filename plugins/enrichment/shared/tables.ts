/**
 * The enrichment plugin's tables, as Kysely sees them. One row per post (`posts_posts.id`) and stage, reused by
 * every conversation and run that contains the post. Timestamps ISO-8601 UTC text, booleans 0/1, JSON as text.
 * Other plugins may read them (types through `shared/public.ts`) but only this plugin writes them.
 */

/** `enrichment.nlp` (Core NLP): language, sentiment, threats, entities, first n-gram, engagement. */
export interface EnrichmentPostRow {
  post_id: number;
  organization_id: string;
  /** Copied from the post: engagement levels are per platform. */
  platform: string;
  /** ISO 639-1 (the platform's own language when it reported one, else detected) or `und`. */
  language: string;
  /** POSITIVE, NEGATIVE or NEUTRAL. */
  sentiment: string;
  /** The compound score, -1..1 (sentiment is its label). */
  sentiment_score: number;
  /** 1 = threats_of_violence. */
  threat: number;
  /** 0..1; threat = score >= 0.5. */
  threat_score: number;
  /** JSON `{ evidence: string[], blockedBy: string[] }` (why the detector decided). */
  threat_evidence: string;
  /** JSON `EntityGroups`. */
  entities: string;
  first_ngram: string | null;
  /** Raw engagement (sum of the platform's statistics + views / 100); null when the platform has none. */
  engagement: number | null;
  /** low / medium / high relative to the organisation's enriched posts of the same platform; null with no engagement. */
  engagement_level: string | null;
  /** The stage version that wrote the row (older rows are recomputed). */
  version: number;
  enriched_at: string;
}

/** `enrichment.urls` (PARSE_URLS, DOMAIN, EXPAND_URLS). */
export interface EnrichmentUrlRow {
  post_id: number;
  organization_id: string;
  /** JSON `PostUrl[]` (original, canonical url, host, domain, expanded). */
  urls: string;
  /** JSON string[]: each URL's final form (expanded when expansion found a redirect, else the canonical URL). */
  expanded_urls: string;
  /** JSON string[]: registrable domains of the final URLs. */
  domains: string;
  url_count: number;
  /** 1 when URL expansion was enabled for the row (so enabling it later re-expands rows that have URLs). */
  expansion: number;
  version: number;
  enriched_at: string;
}

/** `enrichment_posts.entities`: distinct entities of the post by kind, as written, in text order. */
export interface EntityGroups {
  people: string[];
  organisations: string[];
  places: string[];
  hashtags: string[];
  mentions: string[];
}

export interface EnrichmentTables {
  enrichment_posts: EnrichmentPostRow;
  enrichment_urls: EnrichmentUrlRow;
}
