import { defineManifest } from '@core/shared/plugin/manifest';

export const manifest = defineManifest({
  id: 'conversations',
  title: 'Projects and conversations',
  version: 1,
  description: 'Projects, conversations (saved boolean queries), their runs through the pipeline, the picker and the dashboard home.',
  apiPrefixes: ['/api/v2/project', '/api/v2/conversations', '/api/v2/query_audit'],
});
