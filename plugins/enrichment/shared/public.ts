/** What other plugins may import from enrichment (types and browser-safe helpers). */
export type { EnrichmentRecord, Entity, EntityType, EngagementLevel, SentimentLabel, ThreatAssessment } from './enrichmentRecord';
export { ENGAGEMENT_LEVELS, ENTITY_TYPES, SENTIMENTS } from './enrichmentRecord';
export type { PostUrl, UrlSources } from './urls';
export { collectPostUrls, domainsOf, extractUrlsFromText, normaliseHost, normaliseUrl, registrableDomain } from './urls';
export type { EnrichmentTables, EnrichmentPostRow, EnrichmentUrlRow, EntityGroups } from './tables';

/** Stage ids (permanent): later stages depend on them. */
export const URLS_STAGE_ID = 'enrichment.urls';
export const NLP_STAGE_ID = 'enrichment.nlp';
export { ENRICHMENT_DIMENSIONS } from './dimensions';
