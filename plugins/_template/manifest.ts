import { defineManifest } from '@core/shared/plugin/manifest';

export const manifest = defineManifest({
  id: 'template',
  title: 'Template',
  version: 1,
  description: 'A copy-me plugin: one panel, one command, one route and one pipeline stage, each tested.',
  apiPrefixes: ['/api/v2/template'],
});
