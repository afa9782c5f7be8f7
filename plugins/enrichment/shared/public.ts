/** What other plugins may import from enrichment (types and browser-safe helpers). */
export type { EnrichmentRecord, Entity, EntityType, EngagementLevel, SentimentLabel, ThreatAssessment } from './enrichmentRecord';
export { ENGAGEMENT_LEVELS, ENTITY_TYPES, SENTIMENTS } from './enrichmentRecord';
export type { PostUrl, UrlSources } from './urls';
export { collectPostUrls, domainsOf, extractUrlsFromText, normaliseHost, normaliseUrl, registrableDomain } from './urls';
