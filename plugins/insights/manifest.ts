import { defineManifest } from '@core/shared/plugin/manifest';

export const manifest = defineManifest({
  id: 'insights',
  title: 'Analyst insights',
  version: 1,
  description:
    'What analysts know about accounts and web domains (state association, country, role, subcategories), reviewed ' +
    'by a senior analyst before it feeds filters, risk and popups; import, export and STIX 2.1.',
  // topics owns /api/v2/insights/topics and posts /api/v2/insights/notable_posts: the most specific claim wins.
  apiPrefixes: ['/api/v2/insights', '/api/v2/conversations/:id/insights'],
});
