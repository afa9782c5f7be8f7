import { defineManifest } from '@core/shared/plugin/manifest';

export const manifest = defineManifest({
  id: 'topics',
  title: 'Topics',
  version: 1,
  description: 'Topics and narratives: lexical clustering, keyphrases, cohesion and narrative risk.',
  // The most specific claim owns a path: these two live inside the conversations' and insights' prefixes.
  apiPrefixes: ['/api/v2/topics', '/api/v2/conversations/:id/topics', '/api/v2/insights/topics'],
});
