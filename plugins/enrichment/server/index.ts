/**
 * Server half of the enrichment algorithms (not yet registered as a plugin: the pipeline stages that store these
 * records per post are wired when the post store and the pipeline are ready).
 */
export { enrichBatch, enrichPost, postText, type BatchEnrichment, type PostForEnrichment } from './enrichPost';
export { UrlExpander, isShortenerUrl, type ExpansionResult, type ExpansionStatus, type UrlExpanderOptions } from './expandUrls';
export { classifyAddress, type AddressAllowList, type AddressVerdict } from './urlExpansion/addressPolicy';
export { detectLanguage, detectLanguageDetailed, UNDETERMINED } from './language/detectLanguage';
export { classifySentiment, labelOf, NEGATIVE_UP_TO, POSITIVE_FROM, type Sentiment, type SentimentResult } from './sentiment/classifySentiment';
export { englishValence } from './sentiment/english';
export { detectThreat, THREAT_THRESHOLD, type ThreatResult } from './threats/detectThreat';
export { extractEntities } from './entities/extractEntities';
export { firstNgram } from './ngrams/firstNgram';
export { engagementLevels, rawEngagement, levelOf, HIGH_FROM, MEDIUM_FROM, type EngagementPost, type EngagementScore } from './engagement/engagementLevels';
