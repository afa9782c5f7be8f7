import { defineManifest } from '@core/shared/plugin/manifest';

export const manifest = defineManifest({
  id: 'topics',
  title: 'Topics',
  version: 1,
  description: 'Topics and narratives: lexical clustering, keyphrases, cohesion and narrative risk.',
  apiPrefixes: ['/api/v2/topics'],
});
