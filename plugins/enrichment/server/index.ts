import { postFacetsKey } from '@core/server/facets/contract';
import { ENRICHMENT_DIMENSIONS } from '../shared/dimensions';
import { defineServerPlugin } from '@core/server/plugin/contract';
import { manifest } from '../manifest';
import { lazyExpander, optionsFromEnv, type EnrichmentOptions } from './config';
import { enrichmentFacets } from './facets';
import { migrations } from './migrations';
import { createNlpStage } from './stages/nlpStage';
import { createUrlsStage } from './stages/urlsStage';

/**
 * The enrichment plugin: stages `enrichment.urls` (DAG step 2) and `enrichment.nlp` (step 3) store per-post
 * enrichment in `enrichment_posts` / `enrichment_urls`; a `core.postFacets` provider adds sentiments,
 * engagement_score and contains_threatening_language to the posts explorer. Needs the posts plugin (its tables).
 * Tests build their own instance with `createEnrichmentPlugin(options)` (e.g. an expander allowed to reach loopback).
 */
export function createEnrichmentPlugin(options: EnrichmentOptions = optionsFromEnv()) {
  return defineServerPlugin({
    manifest,
    dimensions: ENRICHMENT_DIMENSIONS,
    migrations,
    stages: [createUrlsStage(lazyExpander(options.expansion)), createNlpStage(options.nlp)],
    services: { requires: [postFacetsKey] },
    async activate(ctx) {
      return [ctx.services.get(postFacetsKey).register(enrichmentFacets(ctx.storage))];
    },
  });
}

export default createEnrichmentPlugin();

// The algorithms, for benchmarks and tests.
export { enrichBatch, enrichPost, postText, type BatchEnrichment, type PostForEnrichment } from './enrichPost';
export { UrlExpander, isShortenerUrl, type ExpansionResult, type ExpansionStatus, type UrlExpanderOptions } from './expandUrls';
export { classifyAddress, type AddressAllowList, type AddressVerdict } from '@core/server/net/addressPolicy';
export { detectLanguage, detectLanguageDetailed, UNDETERMINED } from './language/detectLanguage';
export { classifySentiment, labelOf, NEGATIVE_UP_TO, POSITIVE_FROM, type Sentiment, type SentimentResult } from './sentiment/classifySentiment';
export { englishValence } from './sentiment/english';
export { detectThreat, THREAT_THRESHOLD, type ThreatResult } from './threats/detectThreat';
export { extractEntities } from './entities/extractEntities';
export { firstNgram } from './ngrams/firstNgram';
export { engagementLevels, rawEngagement, levelOf, HIGH_FROM, MEDIUM_FROM, type EngagementPost, type EngagementScore } from './engagement/engagementLevels';
