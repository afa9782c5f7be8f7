import { defineManifest } from '@core/shared/plugin/manifest';

export const manifest = defineManifest({
  id: 'coordination',
  title: 'Coordination',
  version: 1,
  description: 'Finds groups of accounts that act together (eight evidence types), explains each link with the posts that prove it, and draws them in the network navigator.',
  apiPrefixes: [
    '/api/v2/coordinations',
    '/api/v2/accounts',
    '/api/v2/conversations/:id/coordination_clusters',
    '/api/v2/conversations/:id/coordination_graph',
  ],
});
