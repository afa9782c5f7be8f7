import { defineManifest } from '@core/shared/plugin/manifest';

export const manifest = defineManifest({
  id: 'enrichment',
  title: 'Enrichment',
  version: 1,
  description:
    'Per-post enrichment algorithms: URLs and registrable domains, shortener expansion, language, sentiment, ' +
    'entities, first n-gram, threats of violence and engagement levels.',
  apiPrefixes: ['/api/v2/enrichment'],
});
