import { defineManifest } from '@core/shared/plugin/manifest';

export const manifest = defineManifest({
  id: 'posts',
  title: 'Posts',
  version: 1,
  description:
    'The post store (posts once per organisation, actors, URLs, hashtags, mentions, full-text index), the collect ' +
    'step of conversation runs (local archive and network collectors), imports and the demo corpus.',
  apiPrefixes: [
    '/api/v2/posts', '/api/v2/conversations/:id/raw_data', '/api/v2/conversations/:id/filter_counts', '/api/v2/conversations/:id/chart_data', '/api/v2/graphql',
    '/api/v2/insights/notable_posts',
  ],
});
