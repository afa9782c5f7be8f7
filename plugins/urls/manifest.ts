import { defineManifest } from '@core/shared/plugin/manifest';

export const manifest = defineManifest({
  id: 'urls',
  title: 'URLs and domains',
  version: 1,
  description:
    'The links a conversation shares: shared URLs and domains, who shared them and when, co-shared links, domain ' +
    'registration through RDAP with its history, an admin domain list (state media, government) and risk signals.',
  apiPrefixes: ['/api/v2/analysis', '/api/v2/urls'],
});
